// Remote mode, the USD account: the BFF forwards the USD calls to the upstream as the user (a money
// call with its Idempotency-Key) and hands back the upstream's answer once it is the contract's;
// /accounts/usd is served with the upstream's account in the HTML on first paint; a quote paid from
// the USD balance is forwarded as such and its receipt and purchase movement pass the answer check.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appRequest, authHeaders, oneAccountAnswer, remote, sessionCookie, signToken, useStandIns, type Received } from './stand-ins';

const s = useStandIns();

const now = new Date().toISOString();
const accountId = randomUUID();
const walletId = randomUUID();
const movement = {
  id: randomUUID(),
  kind: 'deposit',
  rail: 'card',
  amount_cents: 12550,
  status: 'settled',
  settle_at: null,
  bank_account_id: null,
  transaction_id: randomUUID(),
  created_at: now,
  settled_at: now,
};
const usdAccount = {
  status: 'open',
  account_id: accountId,
  wallet_id: walletId,
  available_cents: 1234567,
  pending_cents: 4025,
  monthly_limit_cents: 1500000,
  used_this_month_cents: 12550,
  remaining_this_month_cents: 1487450,
  resets_at: '2031-02-01T00:00:00.000Z',
  bank_accounts: [],
  activity: [movement],
};

describe('remote mode: the USD account', () => {
  it('forwards a deposit with its Idempotency-Key and answers the upstream’s movement', async () => {
    s.upstream.answer(() => ({ status: 200, body: { data: movement } }));
    const { token, sub } = await signToken();
    const key = randomUUID();
    const res = await appRequest('POST', `/api/usd/accounts/${accountId}/deposits`, {
      headers: authHeaders(token, { 'idempotency-key': key }),
      body: { amount: '125.50', rail: 'card' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: movement });
    const [sent] = s.upstream.take();
    expect(sent).toMatchObject({ method: 'POST', path: `${remote().upstreamBasePath}/usd/accounts/${accountId}/deposits` });
    expect(sent!.headers['idempotency-key']).toBe(key);
    expect(sent!.headers['x-user-id']).toBe(sub);
  });

  it('forwards a quote paid from the USD balance and answers its receipt and the purchase in the activity', async () => {
    const quoteId = randomUUID();
    const txId = randomUUID();
    const figures = { fees_usd: '2.50', exchange_rate: '6.0471037555', destination_asset: 'CC', onramp_provider: 'usd_balance', wallet_id: walletId };
    const lockedQuote = {
      id: quoteId,
      input_amount_usd: '20.00',
      price_usd: '0.1571',
      net_destination_amount: '105.8243157224',
      created_at: now,
      expires_at: now,
      ...figures,
    };
    const receipt = {
      quote_id: quoteId,
      transaction_id: txId,
      amount_paid_usd: '20.00',
      amount_received: '105.8243157224',
      simulated: true,
      executed_at: now,
      funds_available_at: now,
      affectedParties: [`alice::1220${'0123456789abcdef'.repeat(4)}`],
      ...figures,
    };
    const purchase = { ...movement, id: randomUUID(), kind: 'purchase', rail: null, amount_cents: 2000, transaction_id: txId };
    const base = remote().upstreamBasePath;
    s.upstream.answer((req: Received) => {
      if (req.path === `${base}/quotes`) return { status: 201, body: { data: lockedQuote } };
      if (req.path === `${base}/quotes/${quoteId}/execute`) return { status: 200, body: { data: receipt } };
      return { status: 200, body: { data: { ...usdAccount, activity: [purchase, movement] } } };
    });
    const { token } = await signToken();
    const body = { amount_usd: '20.00', onramp_provider: 'usd_balance', wallet_id: walletId, destination_asset: 'CC' };
    const lock = await appRequest('POST', '/api/quotes', { headers: authHeaders(token), body });
    // Accepted and forwarded with its method (the BFF answers the upstream's 201 as 200 here).
    expect(lock.status, lock.text).toBe(200);
    expect(lock.json).toEqual({ data: lockedQuote });
    expect(JSON.parse(s.upstream.take().find((r) => r.path === `${base}/quotes`)!.body)).toEqual(body);
    const executed = await appRequest('POST', `/api/quotes/${quoteId}/execute`, { headers: authHeaders(token, { 'idempotency-key': randomUUID() }) });
    expect(executed.status, executed.text).toBe(200);
    expect(executed.json).toEqual({ data: receipt });
    const read = await appRequest('GET', `/api/usd/accounts/${accountId}`, { headers: authHeaders(token) });
    expect(read.status, read.text).toBe(200);
    expect(read.json.data.activity[0]).toEqual(purchase);
  });

  it('answers 502 when the upstream’s account is not the contract’s', async () => {
    s.upstream.answer(() => ({ status: 200, body: { data: { ...usdAccount, available_cents: '12.34' } } }));
    const { token } = await signToken();
    const res = await appRequest('GET', `/api/usd/accounts/${accountId}`, { headers: authHeaders(token) });
    expect(res.status).toBe(502);
  });

  it('serves /accounts/usd with the upstream’s balance in the HTML', async () => {
    const me = await signToken();
    const base = remote().upstreamBasePath;
    s.upstream.answer((req: Received) => {
      if (req.path === `${base}/accounts/user/accounts`) return oneAccountAnswer(me.sub, accountId, 'Personal');
      if (req.path === `${base}/usd/accounts/${accountId}`) return { status: 200, body: { data: usdAccount } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const page = await appRequest('GET', '/accounts/usd', { headers: { cookie: sessionCookie(me.token, me.sub), 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('USD Account');
    expect(page.text).toContain('$12,345.67');
  });
});
