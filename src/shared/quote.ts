// The simulated on-ramp quote of the New Transaction modal (spec sections 3, 4, 9): rate 0.95, fee
// 2.5 USD, net = amount x 0.95 - 2.5, shown after a 1 s "Getting quote..." delay. Computed in whole
// units of 1/10000 USD so 0.95 and 2.5 add no float error.
import { decimalToNumber, parseDecimal, roundDecimal } from './decimal';

export const QUOTE_EXCHANGE_RATE = 0.95;
export const QUOTE_FEE_USD = 2.5;
export const QUOTE_DELAY_MS = 1000;

export interface SimulatedQuote {
  input_amount_usd: number;
  exchange_rate: typeof QUOTE_EXCHANGE_RATE;
  fees_usd: typeof QUOTE_FEE_USD;
  destination_asset: 'cc';
  /** Canton Coin received; negative for amounts under about $2.63, exactly as the spec's formula says. */
  net_destination_amount: number;
}

/**
 * The quote for the amount typed in the form, or null when it is empty, not a number or not positive
 * (the spec clears the quote then). The amount counts in whole cents (the field's step is 0.01).
 */
export function simulatedQuote(amount: string | number | null | undefined): SimulatedQuote | null {
  if (amount == null || amount === '') return null;
  const parsed = parseDecimal(amount);
  if (!parsed) return null;
  const cents = roundDecimal(parsed, 2);
  if (cents.units <= 0n) return null;
  // cents x 95 is in 1/10000 USD; the fee 2.5 USD is 25000 of those.
  const net = { units: cents.units * 95n - 25000n, scale: 4 };
  return {
    input_amount_usd: decimalToNumber(cents),
    exchange_rate: QUOTE_EXCHANGE_RATE,
    fees_usd: QUOTE_FEE_USD,
    destination_asset: 'cc',
    net_destination_amount: decimalToNumber(net),
  };
}
