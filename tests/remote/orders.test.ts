// Remote mode, orders and positions: the BFF forwards placing an order (its body as sent) and reading
// orders and positions to the upstream as the user, hands back answers that are the contract's,
// refuses one that is not (502), and passes on a refusal's code; the portfolio history the same way.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import recorded from '../../src/shared/contract/examples.json';
import { appRequest, authHeaders, remote, signToken, useStandIns } from './stand-ins';

const s = useStandIns();

const accountId = randomUUID();
/** A filled order as the embedded core answers it (its recorded example). */
const order = recorded.placeOrder.response.body.data;
const body = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00', client_order_id: 'ticket-1' };

describe('remote mode: orders and positions', () => {
  it('places an order and reads it back through the BFF as the user', async () => {
    const { token, sub } = await signToken();
    const base = `${remote().upstreamBasePath}/brokerage/accounts/${accountId}`;
    s.upstream.answer((req) => {
      if (req.method === 'POST' && req.path === `${base}/orders`) return { status: 201, body: { data: order } };
      if (req.method === 'GET' && req.path === `${base}/orders`) return { status: 200, body: { data: [order] } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const placed = await appRequest('POST', `/api/brokerage/accounts/${accountId}/orders`, { headers: authHeaders(token), body });
    // Placed now: the upstream's 201 is passed on, as the contract declares.
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json).toEqual({ data: order });
    const listed = await appRequest('GET', `/api/brokerage/accounts/${accountId}/orders?status=all`, { headers: authHeaders(token) });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toEqual({ data: [order] });
    // (The BFF also asks for the caller's parties, to tell their open screens after the order.)
    const [sentPlace, sentList] = s.upstream.take().filter((r) => r.path.startsWith(base));
    expect(sentPlace).toMatchObject({ method: 'POST', path: `${base}/orders` });
    expect(JSON.parse(sentPlace!.body)).toEqual(body);
    expect(sentPlace!.headers['x-user-id']).toBe(sub);
    expect(sentList).toMatchObject({ method: 'GET', path: `${base}/orders` });
  });

  it('refuses an upstream order with a float amount (502) and passes on insufficient_buying_power', async () => {
    const { token } = await signToken();
    s.upstream.answer(() => ({ status: 200, body: { data: { ...order, filled_cents: 10.5 } } }));
    expect((await appRequest('GET', `/api/brokerage/accounts/${accountId}/orders/${order.id}`, { headers: authHeaders(token) })).status).toBe(502);
    s.upstream.answer(() => ({ status: 409, body: { message: 'Not enough buying power for this order', code: 'insufficient_buying_power' } }));
    const refused = await appRequest('POST', `/api/brokerage/accounts/${accountId}/orders`, { headers: authHeaders(token), body });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'insufficient_buying_power' });
  });

  it('reads the portfolio history through the BFF as the user, and refuses one with float equity (502)', async () => {
    const { token, sub } = await signToken();
    const path = `${remote().upstreamBasePath}/brokerage/accounts/${accountId}/portfolio/history`;
    const history = { timestamp: [1796158800, 1796245200], equity: ['100.53', '101.05'], profit_loss: ['0.53', '1.05'], base_value: '100.53', timeframe: '1D' };
    s.upstream.answer((req) => (req.path === path ? { status: 200, body: { data: history } } : { status: 404, body: { message: 'Not found' } }));
    const res = await appRequest('GET', `/api/brokerage/accounts/${accountId}/portfolio/history?period=3M`, { headers: authHeaders(token) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: history });
    const [sent] = s.upstream.take().filter((r) => r.path === path);
    expect(sent!.headers['x-user-id']).toBe(sub);
    expect(sent!.query).toEqual({ period: '3M' });
    s.upstream.answer(() => ({ status: 200, body: { data: { ...history, equity: [100.53, 101.05] } } }));
    expect((await appRequest('GET', `/api/brokerage/accounts/${accountId}/portfolio/history`, { headers: authHeaders(token) })).status).toBe(502);
  });
});
