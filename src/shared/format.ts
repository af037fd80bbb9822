// The one place numbers, money and dates become text, in every language as the spec asks: USD in
// en-US form, en-US short dates with time, T/B/M/K suffixes. Built on Intl; money (cents, ledger amounts, prices) is rounded by
// src/shared/decimal.ts and reaches Intl.NumberFormat as exact decimal text, which it formats
// without a float, so no float rounding reaches the screen. Every formatter answers '-' for a
// missing or invalid value.
import { CENTS_SCALE, decimalToString, parseDecimal, roundDecimal } from './decimal';

const LOCALE = 'en-US';
const INVALID = '-';

// Intl objects are costly to build; cheap phones render long tables, so build each once, on first
// use: the first one starts ICU (~60 ms in a module's evaluation at 4x CPU, measured on /support),
// which a page that formats no number never needs.
const usd = once(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' }));
const twoDecimals = once(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const signedTwoDecimals = once(
  () =>
    new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'always',
    }),
);

function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** A dollar amount: 1234.56 -> "$1,234.56", -5 -> "-$5.00". */
export function formatUsd(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return INVALID;
  return usd().format(value);
}

/**
 * An amount stored in cents (transactions' amount_usd), shown in dollars with 2 decimals:
 * 12345 -> "$123.45", -5 -> "-$0.05". Exact for bigint cents; a fractional cent rounds half away from zero.
 */
export function formatCents(cents: number | bigint | null | undefined): string {
  if (cents == null) return INVALID;
  const parsed = parseDecimal(cents);
  if (!parsed) return INVALID;
  return usd().format(decimalToString({ units: roundDecimal(parsed, 0).units, scale: CENTS_SCALE }));
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
  return `${sign}${prefix}${twoDecimals().format(rounded)}${units[index]!.suffix}`;
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
  return `${signedTwoDecimals().format(rounded === 0 ? 0 : rounded)}%`;
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
export function formatDate(value: string | number | Date | null | undefined, options: { timeZone?: string } = {}): string {
  if (value == null || value === '') return INVALID;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID;
  return dateFormat(options.timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * Shortens an id in the middle: party ids 6...6, hashes 6...4. Empty gives `empty` ('N/A' unless the
 * caller passes a translation); a value no longer than head + tail is returned as is.
 */
export function abbreviateMiddle(value: string | null | undefined, head: number, tail: number, empty = 'N/A'): string {
  if (!value) return empty;
  if (value.length <= head + tail) return value;
  return `${value.slice(0, head)}...${value.slice(value.length - tail)}`;
}

export const abbreviatePartyId = (value: string | null | undefined, empty?: string) => abbreviateMiddle(value, 6, 6, empty);
export const abbreviateHash = (value: string | null | undefined, empty?: string) => abbreviateMiddle(value, 6, 4, empty);

// Decimal formats by their options, each built once (a screen formats many amounts alike). Amounts
// reach them already rounded by the decimal module (exact, half away from zero, a zero unsigned), so
// Intl only groups digits and pads decimals, the same on every engine.
const decimalFormats = new Map<string, Intl.NumberFormat>();

function decimalFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = JSON.stringify(options);
  let format = decimalFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    decimalFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * A ledger amount given as an exact decimal string, with en-US grouping, rounded half away from zero
 * to at most `maxFractionDigits` and trailing zeros dropped down to `minFractionDigits`.
 * ("1234567.891234", 4) -> "1,234,567.8912". Never goes through a float.
 */
export function formatDecimal(amount: string | number | bigint | null | undefined, maxFractionDigits = 4, minFractionDigits = 0): string {
  if (amount == null) return INVALID;
  const parsed = parseDecimal(amount);
  if (!parsed) return INVALID;
  const format = decimalFormat({ minimumFractionDigits: minFractionDigits, maximumFractionDigits: maxFractionDigits });
  return format.format(decimalToString(roundDecimal(parsed, maxFractionDigits)));
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
 * A price in USD: "$1,234.56"; under one dollar up to 4 decimals so a coin at $0.1571 keeps its
 * digits ("$0.1571"). Decimal text never goes through a float.
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value == null || value === '') return INVALID;
  const parsed = parseDecimal(value);
  if (!parsed) return INVALID;
  const digits = roundDecimal(parsed, 0, 'trunc').units === 0n ? 4 : 2;
  const format = decimalFormat({ style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits });
  return format.format(decimalToString(roundDecimal(parsed, digits)));
}

/** Why typed text is not an amount: nothing typed, not a number, a thousands separator, zero or less. */
export type TypedAmountProblem = 'empty' | 'notNumber' | 'grouping' | 'notPositive';
export type TypedAmount = { ok: true; amount: `${number}` } | { ok: false; problem: TypedAmountProblem };

const separatorsByLocale = new Map<string, { decimal: string; group: string }>();

/** The locale's decimal and grouping separators, from Intl.NumberFormat's parts ("," and "." in es). */
function separators(locale: string): { decimal: string; group: string } {
  let found = separatorsByLocale.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separatorsByLocale.set(locale, found);
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The one reader of an amount a person types (the send dialog, New Transaction): the locale's
 * decimal separator ("1,5" in es and fr) and a dot in every language, a leading or trailing
 * separator (".5", "5."), surrounding spaces. Thousands separators are refused, never guessed: an
 * amount field needs none, and in a language that groups with a dot, "1.000" is one or one thousand,
 * so there a dot followed by exactly three digits after a non-zero whole part is refused as a
 * thousands separator (`grouping`), while "1.5", "0.125" and "1.0000" read as decimals. Answers the
 * plain decimal text ("1.5", leading zeros dropped, decimals kept) for the callers' own rules
 * (decimals, minimum, maximum, balance).
 */
export function readTypedAmount(text: string, locale: string): TypedAmount {
  const trimmed = text.trim().replace(/^\u2212/, '-');
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const { decimal, group } = separators(locale);
  const negative = trimmed.startsWith('-');
  const body = trimmed.replace(/^[+-]/, '');
  // A space-like group separator (fr's narrow no-break space) matches any space typed.
  const groupClass = /\s/.test(group) ? '\\s' : escapeRegExp(group);
  const grouped = new RegExp(`^[1-9]\\d{0,2}(?:${groupClass}\\d{3})+(?:${escapeRegExp(decimal)}\\d+)?$`);
  if (grouped.test(body)) return { ok: false, problem: 'grouping' };
  const plain = decimal === '.' ? body : body.replace(decimal, '.');
  const parsed = /^(?:\d+\.?\d*|\.\d+)$/.test(plain) ? parseDecimal(plain) : null;
  if (!parsed) return { ok: false, problem: 'notNumber' };
  if (negative || parsed.units === 0n) return { ok: false, problem: 'notPositive' };
  return { ok: true, amount: decimalToString(parsed) };
}

const MARKET_ZONE = 'America/New_York';
const marketFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * An instant on the US market's clock (New York time, whatever the viewer's zone) in a language
 * (an html lang: en, es, fr): its weekday ("Mon", "lun") and time ("9:30 AM", "9:30"), for "opens Mon
 * 9:30 AM ET". Narrow and no-break spaces become plain ones, as in formatDate.
 */
export function formatMarketTime(value: string, locale: string): { day: string; time: string } {
  let format = marketFormats.get(locale);
  if (!format) {
    format = {
      day: new Intl.DateTimeFormat(locale, { timeZone: MARKET_ZONE, weekday: 'short' }),
      time: new Intl.DateTimeFormat(locale, { timeZone: MARKET_ZONE, hour: 'numeric', minute: '2-digit' }),
    };
    marketFormats.set(locale, format);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { day: INVALID, time: INVALID };
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  return { day: plain(format.day.format(date)), time: plain(format.time.format(date)) };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD) in a language (an html lang), without a time: "Nov 27, 2026", "27 nov 2026". */
export function formatDay(value: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? INVALID : format.format(date);
}
