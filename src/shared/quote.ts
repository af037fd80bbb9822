// The simulated on-ramp quote of the New Transaction modal (as the spec sets it): rate 0.95, fee
// 2.5 USD, net = amount x 0.95 - 2.5, shown after a 1 s "Getting quote..." delay. Computed in whole
// units of 1/10000 USD so 0.95 and 2.5 add no float error. A quote is only given for an amount the
// form accepts (1 to 50 USD, at most 2 decimals) whose net is positive: a quote that says you
// receive nothing, or less than nothing, is not a quote anyone should be asked to continue with.
import type { TranslationKey } from '../i18n';
import { CENTS_SCALE, compareDecimals, decimalToNumber, decimalToString, parseDecimal, roundDecimal, type Decimal } from './decimal';
import { readTypedAmount, type TypedAmountProblem } from './format';
import { AMOUNT_MAX_USD, AMOUNT_MIN_USD } from './transaction-labels';

export const QUOTE_EXCHANGE_RATE = 0.95;
export const QUOTE_FEE_USD = 2.5;
export const QUOTE_DELAY_MS = 1000;

// The same figures as integers: rate in hundredths, fee in 1/10000 USD (cents x rate).
const RATE_HUNDREDTHS = 95n;
const FEE_TEN_THOUSANDTHS = 25000n;
const MIN = parseDecimal(AMOUNT_MIN_USD)!;
const MAX = parseDecimal(AMOUNT_MAX_USD)!;

/** The smallest amount in cents whose net is positive: 264 ($2.64 x 0.95 - 2.5 = 0.008 CC). */
export const MIN_POSITIVE_NET_CENTS = FEE_TEN_THOUSANDTHS / RATE_HUNDREDTHS + 1n;

export interface SimulatedQuote {
  input_amount_usd: number;
  exchange_rate: typeof QUOTE_EXCHANGE_RATE;
  fees_usd: typeof QUOTE_FEE_USD;
  destination_asset: 'cc';
  /** Canton Coin received, exact decimal text (4 decimals); always positive. */
  net_destination_amount: string;
}

/** Why an amount gets no quote; `empty` shows the hint, the others a message (a dictionary key). */
export type QuoteRefusal = 'empty' | 'invalid' | 'grouping' | 'step' | 'belowMin' | 'aboveMax' | 'netNotPositive';

export type QuoteResult = { ok: true; quote: SimulatedQuote } | { ok: false; reason: QuoteRefusal };

/** The message that tells the user why there is no quote (its params fill the placeholders). */
export const QUOTE_REFUSAL_KEYS: Record<Exclude<QuoteRefusal, 'empty'>, TranslationKey> = {
  invalid: 'errors.amountNotNumber',
  grouping: 'errors.amountGrouping',
  step: 'transactions.validation.amountStep',
  belowMin: 'transactions.validation.amountMin',
  aboveMax: 'transactions.validation.amountMax',
  netNotPositive: 'transactions.new.quote.netNotPositive',
};

/** The minimum amount that receives something, as the form shows it ("2.64"). */
export const MIN_POSITIVE_NET_USD = decimalToString({ units: MIN_POSITIVE_NET_CENTS, scale: CENTS_SCALE });

// Zero or less is below the 1 USD minimum.
const TYPED_REFUSALS: Record<TypedAmountProblem, QuoteRefusal> = { empty: 'empty', notNumber: 'invalid', grouping: 'grouping', notPositive: 'belowMin' };

/** The quote for the amount typed in the form (read as typed in `locale`), or the reason there is none. */
export function quoteFor(amount: string | number | null | undefined, locale = 'en'): QuoteResult {
  const typed = readTypedAmount(amount == null ? '' : String(amount), locale);
  if (!typed.ok) return { ok: false, reason: TYPED_REFUSALS[typed.problem] };
  const parsed = parseDecimal(typed.amount)!;
  if (compareDecimals(parsed, MIN) < 0) return { ok: false, reason: 'belowMin' };
  if (compareDecimals(parsed, MAX) > 0) return { ok: false, reason: 'aboveMax' };
  const cents = roundDecimal(parsed, CENTS_SCALE, 'trunc');
  // step 0.01: "1.500" is fine, a third significant decimal is not (the form would refuse it).
  if (compareDecimals(cents, parsed) !== 0) return { ok: false, reason: 'step' };
  if (cents.units < MIN_POSITIVE_NET_CENTS) return { ok: false, reason: 'netNotPositive' };
  // cents x 95 is in 1/10000 USD; the fee 2.5 USD is 25000 of those.
  const net: Decimal = { units: cents.units * RATE_HUNDREDTHS - FEE_TEN_THOUSANDTHS, scale: 4 };
  return {
    ok: true,
    quote: {
      input_amount_usd: decimalToNumber(cents),
      exchange_rate: QUOTE_EXCHANGE_RATE,
      fees_usd: QUOTE_FEE_USD,
      destination_asset: 'cc',
      net_destination_amount: decimalToString(net),
    },
  };
}

/** The quote, or null when the amount gets none (see quoteFor for why). */
export function simulatedQuote(amount: string | number | null | undefined): SimulatedQuote | null {
  const result = quoteFor(amount);
  return result.ok ? result.quote : null;
}
