// Recurring buys in the embedded core: plans scoped to their account, their runs on the app clock's
// job (runs across a weekend and holidays, one order however runs race, a run without enough cash
// skipped and told), pause, edit, delete, and bad inputs refused with nothing changed. The market's
// time is set through the test-only offset, as the order engine's tests do.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runMarketSession } from '../../../src/core/brokerage/market-session';
import { LIMITS } from '../../../src/shared/limiters';
import { JOBS, runRecurringBuys } from '../../../src/worker/clock/jobs';
import { apiAs, signIn, uniquePhone } from '../auth';
import { coreJson, createUser, db, scalar, testEnv, type Fixture } from '../fixtures';
import { OPEN_TUESDAY, holdPrices, releasePrices, setMarketTime, setPrice, trader } from '../brokerage-fixtures';

beforeEach(holdPrices);
afterEach(async () => {
  // Each test's plans are its own: none is left due for the next test's runs.
  await db().batch([
    db().prepare(`DELETE FROM recurring_buys`),
    db().prepare(`DELETE FROM market_settings WHERE key = 'test_time_offset_ms'`),
    db().prepare(`UPDATE orders SET status = 'canceled', reserved_cents = 0, reserved_qty = 0 WHERE status IN ('new', 'accepted', 'partially_filled')`),
    db().prepare(`UPDATE positions SET qty = 0, reserved_qty = 0, cost_basis_cents = 0`),
    db().prepare(`UPDATE usd_balances SET reserved_cents = 0`),
  ]);
  await releasePrices();
});

const plans = (f: Fixture) => `/brokerage/accounts/${f.accountId}/recurring-buys`;
const create = (f: Fixture, body: Record<string, unknown>, headers?: Record<string, string>) => coreJson(f.userId, plans(f), { body, headers });
const change = (f: Fixture, id: string, body: Record<string, unknown>) => coreJson(f.userId, `${plans(f)}/${id}`, { method: 'PATCH', body });
const read = async (f: Fixture, id: string) => (await coreJson(f.userId, `${plans(f)}/${id}`)).body.data;
const weekly = (start_date: string, notional = '10.00') => ({ symbol: 'AAPL', notional, frequency: 'weekly', start_date });

/** Runs the clock's recurring-buys job at the market's time `iso`. */
async function runAt(iso: string) {
  await setMarketTime(iso);
  return runRecurringBuys(testEnv, Date.now());
}

const orders = (f: Fixture) => db().prepare(`SELECT * FROM orders WHERE account_id = ? ORDER BY created_at`).bind(f.accountId).all<Record<string, unknown>>();
const cash = (f: Fixture) =>
  scalar<number>(`SELECT available_cents FROM usd_balances WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd')`, f.accountId);
const planCount = (f: Fixture) => scalar<number>(`SELECT COUNT(*) FROM recurring_buys WHERE account_id = ?`, f.accountId);

describe('a recurring buy’s runs', () => {
  it('runs a weekly plan started on Christmas on the next Monday at 9:30 New York, then across New Year’s Day, each run a filled order', async () => {
    await setPrice('AAPL', '200');
    const f = await trader(100_00);
    await setMarketTime('2026-12-24T15:00:00.000Z');
    const created = await create(f, weekly('2026-12-25'));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'active',
      next_run_date: '2026-12-28',
      last_run_date: null,
      notional: '10.00',
      asset_class: 'us_equity',
    });
    const id = created.body.data.id as string;

    // The clock is next due at Monday's open.
    const job = JOBS.find((j) => j.name === 'recurring buys')!;
    const offset = Date.parse('2026-12-24T15:00:00.000Z') - Date.now();
    expect(Math.abs((await job.nextDueMs(testEnv))! + offset - Date.parse('2026-12-28T14:30:00.000Z'))).toBeLessThan(5_000);

    expect(await runAt('2026-12-28T14:29:00.000Z')).toMatchObject({ placed: 0, skipped: 0 });
    expect(await runAt('2026-12-28T14:31:00.000Z')).toMatchObject({ placed: 1, skipped: 0, accounts: [f.accountId] });
    const [first] = (await orders(f)).results;
    expect(first).toMatchObject({
      client_order_id: `recurring-${id}-2026-12-28`,
      side: 'buy',
      type: 'market',
      notional_cents: 1000,
      status: 'filled',
      user_id: f.userId,
    });
    expect(await cash(f)).toBe(90_00);
    expect(await read(f, id)).toMatchObject({ next_run_date: '2027-01-04', last_run_date: '2026-12-28' });
    expect(await scalar(`SELECT COUNT(*) FROM transactions WHERE account_id = ? AND type = 'stock_order'`, f.accountId)).toBe(1);
    expect(await scalar(`SELECT COUNT(*) FROM notifications WHERE user_id = ? AND kind = 'order_filled'`, f.userId)).toBe(1);

    // Running again the same day places nothing more.
    expect(await runAt('2026-12-28T16:00:00.000Z')).toMatchObject({ placed: 0 });
    // New Year's Day (Friday) is a holiday: the Friday schedule runs on Monday 4 January, then on Friday the 8th.
    expect(await runAt('2027-01-04T14:45:00.000Z')).toMatchObject({ placed: 1 });
    expect(await read(f, id)).toMatchObject({ next_run_date: '2027-01-08', last_run_date: '2027-01-04' });
    expect((await orders(f)).results).toHaveLength(2);
  });

  it('skips a run without enough buying power: no order, the date advanced, the person notified with the symbol and amount', async () => {
    const f = await trader(5_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(f, { ...weekly('2026-12-01'), frequency: 'daily' });
    expect(body.data.next_run_date).toBe('2026-12-01');
    expect(await runAt(OPEN_TUESDAY)).toMatchObject({ placed: 0, skipped: 1, accounts: [f.accountId] });
    expect((await orders(f)).results).toHaveLength(0);
    expect(await cash(f)).toBe(5_00);
    expect(await read(f, body.data.id)).toMatchObject({ status: 'active', next_run_date: '2026-12-02', last_run_date: '2026-12-01' });
    expect(await scalar(`SELECT reason FROM recurring_runs WHERE plan_id = ?`, body.data.id)).toBe('insufficient_buying_power');
    const listed = (await coreJson(f.userId, '/notifications')).body.data.notifications;
    expect(listed[0]).toMatchObject({ kind: 'recurring_buy_skipped', asset: 'AAPL', amount_usd: 1000, transaction_id: null, read: false });
    // The skip is recorded once: running again writes nothing.
    expect(await runAt(OPEN_TUESDAY)).toMatchObject({ placed: 0, skipped: 0 });
  });

  it('places one order when two runs race for the same date, and advances the plan once', async () => {
    await setPrice('AAPL', '200');
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(f, weekly('2026-12-01'));
    const results = await Promise.all([runRecurringBuys(testEnv, Date.now()), runRecurringBuys(testEnv, Date.now()), runRecurringBuys(testEnv, Date.now())]);
    expect(results.reduce((n, r) => n + r.placed, 0)).toBe(1);
    expect((await orders(f)).results).toHaveLength(1);
    expect(await cash(f)).toBe(90_00);
    expect(await scalar(`SELECT COUNT(*) FROM recurring_runs WHERE plan_id = ?`, body.data.id)).toBe(1);
    expect(await read(f, body.data.id)).toMatchObject({ next_run_date: '2026-12-08', last_run_date: '2026-12-01' });
  });

  it('runs the other plans when one plan’s run fails, and leaves the failed one due', async () => {
    await setPrice('AAPL', '200');
    const broken = await trader(100_00);
    const fine = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(fine, weekly('2026-12-01'));
    // A plan whose next date lies past the market calendar (written with SQL: the API refuses such a start).
    const id = crypto.randomUUID();
    await db()
      .prepare(
        `INSERT INTO recurring_buys (id, user_id, account_id, symbol, notional_cents, frequency, start_date, status, next_run_date, created_at, updated_at)
         VALUES (?, ?, ?, 'AAPL', 1000, 'daily', '2028-12-31', 'active', '2026-11-30', '2026-11-30T00:00:00.000Z', '2026-11-30T00:00:00.000Z')`,
      )
      .bind(id, broken.userId, broken.accountId)
      .run();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runAt(OPEN_TUESDAY)).toMatchObject({ placed: 1, accounts: [fine.accountId] });
    expect(await read(fine, body.data.id)).toMatchObject({ last_run_date: '2026-12-01' });
    expect(await read(broken, id)).toMatchObject({ next_run_date: '2026-11-30', last_run_date: null });
    expect((await orders(broken)).results).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('does not run a daily stock plan on a weekend: its first run is the Monday after', async () => {
    const f = await trader(100_00);
    // Saturday 2026-12-05: a daily stock plan's first run is Monday.
    await setMarketTime('2026-12-05T15:00:00.000Z');
    const { body } = await create(f, { ...weekly('2026-12-05'), frequency: 'daily' });
    expect(body.data.next_run_date).toBe('2026-12-07');
    expect(await runAt('2026-12-06T15:00:00.000Z')).toMatchObject({ placed: 0 });
  });
});

describe('pausing, editing and deleting a recurring buy', () => {
  it('pause stops its runs; resuming starts again from today, without making up the missed runs', async () => {
    const f = await trader(100_00);
    await setMarketTime('2026-11-30T15:00:00.000Z');
    const { body } = await create(f, weekly('2026-12-01'));
    const paused = await change(f, body.data.id, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', next_run_date: null });
    expect(await runAt(OPEN_TUESDAY)).toMatchObject({ placed: 0, skipped: 0 });
    expect(await runAt('2026-12-08T15:00:00.000Z')).toMatchObject({ placed: 0, skipped: 0 });
    expect((await orders(f)).results).toHaveLength(0);
    const resumed = await change(f, body.data.id, { status: 'active' });
    expect(resumed.body.data).toMatchObject({ status: 'active', next_run_date: '2026-12-08', last_run_date: null });
  });

  it('editing the amount and frequency recomputes the next run from the schedule, and the next run buys the new amount', async () => {
    await setPrice('AAPL', '200');
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(f, { ...weekly('2026-12-01'), frequency: 'daily' });
    await runAt(OPEN_TUESDAY);
    expect(await read(f, body.data.id)).toMatchObject({ next_run_date: '2026-12-02' });
    const edited = await change(f, body.data.id, { frequency: 'weekly', notional: '25.50' });
    expect(edited.body.data).toMatchObject({ frequency: 'weekly', notional: '25.50', next_run_date: '2026-12-08', last_run_date: '2026-12-01' });
    await runAt('2026-12-08T15:00:00.000Z');
    const last = (await orders(f)).results.at(-1)!;
    expect(last).toMatchObject({ notional_cents: 2550, client_order_id: `recurring-${body.data.id}-2026-12-08` });
  });

  it('delete answers the plan, then 404; it runs no more and its orders stay', async () => {
    await setPrice('AAPL', '200');
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(f, { ...weekly('2026-12-01'), frequency: 'daily' });
    await runAt(OPEN_TUESDAY);
    const deleted = await coreJson(f.userId, `${plans(f)}/${body.data.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(body.data.id);
    expect((await coreJson(f.userId, `${plans(f)}/${body.data.id}`)).status).toBe(404);
    expect((await coreJson(f.userId, `${plans(f)}/${body.data.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await runAt('2026-12-02T15:00:00.000Z')).toMatchObject({ placed: 0, skipped: 0 });
    expect((await orders(f)).results).toHaveLength(1);
  });

  it('lists the account’s plans, oldest first', async () => {
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    await create(f, weekly('2026-12-03'));
    await create(f, { ...weekly('2026-12-04'), symbol: 'msft', frequency: 'monthly' });
    const listed = (await coreJson(f.userId, plans(f))).body.data;
    expect(listed.map((p: { symbol: string; frequency: string }) => [p.symbol, p.frequency])).toEqual([
      ['AAPL', 'weekly'],
      ['MSFT', 'monthly'],
    ]);
  });

  it('answers the same plan to a repeated Idempotency-Key, and creates one', async () => {
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await create(f, weekly('2026-12-03'), headers);
    const again = await create(f, weekly('2026-12-03'), headers);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await planCount(f)).toBe(1);
  });
});

describe('a recurring buy belongs to its account', () => {
  it('answers 404 to another user, for their own account or the owner’s, and changes nothing', async () => {
    const owner = await trader(100_00);
    const other = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(owner, weekly('2026-12-03'));
    const id = body.data.id as string;
    for (const path of [`${plans(owner)}/${id}`, `${plans(other)}/${id}`]) {
      expect((await coreJson(other.userId, path)).status).toBe(404);
      expect((await coreJson(other.userId, path, { method: 'PATCH', body: { status: 'paused' } })).status).toBe(404);
      expect((await coreJson(other.userId, path, { method: 'DELETE' })).status).toBe(404);
    }
    expect((await coreJson(other.userId, plans(owner))).status).toBe(404);
    expect((await coreJson(other.userId, plans(owner), { body: weekly('2026-12-03') })).status).toBe(404);
    expect(await read(owner, id)).toMatchObject({ status: 'active', next_run_date: '2026-12-03' });
    expect(await planCount(owner)).toBe(1);
  });
});

describe('bad inputs', () => {
  it('refuses each with a 4xx {message} and creates nothing', async () => {
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const cases: [Record<string, unknown>, number][] = [
      [{ ...weekly('2026-12-03'), notional: '0.99' }, 400],
      [{ ...weekly('2026-12-03'), notional: '10.001' }, 400],
      [{ ...weekly('2026-12-03'), notional: '1000000.01' }, 400],
      [{ ...weekly('2026-12-03'), notional: 10 }, 400],
      [{ ...weekly('2026-12-03'), frequency: 'yearly' }, 400],
      [weekly('2026-11-30'), 400],
      [weekly('2026-02-30'), 400],
      [weekly('2030-01-01'), 400],
      [{ ...weekly('2026-12-03'), status: 'paused' }, 400],
      [{ notional: '10.00', frequency: 'weekly' }, 400],
      [{ ...weekly('2026-12-03'), symbol: 'CC' }, 422],
      [{ ...weekly('2026-12-03'), symbol: 'NOPE' }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await create(f, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.message, JSON.stringify(body)).toBe('string');
    }
    expect(await planCount(f)).toBe(0);
  });

  it('refuses an empty or unknown change with 400 and leaves the plan as it was', async () => {
    const f = await trader(100_00);
    await setMarketTime(OPEN_TUESDAY);
    const { body } = await create(f, weekly('2026-12-03'));
    for (const bad of [{}, { status: 'stopped' }, { notional: '0' }, { next_run_date: '2026-12-01' }]) {
      const res = await change(f, body.data.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await read(f, body.data.id)).toEqual(body.data);
  });

  it('refuses a plan for an account whose brokerage account is not opened (403 trading_blocked)', async () => {
    const f = await createUser();
    await setMarketTime(OPEN_TUESDAY);
    const res = await create(f, weekly('2026-12-03'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'trading_blocked' });
    expect(await planCount(f)).toBe(0);
  });
});

describe('an order rejected at the open', () => {
  it('notifies the person (order_rejected) when a market buy by qty placed while closed passes its collar', async () => {
    await setPrice('AAPL', '100');
    const f = await trader(1_000_00);
    await setMarketTime('2026-12-05T15:00:00.000Z');
    const placed = await coreJson(f.userId, `/brokerage/accounts/${f.accountId}/orders`, {
      body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1' },
    });
    expect(placed.body.data.status).toBe('accepted');
    await setPrice('AAPL', '110');
    await setMarketTime('2026-12-07T14:31:00.000Z');
    expect((await runMarketSession(db(), Date.now())).rejected).toBe(1);
    const listed = (await coreJson(f.userId, '/notifications')).body.data.notifications;
    expect(listed[0]).toMatchObject({ kind: 'order_rejected', asset: 'AAPL', amount_usd: null });
  });
});

describe('the abuse limit of recurring buys', () => {
  it('counts plan writes on RL_ORDERS with orders (429 {message} past the limit), and not the reads', { timeout: 30_000 }, async () => {
    const who = await signIn(uniquePhone());
    const accountId = (await apiAs(who, 'GET', '/api/accounts/user/accounts')).body.data.accounts[0].account_id as string;
    const plans = `/api/brokerage/accounts/${accountId}/recurring-buys`;
    const { limit } = LIMITS.RL_ORDERS;
    for (let i = 0; i < limit; i++) {
      // No brokerage account: refused, and still counted (a decided answer).
      expect((await apiAs(who, 'POST', plans, weekly('2027-06-01'))).status).toBe(403);
    }
    const limited = await apiAs(who, 'PATCH', `${plans}/${crypto.randomUUID()}`, { status: 'paused' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
    expect(
      (
        await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, {
          symbol: 'AAPL',
          side: 'buy',
          type: 'market',
          time_in_force: 'day',
          notional: '5.00',
        })
      ).status,
    ).toBe(429);
    expect((await apiAs(who, 'GET', plans)).status).toBe(200);
  });
});
