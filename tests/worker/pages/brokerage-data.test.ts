// The reads of /accounts/brokerage rendered on the Worker: the shell, the market clock and the active
// account's brokerage account as GET /api/brokerage/accounts/{accountId} answers it (unverified, then
// not opened, then active with the W-8BEN's country from the approved verification).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brokeragePage } from '../../../src/worker/pages/brokerage-data';
import { apiAs, okAs, pageUser, signIn, uniquePhone } from '../auth';
import { OPEN_LIMIT_BUY } from '../fixtures';

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const pageRequest = () => new Request('http://localhost/accounts/brokerage');
const IDENTITY = {
  first_name: 'Ana',
  last_name: 'Reyes',
  date_of_birth: '1985-09-30',
  country: 'CO',
  document_type: 'passport',
  document_number: 'P5678',
  consent: true,
};

describe('the reads of /accounts/brokerage', () => {
  it('serves the account as the API answers it, and the market clock, from unverified to active', async () => {
    const me = await signIn(uniquePhone());
    const before = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    expect(before.seed.userId).toBe(me.userId);
    expect(before.served.account).toMatchObject({ status: 'unverified', trading_blocked: true });
    expect(before.served.clock).toMatchObject({ is_open: expect.any(Boolean), next_open: expect.any(String), next_close: expect.any(String) });

    await okAs(me, 'POST', '/api/identity-verification', IDENTITY);
    const accountId = before.served.account!.account_id;
    const verified = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    expect(verified.served.account).toMatchObject({ status: 'not_opened', verified_identity: { legal_name: 'Ana Reyes', country: 'CO' } });

    await okAs(me, 'POST', `/api/brokerage/accounts/${accountId}`, {
      suitability: { experience: 'none', risk_tolerance: 'low', horizon: 'medium' },
      w8ben: { legal_name: 'Ana Reyes', country: 'CO', signature: 'ANA REYES', certified: true },
    });
    const { served } = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    expect(served.account).toEqual(await okAs(me, 'GET', `/api/brokerage/accounts/${accountId}`));
    expect(served.account).toMatchObject({ status: 'active', w8ben: { country: 'CO' }, suitability: { horizon: 'medium' } });
    // The value chart's default period as the history route answers it (its live point's instant aside).
    const chart = await okAs(me, 'GET', `/api/brokerage/accounts/${accountId}/portfolio/history?period=1M`);
    expect(served.portfolio).toEqual({ positions: [], open: [], history: [], more: false, chart: { ...chart, timestamp: [expect.any(Number)] } });
    // No recurring buy read before the account is active; none yet once it is.
    expect(before.served.recurring).toBeNull();
    expect(verified.served.recurring).toBeNull();
    expect(served.recurring).toEqual([]);
  });

  it('serves the recurring buys of an active account as the list route answers them', async () => {
    const me = await signIn(uniquePhone());
    const { served: first } = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    const accountId = first.account!.account_id;
    await okAs(me, 'POST', '/api/identity-verification', IDENTITY);
    await okAs(me, 'POST', `/api/brokerage/accounts/${accountId}`, {
      suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
      w8ben: { legal_name: 'Ana Reyes', country: 'CO', signature: 'Ana Reyes', certified: true },
    });
    const plans = `/api/brokerage/accounts/${accountId}/recurring-buys`;
    const created = await apiAs(me, 'POST', plans, { symbol: 'MSFT', notional: '25.00', frequency: 'monthly', start_date: '2027-06-30' });
    expect(created.status).toBeLessThan(300);
    const { served } = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    expect(served.recurring).toEqual(await okAs(me, 'GET', plans));
    expect(served.recurring).toMatchObject([{ symbol: 'MSFT', notional: '25.00', next_run_date: '2027-06-30' }]);
    await okAs(me, 'DELETE', `${plans}/${created.body.data.id}`);
  });

  it('serves the portfolio of an active account as the orders and positions routes answer it', async () => {
    const me = await signIn(uniquePhone());
    const { served: first } = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    const accountId = first.account!.account_id;
    await okAs(me, 'POST', '/api/identity-verification', IDENTITY);
    expect(
      (
        await apiAs(me, 'POST', `/api/brokerage/accounts/${accountId}`, {
          suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
          w8ben: { legal_name: 'Ana Reyes', country: 'CO', signature: 'Ana Reyes', certified: true },
        })
      ).status,
    ).toBeLessThan(300);
    expect((await apiAs(me, 'POST', '/api/usd/accounts', { account_id: accountId })).status).toBeLessThan(300);
    await testEnv.DB.prepare(`UPDATE usd_balances SET available_cents = 10000 WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd')`)
      .bind(accountId)
      .run();
    const placing = await apiAs(me, 'POST', `/api/brokerage/accounts/${accountId}/orders`, OPEN_LIMIT_BUY);
    expect(placing.status).toBe(201);
    const placed = placing.body.data;
    const { served } = await brokeragePage(pageRequest(), testEnv, pageUser(me));
    expect(served.portfolio).toEqual({
      positions: await okAs(me, 'GET', `/api/brokerage/accounts/${accountId}/positions`),
      open: [placed],
      history: [],
      more: false,
      chart: { ...(await okAs(me, 'GET', `/api/brokerage/accounts/${accountId}/portfolio/history`)), timestamp: [expect.any(Number)] },
    });
    expect(served.account).toMatchObject({ reserved_cents: 100, buying_power_cents: 9900 });
    // Nothing of this test is left open for the app clock's market job.
    await okAs(me, 'DELETE', `/api/brokerage/accounts/${accountId}/orders/${placed.id}`);
  });
});
