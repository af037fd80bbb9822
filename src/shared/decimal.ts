// The one exact-decimal module: every money figure (ledger amounts, USD cents, prices, and the
// share quantities to come) is computed here on BigInt, never on floats, which silently lose digits
// of a large or very precise amount. Used by the core, the islands and formatting alike.
//
// A Decimal is `units / 10^scale`, e.g. "-12.340" is { units: -12340n, scale: 3 }. Stored money is a
// bigint at a fixed scale: ledger amounts in units of 10^-10 (LEDGER_SCALE, Canton's Numeric 10),
// dollars in cents (CENTS_SCALE); share quantities in millionths of a share (SHARES_SCALE). Rounding
// is named as Intl.NumberFormat names it. Own code rather than big.js or dinero.js: the stored values
// already are bigints at a scale (D1 integers), which those would wrap and unwrap at every call, and
// the whole module is smaller than either in the islands' first-load budget.

export interface Decimal {
  units: bigint;
  scale: number;
}

/**
 * 'halfExpand': half away from zero (the rounding people expect for money); 'trunc': toward zero;
 * 'expand': away from zero (what a buyer pays for a fraction of a cent, so the house never lends it).
 */
export type Rounding = 'halfExpand' | 'trunc' | 'expand';

/** Ledger amounts are integers of 10^-10 (bound to SQL as decimal text, read back with CAST AS TEXT). */
export const LEDGER_SCALE = 10;
/** Dollars are integers of cents. */
export const CENTS_SCALE = 2;
/** Share quantities are integers of a millionth of a share (fractional shares to 6 decimals). */
export const SHARES_SCALE = 6;

// Also accepts exponent notation, because String(number) produces it for very small or large values.
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses "123.45", "-0.5", ".5", "1e-7" or a finite number; null for anything else. */
export function parseDecimal(input: string | number | bigint): Decimal | null {
  if (typeof input === 'bigint') return { units: input, scale: 0 };
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  const text = String(input).trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  let units = BigInt(`${whole || '0'}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/**
 * Units of 10^-scale of plain, already validated decimal text ("100", "0.5") with at most `scale`
 * decimals: ("100", 10) -> 1000000000000n. Throws for anything else (a sign, an exponent, a finer
 * decimal), as it is only given text a schema accepted.
 */
export function parseUnits(text: string, scale: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > scale) throw new RangeError(`not an amount of scale ${scale}: ${text}`);
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(scale, '0')}`);
}

/** Exact text of `units` at `scale`, with exactly `scale` decimals: (1000000000000n, 10) -> "100.0000000000". */
export function formatUnits(units: bigint | string | null | undefined, scale: number): string {
  return decimalToString({ units: BigInt(units ?? 0), scale });
}

/** `value` at `digits` fraction digits: exact when finer, else rounded (half away from zero unless told). */
export function roundDecimal(value: Decimal, digits: number, rounding: Rounding = 'halfExpand'): Decimal {
  if (value.scale <= digits) {
    return { units: value.units * 10n ** BigInt(digits - value.scale), scale: digits };
  }
  const divisor = 10n ** BigInt(value.scale - digits);
  return { units: roundQuotient(value.units, divisor, rounding), scale: digits };
}

/** n / d (d > 0) rounded to an integer by `rounding`. */
function roundQuotient(n: bigint, d: bigint, rounding: Rounding): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let quotient = abs / d;
  const rest = abs % d;
  if ((rounding === 'halfExpand' && rest * 2n >= d) || (rounding === 'expand' && rest > 0n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** a / b at `digits` fraction digits, rounded by `rounding` (half away from zero unless told); b must not be 0. */
export function divideDecimals(a: Decimal, b: Decimal, digits: number, rounding: Rounding = 'halfExpand'): Decimal {
  if (b.units === 0n) throw new RangeError('division by zero');
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scaled to 10^digits: a.units * 10^(digits + b.scale - a.scale) / b.units.
  const shift = digits + b.scale - a.scale;
  let n = shift >= 0 ? a.units * 10n ** BigInt(shift) : a.units;
  let d = shift >= 0 ? b.units : b.units * 10n ** BigInt(-shift);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return { units: roundQuotient(n, d, rounding), scale: digits };
}

/** Exact product. */
export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Exact difference a - b, at the finer of the two scales. */
export function subtractDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: roundDecimal(a, scale).units - roundDecimal(b, scale).units, scale };
}

/** -1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const { units } = subtractDecimals(a, b);
  return units === 0n ? 0 : units < 0n ? -1 : 1;
}

/**
 * The USD value of `amount` at `price`, in whole cents rounded half away from zero; null when either is
 * missing or not a decimal. A Decimal is taken as is (e.g. ledger units: { units, scale: LEDGER_SCALE }).
 */
export function usdCents(amount: Decimal | string | number | null | undefined, price: Decimal | string | number | null | undefined): bigint | null {
  const a = amount == null || typeof amount === 'object' ? amount : parseDecimal(amount);
  const p = price == null || typeof price === 'object' ? price : parseDecimal(price);
  if (!a || !p) return null;
  return roundDecimal(multiplyDecimals(a, p), CENTS_SCALE).units;
}

/** Plain decimal text ("-0.05", "1234.5"), no grouping, no exponent: what Intl.NumberFormat formats exactly. */
export function decimalToString(value: Decimal): `${number}` {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}` as `${number}`;
}

/** Closest JavaScript number, for display code that needs one (e.g. a chart or a sort). */
export function decimalToNumber(value: Decimal): number {
  return Number(decimalToString(value));
}
