// The on-ramp's arithmetic: what a USD amount buys in CC. The fee (2.50 USD) is taken from the amount
// first, then the rest is converted at 95% of the market rate (the spread); the CC received is rounded
// down to the ledger's 10 decimals, so the app never promises more than it delivers. All BigInt, no
// floats.
import { CENTS_SCALE, LEDGER_SCALE, decimalToString, formatUnits, parseDecimal, type Decimal } from '../../shared/decimal';
import { QUOTE_FEE_CENTS } from '../../shared/quote';

/** The customer gets this share of the market rate: 95/100. */
const SPREAD_NUMERATOR = 95n;
const SPREAD_DENOMINATOR = 100n;

export interface QuoteFigures {
  amount_cents: bigint;
  fee_cents: bigint;
  /** USD per CC, as read. */
  price: string;
  /** CC per USD after the spread, rounded down to 10 decimals. */
  rate: string;
  /** CC received in ledger units (10^-10), rounded down; positive. */
  net_units: bigint;
}

/**
 * The figures for `amountCents` at `price` (USD per CC, decimal text), or null when nothing would be
 * received (the amount does not exceed the fee) or the price is not positive.
 */
export function quoteFigures(amountCents: bigint, price: string): QuoteFigures | null {
  const p: Decimal | null = parseDecimal(price);
  if (!p || p.units <= 0n) return null;
  const netCents = amountCents - QUOTE_FEE_CENTS;
  // net CC = (netCents / 10^2) x (95 / 100) / (p.units / 10^p.scale), in units of 10^-LEDGER_SCALE;
  // BigInt division of non-negative numbers rounds down.
  const scaleUp = 10n ** BigInt(LEDGER_SCALE + p.scale);
  const netUnits = netCents > 0n ? (netCents * SPREAD_NUMERATOR * scaleUp) / (10n ** BigInt(CENTS_SCALE) * SPREAD_DENOMINATOR * p.units) : 0n;
  if (netUnits <= 0n) return null;
  const rateUnits = (SPREAD_NUMERATOR * scaleUp) / (SPREAD_DENOMINATOR * p.units);
  return { amount_cents: amountCents, fee_cents: QUOTE_FEE_CENTS, price: decimalToString(p), rate: formatUnits(rateUnits, LEDGER_SCALE), net_units: netUnits };
}

/** Cents as USD text with 2 decimals ("20.00"). */
export const usdText = (cents: bigint) => formatUnits(cents, CENTS_SCALE);

/** The answer fields every quote shares. */
export function figuresAnswer(f: QuoteFigures) {
  return {
    input_amount_usd: usdText(f.amount_cents),
    fees_usd: usdText(f.fee_cents),
    exchange_rate: f.rate,
    price_usd: f.price,
    destination_asset: 'CC' as const,
    net_destination_amount: formatUnits(f.net_units, LEDGER_SCALE),
  };
}
