// The order engine's timed work, run by the app's clock (src/worker/clock/jobs.ts) at the market's
// time (./market-time.ts): day orders still open at their session's close expire (what they held is
// released); while the market is open the embedded prices move once a minute (./prices.ts), orders
// placed while it was closed fill at the open's price (a market buy by qty whose price passed its 5%
// collar is rejected instead), and every open limit order whose limit the price reached fills.
// Each order is closed in its own guarded batch (./fills.ts), so a run racing a cancel, a placement
// or another run changes each order once, and a failed run leaves the rest due for the next.
//
// Why timed work on the app clock and not a Durable Object per account: fills are driven by the
// market (its open, its close, its price moves), which is one schedule for every account; the clock
// already runs due work from its rows, deployed and under `npm start` alike, and D1's guarded batches
// already serialize what an account's orders race for (cash, shares, an order's status), so a
// per-account object would add a second place that keeps time without adding any safety.
import { nowIso } from '../../platform/primitives';
import { compareDecimals, parseDecimal } from '../../shared/decimal';
import { guardedBatch } from '../db';
import { usdWalletId } from '../usd/account';
import { marketBuyCollar } from './arithmetic';
import { closeOrder, fillFigures, fillStatements, markFilled, readPosition } from './fills';
import { marketNow } from './market-time';
import { OPEN_SQL, type OrderRow } from './order-rows';
import { limitReached } from './orders';
import { movePrices, quotesOf, type Quote } from './prices';

/** Orders one run handles at most (the next run, a minute later, takes the rest). */
const BATCH = 200;
const MINUTE_MS = 60_000;

export interface SessionRun {
  moved: boolean;
  filled: number;
  expired: number;
  rejected: number;
  /** The accounts whose orders changed (their people's screens are told). */
  accounts: string[];
}

/** Fills `order` at the quote's price in one batch; false when it was no longer open or its cash or shares fell short. */
async function fillOpenOrder(db: D1Database, order: OrderRow, quote: Quote, now: string): Promise<boolean> {
  const usd = await usdWalletId(db, order.account_id);
  const brokerage = await db.prepare(`SELECT id FROM wallets WHERE account_id = ? AND kind = 'brokerage'`).bind(order.account_id).first<string>('id');
  if (!brokerage) return false;
  // A sell compares the position it read: a racing fill of the same position means read and try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const position = await readPosition(db, order.account_id, order.symbol);
    const figures = fillFigures(order, quote.price, order.side === 'sell' ? BigInt(order.reserved_qty) : undefined);
    if (figures.qty === 0n) return false;
    const fill = {
      order,
      ...figures,
      price: quote.price,
      released: BigInt(order.side === 'buy' ? order.reserved_cents : order.reserved_qty),
      position,
      wallets: { usd, brokerage },
      now,
    };
    const { stmts, transactionId } = fillStatements(db, fill);
    if (await guardedBatch(db, [...markFilled(db, fill, transactionId), ...stmts])) return true;
  }
  return false;
}

/** Whether an open order fills at `price` now that the market is open. */
function fillsAt(order: OrderRow, quote: Quote): boolean {
  if (order.type === 'limit') return limitReached(order.side, parseDecimal(order.limit_price!)!, quote.price);
  return order.status === 'accepted';
}

/** A market buy by qty placed while closed does not fill above 5% over the price it was placed at. */
const pastCollar = (order: OrderRow, quote: Quote) =>
  order.side === 'buy' &&
  order.type === 'market' &&
  order.qty !== null &&
  compareDecimals(quote.price, marketBuyCollar(parseDecimal(order.estimated_price)!)) > 0;

/** The market session's work due at the real instant `nowMs` (prices move only while someone holds or has an open order). */
export async function runMarketSession(db: D1Database, nowMs: number): Promise<SessionRun> {
  const { at, clock } = await marketNow(db, nowMs);
  const now = nowIso(nowMs);
  const run: SessionRun = { moved: false, filled: 0, expired: 0, rejected: 0, accounts: [] };
  const touched = new Set<string>();

  const { results: lapsed } = await db
    .prepare(`SELECT * FROM orders WHERE status IN ${OPEN_SQL} AND time_in_force = 'day' AND day_close_at <= ? LIMIT ?`)
    .bind(nowIso(at), BATCH)
    .all<OrderRow>();
  for (const order of lapsed) {
    if (await closeOrder(db, order, await usdWalletId(db, order.account_id), 'expired', now)) {
      run.expired++;
      touched.add(order.account_id);
    }
  }

  if (clock.is_open) {
    run.moved = await movePrices(db, nowIso(Math.floor(at / MINUTE_MS) * MINUTE_MS));
    const { results: open } = await db.prepare(`SELECT * FROM orders WHERE status IN ${OPEN_SQL} LIMIT ?`).bind(BATCH).all<OrderRow>();
    const quotes = await quotesOf(db, [...new Set(open.map((o) => o.symbol))]);
    for (const order of open) {
      const quote = quotes.get(order.symbol);
      if (!quote) continue;
      if (pastCollar(order, quote)) {
        if (await closeOrder(db, order, await usdWalletId(db, order.account_id), 'rejected', now)) run.rejected++;
      } else if (fillsAt(order, quote)) {
        if (await fillOpenOrder(db, order, quote, now)) run.filled++;
      } else if (order.status === 'accepted') {
        // A limit order placed while closed is working now that the market is open.
        await db.prepare(`UPDATE orders SET status = 'new', executes_at = NULL, updated_at = ? WHERE id = ? AND status = 'accepted'`).bind(now, order.id).run();
        continue;
      } else continue;
      touched.add(order.account_id);
    }
  }
  run.accounts = [...touched];
  return run;
}

/**
 * When the session's work is next due, as a real instant: every minute while the market is open
 * (prices move, limits are checked), else its next open; a day order's close is a session's close.
 * Null while nobody has an open order or a position (nothing a price or a session changes), so an
 * idle app's clock sleeps.
 */
export async function nextMarketSessionMs(db: D1Database, nowMs: number): Promise<number | null> {
  const busy = await db
    .prepare(`SELECT EXISTS (SELECT 1 FROM orders WHERE status IN ${OPEN_SQL}) OR EXISTS (SELECT 1 FROM positions WHERE qty > 0) AS busy`)
    .first<number>('busy');
  if (!busy) return null;
  const { at, clock } = await marketNow(db, nowMs);
  const offset = at - nowMs;
  const due = clock.is_open ? Math.min(Math.floor(at / MINUTE_MS) * MINUTE_MS + MINUTE_MS, Date.parse(clock.next_close)) : Date.parse(clock.next_open);
  return due - offset;
}
