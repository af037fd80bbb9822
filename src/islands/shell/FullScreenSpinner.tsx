// The full-screen spinner of the gate: silent while the auth state loads (same look as the page's
// static fallback, so nothing jumps), with 'Loading...' shown while the account loads.
export function FullScreenSpinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div className="fixed inset-0 flex flex-col items-center justify-center gap-3 bg-gray-100" role="status" aria-live="polite">
      <div className="app-static-spinner" aria-hidden="true" />
      <span className={showLabel ? 'text-sm font-medium text-gray-600' : 'sr-only'}>{label}</span>
    </div>
  );
}
