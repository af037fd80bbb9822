// The New Transaction form's rules and calls as plain functions: when Continue is enabled, the
// indicative quote's life cycle (cleared for an empty amount, the reason instead of a quote for an
// amount the form refuses, otherwise 'Getting quote...' for 1 s, then the server's quote; a slower
// answer for an older amount is dropped), locking a quote, executing it under one Idempotency-Key
// per intent, what the locked quote's countdown says and announces, and whether the USD balance (the
// payment method offered when the account's USD account is open) covers the amount.
import { htmlLang, type Lang } from '../../i18n';
import { sendIntent } from '../../lib/idempotency';
import { CENTS_SCALE, parseUnits } from '../../shared/decimal';
import { QUOTE_DELAY_MS, quoteAmount, type QuoteRefusal } from '../../shared/quote';
import { ADD_NEW_WALLET, type OnrampProvider } from '../../shared/transaction-labels';
import { api, unwrap } from '../../stores/api';

type QuotesApi = ReturnType<typeof api>['quotes'];
export type IndicativeQuote = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<QuotesApi['indicative']['$get']>>>>>;
export type LockedQuote = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<QuotesApi['$post']>>>>>;
export type QuoteReceipt = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<QuotesApi[':id']['execute']['$post']>>>>>;

export interface NewTransactionFields {
  amount: string;
  onramp_provider: OnrampProvider;
  wallet_id: string;
  destination_asset: 'cc';
}

export const EMPTY_FORM: NewTransactionFields = { amount: '', onramp_provider: 'usdc', wallet_id: '', destination_asset: 'cc' };

/**
 * Whether the USD balance (`availableCents`; null: no open USD account) covers `amountUsd` (the API's
 * "20.00", the fee inside it; null: no amount yet, nothing to cover).
 */
export function balanceCovers(amountUsd: string | null, availableCents: number | null): boolean {
  if (availableCents === null) return false;
  return amountUsd === null || parseUnits(amountUsd, CENTS_SCALE) <= BigInt(availableCents);
}

/**
 * Disabled when there is no quote, no amount or no wallet, or the wallet is the 'add_new' option;
 * paid from the USD balance (`usdAvailableCents`, null without a USD account), also when the balance
 * does not cover the quote's amount.
 */
export function canSubmit(
  fields: Pick<NewTransactionFields, 'amount' | 'wallet_id'> & Partial<Pick<NewTransactionFields, 'onramp_provider'>>,
  quote: IndicativeQuote | null,
  usdAvailableCents: number | null = null,
): boolean {
  return (
    quote !== null &&
    fields.amount.trim() !== '' &&
    fields.wallet_id !== '' &&
    fields.wallet_id !== ADD_NEW_WALLET &&
    (fields.onramp_provider !== 'usd_balance' || balanceCovers(quote.input_amount_usd, usdAvailableCents))
  );
}

/** The available cents of the account's USD account, or null when it is not open (the USD balance is then not offered). */
export async function fetchUsdAvailable(accountId: string): Promise<number | null> {
  const usd = await unwrap(api().usd.accounts[':accountId'].$get({ param: { accountId } }));
  return usd.status === 'open' ? usd.available_cents : null;
}

export type QuoteState =
  | { status: 'none' }
  | { status: 'refused'; reason: Exclude<QuoteRefusal, 'empty'> }
  | { status: 'loading' }
  | { status: 'ready'; quote: IndicativeQuote }
  | { status: 'failed'; error: unknown };

/** The server's indicative quote for `amount_usd`. */
export const fetchIndicativeQuote = (amount_usd: string): Promise<IndicativeQuote> =>
  unwrap(api().quotes.indicative.$get({ query: { amount_usd, destination_asset: 'CC' } }));

/**
 * Starts the quote for `amount` as typed in `lang` (its decimal comma, or a dot): `onChange` gets at
 * once 'none' (empty amount) or 'refused' with the reason there is no quote, or 'loading', then after
 * `delayMs` the server's quote (or 'failed'). Returns a function that cancels it: a quote asked
 * before is never shown after it.
 */
export function requestQuote(
  amount: string,
  onChange: (state: QuoteState) => void,
  lang: Lang = 'en',
  fetchQuote: (amount_usd: string) => Promise<IndicativeQuote> = fetchIndicativeQuote,
  delayMs = QUOTE_DELAY_MS,
): () => void {
  const result = quoteAmount(amount, htmlLang(lang));
  if (!result.ok) {
    onChange(result.reason === 'empty' ? { status: 'none' } : { status: 'refused', reason: result.reason });
    return () => {};
  }
  let current = true;
  onChange({ status: 'loading' });
  const timer = setTimeout(() => {
    fetchQuote(result.amount_usd).then(
      (quote) => current && onChange({ status: 'ready', quote }),
      (error: unknown) => current && onChange({ status: 'failed', error }),
    );
  }, delayMs);
  return () => {
    current = false;
    clearTimeout(timer);
  };
}

/** Locks the quote of the form (its amount read as typed in `lang`); throws the API's refusal. */
export function lockQuote(fields: NewTransactionFields, lang: Lang): Promise<LockedQuote> {
  const amount = quoteAmount(fields.amount, htmlLang(lang));
  if (!amount.ok) return Promise.reject(new Error(`no quote for ${fields.amount}`));
  return unwrap(
    api().quotes.$post({
      json: { amount_usd: amount.amount_usd, onramp_provider: fields.onramp_provider, wallet_id: fields.wallet_id, destination_asset: 'CC' },
    }),
  );
}

/** Executes a locked quote; `key` is the intent's Idempotency-Key, the same on every try and retry of this Confirm. */
export const executeQuote = (id: string, key: string): Promise<QuoteReceipt> =>
  unwrap(sendIntent((k) => api().quotes[':id'].execute.$post({ param: { id }, header: { 'idempotency-key': k } }), { key }));

/** Whole seconds left until `expiresAt` (never below 0). */
export const secondsLeft = (expiresAt: string, now = Date.now()) => Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));

/** From this many seconds left, the countdown is announced as running out. */
export const ANNOUNCE_SOON_S = 10;

/**
 * What the live region says about a locked quote: that it is locked, once that it runs out, and
 * that it lapsed; its text changes only at those moments, so a screen reader is not told each second.
 */
export type CountdownAnnouncement = { phase: 'locked' | 'soon'; seconds: number } | { phase: 'expired' };
export function countdownAnnouncement(left: number, lockedFor: number): CountdownAnnouncement {
  if (left <= 0) return { phase: 'expired' };
  if (left <= ANNOUNCE_SOON_S && lockedFor > ANNOUNCE_SOON_S) return { phase: 'soon', seconds: ANNOUNCE_SOON_S };
  return { phase: 'locked', seconds: lockedFor };
}
