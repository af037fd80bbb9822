// The cells a transaction shows in the list and in its card: its status (with why it ended
// without moving money), its amount with its direction and asset amount, and the other person of a
// transfer or the fill of a stock order (side, shares, symbol, price a share).
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { CENTS_SCALE, decimalToString, divideDecimals, parseDecimal } from '../../shared/decimal';
import { formatCents, formatDecimal, formatLedgerAmount, formatPrice, formatSignedCents } from '../../shared/format';
import {
  counterpartyName,
  endedUnmoved,
  normalizeTransactionStatus,
  statusReasonKey,
  transactionDirection,
  transactionDirectionKey,
  transactionStatusKey,
  type TransactionStatus,
} from '../../shared/transaction-labels';
import type { Transaction } from '../../stores/transactions';

const STATUS_STYLE: Record<TransactionStatus, string> = {
  completed: 'bg-green-100 text-green-800',
  pending: 'bg-yellow-100 text-yellow-800',
  failed: 'bg-red-100 text-red-700',
  cancelled: 'bg-gray-100 text-gray-700',
};

/**
 * The status as a pill. A transfer that ended without moving money says why in words (rejected by
 * the receiver, withdrawn, expired) in neutral grey: a person's choice or a deadline, not a failure.
 */
export function StatusBadge({ value, reason }: { value: string; reason?: string | null | undefined }) {
  const t = useT();
  const status = normalizeTransactionStatus(value);
  const reasonKey = endedUnmoved(value) ? statusReasonKey(reason) : null;
  const pill = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium';
  return reasonKey ? (
    <span data-status={status} data-status-reason={reason ?? undefined} className={cx(pill, 'normal-case', STATUS_STYLE.cancelled)}>
      {t(reasonKey)}
    </span>
  ) : (
    <span data-status={status} className={cx(pill, 'whitespace-nowrap', STATUS_STYLE[status])}>
      {t(transactionStatusKey(status))}
    </span>
  );
}

/**
 * A person-to-person transfer's side and the other person ("Sent · To Ana G."; in Spanish feminine,
 * as 'transferencia' and 'dirección' are); nothing for other rows. A transfer that moved no money
 * names the other person only: nothing was sent or received.
 */
export function Counterparty({ tx }: { tx: Transaction }) {
  const t = useT();
  if (tx.type === 'stock_order') return <OrderFill tx={tx} />;
  if (!tx.direction) return null;
  const name = counterpartyName(t, tx.counterparty_kind, tx.counterparty_name);
  const side = endedUnmoved(tx.status) ? null : t(tx.direction === 'sent' ? 'transactions.direction.out' : 'transactions.direction.in');
  return (
    <span className="block text-xs text-gray-600" data-tx-direction={tx.direction}>
      {side}
      {side && name && ' · '}
      {name && <span data-tx-counterparty="">{t(tx.direction === 'sent' ? 'transactions.to' : 'transactions.from', { name })}</span>}
    </span>
  );
}

/** Shares of a stock_order row: to a millionth, as orders count them. */
const sharesOf = (tx: Transaction) => formatDecimal((tx.asset_amount ?? '0').replace(/^-/, ''), 6);

/**
 * A stock order's fill: its side (a buy spends dollars, a sell brings them), shares, symbol and the
 * price a share came to (the amount over the shares).
 */
function OrderFill({ tx }: { tx: Transaction }) {
  const t = useT();
  const shares = parseDecimal((tx.asset_amount ?? '0').replace(/^-/, ''));
  const price =
    shares && shares.units > 0n ? formatPrice(decimalToString(divideDecimals({ units: BigInt(Math.abs(tx.amount_usd)), scale: CENTS_SCALE }, shares, 4))) : '';
  const buy = tx.direction !== 'received';
  return (
    <span className="block text-xs text-gray-600" data-tx-order={buy ? 'buy' : 'sell'}>
      {t(buy ? 'trade.tx.buy' : 'trade.tx.sell', { qty: sharesOf(tx), symbol: tx.asset ?? '', price })}
    </span>
  );
}

/**
 * The amount in USD with its direction: "+$100.00" in green for money in, "-$12.50" in red for money
 * out, and the words "Received"/"Sent" for screen readers (the sign alone is easy to miss); a
 * transfer that ended without moving money has no sign, no colour and no such words. The asset
 * amount ("10.00 CC") beside it when the row has one, unsigned: the USD figure carries the direction.
 */
export function TransactionAmount({ tx }: { tx: Transaction }) {
  const t = useT();
  const direction = endedUnmoved(tx.status) ? null : transactionDirection(tx);
  return (
    <>
      {direction ? (
        <span data-amount="" data-direction={direction} className={direction === 'in' ? 'text-green-700' : 'text-red-700'}>
          <span className="sr-only">{t(transactionDirectionKey(direction))} </span>
          {formatSignedCents(tx.amount_usd, direction)}
        </span>
      ) : (
        <span data-amount="" className="text-gray-600">
          {formatCents(Math.abs(tx.amount_usd))}
        </span>
      )}
      {tx.asset_amount !== null && (
        <span data-asset-amount="" className="block text-xs font-normal text-gray-500">
          {tx.type === 'stock_order' ? `${sharesOf(tx)} ${tx.asset ?? ''}` : formatLedgerAmount(tx.asset_amount.replace(/^-/, ''), tx.asset)}
        </span>
      )}
    </>
  );
}
