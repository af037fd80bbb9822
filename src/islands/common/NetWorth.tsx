// The Accounts overview's net worth (src/shared/net-worth.ts): one number for the USD account, the
// brokerage's investments and the Canton wallet's available value, each part a link to its screen,
// today's change (signed and named, not only coloured) with what it counts, and incoming offers kept
// apart, outside the total. Served in the HTML with the page; the wallet's part follows the wallet
// store once it has loaded, as the Digital Assets card does.
import { useT } from '../../components/use-t';
import { formatCents } from '../../shared/format';
import { netWorth, type NetWorthInput } from '../../shared/net-worth';
import { Change } from './Change';

const LINK = 'flex min-h-11 items-center justify-between gap-4 rounded-lg px-3 py-2 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600';

export function NetWorth(input: NetWorthInput) {
  const t = useT();
  const worth = netWorth(input);
  const parts = [
    { key: 'usd', href: '/accounts/usd', label: t('networth.usd'), cents: worth.usd },
    { key: 'investments', href: '/accounts/brokerage', label: t('networth.investments'), cents: worth.investments },
    { key: 'digital', href: '/accounts/digital-assets', label: t('networth.digital'), cents: worth.digital },
  ].filter((p) => p.cents !== null);
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby="net-worth-title" className="mb-6 rounded-xl border border-gray-200 bg-white p-5" data-testid="net-worth">
      <h2 id="net-worth-title" className="text-sm text-gray-600">
        {t('networth.title')}
      </h2>
      <p className="mt-1 text-3xl font-semibold text-gray-900 tabular-nums" data-testid="net-worth-total">
        {formatCents(worth.total)}
      </p>
      {worth.changeToday !== null && (
        <p className="mt-1 text-sm">
          <span className="text-gray-600">{t('portfolio.todayChange')}: </span>
          <Change cents={Number(worth.changeToday)} testId="net-worth-today" />
        </p>
      )}
      <p className="mt-1 text-xs text-gray-500">{t('networth.changeNote')}</p>
      <ul className="mt-4 divide-y divide-gray-100 text-sm" aria-label={t('networth.parts')}>
        {parts.map((part) => (
          <li key={part.key}>
            <a href={part.href} className={LINK} data-net-worth-part={part.key}>
              <span className="text-gray-700">{part.label}</span>
              <span className="font-medium text-gray-900 tabular-nums">{formatCents(part.cents)}</span>
            </a>
          </li>
        ))}
      </ul>
      {worth.investments !== null && <p className="mt-2 text-xs text-gray-500">{t('networth.cashNote')}</p>}
      {worth.pending > 0n && (
        <p className="mt-2 rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900" data-testid="net-worth-pending">
          {t('networth.pending', { amount: formatCents(worth.pending) })}
        </p>
      )}
    </section>
  );
}
