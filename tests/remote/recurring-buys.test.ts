// Remote mode, recurring buys: the BFF forwards creating (its body and Idempotency-Key as sent),
// listing, changing and deleting a plan to the upstream as the user, hands back answers that are the
// contract's, refuses one that is not (502), and passes on a refusal's code.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import recorded from '../../src/shared/contract/examples.json';
import { appRequest, authHeaders, remote, signToken, useStandIns } from './stand-ins';

const s = useStandIns();

const accountId = randomUUID();
/** A plan as the embedded core answers it (its recorded example). */
const plan = recorded.createRecurringBuy.response.body.data;
const body = { symbol: 'AAPL', notional: '10.00', frequency: 'weekly', start_date: '2026-12-07' };

describe('remote mode: recurring buys', () => {
  it('creates, lists, pauses and deletes a plan through the BFF as the user', async () => {
    const { token, sub } = await signToken();
    const base = `${remote().upstreamBasePath}/brokerage/accounts/${accountId}/recurring-buys`;
    const paused = { ...plan, status: 'paused', next_run_date: null };
    s.upstream.answer((req) => {
      if (req.method === 'POST' && req.path === base) return { status: 201, body: { data: plan } };
      if (req.method === 'GET' && req.path === base) return { status: 200, body: { data: [plan] } };
      if (req.method === 'PATCH' && req.path === `${base}/${plan.id}`) return { status: 200, body: { data: paused } };
      if (req.method === 'DELETE' && req.path === `${base}/${plan.id}`) return { status: 200, body: { data: paused } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const key = randomUUID();
    const url = `/api/brokerage/accounts/${accountId}/recurring-buys`;
    const created = await appRequest('POST', url, { headers: { ...authHeaders(token), 'idempotency-key': key }, body });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toEqual({ data: plan });
    expect((await appRequest('GET', url, { headers: authHeaders(token) })).json).toEqual({ data: [plan] });
    expect((await appRequest('PATCH', `${url}/${plan.id}`, { headers: authHeaders(token), body: { status: 'paused' } })).json).toEqual({ data: paused });
    expect((await appRequest('DELETE', `${url}/${plan.id}`, { headers: authHeaders(token) })).status).toBe(200);
    const sent = s.upstream.take().filter((r) => r.path.startsWith(base));
    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET', 'PATCH', 'DELETE']);
    expect(JSON.parse(sent[0]!.body)).toEqual(body);
    expect(sent[0]!.headers['idempotency-key']).toBe(key);
    expect(JSON.parse(sent[2]!.body)).toEqual({ status: 'paused' });
    for (const r of sent) expect(r.headers['x-user-id']).toBe(sub);
  });

  it('refuses an upstream plan with a float amount (502) and passes on trading_blocked', async () => {
    const { token } = await signToken();
    const url = `/api/brokerage/accounts/${accountId}/recurring-buys`;
    s.upstream.answer(() => ({ status: 200, body: { data: { ...plan, notional: 10.5 } } }));
    expect((await appRequest('GET', `${url}/${plan.id}`, { headers: authHeaders(token) })).status).toBe(502);
    s.upstream.answer(() => ({ status: 403, body: { message: 'Open your brokerage account before you trade', code: 'trading_blocked' } }));
    const refused = await appRequest('POST', url, { headers: authHeaders(token), body });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'trading_blocked' });
  });
});
