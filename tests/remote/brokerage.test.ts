// Remote mode, the brokerage account: the BFF reads the account from the upstream as the user and
// hands back its answer once it is the contract's, forwards an opening with its Idempotency-Key, and
// serves /accounts/brokerage with the upstream's account, market clock and portfolio in the HTML on first paint.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appRequest, authHeaders, oneAccountAnswer, remote, sessionCookie, signToken, useStandIns, type Received } from './stand-ins';

const s = useStandIns();

const accountId = randomUUID();
const account = {
  status: 'active',
  account_id: accountId,
  wallet_id: randomUUID(),
  account_number: 'DB0123456789',
  currency: 'USD',
  cash_cents: 1234567,
  reserved_cents: 0,
  buying_power_cents: 1234567,
  long_market_value_cents: 0,
  equity_cents: 1234567,
  change_today_cents: 0,
  unrealized_pl_cents: 0,
  trading_blocked: false,
  trading_blocked_reasons: [],
  verified_identity: { legal_name: 'Ana García', country: 'AR' },
  suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long', answered_at: '2026-11-27T15:00:00.000Z' },
  w8ben: { legal_name: 'Ana García', country: 'AR', date_signed: '2026-11-27', signed_at: '2026-11-27T15:00:00.000Z' },
  created_at: '2026-11-27T15:00:00.000Z',
};
const clock = { timestamp: '2026-11-27T15:00:00.000Z', is_open: true, next_open: '2026-11-30T14:30:00.000Z', next_close: '2026-11-27T18:00:00.000Z' };
const body = {
  suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
  w8ben: { legal_name: 'Ana García', country: 'AR', signature: 'Ana García', certified: true },
};

describe('remote mode: the brokerage account', () => {
  it('reads the account through the BFF as the user, and refuses an answer that is not the contract’s', async () => {
    const { token, sub } = await signToken();
    s.upstream.answer(() => ({ status: 200, body: { data: account } }));
    const res = await appRequest('GET', `/api/brokerage/accounts/${accountId}`, { headers: authHeaders(token) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: account });
    const [sent] = s.upstream.take();
    expect(sent).toMatchObject({ method: 'GET', path: `${remote().upstreamBasePath}/brokerage/accounts/${accountId}` });
    expect(sent!.headers['x-user-id']).toBe(sub);

    s.upstream.answer(() => ({ status: 200, body: { data: { ...account, buying_power_cents: '12345.67' } } }));
    expect((await appRequest('GET', `/api/brokerage/accounts/${accountId}`, { headers: authHeaders(token) })).status).toBe(502);
  });

  it('forwards an opening with its Idempotency-Key and passes on a refusal’s code', async () => {
    const { token } = await signToken();
    const key = randomUUID();
    s.upstream.answer(() => ({ status: 422, body: { message: 'The signature must be your legal name', code: 'signature_mismatch' } }));
    const res = await appRequest('POST', `/api/brokerage/accounts/${accountId}`, { headers: authHeaders(token, { 'idempotency-key': key }), body });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'signature_mismatch' });
    const [sent] = s.upstream.take();
    expect(sent).toMatchObject({ method: 'POST', path: `${remote().upstreamBasePath}/brokerage/accounts/${accountId}` });
    expect(sent!.headers['idempotency-key']).toBe(key);
  });

  it('serves /accounts/brokerage with the upstream’s cash, market clock and value chart in the HTML', async () => {
    const history = {
      timestamp: [1796158800, 1796245200],
      equity: ['12000.00', '12345.67'],
      profit_loss: ['0.00', '345.67'],
      base_value: '12000.00',
      timeframe: '1D',
    };
    const me = await signToken();
    const base = remote().upstreamBasePath;
    s.upstream.answer((req: Received) => {
      if (req.path === `${base}/accounts/user/accounts`) return oneAccountAnswer(me.sub, accountId, 'Personal');
      if (req.path === `${base}/brokerage/accounts/${accountId}`) return { status: 200, body: { data: account } };
      if (req.path === `${base}/brokerage/clock`) return { status: 200, body: { data: clock } };
      // The portfolio's reads: nothing held, no orders.
      if (req.path === `${base}/brokerage/accounts/${accountId}/positions`) return { status: 200, body: { data: [] } };
      if (req.path === `${base}/brokerage/accounts/${accountId}/orders`) return { status: 200, body: { data: [] } };
      // Its recurring buys: none yet.
      if (req.path === `${base}/brokerage/accounts/${accountId}/recurring-buys`) return { status: 200, body: { data: [] } };
      // The value chart's default period: a trading day's snapshot and today's value.
      if (req.path === `${base}/brokerage/accounts/${accountId}/portfolio/history`) return { status: 200, body: { data: history } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const page = await appRequest('GET', '/accounts/brokerage', { headers: { cookie: sessionCookie(me.token, me.sub), 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Brokerage Account');
    expect(page.text).toContain('$12,345.67');
    expect(page.text).toContain('Market open, closes at 1:00 PM ET');
    expect(page.text).toContain('No positions yet');
    expect(page.text).toContain('No recurring buys yet.');
    expect(page.text).toContain('data-chart-drawing="line"');
    expect(page.text).toContain('Portfolio value over the last month: from $12,000.00 to $12,345.67, change +$345.67 (+2.88%).');
  });
});
