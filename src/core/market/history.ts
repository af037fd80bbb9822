// The embedded core's price history: GET /market/history/{symbol} reads the price_history
// table (migrations/0022) for one range, downsampled in SQL to at most HISTORY_MAX_POINTS points (the
// last price of each equal slice of the range: the close, as financial charts plot), plus the
// period's change, high and low over every stored row of the range, not only the plotted ones.
import { extremeOf, HISTORY_MAX_POINTS, periodChange, RANGE_SECONDS, type HistoryRange } from '../../shared/price-history';

/** The history's clock (tests move it). */
export const historyClock = { now: () => Date.now() };

export interface PricePoint {
  time: string;
  price: string;
}

export interface PriceHistory {
  symbol: string;
  range: HistoryRange;
  points: PricePoint[];
  change: string | null;
  change_percent: string | null;
  high: string | null;
  low: string | null;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The asset's canonical symbol (a stock's, else a Canton asset's, upper case), or null when unknown. */
export async function knownSymbol(db: D1Database, symbol: string): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT symbol FROM stocks WHERE symbol = upper(?1)
       UNION ALL SELECT upper(symbol) FROM digital_assets WHERE symbol = ?1 LIMIT 1`,
    )
    .bind(symbol)
    .first<{ symbol: string }>();
  return row?.symbol ?? null;
}

/**
 * The history of a known symbol over `range` ending now. The first point is the last price at or
 * before the range's start (shown at the start: it was the price then), so the change is measured
 * from the price the period began with; an asset without stored prices answers no points.
 */
export async function priceHistory(db: D1Database, symbol: string, range: HistoryRange): Promise<PriceHistory> {
  const end = Math.floor(historyClock.now() / 1000);
  let start: number;
  if (range === 'max') {
    const first = await db.prepare('SELECT min(ts) AS ts FROM price_history WHERE symbol = ?1 AND ts <= ?2').bind(symbol, end).first<{ ts: number | null }>();
    start = first?.ts ?? end;
  } else start = end - RANGE_SECONDS[range];

  // Slices of (start, end]: slice i holds ts with (ts - start - 1) * n / (end - start) = i, i < n.
  const slices = HISTORY_MAX_POINTS - 1;
  const span = Math.max(1, end - start);
  const [opening, closes, high, low] = await db.batch<{ ts: number; price: string }>([
    db.prepare('SELECT ts, price FROM price_history WHERE symbol = ?1 AND ts <= ?2 ORDER BY ts DESC LIMIT 1').bind(symbol, start),
    // SQLite: with max(), the bare column `price` comes from the row holding the max (the slice's last).
    db
      .prepare(
        `SELECT max(ts) AS ts, price FROM price_history WHERE symbol = ?1 AND ts > ?2 AND ts <= ?3
         GROUP BY CAST((ts - ?2 - 1) * ?4 / ?5 AS INTEGER) ORDER BY ts`,
      )
      .bind(symbol, start, end, slices, span),
    // Candidates for the period's extremes; compared exactly below (the REAL cast only orders them).
    db
      .prepare('SELECT ts, price FROM price_history WHERE symbol = ?1 AND ts > ?2 AND ts <= ?3 ORDER BY CAST(price AS REAL) DESC LIMIT 3')
      .bind(symbol, start, end),
    db
      .prepare('SELECT ts, price FROM price_history WHERE symbol = ?1 AND ts > ?2 AND ts <= ?3 ORDER BY CAST(price AS REAL) ASC LIMIT 3')
      .bind(symbol, start, end),
  ]);

  const points: PricePoint[] = [];
  const open = opening!.results[0];
  if (open) points.push({ time: iso(start), price: open.price });
  for (const row of closes!.results) points.push({ time: iso(row.ts), price: row.price });

  const openPrice = open ? [open.price] : [];
  const first = points[0];
  const last = points[points.length - 1];
  const change = first && last ? periodChange(first.price, last.price) : null;
  return {
    symbol,
    range,
    points,
    change: change?.change ?? null,
    change_percent: change?.percent ?? null,
    high: extremeOf([...openPrice, ...high!.results.map((r) => r.price)], 1),
    low: extremeOf([...openPrice, ...low!.results.map((r) => r.price)], -1),
  };
}

/**
 * The change in percent over `range` ending now of each symbol, as priceHistory answers it for that
 * range (from the last price at or before the range's start, else the range's first, to the latest),
 * in one query for the whole market list. Keyed by upper-case symbol; null without stored prices.
 */
export async function rangeChanges(db: D1Database, symbols: readonly string[], range: Exclude<HistoryRange, 'max'>): Promise<Record<string, string | null>> {
  const end = Math.floor(historyClock.now() / 1000);
  const start = end - RANGE_SECONDS[range];
  const { results } = await db
    .prepare(
      `SELECT s.value AS symbol,
         coalesce(
           (SELECT price FROM price_history WHERE symbol = s.value AND ts <= ?2 ORDER BY ts DESC LIMIT 1),
           (SELECT price FROM price_history WHERE symbol = s.value AND ts > ?2 AND ts <= ?3 ORDER BY ts LIMIT 1)
         ) AS first,
         (SELECT price FROM price_history WHERE symbol = s.value AND ts <= ?3 ORDER BY ts DESC LIMIT 1) AS last
       FROM json_each(?1) AS s`,
    )
    .bind(JSON.stringify(symbols.map((symbol) => symbol.toUpperCase())), start, end)
    .all<{ symbol: string; first: string | null; last: string | null }>();
  return Object.fromEntries(results.map((r) => [r.symbol, r.first && r.last ? (periodChange(r.first, r.last)?.percent ?? null) : null]));
}

/** One row per asset for the current bucket (a second call in the same bucket changes nothing). */
export async function recordPrices(db: D1Database, prices: readonly { symbol: string; price: string }[], bucketStart: number): Promise<void> {
  if (prices.length === 0) return;
  const insert = db.prepare('INSERT OR IGNORE INTO price_history (symbol, ts, price) VALUES (upper(?1), ?2, ?3)');
  await db.batch(prices.map((p) => insert.bind(p.symbol, bucketStart, p.price)));
}
