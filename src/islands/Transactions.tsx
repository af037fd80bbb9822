// /transactions: the active account's history with Date, Type, Amount (cents shown in USD, signed
// and coloured by direction, the asset amount beside it; a transfer that ended without moving money
// has no sign or colour), Asset, Network, Status (Completed green, Pending yellow and the fallback,
// Failed red, Cancelled gray; rejected, withdrawn and expired transfers say so in words) and Hash
// (6...4, with a copy button that flips to 'Copied!' for 2 s); the cells in transactions/TransactionCells.
// Cards below 768 px. A 'New Transaction' button opens the simulated on-ramp form.
// Filters (type, status, date range) and a search (hash or counterparty) applied by the
// server and kept in the URL (replaceState: a reload or a shared link shows the same view), updated
// in a transition so typing never waits for the list; 'Export CSV' of the filtered history; a row or
// card opens the transaction's detail, its id in the URL (pushState: back closes it, reload keeps it).
import { useStore } from '@nanostores/react';
import { Suspense, useDeferredValue, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyDialog } from '../components/lazy-dialog';
import { Button } from '../components/Button';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useSeededStore, useServedStore, useTimeZone } from '../components/page-seed-context';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import { abbreviateHash, formatDate } from '../shared/format';
import { normalizeTransactionStatus, transactionStatusKey, transactionTypeKey } from '../shared/transaction-labels';
import { $activeAccount } from '../stores/account';
import { useLiveUpdates } from '../stores/live';
import { useWalletParty } from './common/use-wallet-party';
import { toast } from '../stores/toasts';
import {
  $exporting,
  $historyView,
  $transactions,
  changeFilters,
  clearFilters,
  closeDetail,
  exportHistory,
  followHistory,
  historyViewOf,
  loadTransactions,
  openDetail,
  startHistoryView,
  type HistoryView,
  type Transaction,
  type TransactionsState,
} from '../stores/transactions';
import { FIRST_HISTORY_DAY, LAST_HISTORY_DAY, TRANSACTION_TYPES } from '../shared/transaction-labels';
import { apiFilters, hasFilters, impossibleRange, MAX_SEARCH, STATUS_FILTERS } from '../shared/history-query';
import AppShell from './AppShell';
import { useCopied } from './common/use-copied';
import { Glyph } from './shell/icons';
import { PageHeader } from './shell/PageHeader';
import { GetStartedBanner } from './common/GetStartedBanner';
import type { OnboardingChecklist } from '../shared/schemas/onboarding';
import { Counterparty, TransactionAmount, StatusBadge } from './transactions/TransactionCells';

const NewTransactionModal = lazyDialog(() => import('./transactions/NewTransactionModal'));
const TransactionDetailModal = lazyDialog(() => import('./transactions/TransactionDetailModal'));

const CONTROL =
  'block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gray-900';

function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block min-w-0 text-xs font-medium text-gray-600">
      <span className="mb-1 block">{label}</span>
      {children}
    </label>
  );
}

interface ServedRows {
  /** The first screenful of the history the Worker read (null: that read failed; the island loads it). */
  firstRows?: Transaction[] | null;
  /** The address's query string as the server saw it (the same filters on both sides of hydration). */
  search?: string;
  /** The user's onboarding checklist as the Worker read it: a pointer to /onboarding until it is complete. */
  checklist?: OnboardingChecklist | null;
}

function Transactions({ firstRows, search, checklist }: ServedRows) {
  const t = useT();
  const timeZone = useTimeZone();
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const served = useMemo<TransactionsState | null>(() => (firstRows ? { status: 'ready', items: firstRows, error: null } : null), [firstRows]);
  // The server's rows are completed once, quietly (no loading state over rows already on screen).
  const quietFirstLoad = useRef(Boolean(firstRows));
  const { status, items, error } = useServedStore($transactions, served);
  const [modal, setModal] = useState(false);
  const { copiedKey, copy } = useCopied();
  const accountId = active?.account_id ?? null;
  // The view the address names: the browser's store takes it before the first render; the server
  // renders from the page's query string. A detail named in the address opens once the island runs:
  // rendered on the Worker, the page sends the list, not the lazily loaded dialog (the server could
  // not finish it, and hydration would wait).
  const [servedView] = useState<HistoryView | null>(() => {
    if (typeof window !== 'undefined') startHistoryView();
    if (search === undefined) return null;
    return { ...(typeof window === 'undefined' ? historyViewOf(search) : $historyView.get()), detail: null };
  });
  const { fields, applied: typed, detail } = useStore($historyView, servedView ? { ssr: () => servedView } : {});
  // The list follows the filters in a transition, so typing never waits for it.
  const applied = useDeferredValue(typed);
  const exporting = useStore($exporting);

  useEffect(() => {
    const quiet = quietFirstLoad.current;
    quietFirstLoad.current = false;
    if (!quiet) {
      void loadTransactions(accountId, apiFilters(applied));
      return;
    }
    // Completing the server's rows waits for the next task: hydration's effects stay one short task
    // rather than one long one with the request's setup in it (Total Blocking Time).
    const timer = setTimeout(() => void loadTransactions(accountId, apiFilters(applied), { quiet: true }));
    return () => clearTimeout(timer);
  }, [accountId, applied]);

  // A transfer to or from this account's party changed its rows: refetch the list as it is filtered.
  const partyId = useWalletParty(accountId);
  const changes = useLiveUpdates(partyId);
  // Only a new event reloads here (with the filters of the moment): a filter change reloads by itself (above).
  const reloadOnChange = useEffectEvent(() => void loadTransactions(accountId, apiFilters(applied)));
  useEffect(() => {
    if (changes > 0) reloadOnChange();
  }, [changes]);

  useEffect(followHistory, []);

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
          {copiedKey === tx.id ? <Glyph name="check" className="h-4 w-4" /> : <Glyph name="copy" className="h-4 w-4" />}
          <span aria-hidden="true">{copiedKey === tx.id ? t('common.copied') : t('common.copy')}</span>
        </button>
      </span>
    ) : (
      <span className="text-gray-400">-</span>
    );

  // The row's named control for keyboard and screen-reader users (the whole row is clickable too).
  const openButton = (tx: Transaction, label: string) => (
    <button
      type="button"
      data-open-detail={tx.id}
      onClick={() => openDetail(tx.id)}
      className="rounded text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
    >
      <span className="sr-only">{t('transactions.detail.open')} </span>
      {label}
    </button>
  );

  const filtered = hasFilters(applied);
  // From after To: both days marked and the reason said; the list keeps the last possible range.
  const rangeInvalid = impossibleRange(fields) ? { 'aria-invalid': true, 'aria-describedby': 'transactions-range-error' } : null;
  const filterBar = (
    <form
      role="search"
      aria-label={t('transactions.filters.label')}
      onSubmit={(e) => e.preventDefault()}
      className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-6"
    >
      <div className="col-span-2">
        <FilterField label={t('transactions.filters.search')}>
          <input
            type="search"
            name="q"
            value={fields.q}
            maxLength={MAX_SEARCH}
            placeholder={t('transactions.filters.searchPlaceholder')}
            onChange={(e) => changeFilters({ q: e.target.value })}
            className={CONTROL}
          />
        </FilterField>
      </div>
      <FilterField label={t('transactions.filters.type')}>
        <select name="type" value={fields.type} onChange={(e) => changeFilters({ type: e.target.value })} className={CONTROL}>
          <option value="">{t('transactions.filters.any')}</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeText(type)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={t('transactions.filters.status')}>
        <select name="status" value={fields.status} onChange={(e) => changeFilters({ status: e.target.value })} className={CONTROL}>
          <option value="">{t('transactions.filters.any')}</option>
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(transactionStatusKey(normalizeTransactionStatus(value)))}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={t('transactions.filters.from')}>
        <input
          type="date"
          name="from"
          value={fields.from}
          min={FIRST_HISTORY_DAY}
          max={fields.to || LAST_HISTORY_DAY}
          onChange={(e) => changeFilters({ from: e.target.value })}
          {...rangeInvalid}
          className={CONTROL}
        />
      </FilterField>
      <FilterField label={t('transactions.filters.to')}>
        <input
          type="date"
          name="to"
          value={fields.to}
          min={fields.from || FIRST_HISTORY_DAY}
          max={LAST_HISTORY_DAY}
          onChange={(e) => changeFilters({ to: e.target.value })}
          {...rangeInvalid}
          className={CONTROL}
        />
      </FilterField>
      {rangeInvalid && (
        <p id="transactions-range-error" role="alert" className="col-span-2 text-sm text-red-700 md:col-span-6" data-range-error="">
          {t('transactions.filters.rangeImpossible')}
        </p>
      )}
      <div className="col-span-2 flex flex-wrap items-center justify-end gap-2 md:col-span-6">
        {hasFilters(fields) && (
          <Button variant="ghost" size="sm" onClick={clearFilters} data-action="clear-filters">
            {t('transactions.filters.clear')}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => accountId && void exportHistory(accountId)}
          loading={exporting}
          disabled={!accountId || exporting}
          data-action="export-csv"
        >
          {exporting ? t('transactions.export.busy') : t('transactions.export.button')}
        </Button>
      </div>
    </form>
  );

  const columns: ListColumn<Transaction>[] = [
    {
      id: 'date',
      header: t('transactions.column.date'),
      cell: (tx) => openButton(tx, formatDate(tx.created_at, { timeZone })),
      className: 'whitespace-nowrap text-gray-600',
    },
    {
      id: 'type',
      header: t('transactions.column.type'),
      cell: (tx) => (
        <>
          {typeText(tx.type)}
          <Counterparty tx={tx} />
        </>
      ),
      className: 'whitespace-nowrap',
    },
    {
      id: 'amount',
      header: t('transactions.column.amount'),
      cell: (tx) => <TransactionAmount tx={tx} />,
      className: 'whitespace-nowrap text-right font-medium tabular-nums',
      headerClassName: 'text-right',
    },
    { id: 'asset', header: t('transactions.column.asset'), cell: (tx) => tx.asset, className: 'whitespace-nowrap' },
    { id: 'network', header: t('transactions.column.network'), cell: (tx) => tx.network, className: 'whitespace-nowrap capitalize' },
    { id: 'status', header: t('transactions.column.status'), cell: (tx) => <StatusBadge value={tx.status} reason={tx.status_reason} /> },
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
      {checklist && !checklist.complete ? <GetStartedBanner checklist={checklist} /> : null}
      {filterBar}
      {filtered && status === 'ready' && items.length === 0 ? (
        <div data-empty="no-match" className="flex flex-col items-center gap-3 rounded-xl border border-gray-200 bg-white py-12 text-center">
          <p className="font-medium text-gray-900">{t('transactions.filters.noMatch.title')}</p>
          <p className="text-sm text-gray-600">{t('transactions.filters.noMatch.description')}</p>
          <Button variant="outline" onClick={clearFilters}>
            {t('transactions.filters.clear')}
          </Button>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
          <ListTable
            columns={columns}
            rows={items}
            rowKey={(tx) => tx.id}
            loading={status === 'idle' || status === 'loading'}
            error={status === 'error' ? error : null}
            onRetry={() => void loadTransactions(accountId, apiFilters(applied))}
            onRowClick={(tx) => openDetail(tx.id)}
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
                    <Counterparty tx={tx} />
                    <p className="text-xs text-gray-500">{openButton(tx, formatDate(tx.created_at, { timeZone }))}</p>
                  </div>
                  <p className="whitespace-nowrap font-semibold tabular-nums">
                    <TransactionAmount tx={tx} />
                  </p>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2 text-xs capitalize text-gray-600">
                    <StatusBadge value={tx.status} reason={tx.status_reason} />
                    {tx.network}
                  </span>
                  {hash(tx)}
                </div>
              </div>
            )}
          />
        </div>
      )}
      {detail && (
        <Suspense fallback={null}>
          <TransactionDetailModal id={detail} onClose={closeDetail} />
        </Suspense>
      )}
      {modal && (
        <Suspense fallback={null}>
          {/* A purchase adds a deposit row: the list reloads at once (the live channel may tell it too). */}
          <NewTransactionModal onClose={() => setModal(false)} onExecuted={() => void loadTransactions(accountId, apiFilters(applied))} />
        </Suspense>
      )}
    </>
  );
}

export default function TransactionsPage({ seed, firstRows, search, checklist }: ServedRows & { seed?: PageSeed }) {
  return (
    <AppShell title="transactions.title" seed={seed}>
      <Transactions firstRows={firstRows} search={search} checklist={checklist} />
    </AppShell>
  );
}
