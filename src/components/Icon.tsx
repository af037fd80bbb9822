// Icon wrappers. <Icon> shows an inline SVG: hidden from assistive tech when decorative, named with
// `label` when it stands alone. <IconButton> is an icon the user presses: it always has a name and
// keeps a 44x44 px touch target (WCAG 2.5.5) whatever the icon's drawn size.
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';

export interface IconProps {
  /** The inline <svg>. */
  children: ReactNode;
  /** Accessible name when the icon carries meaning on its own; omit for decorative icons. */
  label?: string;
  className?: string;
}

export function Icon({ children, label, className }: IconProps) {
  const classes = cx('inline-flex shrink-0 items-center justify-center', className);
  if (label) {
    return (
      <span role="img" aria-label={label} className={classes}>
        {children}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={classes}>
      {children}
    </span>
  );
}

export type IconButtonProps = Omit<ComponentProps<'button'>, 'children' | 'aria-label'> & {
  /** Accessible name (required: an icon alone says nothing to a screen reader). */
  label: string;
  children: ReactNode;
};

export function IconButton({ label, children, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-current transition-colors',
        'hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...rest}
    >
      <Icon>{children}</Icon>
    </button>
  );
}
