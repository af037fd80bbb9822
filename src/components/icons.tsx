// The few inline SVG icons the shared components need (inline: no icon font or sprite request).
// Decorative by default; wrap in <Icon label> or <IconButton label> to give them a name.
import type { SVGProps } from 'react';

type IconSvgProps = SVGProps<SVGSVGElement>;

const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function CloseIcon(props: IconSvgProps) {
  return (
    <svg {...base} {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}
