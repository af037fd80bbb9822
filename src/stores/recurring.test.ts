import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { $recurring, changeRecurring, createRecurring, newYorkDay } from './recurring';

const ACCOUNT = '3f2b8c1e-6a4d-4e9b-9c0f-1a2b3c4d5e6f';
const PLAN = { id: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d', symbol: 'AAPL', notional: '10.00', status: 'active' };

describe('the market’s today', () => {
  it('is the New York date of the instant, not the viewer’s', () => {
    expect(newYorkDay('2026-12-08T03:00:00.000Z')).toBe('2026-12-07');
    expect(newYorkDay('2026-12-08T05:00:00.000Z')).toBe('2026-12-08');
  });
});

describe('recurring buys store', () => {
  const calls: { method: string; path: string; key: string | null; body: unknown }[] = [];
  beforeEach(() => {
    calls.length = 0;
    $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      const body = request.method === 'GET' ? null : await request.json();
      calls.push({ method: request.method, path: url.pathname, key: request.headers.get('idempotency-key'), body });
      return Response.json({ data: request.method === 'GET' ? [PLAN] : PLAN }, { status: request.method === 'POST' ? 201 : 200 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates with an Idempotency-Key, then shows the list as the server keeps it', async () => {
    await createRecurring(ACCOUNT, { symbol: 'AAPL', notional: '10', frequency: 'weekly', start_date: '2026-12-07' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/brokerage/accounts/${ACCOUNT}/recurring-buys`,
      `GET /api/brokerage/accounts/${ACCOUNT}/recurring-buys`,
    ]);
    expect(calls[0]!.key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(calls[0]!.body).toEqual({ symbol: 'AAPL', notional: '10', frequency: 'weekly', start_date: '2026-12-07' });
    expect($recurring.get()).toEqual({ status: 'ready', plans: [PLAN] });
  });

  it('pauses with a PATCH of its status, then reads the list again', async () => {
    await changeRecurring(ACCOUNT, PLAN.id, { status: 'paused' });
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: `/api/brokerage/accounts/${ACCOUNT}/recurring-buys/${PLAN.id}`, body: { status: 'paused' } });
    expect(calls[1]).toMatchObject({ method: 'GET' });
  });
});
