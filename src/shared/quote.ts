// The New Transaction amount's rules, shared by the form and the server's quotes: 1 to 50 USD in
// whole cents, typed with the language's decimal separator, and more than the 2.50 USD fee (which is
// taken before conversion), or nothing would be received. The quote itself comes from the server
// (src/core/quotes/); the form only decides whether there is an amount to ask about.
import type { TranslationKey } from '../i18n';
import { CENTS_SCALE, compareDecimals, decimalToString, formatUnits, parseDecimal, roundDecimal } from './decimal';
import { readTypedAmount, type TypedAmountProblem } from './format';
import { AMOUNT_MAX_USD, AMOUNT_MIN_USD } from './transaction-labels';

/** The on-ramp fee in cents, taken from the amount before conversion. */
export const QUOTE_FEE_CENTS = 250n;
/** The spec's "Getting quote..." time: the indicative quote is asked once typing has paused this long. */
export const QUOTE_DELAY_MS = 1000;

const MIN = parseDecimal(AMOUNT_MIN_USD)!;
const MAX = parseDecimal(AMOUNT_MAX_USD)!;

/** The smallest amount that receives something, as the form shows it ("2.51"). */
export const MIN_POSITIVE_NET_USD = formatUnits(QUOTE_FEE_CENTS + 1n, CENTS_SCALE);

/** Why an amount gets no quote; `empty` shows the hint, the others a message (a dictionary key). */
export type QuoteRefusal = 'empty' | 'invalid' | 'grouping' | 'step' | 'belowMin' | 'aboveMax' | 'netNotPositive';

/** The message that tells the user why there is no quote (its params fill the placeholders). */
export const QUOTE_REFUSAL_KEYS: Record<Exclude<QuoteRefusal, 'empty'>, TranslationKey> = {
  invalid: 'errors.amountNotNumber',
  grouping: 'errors.amountGrouping',
  step: 'transactions.validation.amountStep',
  belowMin: 'transactions.validation.amountMin',
  aboveMax: 'transactions.validation.amountMax',
  netNotPositive: 'transactions.new.quote.netNotPositive',
};

// Zero or less is below the 1 USD minimum.
const TYPED_REFUSALS: Record<TypedAmountProblem, QuoteRefusal> = { empty: 'empty', notNumber: 'invalid', grouping: 'grouping', notPositive: 'belowMin' };

export type QuoteAmount = { ok: true; amount_usd: string } | { ok: false; reason: QuoteRefusal };

/** The amount typed in the form (read as typed in `locale`) as the API's `amount_usd` ("20.00"), or why there is none. */
export function quoteAmount(amount: string, locale = 'en'): QuoteAmount {
  const typed = readTypedAmount(amount, locale);
  if (!typed.ok) return { ok: false, reason: TYPED_REFUSALS[typed.problem] };
  const parsed = parseDecimal(typed.amount)!;
  if (compareDecimals(parsed, MIN) < 0) return { ok: false, reason: 'belowMin' };
  if (compareDecimals(parsed, MAX) > 0) return { ok: false, reason: 'aboveMax' };
  const cents = roundDecimal(parsed, CENTS_SCALE, 'trunc');
  // step 0.01: "1.500" is fine, a third significant decimal is not.
  if (compareDecimals(cents, parsed) !== 0) return { ok: false, reason: 'step' };
  if (cents.units <= QUOTE_FEE_CENTS) return { ok: false, reason: 'netNotPositive' };
  return { ok: true, amount_usd: decimalToString(cents) };
}
