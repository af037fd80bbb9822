// The embedded market's time: the instant the market clock, the order engine and the clock's market
// job all read. It is the real time, plus an offset that only tests set (a `test_time_offset_ms` row
// of market_settings, written with SQL by the browser tests to open or close the market: no API sets
// it). The core runs only where the ledger is embedded; a production Worker forwards to its upstream
// and never reads this.
import { marketClock, type MarketClock } from './market-clock';

/** The market's instant at the real instant `nowMs`. */
export async function marketNowMs(db: D1Database, nowMs: number): Promise<number> {
  const offset = await db.prepare(`SELECT value FROM market_settings WHERE key = 'test_time_offset_ms'`).first<string>('value');
  const ms = offset === null ? 0 : Number(offset);
  return Number.isSafeInteger(ms) ? nowMs + ms : nowMs;
}

/** The market clock at the real instant `nowMs`, with the instant it was read at. */
export async function marketNow(db: D1Database, nowMs: number): Promise<{ at: number; clock: MarketClock }> {
  const at = await marketNowMs(db, nowMs);
  return { at, clock: marketClock(at) };
}
