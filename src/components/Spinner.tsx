// Loading spinner. Alone it is a polite live status named "Loading..." (or `label`); `decorative`
// hides it when visible text beside it already says what is loading (buttons, table states).
import { useT } from './use-t';
import { cx } from './cx';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const SIZES: Record<SpinnerSize, string> = { sm: 'size-4', md: 'size-6', lg: 'size-10' };

export interface SpinnerProps {
  size?: SpinnerSize;
  label?: string;
  decorative?: boolean;
  className?: string;
}

/** Visually hidden "Loading..." (or `label`) in the current language. */
export function LoadingLabel({ label }: { label?: string | undefined }) {
  const t = useT();
  return <span className="sr-only">{label ?? t('common.loading')}</span>;
}

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const svg = (
    <svg className={cx('animate-spin', SIZES[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
  if (decorative) {
    return (
      <span aria-hidden="true" className={cx('inline-flex', className)}>
        {svg}
      </span>
    );
  }
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      {svg}
      <LoadingLabel label={label} />
    </span>
  );
}
