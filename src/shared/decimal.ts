// Exact decimal arithmetic on strings with BigInt, for ledger amounts (balances are exact decimal
// strings; a float would silently lose digits of a large or very precise balance).
// A Decimal is `units / 10^scale`, e.g. "-12.340" is { units: -12340n, scale: 3 }.

export interface Decimal {
  units: bigint;
  scale: number;
}

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

/** Rounds half away from zero to `digits` fraction digits (the rounding people expect for money). */
export function roundDecimal(value: Decimal, digits: number): Decimal {
  if (value.scale <= digits) {
    return { units: value.units * 10n ** BigInt(digits - value.scale), scale: digits };
  }
  const divisor = 10n ** BigInt(value.scale - digits);
  const negative = value.units < 0n;
  const abs = negative ? -value.units : value.units;
  let quotient = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) quotient += 1n;
  return { units: negative ? -quotient : quotient, scale: digits };
}

/** Exact product. */
export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Plain decimal text ("-0.05", "1234.5"), no grouping, no exponent. */
export function decimalToString(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Closest JavaScript number, for display code that needs one (e.g. a chart or a sort). */
export function decimalToNumber(value: Decimal): number {
  return Number(decimalToString(value));
}

/** -1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * 10n ** BigInt(scale - a.scale);
  const right = b.units * 10n ** BigInt(scale - b.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}
