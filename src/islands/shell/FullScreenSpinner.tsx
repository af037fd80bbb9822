// The full-screen spinner of the gate: silent while the auth state loads (same look as the page's
// static fallback, so nothing jumps), with 'Loading...' shown while the account loads.
export function FullScreenSpinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div className="fixed inset-0 flex flex-col items-center justify-center gap-3 bg-gray-100" role="status" aria-live="polite">
      <SpinnerRing />
      <span className={showLabel ? 'text-sm font-medium text-gray-600' : 'sr-only'}>{label}</span>
    </div>
  );
}

/** The ring of the page's static fallback (src/layouts/Spinner.astro), drawn the same way. */
export function SpinnerRing() {
  return (
    <svg className="app-static-spinner" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="18.5" fill="none" stroke="#d1d5db" strokeWidth="3" />
      <path d="M6.92 6.92A18.5 18.5 0 0 1 33.08 6.92" fill="none" stroke="#111827" strokeWidth="3" />
    </svg>
  );
}
