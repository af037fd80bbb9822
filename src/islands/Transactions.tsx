// /transactions (spec sections 2, 3, 4 and 8): the active account's history with Date, Type, Amount
// (cents shown in USD, signed and coloured by direction), Asset, Network, Status (Completed green, Pending yellow and the fallback,
// Failed red, Cancelled gray) and Hash (6...4, with a copy button that flips to 'Copied!' for 2 s).
// Cards below 768 px. A 'New Transaction' button opens the simulated on-ramp form.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { ListTable, type ListColumn } from '../components/ListTable';
import { cx } from '../components/cx';
import { useT } from '../components/use-t';
import { abbreviateHash, formatDate, formatSignedCents } from '../shared/format';
import {
  normalizeTransactionStatus,
  transactionDirection,
  transactionDirectionKey,
  transactionStatusKey,
  transactionTypeKey,
  type TransactionStatus,
} from '../shared/transaction-labels';
import { $activeAccount } from '../stores/account';
import { toast } from '../stores/toasts';
import { $transactions, loadTransactions, type Transaction } from '../stores/transactions';
import AppShell from './AppShell';
import { CopyIcon } from './common/CopyIcon';
import { useCopied } from './common/use-copied';
import { Glyph } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

const NewTransactionModal = lazy(() => import('./transactions/NewTransactionModal'));

const STATUS_STYLE: Record<TransactionStatus, string> = {
  completed: 'bg-green-100 text-green-800',
  pending: 'bg-yellow-100 text-yellow-800',
  failed: 'bg-red-100 text-red-700',
  cancelled: 'bg-gray-100 text-gray-700',
};

function StatusBadge({ value }: { value: string }) {
  const t = useT();
  const status = normalizeTransactionStatus(value);
  return (
    <span data-status={status} className={cx('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLE[status])}>
      {t(transactionStatusKey(status))}
    </span>
  );
}

/**
 * The amount with its direction: "+$100.00" in green for money in, "-$12.50" in red for money out,
 * and the words "Received"/"Sent" for screen readers (the sign alone is easy to miss).
 */
function SignedAmount({ tx }: { tx: Transaction }) {
  const t = useT();
  const direction = transactionDirection(tx);
  return (
    <span data-amount="" data-direction={direction} className={direction === 'in' ? 'text-green-700' : 'text-red-700'}>
      <span className="sr-only">{t(transactionDirectionKey(direction))} </span>
      {formatSignedCents(tx.amount_usd, direction)}
    </span>
  );
}

function Transactions() {
  const t = useT();
  const active = useStore($activeAccount);
  const { status, items, error } = useStore($transactions);
  const [modal, setModal] = useState(false);
  const { copiedKey, copy } = useCopied();
  const accountId = active?.account_id ?? null;

  useEffect(() => {
    void loadTransactions(accountId);
  }, [accountId]);

  async function copyHash(tx: Transaction) {
    if (!tx.tx_hash) return;
    try {
      await copy(tx.tx_hash, tx.id);
      toast({ type: 'success', title: t('toast.hashCopied.title'), description: tx.tx_hash, duration: 3000 });
    } catch {
      toast({ type: 'error', title: t('toast.copyHashFailed.title'), description: t('toast.copyHashFailed.description') });
    }
  }

  const typeText = (type: string) => {
    const key = transactionTypeKey(type);
    return key ? t(key) : type;
  };

  const hash = (tx: Transaction) =>
    tx.tx_hash ? (
      <span className="inline-flex items-center gap-1">
        <code className="font-mono text-xs text-gray-700" title={tx.tx_hash}>
          {abbreviateHash(tx.tx_hash)}
        </code>
        <button
          type="button"
          onClick={() => void copyHash(tx)}
          aria-label={copiedKey === tx.id ? t('common.copied') : t('transactions.copyHash')}
          data-copy-hash=""
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 text-xs font-medium text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
        >
          {copiedKey === tx.id ? <Glyph name="check" className="h-4 w-4" /> : <CopyIcon />}
          <span aria-hidden="true">{copiedKey === tx.id ? t('common.copied') : t('common.copy')}</span>
        </button>
      </span>
    ) : (
      <span className="text-gray-400">-</span>
    );

  const columns: ListColumn<Transaction>[] = [
    { id: 'date', header: t('transactions.column.date'), cell: (tx) => formatDate(tx.created_at), className: 'whitespace-nowrap text-gray-600' },
    { id: 'type', header: t('transactions.column.type'), cell: (tx) => typeText(tx.type), className: 'whitespace-nowrap' },
    {
      id: 'amount',
      header: t('transactions.column.amount'),
      cell: (tx) => <SignedAmount tx={tx} />,
      className: 'whitespace-nowrap text-right font-medium tabular-nums',
      headerClassName: 'text-right',
    },
    { id: 'asset', header: t('transactions.column.asset'), cell: (tx) => tx.asset, className: 'whitespace-nowrap' },
    { id: 'network', header: t('transactions.column.network'), cell: (tx) => tx.network, className: 'whitespace-nowrap capitalize' },
    { id: 'status', header: t('transactions.column.status'), cell: (tx) => <StatusBadge value={tx.status} /> },
    { id: 'hash', header: t('transactions.column.hash'), cell: hash, className: 'whitespace-nowrap' },
  ];

  return (
    <>
      <PageHeader
        title={t('transactions.title')}
        description={t('transactions.subtitle')}
        actions={
          <Button onClick={() => setModal(true)} data-action="new-transaction">
            <Glyph name="plus" className="h-4 w-4" />
            {t('transactions.new.title')}
          </Button>
        }
      />
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        <ListTable
          columns={columns}
          rows={items}
          rowKey={(tx) => tx.id}
          loading={status === 'idle' || status === 'loading'}
          error={status === 'error' ? error : null}
          onRetry={() => void loadTransactions(accountId)}
          emptyTitle={t('transactions.empty.title')}
          emptyDescription={t('transactions.empty.description')}
          caption={t('transactions.title')}
          renderMobileCard={(tx) => (
            <div className="space-y-2" data-card="transaction">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">
                    {typeText(tx.type)} · {tx.asset}
                  </p>
                  <p className="text-xs text-gray-500">{formatDate(tx.created_at)}</p>
                </div>
                <p className="whitespace-nowrap font-semibold tabular-nums">
                  <SignedAmount tx={tx} />
                </p>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2 text-xs capitalize text-gray-600">
                  <StatusBadge value={tx.status} />
                  {tx.network}
                </span>
                {hash(tx)}
              </div>
            </div>
          )}
        />
      </div>
      {modal && (
        <Suspense fallback={null}>
          <NewTransactionModal onClose={() => setModal(false)} />
        </Suspense>
      )}
    </>
  );
}

export default function TransactionsPage() {
  return (
    <AppShell title="transactions.title">
      <Transactions />
    </AppShell>
  );
}
