// The back link at the top of a detail screen ('Back to Accounts', 'Back to Market').
import { Glyph } from '../shell/icons';

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      className="mb-4 inline-flex min-h-11 items-center gap-1 rounded-lg pr-2 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
    >
      <Glyph name="chevronLeft" className="h-4 w-4" />
      {label}
    </a>
  );
}
