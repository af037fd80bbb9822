// The copy glyph (two sheets), in the same stroke style as the shell's glyphs. Decorative.
export function CopyIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 9h11v11H9zM5 15H4V4h11v1" />
    </svg>
  );
}
