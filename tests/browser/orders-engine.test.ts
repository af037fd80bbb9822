// The order engine on the served app (wrangler dev, its app clock's alarm, its D1), driven through
// the API with the test-only market time (setMarketTime): a verified person with dollars buys $10 of
// a stock while the market is open (filled at once), places a market buy while it is closed (accepted,
// "executes at the open"), and the app clock fills it once the market has opened; both fills are
// stock_order rows of the Transactions list and its CSV; then sells all. And in Chromium: the order
// ticket left open on an order waiting for the open shows its fill when the app clock fills it,
// without a reload, from the live channel's event (no polling while that channel is open).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiSignIn,
  baseURL,
  holdMarketForFile,
  launch,
  openApp,
  openTradingAccount,
  s,
  servedContext,
  setMarketTime,
  testPhone,
  type ApiSession,
  wakeMarketClock,
} from './helpers';

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

holdMarketForFile();
beforeAll(async () => {
  session = await apiSignIn(PHONE);
  accountId = await openTradingAccount(session);
});

describe('the order engine on the served app', () => {
  it('fills a market buy at once while open, and one placed while closed at the open, by the app clock', { timeout: 150_000 }, async () => {
    const orders = `/api/brokerage/accounts/${accountId}/orders`;
    // Placed now: 201, as the contract declares.
    const place = (body: Record<string, string>) => apiCall<Order>(session, 'POST', orders, body, {}, 201);
    setMarketTime('2026-12-01T15:00:00.000Z'); // a Tuesday at 10:00 New York
    expect((await apiCall<{ is_open: boolean }>(session, 'GET', '/api/brokerage/clock')).is_open).toBe(true);
    const now = await place({ symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' });
    expect(now).toMatchObject({ status: 'filled', filled_cents: 1000 });

    setMarketTime('2026-12-05T15:00:00.000Z'); // Saturday
    const clock = await apiCall<{ is_open: boolean; next_open: string }>(session, 'GET', '/api/brokerage/clock');
    expect(clock).toMatchObject({ is_open: false, next_open: '2026-12-07T14:30:00.000Z' });
    const waiting = await place({ symbol: 'MSFT', side: 'buy', type: 'market', time_in_force: 'day', notional: '20.00' });
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

  it('shows a fill on the open ticket without a reload, pushed by the live channel', { timeout: 150_000 }, async () => {
    // Live events reach a Canton party's screens: the account's wallet gives it its party.
    await apiCall(session, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
    const browser = await launch();
    try {
      const context = await servedContext(browser, session, { lang: 'en' });
      const page = await context.newPage();
      const events: string[] = [];
      page.on('websocket', (ws) => ws.on('framereceived', (f) => events.push(String(f.payload))));
      setMarketTime('2026-12-05T15:00:00.000Z'); // Saturday: the order waits for the open
      await openApp(page, '/accounts/digital-assets/AAPL');
      await page.locator('[data-action="trade-buy"]').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(s('en', 'trade.simulated')).waitFor();
      await dialog.getByLabel(s('en', 'trade.amount.notional'), { exact: true }).fill('5');
      await dialog.locator('[data-action="review-order"]').click();
      await dialog.locator('[data-testid="review-at-open"]').waitFor();
      await dialog.locator('[data-action="place-order"]').click();
      await dialog.locator('[data-testid="order-status"][data-status="accepted"]').waitFor();
      const reads: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'GET' && /\/orders\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname)) reads.push(r.url());
      });

      setMarketTime('2026-12-07T14:30:05.000Z'); // Monday, just after the open
      await wakeMarketClock(session, accountId);
      await dialog.locator('[data-testid="order-receipt"]').waitFor({ timeout: 100_000 });
      expect(await dialog.locator('[data-testid="receipt-total"]').textContent()).toBe('$5.00');
      // The fill came as a live event, and the order was read on events only (no 10 s poll; a
      // reconnect, which may have missed one, reads once more).
      expect(events.some((e) => e.includes('notifications.new'))).toBe(true);
      expect(reads.length).toBeLessThanOrEqual(events.filter((e) => e.startsWith('{')).length + 1);
      await context.close();
    } finally {
      await browser.close();
    }
    // Nothing held, so the app clock's market work sleeps for the other tests.
    expect((await apiCall<Order>(session, 'DELETE', `/api/brokerage/accounts/${accountId}/positions/AAPL`, undefined, {}, 201)).status).toBe('filled');
  });
});
