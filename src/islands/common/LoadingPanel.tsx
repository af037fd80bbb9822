// A screen's loading state with its own sentence ('Loading account data...', 'Loading asset data...').
import { Spinner } from '../../components/Spinner';

export function LoadingPanel({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3 py-16 text-gray-600">
      <Spinner size="lg" decorative />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}
