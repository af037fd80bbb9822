// $transactions: the transaction history of the active account (spec sections 2, 3, 7 and 8),
// newest first, with the server-side filters of issue 18. A failure shows the error text (or
// 'Failed to fetch transactions') and empties the list. Only the latest request's answer is shown:
// typing in the search fires requests whose answers may come back out of order.
import { atom } from 'nanostores';
import { api, ApiError, unwrap } from './api';
import { apiErrorText } from '../shared/error-text';
import { $activeAccount } from './account';
import { $lang } from './lang';

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
    const items = await unwrap(
      api().transactions.account[':id'].$get({ param: { id: accountId }, query: { limit: String(TRANSACTIONS_PAGE), ...filters } }),
    );
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
