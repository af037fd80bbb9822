// Price history: the chart's ranges and the exact arithmetic of a period's change, shared
// by the embedded core (which answers GET /market/history/{symbol}) and the asset page (which plots
// it). Prices are exact decimal strings; the change is computed on BigInt units, never on floats.
// The chart's text (its change line and summary) and its static line are taken from a history by one
// function (historySummary), so what the Worker serves and what the island computes are the same.
import type { PriceHistory } from './schemas/price-history';
import { chartLine } from './chart-line';
import { compareDecimals, decimalToString, parseDecimal, roundDecimal, subtractDecimals, type Decimal } from './decimal';
import type { Timeframe } from './market';

export type HistoryRange = Timeframe;

/** How far back each range reaches, in seconds; `max` reaches the first stored point. */
export const RANGE_SECONDS: Record<Exclude<HistoryRange, 'max'>, number> = {
  '24h': 86_400,
  '1w': 7 * 86_400,
  '1m': 30 * 86_400,
  '1y': 365 * 86_400,
};

/** The most points one answer carries (the chart is at most a few hundred pixels wide). */
export const HISTORY_MAX_POINTS = 300;

/** Refreshes write one row per symbol per bucket of this many seconds. */
export const HISTORY_BUCKET_SECONDS = 300;
/** The start (Unix seconds) of the bucket holding the instant `ms`. */
export const historyBucket = (ms: number) => Math.floor(ms / 1000 / HISTORY_BUCKET_SECONDS) * HISTORY_BUCKET_SECONDS;

/**
 * The change from `first` to `last`: the absolute difference as exact decimal text (the finer of the
 * two scales) and the percent of `first`, rounded half away from zero to 2 decimals (null when
 * `first` is zero). Null for input that is not a decimal.
 */
export function periodChange(first: string, last: string): { change: string; percent: string | null } | null {
  const a = parseDecimal(first);
  const b = parseDecimal(last);
  if (!a || !b) return null;
  const change = subtractDecimals(b, a);
  const from = roundDecimal(a, change.scale).units;
  const diff = change.units;
  if (from === 0n) return { change: decimalToString(change), percent: null };
  // percent with 2 decimals = diff / from * 100, as units of 0.01: diff * 10^4 / from, exactly
  // rounded (one extra digit, then roundDecimal's half away from zero).
  const thousandths = (diff * 100_000n) / from;
  const percent = roundDecimal({ units: thousandths, scale: 3 }, 2);
  return { change: decimalToString(change), percent: decimalToString(percent) };
}

/** The larger (`sign` 1) or smaller (-1) of decimal strings, as given; null for none. */
export function extremeOf(prices: readonly string[], sign: 1 | -1): string | null {
  let best: { text: string; value: Decimal } | null = null;
  for (const text of prices) {
    const value = parseDecimal(text);
    if (!value) continue;
    if (!best || compareDecimals(value, best.value) * sign > 0) best = { text, value };
  }
  return best?.text ?? null;
}

/**
 * What the chart says in text over a period (the change line and the summary below the chart): the
 * first and last plotted price, the change and its percent, the high and the low, exact decimal text
 * as the history answers them; and its line as an SVG path (chart-line.ts), drawn until the
 * interactive chart takes over. Without its points. The asset page rendered on the Worker serves it
 * for the default timeframe, so that text (the page's largest, its LCP element) and the line are in
 * the HTML.
 */
export interface HistorySummary {
  symbol: string;
  range: HistoryRange;
  first: string;
  last: string;
  change: string | null;
  change_percent: string | null;
  high: string | null;
  low: string | null;
  /** The line's SVG path in chart-line.ts's box. */
  line: string;
}

/** A history's summary; null when it has no points (nothing to say: the chart shows "no data"). */
export function historySummary(history: PriceHistory | null | undefined): HistorySummary | null {
  const first = history?.points[0];
  const last = history?.points.at(-1);
  if (!history || !first || !last) return null;
  const { symbol, range, change, change_percent, high, low } = history;
  const line = chartLine(history.points.map((p) => p.price));
  return { symbol, range, first: first.price, last: last.price, change, change_percent, high, low, line };
}
