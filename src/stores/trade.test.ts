// The order ticket's logic: what was typed becomes an order by the server's rules, the review's
// estimates are the fill's arithmetic, a submit is one order however often it is tried, and an open
// order is read until it closes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { LIVE_COALESCE_MS } from '../shared/realtime';
import { FakeSocket } from './fake-socket.fixture';
import { subscribeLive } from './live';
import { draftOf, placeOrder, recurringAmount, reviewOf, watchOrder, ORDER_POLL_MS, type TicketForm } from './trade';

const FORM: TicketForm = { side: 'buy', mode: 'notional', amount: '10', limit: '', time_in_force: 'day' };
const ACC = '22222222-2222-4222-8222-222222222222';
const ORDER_ID = '33333333-3333-4333-8333-333333333333';

describe('a recurring buy’s amount field', () => {
  it('reads the amount in the person’s language as an order’s dollars', () => {
    expect(recurringAmount('10', 'en')).toEqual({ notional: '10' });
    expect(recurringAmount('25,50', 'es')).toEqual({ notional: '25.50' });
  });

  it('refuses what an order refuses, with the order ticket’s words', () => {
    expect(recurringAmount('', 'en')).toEqual({ error: 'trade.error.empty' });
    expect(recurringAmount('0.99', 'en')).toEqual({ error: 'trade.error.notionalSmall' });
    expect(recurringAmount('10.001', 'en')).toEqual({ error: 'trade.error.cents' });
    expect(recurringAmount('1000000.01', 'en')).toEqual({ error: 'trade.error.notionalLarge' });
  });
});

describe('the ticket form', () => {
  it('reads amounts in the person’s language and builds the order the server takes', () => {
    expect(draftOf({ ...FORM, amount: '10,50' }, 'es')).toEqual({ draft: { side: 'buy', type: 'market', time_in_force: 'day', notional: '10.50' } });
    expect(draftOf({ ...FORM, mode: 'limit', amount: '2', limit: '180,25', time_in_force: 'gtc' }, 'fs')).toEqual({
      draft: { side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '2', limit_price: '180.25' },
    });
    expect(draftOf({ ...FORM, side: 'sell', mode: 'qty', amount: '0.5' }, 'en')).toEqual({
      draft: { side: 'sell', type: 'market', time_in_force: 'day', qty: '0.5' },
    });
  });

  it('names what is wrong with each field, by the order rules', () => {
    expect(draftOf({ ...FORM, amount: '' }, 'en')).toEqual({ errors: { amount: 'trade.error.empty', limit: undefined } });
    expect(draftOf({ ...FORM, amount: '0.50' }, 'en')).toEqual({ errors: { amount: 'trade.error.notionalSmall' } });
    expect(draftOf({ ...FORM, amount: '10.505' }, 'en')).toEqual({ errors: { amount: 'trade.error.cents', limit: undefined } });
    expect(draftOf({ ...FORM, mode: 'qty', amount: '0.1234567' }, 'en')).toEqual({ errors: { amount: 'trade.error.shares', limit: undefined } });
    expect(draftOf({ ...FORM, mode: 'limit', amount: '1', limit: '' }, 'en')).toEqual({ errors: { amount: undefined, limit: 'trade.error.empty' } });
    expect(draftOf({ ...FORM, mode: 'limit', amount: '1', limit: '180.255' }, 'en')).toEqual({ errors: { limit: 'trade.error.limitTick' } });
    expect(draftOf({ ...FORM, mode: 'limit', amount: '1.5', limit: '180', time_in_force: 'gtc' }, 'en')).toEqual({
      errors: { amount: 'trade.error.fractionalDay' },
    });
    expect(draftOf({ ...FORM, amount: '1.000,50' }, 'es')).toEqual({ errors: { amount: 'trade.error.grouping', limit: undefined } });
  });
});

describe('the review', () => {
  it('estimates a dollar buy: shares rounded down, the amount as its cost, the collar, no fee, what is left', () => {
    const r = reviewOf('AAPL', { side: 'buy', type: 'market', time_in_force: 'day', notional: '10' }, '190', 5000n);
    expect(r.qty).toBe('0.052631');
    expect(r.cents).toBe(1000n);
    expect(r.collar).toBe('199.50');
    expect(r.feeCents).toBe(0n);
    expect(r.reservedCents).toBe(1000n);
    expect(r.buyingPowerAfterCents).toBe(4000n);
    expect(r.short).toBe(false);
    expect(r.order).toMatchObject({ symbol: 'AAPL', notional: '10', client_order_id: expect.any(String) });
  });

  it('holds a market buy by shares at the 5% collar and refuses one over the buying power', () => {
    const r = reviewOf('AAPL', { side: 'buy', type: 'market', time_in_force: 'day', qty: '2' }, '100', 20_000n);
    expect(r.cents).toBe(20_000n);
    expect(r.reservedCents).toBe(21_000n);
    expect(r.short).toBe(true);
  });

  it('estimates a limit buy at its limit and a sell by its proceeds, rounded down', () => {
    const limit = reviewOf('AAPL', { side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '3', limit_price: '150.25' }, '190', 100_000n);
    expect([limit.price, limit.cents, limit.collar, limit.buyingPowerAfterCents]).toEqual(['150.25', 45_075n, null, 54_925n]);
    const sell = reviewOf('AAPL', { side: 'sell', type: 'market', time_in_force: 'day', qty: '0.333333' }, '100.01', 0n);
    expect([sell.cents, sell.reservedCents, sell.buyingPowerAfterCents]).toEqual([3333n, 0n, 3333n]);
  });

  it('gives each review its own client_order_id', () => {
    const draft = { side: 'buy', type: 'market', time_in_force: 'day', notional: '5' } as const;
    expect(reviewOf('AAPL', draft, '10', 10_000n).order.client_order_id).not.toBe(reviewOf('AAPL', draft, '10', 10_000n).order.client_order_id);
  });
});

describe('placing and following an order', () => {
  const order = (status: string) => ({ id: ORDER_ID, status });
  let answers: { status: number; body: unknown }[];
  const sent: { key: string | null; body: unknown }[] = [];

  beforeEach(() => {
    sent.length = 0;
    $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      sent.push({ key: req.headers.get('idempotency-key'), body: req.method === 'POST' ? await req.json() : null });
      const next = answers.shift()!;
      return Response.json(next.body, { status: next.status });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the review’s client_order_id as the order’s id and as the Idempotency-Key of every try', async () => {
    answers = [
      { status: 503, body: { message: 'busy' } },
      { status: 201, body: { data: order('filled') } },
    ];
    vi.useFakeTimers();
    const review = reviewOf('AAPL', { side: 'buy', type: 'market', time_in_force: 'day', notional: '10' }, '190', 5000n);
    const placing = placeOrder(ACC, review);
    await vi.advanceTimersByTimeAsync(1000);
    const placed = await placing;
    expect(placed).toMatchObject({ status: 'filled' });
    expect(sent).toHaveLength(2);
    for (const call of sent) {
      expect(call.key).toBe(review.order.client_order_id);
      expect(call.body).toMatchObject({ client_order_id: review.order.client_order_id, notional: '10', symbol: 'AAPL' });
    }
  });

  it('reads an open order until it is filled, then stops (live updates down: the slow poll)', async () => {
    vi.useFakeTimers();
    answers = [
      { status: 200, body: { data: order('accepted') } },
      { status: 200, body: { data: order('filled') } },
    ];
    const seen: string[] = [];
    watchOrder(ACC, order('accepted') as never, (o) => seen.push(o.status));
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    expect(seen).toEqual(['accepted', 'filled']);
    expect(sent).toHaveLength(2);
  });

  it('while live updates are up, reads the order on a live event at once and never polls, then stops once it closed', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.all = [];
    const leave = subscribeLive(`ana::1220${'a'.repeat(64)}`, () => undefined);
    const socket = FakeSocket.all.at(-1)!;
    socket.open();
    answers = [{ status: 200, body: { data: order('filled') } }];
    const seen: string[] = [];
    watchOrder(ACC, order('accepted') as never, (o) => seen.push(o.status));
    // (Within the first heartbeat, 30 s, which would need the server's pong.)
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(sent).toHaveLength(0);
    socket.receive(JSON.stringify({ type: 'notifications.new' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['filled']);
    // Closed: later events and ticks read nothing more.
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    socket.receive(JSON.stringify({ type: 'notifications.new' }));
    socket.drop();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    expect(sent).toHaveLength(1);
    leave();
  });

  it('falls back to the slow poll when the live socket drops, and stops polling when it is back', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.all = [];
    const leave = subscribeLive(`bo::1220${'b'.repeat(64)}`, () => undefined);
    FakeSocket.all.at(-1)!.open();
    answers = Array.from({ length: 5 }, () => ({ status: 200, body: { data: order('new') } }));
    const stop = watchOrder(ACC, order('new') as never, () => undefined);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(sent).toHaveLength(0);
    FakeSocket.all.at(-1)!.drop();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    // Two ticks of the poll while down (the reconnect waits 1 s, then fails to open).
    expect(sent).toHaveLength(2);
    FakeSocket.all.at(-1)!.open();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    // Back up: the reopened socket counts as one event (something may have changed meanwhile), and no poll.
    expect(sent).toHaveLength(3);
    stop();
    leave();
  });
});
