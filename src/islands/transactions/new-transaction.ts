// The New Transaction form's rules as plain functions: when the submit button is enabled, and the
// quote's life cycle (cleared for an empty amount, the reason instead of a quote for an amount
// outside 1-50 USD or one whose net is not positive, otherwise 'Getting quote...' for 1 s, then the
// simulated quote).
import { htmlLang, type Lang } from '../../i18n';
import { QUOTE_DELAY_MS, quoteFor, type QuoteRefusal, type SimulatedQuote } from '../../shared/quote';
import { ADD_NEW_WALLET } from '../../shared/transaction-labels';

export interface NewTransactionFields {
  amount: string;
  onramp_provider: 'usdc' | 'apple_pay';
  wallet_id: string;
  destination_asset: 'cc';
}

export const EMPTY_FORM: NewTransactionFields = { amount: '', onramp_provider: 'usdc', wallet_id: '', destination_asset: 'cc' };

/** Disabled when there is no quote, no amount or no wallet, or the wallet is the 'add_new' option. */
export function canSubmit(fields: Pick<NewTransactionFields, 'amount' | 'wallet_id'>, quote: SimulatedQuote | null): boolean {
  return quote !== null && fields.amount.trim() !== '' && fields.wallet_id !== '' && fields.wallet_id !== ADD_NEW_WALLET;
}

export type QuoteState =
  { status: 'none' } | { status: 'refused'; reason: Exclude<QuoteRefusal, 'empty'> } | { status: 'loading' } | { status: 'ready'; quote: SimulatedQuote };

/**
 * Starts the quote for `amount` as typed in `lang` (its decimal comma, or a dot): `onChange` gets 'loading' at once and the quote after 1 s, or at
 * once 'none' (empty amount) or 'refused' with the reason there is no quote. Returns a function that
 * cancels the pending quote.
 */
export function requestQuote(amount: string, onChange: (state: QuoteState) => void, lang: Lang = 'en', delayMs = QUOTE_DELAY_MS): () => void {
  const result = quoteFor(amount, htmlLang(lang));
  if (!result.ok) {
    onChange(result.reason === 'empty' ? { status: 'none' } : { status: 'refused', reason: result.reason });
    return () => {};
  }
  const quote = result.quote;
  onChange({ status: 'loading' });
  const timer = setTimeout(() => onChange({ status: 'ready', quote }), delayMs);
  return () => clearTimeout(timer);
}
