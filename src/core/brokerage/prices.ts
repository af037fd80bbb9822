// The embedded market's prices as the order engine reads and moves them: the stocks and ETFs of the
// market list (tables stocks + stock_prices). A price is stored as a REAL as the market feed gives
// it; its exact decimal is the number's shortest text (as src/worker/market/source-embedded.ts reads
// it), and every figure is computed from that decimal, never with float arithmetic. The price job
// moves them a little, at most MAX_MOVE_BP per 10,000 a minute, during market hours (a bounded random
// walk), so that orders fill at moving prices under `npm start` as they would against a real market.
import {
  compareDecimals,
  decimalToNumber,
  divideDecimals,
  multiplyDecimals,
  parseDecimal,
  roundDecimal,
  subtractDecimals,
  type Decimal,
} from '../../shared/decimal';
import { fail, guardedBatch } from '../db';
import { newYorkDate } from './market-clock';

export interface Quote {
  symbol: string;
  name: string;
  price: Decimal;
  /** The previous close. */
  lastday: Decimal;
}

const exact = (value: number | null): Decimal | null => {
  const d = value === null ? null : parseDecimal(value);
  return d && d.units > 0n ? d : null;
};

interface PriceRow {
  stock_id: string;
  symbol: string;
  name: string;
  price: number | null;
  previous_close: number | null;
}

const QUOTE_SQL = `SELECT s.id AS stock_id, s.symbol, s.name, p.price, p.previous_close FROM stocks s LEFT JOIN stock_prices p ON p.stock_id = s.id`;

const toQuote = (r: PriceRow): Quote | null => {
  const price = exact(r.price);
  return price ? { symbol: r.symbol, name: r.name, price, lastday: exact(r.previous_close) ?? price } : null;
};

/**
 * The quote of a stock or ETF of the market list that has a price, or 422 `symbol_not_tradable`
 * (an unknown symbol, one without a price, a digital asset such as CC: those live in the Canton wallet).
 */
export async function requireTradable(db: D1Database, symbol: string): Promise<Quote> {
  const row = await db.prepare(`${QUOTE_SQL} WHERE s.symbol = ?`).bind(symbol.toUpperCase()).first<PriceRow>();
  const quote = row ? toQuote(row) : null;
  return quote ?? fail(422, `${symbol} is not a stock or ETF the brokerage trades (digital assets stay in the Canton wallet)`, 'symbol_not_tradable');
}

/** The quotes of `symbols` (those that have a price), by symbol. */
export async function quotesOf(db: D1Database, symbols: string[]): Promise<Map<string, Quote>> {
  if (symbols.length === 0) return new Map();
  const { results } = await db.prepare(`${QUOTE_SQL} WHERE s.symbol IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(symbols)).all<PriceRow>();
  return new Map(results.flatMap((r) => (toQuote(r) ? [[r.symbol, toQuote(r)!] as const] : [])));
}

/** The largest move of one step, per 10,000 (0.5%). */
export const MAX_MOVE_BP = 50;
const ONE: Decimal = { units: 1n, scale: 0 };

/**
 * A price moved by `bp` per 10,000 (-MAX_MOVE_BP to MAX_MOVE_BP), rounded to the cent from $1 (to
 * 4 decimals below, the exchanges' ticks), never to zero (a price too small to move keeps its value).
 */
export function movedPrice(price: Decimal, bp: number): Decimal {
  if (!Number.isInteger(bp) || Math.abs(bp) > MAX_MOVE_BP) throw new RangeError(`a step is at most ${MAX_MOVE_BP} per 10,000`);
  const moved = multiplyDecimals(price, { units: BigInt(10_000 + bp), scale: 4 });
  const next = roundDecimal(moved, compareDecimals(price, ONE) >= 0 ? 2 : 4);
  return next.units > 0n ? next : price;
}

/** A uniform step from -MAX_MOVE_BP to MAX_MOVE_BP. */
const randomStep = (): number => {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return (n! % (2 * MAX_MOVE_BP + 1)) - MAX_MOVE_BP;
};

/**
 * Moves every price one step, once per market minute (`minute`: the minute's ISO start, the market's
 * time): a second run in the same minute (a repeated or racing alarm) moves nothing. The first move
 * of a new New York day makes the last price that day's previous close and open. Answers whether
 * prices moved.
 */
export async function movePrices(db: D1Database, minute: string, step: () => number = randomStep): Promise<boolean> {
  const [moved, rows] = await db.batch<{ value: string } | PriceRow>([
    db.prepare(`SELECT value FROM market_settings WHERE key = 'prices_moved_at'`),
    db.prepare(`${QUOTE_SQL} JOIN stock_prices q ON q.stock_id = s.id`),
  ]);
  const last = (moved!.results[0] as { value: string } | undefined)?.value ?? null;
  if (last !== null && last >= minute) return false;
  const newDay = last === null || newYorkDate(Date.parse(last)) !== newYorkDate(Date.parse(minute));
  const stmts: D1PreparedStatement[] = [
    // The guard: only the first run of a minute moves prices (a racing run's batch fails whole).
    db
      .prepare(
        `INSERT INTO market_settings (key, value) VALUES ('prices_moved_at', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value < excluded.value`,
      )
      .bind(minute),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'prices already moved this minute' WHERE changes() = 0`),
  ];
  for (const row of rows!.results as PriceRow[]) {
    const quote = toQuote(row);
    if (!quote) continue;
    const lastday = newDay ? quote.price : quote.lastday;
    const price = movedPrice(quote.price, step());
    const change = subtractDecimals(price, lastday);
    stmts.push(
      db
        .prepare(
          `UPDATE stock_prices SET price = ?2, change = ?3, change_percent = ?4, previous_close = ?5,
             open = CASE WHEN ?6 THEN ?5 ELSE open END, high = CASE WHEN ?6 OR ?2 > high THEN ?2 ELSE high END,
             low = CASE WHEN ?6 OR ?2 < low THEN ?2 ELSE low END, updated_at = ?7
           WHERE stock_id = ?1`,
        )
        .bind(
          row.stock_id,
          decimalToNumber(price),
          decimalToNumber(change),
          decimalToNumber(divideDecimals(multiplyDecimals(change, { units: 100n, scale: 0 }), lastday, 2)),
          decimalToNumber(lastday),
          newDay ? 1 : 0,
          minute,
        ),
    );
  }
  return guardedBatch(db, stmts);
}
