// $transactions: the transaction history of the active account (spec sections 2, 3, 7 and 8),
// newest first. A failure shows the error text (or 'Failed to fetch transactions') and empties the
// list.
import { atom } from 'nanostores';
import { t } from '../i18n';
import { api, unwrap } from './api';
import { apiErrorText } from '../shared/error-text';
import { $activeAccount } from './account';
import { $lang } from './lang';

type TransactionsApi = ReturnType<typeof api>['transactions'];
export type Transaction = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<TransactionsApi['account'][':id']['$get']>>>>>[number];

export interface TransactionsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Transaction[];
  error: string | null;
}

export const $transactions = atom<TransactionsState>({ status: 'idle', items: [], error: null });

/** The latest page (the BFF's maximum, 100) of the active account's transactions. */
export const TRANSACTIONS_PAGE = 100;

export async function loadTransactions(accountId = $activeAccount.get()?.account_id ?? null): Promise<void> {
  if (!accountId) {
    $transactions.set({ status: 'ready', items: [], error: null });
    return;
  }
  $transactions.set({ ...$transactions.get(), status: 'loading', error: null });
  try {
    const items = await unwrap(
      api().transactions.account[':id'].$get({ param: { id: accountId }, query: { limit: String(TRANSACTIONS_PAGE) } }),
    );
    $transactions.set({ status: 'ready', items, error: null });
  } catch (err) {
    const message = apiErrorText($lang.get(), err, 'errors.fetchTransactions');
    console.error('Failed to fetch transactions', message);
    $transactions.set({ status: 'error', items: [], error: message });
  }
}
