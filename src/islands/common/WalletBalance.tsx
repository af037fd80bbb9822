// The wallet's balance, shown the same way on every screen that shows the wallet (the digital-assets
// wallet, the Digital Assets card on /accounts, the asset page of the wallet's coin): the available
// balance in USD and in the coin, and, apart from it, what is pending: an incoming offer is not
// money the user has until it is accepted, so it is never added to the balance.
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { parseDecimal } from '../../shared/decimal';
import { formatCents, formatLedgerAmount } from '../../shared/format';
import type { WalletBalance as Balance } from '../../stores/wallet';

const isPositive = (amount: string | null | undefined) => {
  const parsed = amount ? parseDecimal(amount) : null;
  return parsed !== null && parsed.units > 0n;
};

export function WalletBalance({ balance, size = 'md' }: { balance: Balance | null; size?: 'md' | 'lg' }) {
  const t = useT();
  const instrument = balance?.instrument ?? 'CC';
  return (
    <div data-wallet-summary="">
      <p className="text-sm text-gray-600">{t('wallet.balance.title')}</p>
      <p className={cx('mt-1 font-semibold tabular-nums text-gray-900', size === 'lg' ? 'text-3xl' : 'text-2xl')} data-wallet-balance="">
        {formatCents(balance?.balance_usd_cents ?? 0)}
      </p>
      <p className="mt-1 text-sm text-gray-600 tabular-nums" data-wallet-units="">
        {t('wallet.balance.available', { amount: formatLedgerAmount(balance?.balance ?? '0', instrument) })}
      </p>
      {balance && isPositive(balance.pendingIncoming) && (
        <div className="mt-2 rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          <p className="font-medium tabular-nums" data-wallet-pending="">{t('wallet.balance.pending', { amount: formatLedgerAmount(balance.pendingIncoming, instrument) })}</p>
          <p className="mt-0.5 text-yellow-800">{t('wallet.balance.pendingHint')}</p>
        </div>
      )}
    </div>
  );
}
