// The order engine in the embedded core: orders that fill at once while the market is open, wait
// for the open while it is closed (across a weekend and a holiday), limit orders that fill when the
// price crosses, day orders that expire at the close (13:00 on an early close), cancels, Sell all,
// average cost, idempotent client_order_id, buying power under 50 concurrent orders and a cancel
// racing a fill. The market's time is set through the test-only offset (market_settings), the same
// one the browser tests use; the clock's work runs with runMarketSession at the real instant.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/shared/limiters';
import { apiAs, signIn, uniquePhone } from '../auth';
import { runMarketSession } from '../../../src/core/brokerage/market-session';
import { OPEN_TUESDAY, SUITABILITY, W8BEN, holdPrices, releasePrices, setMarketTime, setPrice, trader } from '../brokerage-fixtures';
import { core, coreJson, createUser, db, scalar, verifyIdentity, type Fixture } from '../fixtures';

beforeEach(holdPrices);
// Nothing of these tests is left for the app clock's market job (it sleeps without open orders or positions).
afterAll(async () => {
  await db().batch([
    db().prepare(`UPDATE orders SET status = 'canceled', reserved_cents = 0, reserved_qty = 0 WHERE status IN ('new', 'accepted', 'partially_filled')`),
    db().prepare(`UPDATE positions SET qty = 0, reserved_qty = 0, cost_basis_cents = 0`),
    db().prepare(`UPDATE usd_balances SET reserved_cents = 0`),
  ]);
});
afterEach(async () => {
  await db().prepare(`DELETE FROM market_settings WHERE key = 'test_time_offset_ms'`).run();
  await releasePrices();
});

const place = (f: Fixture, body: Record<string, unknown>, headers?: Record<string, string>) =>
  coreJson(f.userId, `/brokerage/accounts/${f.accountId}/orders`, { body, headers });
const account = async (f: Fixture) => (await coreJson(f.userId, `/brokerage/accounts/${f.accountId}`)).body.data;
const order = async (f: Fixture, id: string) => (await coreJson(f.userId, `/brokerage/accounts/${f.accountId}/orders/${id}`)).body.data;
const position = (f: Fixture, symbol: string) => coreJson(f.userId, `/brokerage/accounts/${f.accountId}/positions/${symbol}`);
const cancel = (f: Fixture, id: string) => coreJson(f.userId, `/brokerage/accounts/${f.accountId}/orders/${id}`, { method: 'DELETE' });
const sellAll = (f: Fixture, symbol: string) => coreJson(f.userId, `/brokerage/accounts/${f.accountId}/positions/${symbol}`, { method: 'DELETE' });

const cash = (f: Fixture) =>
  scalar<number>(`SELECT available_cents FROM usd_balances WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd')`, f.accountId);
const reserved = (f: Fixture) =>
  scalar<number>(`SELECT reserved_cents FROM usd_balances WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd')`, f.accountId);
const stockOrders = (f: Fixture) => scalar<number>(`SELECT COUNT(*) FROM transactions WHERE account_id = ? AND type = 'stock_order'`, f.accountId);
const orderCount = (f: Fixture) => scalar<number>(`SELECT COUNT(*) FROM orders WHERE account_id = ?`, f.accountId);

describe('placing orders while the market is open', () => {
  it('fills a $10 market buy at once at the price, with its position, cash, stock_order row and notification', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '190', '188');
    const f = await trader(100_00);
    const res = await place(f, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'filled',
      filled_qty: '0.052631',
      filled_avg_price: '190',
      filled_cents: 1000,
      fee_cents: 0,
      reserved_cents: 0,
      estimated_price: '190',
    });
    expect(await cash(f)).toBe(90_00);
    const held = (await position(f, 'AAPL')).body.data;
    expect(held).toMatchObject({
      qty: '0.052631',
      qty_available: '0.052631',
      cost_basis_cents: 1000,
      current_price: '190',
      lastday_price: '188',
      market_value_cents: 1000,
    });
    const tx = await db()
      .prepare(`SELECT type, amount_usd, asset, status, direction FROM transactions WHERE id = ?`)
      .bind(res.body.data.transaction_id)
      .first();
    expect(tx).toEqual({ type: 'stock_order', amount_usd: 1000, asset: 'AAPL', status: 'COMPLETED', direction: 'sent' });
    expect(await scalar(`SELECT COUNT(*) FROM notifications WHERE user_id = ? AND kind = 'order_filled'`, f.userId)).toBe(1);
    const summary = await account(f);
    expect(summary).toMatchObject({ cash_cents: 90_00, reserved_cents: 0, buying_power_cents: 90_00, long_market_value_cents: 1000, equity_cents: 100_00 });
  });

  it('refuses a buy over buying power with 409 insufficient_buying_power and writes nothing', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('MSFT', '400');
    const f = await trader(50_00);
    const res = await place(f, { symbol: 'MSFT', side: 'buy', type: 'market', time_in_force: 'day', qty: '1' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'insufficient_buying_power', message: expect.any(String) });
    expect(await orderCount(f)).toBe(0);
    expect(await cash(f)).toBe(50_00);
  });

  it('refuses a digital asset or an unknown symbol with 422 symbol_not_tradable, and a person without a brokerage account with 403 trading_blocked', async () => {
    await setMarketTime(OPEN_TUESDAY);
    const f = await trader(50_00);
    for (const symbol of ['CC', 'CBTC', 'NOPE']) {
      const res = await place(f, { symbol, side: 'buy', type: 'market', time_in_force: 'day', notional: '5' });
      expect(res.status, symbol).toBe(422);
      expect(res.body.code).toBe('symbol_not_tradable');
    }
    const stranger = await createUser();
    const blocked = await place(stranger, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '5' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('trading_blocked');
    expect(await orderCount(f)).toBe(0);
  });

  it('refuses bad bodies with 400 {message}, deep and huge ones too, and writes nothing', async () => {
    const f = await trader(50_00);
    const bad: unknown[] = [
      {},
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day' },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1', notional: '5' },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '0.50' },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: 10 },
      { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'day', qty: '1' },
      { symbol: 'AAPL', side: 'buy', type: 'stop', time_in_force: 'day', qty: '1', stop_price: '1' },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'gtc', qty: '0.5' },
      { symbol: '../x', side: 'buy', type: 'market', time_in_force: 'day', qty: '1' },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1', client_order_id: 'x'.repeat(129) },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1', nested: JSON.parse('['.repeat(200) + ']'.repeat(200)) },
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '9'.repeat(5000) },
      '[1,2',
    ];
    for (const body of bad) {
      const res = await place(f, body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    expect(await orderCount(f)).toBe(0);
  });

  it('answers 404 for another user’s account, order and position, like unknown ones', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '190');
    const a = await trader(100_00);
    const b = await trader(100_00);
    const placed = (await place(a, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10' })).body.data;
    const asB = (path: string, method = 'GET') => coreJson(b.userId, path, { method });
    expect((await asB(`/brokerage/accounts/${a.accountId}/orders`)).status).toBe(404);
    expect((await asB(`/brokerage/accounts/${a.accountId}/orders/${placed.id}`)).status).toBe(404);
    expect((await asB(`/brokerage/accounts/${b.accountId}/orders/${placed.id}`)).status).toBe(404);
    expect((await asB(`/brokerage/accounts/${a.accountId}/orders/${placed.id}`, 'DELETE')).status).toBe(404);
    expect((await asB(`/brokerage/accounts/${a.accountId}/positions`)).status).toBe(404);
    expect((await asB(`/brokerage/accounts/${a.accountId}/positions/AAPL`, 'DELETE')).status).toBe(404);
    expect(
      (
        await coreJson(b.userId, `/brokerage/accounts/${a.accountId}/orders`, {
          body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10' },
        })
      ).status,
    ).toBe(404);
    expect((await position(b, 'AAPL')).status).toBe(404);
    expect(await orderCount(b)).toBe(0);
  });
});

describe('client_order_id', () => {
  it('answers the same order for the same id and body (one fill, one transaction) and 409 client_order_id_conflict for another body', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('NVDA', '150');
    const f = await trader(100_00);
    const body = { symbol: 'NVDA', side: 'buy', type: 'market', time_in_force: 'day', notional: '15.00', client_order_id: 'ticket-42' };
    const [first, second] = await Promise.all([place(f, body), place(f, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.data.id).toBe(second.body.data.id);
    const again = await place(f, body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await stockOrders(f)).toBe(1);
    expect(await cash(f)).toBe(85_00);
    const other = await place(f, { ...body, notional: '16.00' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('client_order_id_conflict');
    expect(await orderCount(f)).toBe(1);
  });
});

describe('buying power under concurrent orders', () => {
  it(
    'places exactly the affordable number of 50 concurrent buys, refuses the rest with 409 insufficient_buying_power, and never goes negative',
    { timeout: 30_000 },
    async () => {
      await setMarketTime(OPEN_TUESDAY);
      await setPrice('AMZN', '200');
      const f = await trader(20_00 * 17 + 99);
      // Limit orders below the price: each stays open and reserves qty x limit = $20.00.
      const results = await Promise.all(
        Array.from({ length: 50 }, () => place(f, { symbol: 'AMZN', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '20.00' })),
      );
      const placed = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(placed.length).toBe(17);
      expect(refused.length).toBe(33);
      for (const r of refused) expect(r.body.code).toBe('insufficient_buying_power');
      expect(await reserved(f)).toBe(20_00 * 17);
      expect(await cash(f)).toBe(20_00 * 17 + 99);
      expect((await account(f)).buying_power_cents).toBe(99);
      // The reservation cannot be withdrawn or spent by a market buy.
      const buy = await place(f, { symbol: 'AMZN', side: 'buy', type: 'market', time_in_force: 'day', notional: '5.00' });
      expect(buy.body.code).toBe('insufficient_buying_power');
      // The limits fill when the price crosses: each spends what it reserved, never twice.
      await setPrice('AMZN', '19.50');
      await runMarketSession(db(), Date.now());
      expect(await scalar(`SELECT COUNT(*) FROM orders WHERE account_id = ? AND status = 'filled'`, f.accountId)).toBe(17);
      expect(await reserved(f)).toBe(0);
      expect(await cash(f)).toBe(20_00 * 17 + 99 - 19_50 * 17);
      expect((await position(f, 'AMZN')).body.data).toMatchObject({ qty: '17.000000', cost_basis_cents: 19_50 * 17, avg_entry_price: '19.5000' });
    },
  );

  it('a withdrawal cannot take cash an open buy holds', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('GOOGL', '100');
    const f = await trader(100_00);
    expect((await place(f, { symbol: 'GOOGL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '90' })).status).toBe(201);
    const bank = await coreJson(f.userId, `/usd/accounts/${f.accountId}/bank-accounts`, {
      body: { holder_name: 'Ana Pérez', bank_name: 'Banco', account_number: '123456789', routing_number: '021000021' },
    });
    expect(bank.status).toBe(200);
    const withdrawal = await coreJson(f.userId, `/usd/accounts/${f.accountId}/withdrawals`, { body: { amount: '10.01', bank_account_id: bank.body.data.id } });
    expect(withdrawal.status).toBe(409);
    expect(withdrawal.body.code).toBe('insufficient_funds');
    expect(await cash(f)).toBe(100_00);
  });
});

describe('cancelling', () => {
  it('releases the reservation, notifies, and refuses a second cancel with 409 order_not_cancelable', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('META', '500');
    const f = await trader(1000_00);
    const placed = (await place(f, { symbol: 'META', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '450' })).body.data;
    expect(placed).toMatchObject({ status: 'new', reserved_cents: 450_00 });
    expect(await reserved(f)).toBe(450_00);
    const canceled = await cancel(f, placed.id);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ status: 'canceled', reserved_cents: 0 });
    expect(await reserved(f)).toBe(0);
    expect(await scalar(`SELECT COUNT(*) FROM notifications WHERE user_id = ? AND kind = 'order_canceled'`, f.userId)).toBe(1);
    // The notification names the order's symbol (no money moved: no transaction, no amount).
    const told = (await coreJson(f.userId, '/notifications')).body.data.notifications;
    expect(told.find((n: { kind: string }) => n.kind === 'order_canceled')).toMatchObject({ asset: 'META', transaction_id: null, amount_usd: null });
    const again = await cancel(f, placed.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('order_not_cancelable');
  });

  it('a cancel racing a fill: exactly one wins and the money is right either way', { timeout: 30_000 }, async () => {
    await setMarketTime(OPEN_TUESDAY);
    for (let round = 0; round < 6; round++) {
      await setPrice('TSLA', '300');
      const f = await trader(1000_00);
      const placed = (await place(f, { symbol: 'TSLA', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '2', limit_price: '250' })).body.data;
      await setPrice('TSLA', '249.50');
      // Both orders of events: the cancel first on even rounds, the fill first on odd ones.
      const fill = () => runMarketSession(db(), Date.now());
      const [a, b] = round % 2 === 0 ? await Promise.all([cancel(f, placed.id), fill()]) : (await Promise.all([fill(), cancel(f, placed.id)])).reverse();
      const cancelResult = a as Awaited<ReturnType<typeof cancel>>;
      void b;
      const final = await order(f, placed.id);
      expect(['canceled', 'filled']).toContain(final.status);
      expect(await reserved(f)).toBe(0);
      if (final.status === 'filled') {
        expect(cancelResult.status).toBe(409);
        expect(await cash(f)).toBe(1000_00 - 499_00);
        expect(await stockOrders(f)).toBe(1);
      } else {
        expect(cancelResult.status).toBe(200);
        expect(await cash(f)).toBe(1000_00);
        expect(await stockOrders(f)).toBe(0);
      }
    }
  });
});

describe('the market clock', () => {
  it('accepts a market buy placed on Friday after the close and fills it at Monday’s open price', async () => {
    await setPrice('JPM', '250');
    const f = await trader(1000_00);
    await setMarketTime('2026-12-04T22:00:00.000Z'); // Friday 17:00 New York
    const placed = await place(f, { symbol: 'JPM', side: 'buy', type: 'market', time_in_force: 'day', qty: '2' });
    expect(placed.status).toBe(201);
    // Held: 2 x 250 x 1.05, rounded up to the cent.
    expect(placed.body.data).toMatchObject({ status: 'accepted', executes_at: '2026-12-07T14:30:00.000Z', reserved_cents: 525_00 });
    expect(await cash(f)).toBe(1000_00);
    await setMarketTime('2026-12-05T15:00:00.000Z'); // Saturday: nothing fills
    await runMarketSession(db(), Date.now());
    expect((await order(f, placed.body.data.id)).status).toBe('accepted');
    await setPrice('JPM', '260');
    await setMarketTime('2026-12-07T14:30:30.000Z'); // Monday, just after the open
    await runMarketSession(db(), Date.now());
    const filled = await order(f, placed.body.data.id);
    expect(filled).toMatchObject({ status: 'filled', filled_qty: '2.000000', filled_avg_price: '260', filled_cents: 520_00, reserved_cents: 0 });
    expect(await cash(f)).toBe(1000_00 - 520_00);
    expect(await reserved(f)).toBe(0);
  });

  it('waits across Thanksgiving: placed Wednesday evening, it fills on Friday’s open, not on the holiday', async () => {
    await setPrice('MSFT', '400');
    const f = await trader(1000_00);
    await setMarketTime('2026-11-25T22:00:00.000Z'); // Wednesday 17:00
    const placed = (await place(f, { symbol: 'MSFT', side: 'buy', type: 'market', time_in_force: 'day', notional: '100' })).body.data;
    expect(placed).toMatchObject({ status: 'accepted', executes_at: '2026-11-27T14:30:00.000Z', reserved_cents: 100_00 });
    await setMarketTime('2026-11-26T16:00:00.000Z'); // Thanksgiving, 11:00
    await runMarketSession(db(), Date.now());
    expect((await order(f, placed.id)).status).toBe('accepted');
    await setMarketTime('2026-11-27T14:31:00.000Z');
    await runMarketSession(db(), Date.now());
    // $100 at $400: 0.25 shares for exactly $100.00.
    expect(await order(f, placed.id)).toMatchObject({ status: 'filled', filled_qty: '0.250000', filled_cents: 100_00 });
    expect(await cash(f)).toBe(900_00);
  });

  it('expires an open day order at the close, at 13:00 on an early-close day, releasing what it held', async () => {
    await setPrice('AAPL', '190');
    const f = await trader(1000_00);
    await setMarketTime('2026-11-27T15:00:00.000Z'); // the day after Thanksgiving, 10:00: closes at 13:00
    const placed = (await place(f, { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'day', qty: '1', limit_price: '150' })).body.data;
    const gtc = (await place(f, { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '150' })).body.data;
    expect(await reserved(f)).toBe(300_00);
    await setMarketTime('2026-11-27T17:59:00.000Z'); // 12:59: still open
    await runMarketSession(db(), Date.now());
    expect((await order(f, placed.id)).status).toBe('new');
    await setMarketTime('2026-11-27T18:00:01.000Z'); // 13:00:01
    await runMarketSession(db(), Date.now());
    expect(await order(f, placed.id)).toMatchObject({ status: 'expired', reserved_cents: 0 });
    expect((await order(f, placed.id)).expired_at).not.toBeNull();
    expect((await order(f, gtc.id)).status).toBe('new');
    expect(await reserved(f)).toBe(150_00);
    expect(await scalar(`SELECT COUNT(*) FROM notifications WHERE user_id = ? AND kind = 'order_expired'`, f.userId)).toBe(1);
  });
});

describe('limit orders and prices', () => {
  it('fills a limit sell when a price move crosses its limit, and holds its shares meanwhile', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('NVDA', '100');
    const f = await trader(1000_00);
    expect((await place(f, { symbol: 'NVDA', side: 'buy', type: 'market', time_in_force: 'day', qty: '3' })).status).toBe(201);
    const sell = (await place(f, { symbol: 'NVDA', side: 'sell', type: 'limit', time_in_force: 'gtc', qty: '2', limit_price: '110' })).body.data;
    expect(sell).toMatchObject({ status: 'new', reserved_qty: '2.000000' });
    expect((await position(f, 'NVDA')).body.data.qty_available).toBe('1.000000');
    const tooMany = await place(f, { symbol: 'NVDA', side: 'sell', type: 'market', time_in_force: 'day', qty: '1.5' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('insufficient_qty');
    await setPrice('NVDA', '111');
    await runMarketSession(db(), Date.now());
    const filled = await order(f, sell.id);
    expect(filled.status).toBe('filled');
    expect(Number(filled.filled_avg_price)).toBeGreaterThanOrEqual(110);
    expect(await cash(f)).toBe(1000_00 - 300_00 + filled.filled_cents);
    expect((await position(f, 'NVDA')).body.data).toMatchObject({ qty: '1.000000', qty_available: '1.000000', cost_basis_cents: 100_00 });
  });

  it('moves prices at most 0.5% once per market minute, to the cent', async () => {
    await releasePrices();
    await setMarketTime('2026-12-01T16:00:10.000Z');
    await setPrice('AAPL', '200');
    await runMarketSession(db(), Date.now());
    const moved = await scalar<number>(`SELECT price FROM stock_prices WHERE stock_id = (SELECT id FROM stocks WHERE symbol = 'AAPL')`);
    expect(Math.abs(moved - 200)).toBeLessThanOrEqual(1);
    expect(String(moved)).toMatch(/^\d+(\.\d{1,2})?$/);
    await setPrice('AAPL', '200');
    await runMarketSession(db(), Date.now());
    expect(await scalar<number>(`SELECT price FROM stock_prices WHERE stock_id = (SELECT id FROM stocks WHERE symbol = 'AAPL')`)).toBe(200);
  });
});

describe('Sell all and average cost', () => {
  it('sells the whole position, closes it, and a later buy starts a new average cost', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '100');
    const f = await trader(1000_00);
    await place(f, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '33.33' });
    await setPrice('AAPL', '120');
    await place(f, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1' });
    const before = (await position(f, 'AAPL')).body.data;
    expect(before).toMatchObject({ qty: '1.333300', cost_basis_cents: 33_33 + 120_00 });
    const sold = await sellAll(f, 'AAPL');
    expect(sold.status).toBe(201);
    expect(sold.body.data).toMatchObject({ side: 'sell', status: 'filled', filled_qty: '1.333300', type: 'market' });
    expect((await position(f, 'AAPL')).status).toBe(404);
    expect((await sellAll(f, 'AAPL')).status).toBe(404);
    expect(await scalar(`SELECT direction FROM transactions WHERE id = ?`, sold.body.data.transaction_id)).toBe('received');
    await setPrice('AAPL', '50');
    await place(f, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '2' });
    expect((await position(f, 'AAPL')).body.data).toMatchObject({
      qty: '2.000000',
      cost_basis_cents: 100_00,
      avg_entry_price: '50.0000',
      unrealized_pl_cents: 0,
    });
  });
});

describe('the USD account’s movements', () => {
  it('lists each fill’s cash as a buy or a sell of its symbol, in cents, newest first among deposits, each linked to its transaction', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '190');
    const f = await trader(100_00);
    expect((await coreJson(f.userId, `/usd/accounts/${f.accountId}/deposits`, { body: { amount: '5.00', rail: 'card' } })).status).toBe(200);
    const bought = (await place(f, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' })).body.data;
    await setPrice('AAPL', '200');
    const sold = (await place(f, { symbol: 'AAPL', side: 'sell', type: 'market', time_in_force: 'day', qty: '0.02' })).body.data;
    expect(sold).toMatchObject({ status: 'filled', filled_cents: 400 });
    const usd = (await coreJson(f.userId, `/usd/accounts/${f.accountId}`)).body.data;
    expect(usd.available_cents).toBe(100_00 + 5_00 - 10_00 + 4_00);
    expect(usd.activity).toEqual([
      expect.objectContaining({ kind: 'sell', symbol: 'AAPL', amount_cents: 400, status: 'settled', rail: null, transaction_id: sold.transaction_id }),
      expect.objectContaining({ kind: 'buy', symbol: 'AAPL', amount_cents: 1000, status: 'settled', rail: null, transaction_id: bought.transaction_id }),
      expect.objectContaining({ kind: 'deposit', rail: 'card', amount_cents: 500 }),
    ]);
    expect(usd.activity[2]).not.toHaveProperty('symbol');
    expect(Date.parse(usd.activity[0].created_at)).toBeGreaterThanOrEqual(Date.parse(usd.activity[1].created_at));
  });

  it('shows no movement for an order that has not filled, nor another account’s fills', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '190');
    const [f, other] = [await trader(100_00), await trader(100_00)];
    await place(other, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' });
    await place(f, { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '0.1', limit_price: '100' });
    expect((await coreJson(f.userId, `/usd/accounts/${f.accountId}`)).body.data.activity).toEqual([]);
  });
});

describe('listing orders', () => {
  it('lists open and closed orders newest first and pages with a keyset cursor', async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '100');
    const f = await trader(1000_00);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await place(f, { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: `${50 + i}` })).body.data.id);
    await cancel(f, ids[0]!);
    const list = (query: string) => coreJson(f.userId, `/brokerage/accounts/${f.accountId}/orders${query}`);
    expect((await list('')).body.data.map((o: { id: string }) => o.id)).toEqual(ids.slice(1).reverse());
    expect((await list('?status=closed')).body.data.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
    const first = (await list('?status=all&limit=2')).body.data.map((o: { id: string }) => o.id);
    expect(first).toEqual([ids[4], ids[3]]);
    const next = (await list(`?status=all&limit=2&before=${first[1]}`)).body.data.map((o: { id: string }) => o.id);
    expect(next).toEqual([ids[2], ids[1]]);
    expect((await list('?limit=501')).status).toBe(400);
    expect((await list(`?before=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await core(f.userId, `/brokerage/accounts/${f.accountId}/orders?status=pending`)).status).toBe(400);
  });
});

describe('orders through the BFF', () => {
  it('answers 201 for an order placed now and for Sell all, and 200 for the same client_order_id again, as the core does', { timeout: 30_000 }, async () => {
    await setMarketTime(OPEN_TUESDAY);
    await setPrice('AAPL', '190');
    const who = await signIn(uniquePhone());
    const accountId = (await apiAs(who, 'GET', '/api/accounts/user/accounts')).body.data.accounts[0].account_id as string;
    await verifyIdentity(who.userId);
    expect((await apiAs(who, 'POST', '/api/usd/accounts', { account_id: accountId })).status).toBe(200);
    expect((await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}`, { suitability: SUITABILITY, w8ben: W8BEN })).status).toBe(200);
    await db()
      .prepare(`UPDATE usd_balances SET available_cents = 100_00 WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd')`)
      .bind(accountId)
      .run();
    const body = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00', client_order_id: 'bff-201' };
    const placed = await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, body);
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.data).toMatchObject({ status: 'filled', filled_cents: 1000 });
    const again = await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(placed.body.data.id);
    const sold = await apiAs(who, 'DELETE', `/api/brokerage/accounts/${accountId}/positions/AAPL`);
    expect(sold.status, sold.text).toBe(201);
    expect(sold.body.data).toMatchObject({ side: 'sell', status: 'filled' });
  });

  it('limits order writes per user (RL_ORDERS) with 429 {message}, and not the reads', { timeout: 30_000 }, async () => {
    const who = await signIn(uniquePhone());
    const accounts = await apiAs(who, 'GET', '/api/accounts/user/accounts');
    const accountId = accounts.body.data.accounts[0].account_id as string;
    const body = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '5.00' };
    const { limit } = LIMITS.RL_ORDERS;
    for (let i = 0; i < limit; i++) {
      // No brokerage account: refused, and still counted (a decided answer).
      expect((await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, body)).status).toBe(403);
    }
    const limited = await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}/orders`, body);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
    expect((await apiAs(who, 'DELETE', `/api/brokerage/accounts/${accountId}/positions/AAPL`)).status).toBe(429);
    expect((await apiAs(who, 'GET', `/api/brokerage/accounts/${accountId}/orders`)).status).toBe(200);
    expect((await apiAs(who, 'GET', `/api/brokerage/accounts/${accountId}/positions`)).status).toBe(200);
  });
});
