// The portfolio's recurring buys (/accounts/brokerage): the account's plans as the Worker served them
// or as last read, and the calls that change them: create (one Idempotency-Key per intent, kept
// across its retries), pause or resume, change the amount and frequency, delete. Each change reads
// the list again, so what is shown is what the server keeps (the next run date is the server's).
import { atom } from 'nanostores';
import { sendIntent } from '../lib/idempotency';
import type { RecurringFrequency } from '../shared/recurring-rules';
import type { RecurringBuy } from '../shared/schemas/recurring';
import { api, unwrap } from './api';

export type RecurringState = { status: 'idle' } | { status: 'error' } | { status: 'ready'; plans: RecurringBuy[] };

export const $recurring = atom<RecurringState>({ status: 'idle' });

const plans = () => api().brokerage.accounts[':accountId']['recurring-buys'];

/** Reads the account's plans; a failure shows the error state. */
export async function loadRecurring(accountId: string): Promise<void> {
  try {
    $recurring.set({ status: 'ready', plans: await unwrap(plans().$get({ param: { accountId } })) });
  } catch (err) {
    $recurring.set({ status: 'error' });
    throw err;
  }
}

export interface RecurringDraft {
  symbol: string;
  notional: string;
  frequency: RecurringFrequency;
  start_date: string;
}

/** Creates a plan (one intent: its retries keep one Idempotency-Key), then reads the list again. */
export async function createRecurring(accountId: string, json: RecurringDraft): Promise<RecurringBuy> {
  const plan = await unwrap(sendIntent((key) => plans().$post({ param: { accountId }, header: { 'idempotency-key': key }, json })));
  await loadRecurring(accountId);
  return plan;
}

/** Changes a plan's amount, frequency or status, then reads the list again. */
export async function changeRecurring(
  accountId: string,
  planId: string,
  json: { notional?: string; frequency?: RecurringFrequency; status?: RecurringBuy['status'] },
): Promise<void> {
  await unwrap(plans()[':planId'].$patch({ param: { accountId, planId }, json }));
  await loadRecurring(accountId);
}

/** Deletes a plan, then reads the list again. */
export async function deleteRecurring(accountId: string, planId: string): Promise<void> {
  await unwrap(plans()[':planId'].$delete({ param: { accountId, planId } }));
  await loadRecurring(accountId);
}

// Built on first use: building it at the module's evaluation would start ICU on every page that loads this store.
let newYork: Intl.DateTimeFormat | undefined;

/** The New York date (YYYY-MM-DD) of an instant: a plan's earliest start date is the market's today. */
export const newYorkDay = (instant: string | number): string =>
  (newYork ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' })).format(new Date(instant));
