// The brokerage's test fixtures inside workerd: the market's time (the test-only offset the browser
// tests set too), held prices, a stock's price, and a verified trader with an opened brokerage
// account and USD cash.
import { expect } from 'vitest';
import { coreJson, createUser, db, verifyIdentity, type Fixture } from './fixtures';

export const SUITABILITY = { experience: 'some', risk_tolerance: 'medium', horizon: 'long' } as const;
export const W8BEN = { legal_name: 'Ana Pérez', country: 'AR', signature: 'Ana Pérez', certified: true } as const;

/** Tuesday 2026-12-01, 10:00 New York (15:00 UTC): the market is open. */
export const OPEN_TUESDAY = '2026-12-01T15:00:00.000Z';

/** Puts the market's clock at `iso` (the offset from the real time, as browser tests set it). */
export async function setMarketTime(iso: string) {
  await db()
    .prepare(`INSERT INTO market_settings (key, value) VALUES ('test_time_offset_ms', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
    .bind(String(Date.parse(iso) - Date.now()))
    .run();
}

/**
 * Holds the embedded prices still (the price job moves them once a market minute: a minute already
 * moved is not moved again), so that a test's fills are at the prices it sets.
 */
export const holdPrices = () => db().prepare(`INSERT OR REPLACE INTO market_settings (key, value) VALUES ('prices_moved_at', '9999')`).run();
export const releasePrices = () => db().prepare(`DELETE FROM market_settings WHERE key = 'prices_moved_at'`).run();

export async function setPrice(symbol: string, price: string, lastday = price) {
  await db()
    .prepare(`UPDATE stock_prices SET price = ?, previous_close = ? WHERE stock_id = (SELECT id FROM stocks WHERE symbol = ?)`)
    .bind(Number(price), Number(lastday), symbol)
    .run();
}

/** A verified person with an opened brokerage account and `cents` of USD cash. */
export async function trader(cents: number): Promise<Fixture> {
  const f = await createUser();
  await verifyIdentity(f.userId);
  expect((await coreJson(f.userId, '/usd/accounts', { body: { account_id: f.accountId } })).status).toBeLessThan(300);
  expect((await coreJson(f.userId, `/brokerage/accounts/${f.accountId}`, { body: { suitability: SUITABILITY, w8ben: W8BEN } })).status).toBe(201);
  await db()
    .prepare(`UPDATE usd_balances SET available_cents = ? WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd')`)
    .bind(cents, f.accountId)
    .run();
  return f;
}
