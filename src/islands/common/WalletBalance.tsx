// The wallet's balance, shown the same way on every screen that shows the wallet (the digital-assets
// wallet, the Digital Assets card on /accounts, the asset page of the wallet's coin). The headline
// is what the person can spend now: the available part, in USD and in CC. Money that is not yet
// theirs to spend is shown beside it, labelled: incoming offers still waiting for acceptance (they
// can be rejected or expire) and their own holdings locked in outgoing offers; then the total of
// the three. The wallet screen shows the three parts as a breakdown, the other screens the parts
// that are not zero.
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { parseDecimal } from '../../shared/decimal';
import { formatCents, formatLedgerAmount } from '../../shared/format';
import type { WalletBalance as Balance } from '../../stores/wallet';

const isPositive = (amount: string | null | undefined) => {
  const parsed = amount ? parseDecimal(amount) : null;
  return parsed !== null && parsed.units > 0n;
};

export function WalletBalance({ balance, size = 'md', breakdown = false }: { balance: Balance | null; size?: 'md' | 'lg'; breakdown?: boolean }) {
  const t = useT();
  const instrument = balance?.instrument ?? 'CC';
  const rows = [
    { key: 'available', label: t('wallet.balance.availableLabel'), amount: balance?.balance ?? '0' },
    { key: 'locked', label: t('wallet.balance.lockedLabel'), amount: balance?.locked ?? '0' },
    { key: 'pending', label: t('wallet.balance.pendingLabel'), amount: balance?.pendingIncoming ?? '0' },
  ];
  return (
    <div data-wallet-summary="">
      <p className="text-sm text-gray-600">{t('wallet.balance.title')}</p>
      <p className={cx('mt-1 font-semibold tabular-nums text-gray-900', size === 'lg' ? 'text-3xl' : 'text-2xl')} data-wallet-balance="">
        {formatCents(balance?.balance_usd_cents ?? 0)}
      </p>
      {breakdown ? (
        <dl className="mt-3 space-y-1 text-sm" aria-label={t('wallet.balance.breakdown')} data-wallet-breakdown="">
          {rows.map((row) => (
            <div key={row.key} className="flex justify-between gap-4">
              <dt className="text-gray-600">{row.label}</dt>
              <dd
                className="font-medium tabular-nums text-gray-900"
                data-wallet-part={row.key}
                // The same hooks as the short form's lines (tests and screen readers find the same parts).
                data-wallet-units={row.key === 'available' ? '' : undefined}
                data-wallet-pending={row.key === 'pending' && isPositive(row.amount) ? '' : undefined}
              >
                {formatLedgerAmount(row.amount, instrument)}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600 tabular-nums" data-wallet-units="">
            {t('wallet.balance.available', { amount: formatLedgerAmount(balance?.balance ?? '0', instrument) })}
          </p>
          {balance && isPositive(balance.pendingIncoming) && (
            <div className="mt-2 rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
              <p className="font-medium tabular-nums" data-wallet-pending="">
                {t('wallet.balance.pending', { amount: formatLedgerAmount(balance.pendingIncoming, instrument) })}
              </p>
              <p className="mt-0.5 text-yellow-800">{t('wallet.balance.pendingHint')}</p>
            </div>
          )}
          {balance && isPositive(balance.locked) && (
            <p className="mt-1 text-sm text-gray-600 tabular-nums" data-wallet-locked="">
              {t('wallet.balance.locked', { amount: formatLedgerAmount(balance.locked, instrument) })}
            </p>
          )}
        </>
      )}
      <p className="mt-2 text-sm text-gray-600 tabular-nums" data-wallet-total="">
        {t('wallet.balance.total', { amount: formatLedgerAmount(balance?.total ?? '0', instrument) })}
      </p>
    </div>
  );
}
