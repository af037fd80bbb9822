// The brokerage's daily portfolio snapshots in the embedded core: the clock's snapshot job writes one
// row per account per trading day after its close (none on a weekend or a holiday, once however
// often or concurrently it runs), and the portfolio history reads them, ends at today's live value
// and is scoped to the caller. The market's time is set through the test-only offset.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/shared/limiters';
import { apiAs, signIn, uniquePhone } from '../auth';
import { nextSnapshotMs, takeSnapshots } from '../../../src/core/brokerage/snapshots';
import { snapshotPortfolios } from '../../../src/worker/clock/jobs';
import { OPEN_TUESDAY, holdPrices, releasePrices, setMarketTime, setPrice, trader } from '../brokerage-fixtures';
import { coreJson, createUser, db, scalar, testEnv, type Fixture } from '../fixtures';

beforeEach(holdPrices);
afterEach(async () => {
  await db().prepare(`DELETE FROM market_settings WHERE key = 'test_time_offset_ms'`).run();
  await releasePrices();
});

const rows = (f: Fixture) =>
  db()
    .prepare(`SELECT date, equity_cents, cash_cents, cost_basis_cents FROM portfolio_snapshots WHERE account_id = ? ORDER BY date`)
    .bind(f.accountId)
    .all()
    .then((r) => r.results);
const history = (f: Fixture, accountId = f.accountId, query = '') => coreJson(f.userId, `/brokerage/accounts/${accountId}/portfolio/history${query}`);

/** A trader holding about $10 of AAPL bought at 190 on Tuesday's open, with $90 cash left. */
async function holder(): Promise<Fixture> {
  await setMarketTime(OPEN_TUESDAY);
  await setPrice('AAPL', '190', '188');
  const f = await trader(100_00);
  const order = await coreJson(f.userId, `/brokerage/accounts/${f.accountId}/orders`, {
    body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' },
  });
  expect(order.body.data.status).toBe('filled');
  return f;
}

describe('the snapshot job', () => {
  it('writes one row per trading day after its close: equity = positions at the close + cash, with cash and cost basis', async () => {
    const f = await holder();
    await setMarketTime('2026-12-01T20:59:00.000Z'); // Tuesday 15:59: still open
    expect((await takeSnapshots(db(), Date.now())).date).toBeNull();
    expect(await rows(f)).toEqual([]);

    await setPrice('AAPL', '200', '188');
    await setMarketTime('2026-12-01T21:00:00.000Z'); // 16:00: closed
    expect((await snapshotPortfolios(testEnv, Date.now())).date).toBe('2026-12-01');
    // 0.052631 shares at 200 = 10.53 (to the cent), plus 90.00 cash.
    expect(await rows(f)).toEqual([{ date: '2026-12-01', equity_cents: 100_53, cash_cents: 90_00, cost_basis_cents: 10_00 }]);

    await setPrice('AAPL', '180', '200');
    await setMarketTime('2026-12-02T23:00:00.000Z'); // Wednesday 18:00
    await takeSnapshots(db(), Date.now());
    expect(await rows(f)).toEqual([
      { date: '2026-12-01', equity_cents: 100_53, cash_cents: 90_00, cost_basis_cents: 10_00 },
      { date: '2026-12-02', equity_cents: 99_47, cash_cents: 90_00, cost_basis_cents: 10_00 },
    ]);
  });

  it('writes no row for a weekend or a holiday: the last closed session’s row only', async () => {
    const f = await holder();
    await setMarketTime('2026-12-25T22:00:00.000Z'); // Christmas (closed): the 24th (an early close) is the last session
    expect((await takeSnapshots(db(), Date.now())).date).toBe('2026-12-24');
    await setMarketTime('2026-12-26T17:00:00.000Z'); // Saturday
    await takeSnapshots(db(), Date.now());
    await setMarketTime('2026-12-27T17:00:00.000Z'); // Sunday
    await takeSnapshots(db(), Date.now());
    expect((await rows(f)).map((r) => r.date)).toEqual(['2026-12-24']);
  });

  it('writes each day once however often and concurrently it runs', async () => {
    const f = await holder();
    await setMarketTime('2026-12-03T22:00:00.000Z'); // Thursday 17:00
    const runs = await Promise.all(Array.from({ length: 5 }, () => takeSnapshots(db(), Date.now())));
    expect(runs.every((r) => r.date === '2026-12-03')).toBe(true);
    expect(await takeSnapshots(db(), Date.now())).toEqual({ date: '2026-12-03', written: 0 });
    expect((await rows(f)).map((r) => r.date)).toEqual(['2026-12-03']);
  });

  it('is due now while an account lacks the last close’s row, else at the next close', async () => {
    await holder();
    await setMarketTime('2026-12-07T22:00:00.000Z'); // Monday 17:00
    const now = Date.now();
    expect(await nextSnapshotMs(db(), now)).toBe(now);
    await takeSnapshots(db(), now);
    const offset = Number(await scalar<string>(`SELECT value FROM market_settings WHERE key = 'test_time_offset_ms'`));
    // Tuesday's close, 16:00 New York = 21:00 UTC, as a real instant.
    expect(await nextSnapshotMs(db(), now)).toBe(Date.parse('2026-12-08T21:00:00.000Z') - offset);
  });
});

describe('GET /brokerage/accounts/{accountId}/portfolio/history', () => {
  it('answers the stored days before today, then today’s live value, as exact dollar strings', async () => {
    const f = await holder();
    await setPrice('AAPL', '200', '188');
    await setMarketTime('2026-12-08T22:00:00.000Z'); // Tuesday 2026-12-08, 17:00
    await takeSnapshots(db(), Date.now());
    await setPrice('AAPL', '210', '200');
    await setMarketTime('2026-12-09T15:00:00.000Z'); // Wednesday 10:00, open: today's point is live
    const res = await history(f);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      timestamp: [Date.parse('2026-12-08T21:00:00.000Z') / 1000, expect.any(Number)],
      equity: ['100.53', '101.05'],
      profit_loss: ['0.53', '1.05'],
      base_value: '100.53',
      timeframe: '1D',
    });
    // A month back from 2027-01-20 leaves December's 8th out; everything keeps it.
    await setMarketTime('2027-01-20T15:00:00.000Z');
    expect((await history(f, f.accountId, '?period=1M')).body.data.equity).toEqual(['101.05']);
    expect((await history(f, f.accountId, '?period=all')).body.data.equity).toEqual(['100.53', '101.05']);
  });

  it('answers 404 for another user’s account like an unknown one, and 400 for an unknown period', async () => {
    const a = await holder();
    const b = await trader(0);
    expect((await history(b, a.accountId)).status).toBe(404);
    expect((await history(b, crypto.randomUUID())).status).toBe(404);
    const bad = await history(a, a.accountId, '?period=5Y');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
  });

  it('answers no points for an account without a brokerage account', async () => {
    const f = await createUser();
    expect((await history(f)).body.data).toEqual({ timestamp: [], equity: [], profit_loss: [], base_value: '0.00', timeframe: '1D' });
  });

  it('is a read through the BFF that the order writes’ limit (RL_ORDERS) does not stop', { timeout: 30_000 }, async () => {
    const who = await signIn(uniquePhone());
    const accounts = await apiAs(who, 'GET', '/api/accounts/user/accounts');
    const accountId = accounts.body.data.accounts[0].account_id as string;
    const body = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '5.00' };
    for (let i = 0; i <= LIMITS.RL_ORDERS.limit; i++) await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, body);
    expect((await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, body)).status).toBe(429);
    const read = await apiAs(who, 'GET', `/api/brokerage/accounts/${accountId}/portfolio/history?period=1Y`);
    expect(read.status).toBe(200);
    expect(read.body.data.timestamp).toEqual([]);
    const foreign = await apiAs(who, 'GET', `/api/brokerage/accounts/${(await holder()).accountId}/portfolio/history`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toEqual(expect.any(String));
  });
});
