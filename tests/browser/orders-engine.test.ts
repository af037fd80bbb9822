// The order engine on the served app (wrangler dev, its app clock's alarm, its D1), driven through
// the API with the test-only market time (setMarketTime): a verified person with dollars buys $10 of
// a stock while the market is open (filled at once), places a market buy while it is closed (accepted,
// "executes at the open"), and the app clock fills it once the market has opened; both fills are
// stock_order rows of the Transactions list and its CSV; then sells all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, baseURL, holdPrices, setMarketTime, testPhone, type ApiSession, verifyAsAnaOfArgentina, wakeMarketClock } from './helpers';

const PHONE = testPhone(55);

let session: ApiSession;
let accountId: string;

interface Order {
  id: string;
  status: string;
  executes_at: string | null;
  filled_cents: number;
  transaction_id: string | null;
}

beforeAll(async () => {
  holdPrices(true);
  session = await apiSignIn(PHONE);
  await verifyAsAnaOfArgentina(session);
  accountId = (await apiCall<{ accounts: { account_id: string }[] }>(session, 'GET', '/api/accounts/user/accounts')).accounts[0]!.account_id;
  await apiCall(session, 'POST', '/api/usd/accounts', { account_id: accountId });
  await apiCall(session, 'POST', `/api/usd/accounts/${accountId}/deposits`, { amount: '100.00', rail: 'bank' });
  await apiCall(session, 'POST', `/api/brokerage/accounts/${accountId}`, {
    suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
    w8ben: { legal_name: 'Ana García', country: 'AR', signature: 'Ana García', certified: true },
  });
});
afterAll(() => {
  setMarketTime(null);
  holdPrices(false);
});

describe('the order engine on the served app', () => {
  it('fills a market buy at once while open, and one placed while closed at the open, by the app clock', { timeout: 150_000 }, async () => {
    const orders = `/api/brokerage/accounts/${accountId}/orders`;
    setMarketTime('2026-12-01T15:00:00.000Z'); // a Tuesday at 10:00 New York
    expect((await apiCall<{ is_open: boolean }>(session, 'GET', '/api/brokerage/clock')).is_open).toBe(true);
    // Placed now: 201, as the contract declares.
    const now = await apiCall<Order>(
      session,
      'POST',
      orders,
      { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' },
      {},
      201,
    );
    expect(now).toMatchObject({ status: 'filled', filled_cents: 1000 });

    setMarketTime('2026-12-05T15:00:00.000Z'); // Saturday
    const clock = await apiCall<{ is_open: boolean; next_open: string }>(session, 'GET', '/api/brokerage/clock');
    expect(clock).toMatchObject({ is_open: false, next_open: '2026-12-07T14:30:00.000Z' });
    const waiting = await apiCall<Order>(
      session,
      'POST',
      orders,
      { symbol: 'MSFT', side: 'buy', type: 'market', time_in_force: 'day', notional: '20.00' },
      {},
      201,
    );
    expect(waiting).toMatchObject({ status: 'accepted', executes_at: '2026-12-07T14:30:00.000Z', filled_cents: 0 });
    expect((await apiCall<{ reserved_cents: number }>(session, 'GET', `/api/brokerage/accounts/${accountId}`)).reserved_cents).toBe(2000);

    // Monday, just after the open: an order call wakes the app clock, whose market work fills it.
    setMarketTime('2026-12-07T14:30:05.000Z');
    await wakeMarketClock(session, accountId);
    await expect
      .poll(async () => (await apiCall<Order>(session, 'GET', `${orders}/${waiting.id}`)).status, { timeout: 100_000, interval: 2_000 })
      .toBe('filled');
    const filled = await apiCall<Order>(session, 'GET', `${orders}/${waiting.id}`);
    expect(filled.filled_cents).toBeLessThanOrEqual(2000);
    expect((await apiCall<{ reserved_cents: number }>(session, 'GET', `/api/brokerage/accounts/${accountId}`)).reserved_cents).toBe(0);

    // Both fills are in Transactions (filtered by type) and its CSV.
    const listed = await apiCall<{ id: string; type: string; asset: string }[]>(session, 'GET', `/api/transactions/account/${accountId}?type=stock_order`);
    expect(listed.map((t) => t.id).sort()).toEqual([now.transaction_id, filled.transaction_id].sort());
    const csv = await fetch(`${baseURL()}/api/transactions/account/${accountId}/export?type=stock_order`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('AAPL');
    expect(text).toContain('MSFT');

    // Sell all, so that nothing is held and the app clock's market work sleeps for the other tests.
    for (const symbol of ['AAPL', 'MSFT']) {
      expect((await apiCall<Order>(session, 'DELETE', `/api/brokerage/accounts/${accountId}/positions/${symbol}`, undefined, {}, 201)).status).toBe('filled');
    }
    expect(await apiCall<unknown[]>(session, 'GET', `/api/brokerage/accounts/${accountId}/positions`)).toEqual([]);
  });
});
