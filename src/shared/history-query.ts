// The /transactions view's state in its URL: filters (type, status, from, to, q) and the
// open detail (tx), read from and written to the query string so that a view survives a reload and
// can be shared. Values that the server would refuse are dropped when read, so a hand-edited or old
// link shows the unfiltered list instead of an error.
import { isHistoryDay as isDay, TRANSACTION_TYPES, type TransactionType } from './transaction-labels';

export const STATUS_FILTERS = ['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface ApiFilters {
  type?: TransactionType;
  status?: StatusFilter;
  from?: string;
  to?: string;
  q?: string;
}
/** The server's bound on `q` (src/shared/schemas/transaction.ts MAX_SEARCH). */
export const MAX_SEARCH = 140;

/** A type, not an interface: its fields read as strings through Object.entries. */
export type HistoryFilters = {
  type: string;
  status: string;
  from: string;
  to: string;
  q: string;
};

export const NO_FILTERS: HistoryFilters = { type: '', status: '', from: '', to: '', q: '' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters and open detail a query string names (anything invalid read as absent). */
export function readHistoryQuery(search: string): { filters: HistoryFilters; tx: string | null } {
  const p = new URLSearchParams(search);
  const get = (k: string) => p.get(k) ?? '';
  const type = (TRANSACTION_TYPES as readonly string[]).includes(get('type')) ? get('type') : '';
  const status = (STATUS_FILTERS as readonly string[]).includes(get('status')) ? get('status') : '';
  let from = isDay(get('from')) ? get('from') : '';
  let to = isDay(get('to')) ? get('to') : '';
  if (from && to && from > to) [from, to] = [to, from];
  const q = get('q').slice(0, MAX_SEARCH);
  const tx = UUID.test(get('tx')) ? get('tx') : null;
  return { filters: { type, status, from, to, q }, tx };
}

/** The query string for the filters and open detail (blank fields omitted; other params kept). */
export function writeHistoryQuery(search: string, filters: HistoryFilters, tx: string | null): string {
  const p = new URLSearchParams(search);
  for (const [k, v] of Object.entries(filters)) {
    const value = k === 'q' ? v.trim() : v;
    if (value) p.set(k, value);
    else p.delete(k);
  }
  if (tx) p.set('tx', tx);
  else p.delete('tx');
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** The API query for the filters: only the given, valid ones, an inverted range put in order, q trimmed. */
export function apiFilters(f: HistoryFilters): ApiFilters {
  const out: ApiFilters = {};
  if ((TRANSACTION_TYPES as readonly string[]).includes(f.type)) out.type = f.type as TransactionType;
  if ((STATUS_FILTERS as readonly string[]).includes(f.status)) out.status = f.status as StatusFilter;
  // A day the server refuses (a typed 9999-12-31) is left out, like any other unusable value.
  const days = [f.from, f.to].map((d) => (isDay(d) ? d : ''));
  const [from, to] = days[0] && days[1] && days[0] > days[1] ? [days[1], days[0]] : days;
  if (from) out.from = from;
  if (to) out.to = to;
  const q = f.q.trim().slice(0, MAX_SEARCH);
  if (q) out.q = q;
  return out;
}

/** From after to: a range no day is in, which the screen refuses (and the server answers 400). */
export const impossibleRange = (f: HistoryFilters) => isDay(f.from) && isDay(f.to) && f.from > f.to;

export const hasFilters = (f: HistoryFilters) => Object.values(apiFilters(f)).length > 0;
