// The one place numbers, money and dates become text (spec section 9: USD en-US, en-US short dates
// with time, T/B/M/K suffixes). Built on Intl; money in cents and ledger decimals use integer math so
// no float rounding reaches the screen. Every formatter answers '-' for a missing or invalid value.
import { decimalToNumber, multiplyDecimals, parseDecimal, roundDecimal } from './decimal';

const LOCALE = 'en-US';
const INVALID = '-';

// Intl objects are costly to build; cheap phones render long tables, so build each once.
const usd = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const grouped = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedTwoDecimals = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'always',
});

/** A dollar amount: 1234.56 -> "$1,234.56", -5 -> "-$5.00". */
export function formatUsd(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return INVALID;
  return usd.format(value);
}

/**
 * An amount stored in cents (transactions' amount_usd), shown in dollars with 2 decimals:
 * 12345 -> "$123.45", -5 -> "-$0.05". Whole-cent integer math; a fractional cent rounds half away from zero.
 */
export function formatCents(cents: number | bigint | null | undefined): string {
  if (cents == null) return INVALID;
  if (typeof cents === 'number' && !Number.isFinite(cents)) return INVALID;
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.sign(cents) * Math.round(Math.abs(cents)));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${grouped.format(abs / 100n)}.${fraction}`;
}

/**
 * A movement of money with its direction: money in "+$100.00", money out "-$12.50" (the stored
 * amount's own sign is not trusted to say the direction; its size is shown).
 */
export function formatSignedCents(cents: number | bigint | null | undefined, direction: 'in' | 'out'): string {
  const text = formatCents(cents);
  if (text === INVALID) return INVALID;
  return `${direction === 'in' ? '+' : '-'}${text.replace(/^-/, '')}`;
}

interface Unit {
  suffix: string;
  size: number;
}
const T: Unit = { suffix: 'T', size: 1e12 };
const B: Unit = { suffix: 'B', size: 1e9 };
const M: Unit = { suffix: 'M', size: 1e6 };
const K: Unit = { suffix: 'K', size: 1e3 };
const ONE: Unit = { suffix: '', size: 1 };

function compact(value: number | null | undefined, units: readonly Unit[], prefix: string): string {
  if (value == null || !Number.isFinite(value)) return INVALID;
  const abs = Math.abs(value);
  let index = units.findIndex((unit) => abs >= unit.size);
  if (index < 0) index = units.length - 1;
  // toFixed rounds like Intl; a value that rounds up to 1000 moves to the next unit (999,999 -> 1.00M).
  let rounded = Number((abs / units[index]!.size).toFixed(2));
  while (rounded >= 1000 && index > 0) {
    index -= 1;
    rounded = Number((abs / units[index]!.size).toFixed(2));
  }
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${prefix}${twoDecimals.format(rounded)}${units[index]!.suffix}`;
}

/** Market cap: `$`, 2 decimals, T/B/M/K. 2.5e12 -> "$2.50T", 850e9 -> "$850.00B", 950 -> "$950.00". */
export function formatMarketCap(value: number | null | undefined): string {
  return compact(value, [T, B, M, K, ONE], '$');
}

/**
 * Volume: a count of what was traded (shares for a stock, units for a coin), not dollars, so no
 * currency sign: 2 decimals, B/M/K (no T: 1.5e12 -> "1,500.00B"). 50_669_652 -> "50.67M".
 */
export function formatVolume(value: number | null | undefined): string {
  return compact(value, [B, M, K, ONE], '');
}

/** Other large numbers (supplies): 2 decimals, K/M/B/T, no currency. 21e6 -> "21.00M", 500 -> "500.00". */
export function formatCompact(value: number | null | undefined): string {
  return compact(value, [T, B, M, K, ONE], '');
}

/**
 * A change already in percent units (change_percent 4.47 means 4.47 %): signed, 2 decimals.
 * 4.47 -> "+4.47%", -0.5 -> "-0.50%", 0 (or anything that rounds to it) -> "+0.00%".
 */
export function formatChangePercent(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return INVALID;
  const rounded = Number(value.toFixed(2));
  return `${signedTwoDecimals.format(rounded === 0 ? 0 : rounded)}%`;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const cacheKey = timeZone ?? '';
  let format = dateFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, timeZone ? { ...DATE_OPTIONS, timeZone } : DATE_OPTIONS);
    dateFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * en-US short date with time: "Nov 22, 2026, 3:04 PM", in the viewer's time zone unless `timeZone`
 * is given. Newer ICU puts a narrow no-break space before AM/PM; it becomes a plain space so the
 * text is the same whichever engine rendered it (server prerender or an older phone).
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  options: { timeZone?: string } = {},
): string {
  if (value == null || value === '') return INVALID;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID;
  return dateFormat(options.timeZone).format(date).replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * Shortens an id in the middle: party ids 6...6, hashes 6...4. Empty gives `empty` ('N/A' unless the
 * caller passes a translation); a value no longer than head + tail is returned as is.
 */
export function abbreviateMiddle(
  value: string | null | undefined,
  head: number,
  tail: number,
  empty = 'N/A',
): string {
  if (!value) return empty;
  if (value.length <= head + tail) return value;
  return `${value.slice(0, head)}...${value.slice(value.length - tail)}`;
}

export const abbreviatePartyId = (value: string | null | undefined, empty?: string) =>
  abbreviateMiddle(value, 6, 6, empty);
export const abbreviateHash = (value: string | null | undefined, empty?: string) =>
  abbreviateMiddle(value, 6, 4, empty);

/**
 * A ledger amount given as an exact decimal string, with en-US grouping, rounded half away from zero
 * to at most `maxFractionDigits` and trailing zeros dropped down to `minFractionDigits`.
 * ("1234567.891234", 4) -> "1,234,567.8912". Never goes through a float.
 */
export function formatDecimal(
  amount: string | number | bigint | null | undefined,
  maxFractionDigits = 4,
  minFractionDigits = 0,
): string {
  if (amount == null) return INVALID;
  const parsed = parseDecimal(amount);
  if (!parsed) return INVALID;
  const rounded = roundDecimal(parsed, maxFractionDigits);
  const negative = rounded.units < 0n;
  const abs = negative ? -rounded.units : rounded.units;
  const divisor = 10n ** BigInt(maxFractionDigits);
  let fraction = maxFractionDigits > 0 ? (abs % divisor).toString().padStart(maxFractionDigits, '0') : '';
  while (fraction.length > minFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const sign = negative ? '-' : '';
  return `${sign}${grouped.format(abs / divisor)}${fraction ? `.${fraction}` : ''}`;
}

/** Every Canton Coin (or other ledger asset) amount on screen has this many decimals, no more, no fewer. */
export const LEDGER_DISPLAY_DECIMALS = 2;

/**
 * A ledger amount (with its instrument when given), the one way the app shows one (wallet balance, pending,
 * quotes, toasts, transactions): exactly 2 decimals, en-US grouping, rounded half away from zero.
 * ("16.5", "CC") -> "16.50 CC", ("7.114", "CC") -> "7.11 CC". '-' for a value that is not a decimal.
 */
export function formatLedgerAmount(amount: string | number | bigint | null | undefined, instrument?: string): string {
  const text = formatDecimal(amount, LEDGER_DISPLAY_DECIMALS, LEDGER_DISPLAY_DECIMALS);
  return text === INVALID || !instrument ? text : `${text} ${instrument}`;
}

/**
 * Value = balance x last price, exact, then rounded to cents (half away from zero) and returned as a
 * dollar number for formatUsd. null when either side is not a number.
 */
export function multiplyDecimalByPrice(
  amount: string | number | null | undefined,
  price: string | number | null | undefined,
): number | null {
  if (amount == null || price == null) return null;
  const a = parseDecimal(amount);
  const p = parseDecimal(price);
  if (!a || !p) return null;
  return decimalToNumber(roundDecimal(multiplyDecimals(a, p), 2));
}
