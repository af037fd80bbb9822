// Button with the spec's looks (primary black, secondary green, outline, ghost) and sizes (sm, md,
// lg). While `loading` it is disabled, marked busy and shows a spinner plus a hidden "Loading..."
// so screen readers hear why it stopped working. `ref` passes through (React 19: ref is a prop).
import type { ComponentProps } from 'react';
import { cx } from './cx';
import { LoadingLabel, Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-black text-white hover:bg-gray-800',
  // green-700 under white text: 4.5:1 and more (green-600 is only 3.3:1).
  secondary: 'bg-green-700 text-white hover:bg-green-800',
  outline: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
  ghost: 'bg-transparent text-gray-700 hover:bg-gray-100',
};

// md and lg meet the 44 px touch target; sm is for dense rows next to larger targets.
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm gap-1.5',
  md: 'min-h-11 px-4 text-sm gap-2',
  lg: 'min-h-12 px-6 text-base gap-2',
};

export function Button({ variant = 'primary', size = 'md', loading = false, disabled, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex items-center justify-center rounded-lg font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900',
        'disabled:cursor-not-allowed disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...rest}
    >
      {loading && <Spinner size="sm" decorative />}
      {/* Only a loading button subscribes to the language: long tables hold many buttons. */}
      {loading && <LoadingLabel />}
      {children}
    </button>
  );
}
