// The cells a transaction shows in the list and in its card: its status (with why it ended
// unsettled), its amount with its direction, and the other person of a transfer.
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { formatSignedCents } from '../../shared/format';
import {
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

export function StatusBadge({ value, reason }: { value: string; reason?: string | null | undefined }) {
  const t = useT();
  const status = normalizeTransactionStatus(value);
  // Why a transfer did not go through (rejected, withdrawn, expired), only for CANCELLED and FAILED.
  const reasonKey = status === 'cancelled' || status === 'failed' ? statusReasonKey(reason) : null;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span data-status={status} className={cx('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLE[status])}>
        {t(transactionStatusKey(status))}
      </span>
      {reasonKey && (
        <span className="text-xs normal-case text-gray-600" data-status-reason={reason ?? undefined}>
          {t(reasonKey)}
        </span>
      )}
    </span>
  );
}

/** A person-to-person transfer's side and the other person ("Sent · To Ana G."; in Spanish feminine, as 'transferencia' and 'dirección' are); nothing for other rows. */
export function Counterparty({ tx }: { tx: Transaction }) {
  const t = useT();
  if (!tx.direction) return null;
  const name = tx.counterparty_name;
  return (
    <span className="block text-xs text-gray-600" data-tx-direction={tx.direction}>
      {t(tx.direction === 'sent' ? 'transactions.direction.out' : 'transactions.direction.in')}
      {name && (
        <>
          {' · '}
          <span data-tx-counterparty="">{t(tx.direction === 'sent' ? 'transactions.to' : 'transactions.from', { name })}</span>
        </>
      )}
    </span>
  );
}

/**
 * The amount with its direction: "+$100.00" in green for money in, "-$12.50" in red for money out,
 * and the words "Received"/"Sent" for screen readers (the sign alone is easy to miss).
 */
export function SignedAmount({ tx }: { tx: Transaction }) {
  const t = useT();
  const direction = transactionDirection(tx);
  return (
    <span data-amount="" data-direction={direction} className={direction === 'in' ? 'text-green-700' : 'text-red-700'}>
      <span className="sr-only">{t(transactionDirectionKey(direction))} </span>
      {formatSignedCents(tx.amount_usd, direction)}
    </span>
  );
}
