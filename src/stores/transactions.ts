// $transactions: the transaction history of the active account, newest first, with the server-side
// filters (type, status, date range, search). A failure shows the error text (or 'Failed to fetch
// transactions') and empties the list. Only the latest request's answer is shown: typing in the
// search fires requests whose answers may come back out of order.
// $historyView: the screen's filters and open detail, kept in the address (replaceState for filters,
// pushState for a detail so that Back closes it); the search applies 300 ms after the last keystroke.
import { atom } from 'nanostores';
import { api, ApiError, unwrap } from './api';
import { apiErrorText } from '../shared/error-text';
import { apiFilters, impossibleRange, NO_FILTERS, readHistoryQuery, writeHistoryQuery, type HistoryFilters } from '../shared/history-query';
import { t } from '../i18n';
import { $activeAccount } from './account';
import { $lang } from './lang';
import { toast } from './toasts';

type TransactionsApi = ReturnType<typeof api>['transactions'];
export type Transaction = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<TransactionsApi['account'][':id']['$get']>>>>>[number];
export type TransactionDetail = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<TransactionsApi[':id']['$get']>>>>>;

/** Filters as the API takes them (blank ones omitted): type, status, from, to, q. */
export type TransactionFilterQuery = Parameters<TransactionsApi['account'][':id']['export']['$get']>[0]['query'];

export interface TransactionsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Transaction[];
  error: string | null;
}

export const $transactions = atom<TransactionsState>({ status: 'idle', items: [], error: null });

/** The latest page (the BFF's maximum, 100) of the active account's transactions. */
export const TRANSACTIONS_PAGE = 100;

let latest = 0;

/**
 * Loads the latest page; `quiet` keeps the rows on screen while it loads (the server's first
 * screenful being completed) instead of showing the loading state.
 */
export async function loadTransactions(
  accountId = $activeAccount.get()?.account_id ?? null,
  filters: TransactionFilterQuery = {},
  { quiet = false }: { quiet?: boolean } = {},
): Promise<void> {
  const request = ++latest;
  if (!accountId) {
    $transactions.set({ status: 'ready', items: [], error: null });
    return;
  }
  if (!quiet) $transactions.set({ ...$transactions.get(), status: 'loading', error: null });
  try {
    const items = await unwrap(api().transactions.account[':id'].$get({ param: { id: accountId }, query: { limit: String(TRANSACTIONS_PAGE), ...filters } }));
    if (request === latest) $transactions.set({ status: 'ready', items, error: null });
  } catch (err) {
    if (request !== latest) return;
    const message = apiErrorText($lang.get(), err, 'errors.fetchTransactions');
    console.error('Failed to fetch transactions', message);
    $transactions.set({ status: 'error', items: [], error: message });
  }
}

/** One transaction with its transfer offer (GET /api/transactions/{id}). */
export function loadTransactionDetail(id: string): Promise<TransactionDetail> {
  return unwrap(api().transactions[':id'].$get({ param: { id } }));
}

/**
 * Downloads the account's transactions with the filters as CSV: fetched with the bearer token (a
 * plain link would carry none), then saved under the server's file name.
 */
export async function exportTransactionsCsv(accountId: string, filters: TransactionFilterQuery): Promise<void> {
  const res = await api().transactions.account[':id'].export.$get({ param: { id: accountId }, query: filters });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(typeof body?.message === 'string' ? body.message : `HTTP error! status: ${res.status}`, res.status);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'transactions.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface HistoryView {
  /** What the inputs show (at once). */
  fields: HistoryFilters;
  /** What the list shows: the fields, the search only after its pause. */
  applied: HistoryFilters;
  /** The open detail's transaction id. */
  detail: string | null;
}

/** The view of an address's query string (anything invalid read as absent). */
export function historyViewOf(search: string): HistoryView {
  const { filters, tx } = readHistoryQuery(search);
  return { fields: filters, applied: filters, detail: tx };
}

/** Browser only (the server renders from the page's own query string): set by startHistoryView. */
export const $historyView = atom<HistoryView>({ fields: NO_FILTERS, applied: NO_FILTERS, detail: null });
export const $exporting = atom(false);

/** Wait after the last keystroke before the search asks the server. */
export const SEARCH_DELAY_MS = 300;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
/** The open detail was pushed by this screen (Close goes back) rather than named by a link. */
let pushedDetail = false;

const addressWith = (applied: HistoryFilters, detail: string | null) => location.pathname + writeHistoryQuery(location.search, applied, detail) + location.hash;

/** The filters the list shows, written to the address only when it changes. */
function apply(applied: HistoryFilters): void {
  $historyView.set({ ...$historyView.get(), applied });
  const url = addressWith(applied, $historyView.get().detail);
  if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
}

/** Takes the view the address names (before the screen's first render in the browser). */
export function startHistoryView(search = location.search): void {
  clearTimeout(searchTimer);
  pushedDetail = false;
  $historyView.set(historyViewOf(search));
  apply($historyView.get().applied);
}

/**
 * The inputs change at once; a search applies after its pause, any other filter at once. An
 * impossible range (from after to) is not applied: the screen says so and asks nothing.
 */
export function changeFilters(next: Partial<HistoryFilters>): void {
  const fields = { ...$historyView.get().fields, ...next };
  $historyView.set({ ...$historyView.get(), fields });
  clearTimeout(searchTimer);
  if (impossibleRange(fields)) return;
  if ('q' in next) searchTimer = setTimeout(() => apply(fields), SEARCH_DELAY_MS);
  else apply(fields);
}

export function clearFilters(): void {
  clearTimeout(searchTimer);
  $historyView.set({ ...$historyView.get(), fields: NO_FILTERS });
  apply(NO_FILTERS);
}

export function openDetail(id: string): void {
  history.pushState(history.state, '', addressWith($historyView.get().applied, id));
  pushedDetail = true;
  $historyView.set({ ...$historyView.get(), detail: id });
}

/** Opened here: back to the entry before it (so Back after Close does not reopen it); opened from a link: drop ?tx. */
export function closeDetail(): void {
  if (pushedDetail) history.back();
  else history.replaceState(history.state, '', addressWith($historyView.get().applied, null));
  pushedDetail = false;
  $historyView.set({ ...$historyView.get(), detail: null });
}

/** Follows Back and Forward (the detail the address names); the returned function stops, with any pending search. */
export function followHistory(): () => void {
  const onPop = () => {
    pushedDetail = false;
    $historyView.set({ ...$historyView.get(), detail: readHistoryQuery(location.search).tx });
  };
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('popstate', onPop);
    clearTimeout(searchTimer);
  };
}

/** 'Export CSV' of the list as filtered; a failure is a toast. */
export async function exportHistory(accountId: string): Promise<void> {
  $exporting.set(true);
  try {
    await exportTransactionsCsv(accountId, apiFilters($historyView.get().applied));
  } catch (err) {
    const lang = $lang.get();
    toast({ type: 'error', title: t(lang, 'transactions.export.failed'), description: apiErrorText(lang, err, 'transactions.export.failed') });
  } finally {
    $exporting.set(false);
  }
}
