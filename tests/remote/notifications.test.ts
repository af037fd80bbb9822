// Remote mode, the notifications bell against an upstream that stalls or lies: an answer off the
// contract is refused with 502 {message} as every other route's is, a stalled one in time; the
// client's own mistakes are 400 before any upstream call (never a 5xx); the upstream's 404 for a
// notification that is not the caller's is passed on. A read the upstream accepted tells the
// caller's other pages through their parties (read from the upstream after the answer).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { appRequest, authHeaders, remote, signToken, useStandIns } from './stand-ins';

const s = useStandIns();
const up = (path: string) => `${remote().upstreamBasePath}${path}`;

const notification = {
  id: randomUUID(),
  kind: 'offer_received',
  transaction_id: randomUUID(),
  created_at: '2026-11-27T09:41:00.000Z',
  read: false,
  asset: 'CC',
  asset_amount: '2.5000000000',
  amount_usd: 39,
  counterparty_name: 'Ana P.',
  reason: null,
};
/** An identity decision: no transaction, no amount, the rejection's reason. */
const decision = {
  ...notification,
  id: randomUUID(),
  kind: 'identity_rejected',
  transaction_id: null,
  asset: null,
  asset_amount: null,
  amount_usd: null,
  counterparty_name: null,
  reason: 'document_expired',
};

async function asUser(method: string, path: string, body?: unknown) {
  const { token } = await signToken();
  return appRequest(method, path, { headers: authHeaders(token), body });
}

describe('remote mode: GET /api/notifications', () => {
  it('passes on an answer that keeps the contract', async () => {
    s.upstream.answer(() => ({ status: 200, body: { data: { notifications: [notification], unread: 1 } } }));
    const res = await asUser('GET', '/api/notifications');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { notifications: [notification], unread: 1 } });
  });

  it('passes on an identity decision with a null transaction and amount', async () => {
    s.upstream.answer(() => ({ status: 200, body: { data: { notifications: [decision, notification], unread: 2 } } }));
    const res = await asUser('GET', '/api/notifications');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { notifications: [decision, notification], unread: 2 } });
  });

  const lies: [string, unknown][] = [
    ['an unknown kind', { data: { notifications: [{ ...notification, kind: 'you_won' }], unread: 1 } }],
    ['a negative unread count', { data: { notifications: [], unread: -1 } }],
    ['a float amount', { data: { notifications: [{ ...notification, asset_amount: 2.5 }], unread: 1 } }],
    ['a rejection reason off the list', { data: { notifications: [{ ...decision, reason: 'bad_luck' }], unread: 1 } }],
    ['no reason field', { data: { notifications: [{ ...decision, reason: undefined }], unread: 1 } }],
    ['no unread count', { data: { notifications: [] } }],
    ['a list instead of the object', { data: [notification] }],
  ];
  it.each(lies)('refuses an answer with %s: 502 {message}', async (_, body) => {
    s.upstream.answer(() => ({ status: 200, body }));
    const res = await asUser('GET', '/api/notifications');
    expect(res.status, res.text).toBe(502);
    expect(res.json).toEqual({ message: expect.any(String), code: 'upstream_unavailable' });
  });

  it('answers 502 {message} in time when the upstream stalls past UPSTREAM_TIMEOUT_MS', async () => {
    s.upstream.answer(() => ({ stall: 'headers' }));
    const res = await asUser('GET', '/api/notifications');
    expect(res.status, res.text).toBe(502);
    expect(res.json).toEqual({ message: expect.any(String), code: 'upstream_unavailable' });
    expect(res.ms).toBeLessThan(remote().upstreamTimeoutMs + 3000);
  });

  it('refuses a bad page (400) before calling the upstream', async () => {
    const res = await asUser('GET', '/api/notifications?limit=1000');
    expect(res.status).toBe(400);
    expect(s.upstream.take()).toEqual([]);
  });
});

describe('remote mode: marking notifications read', () => {
  it('refuses a body or an id that is not a notification id (400) before calling the upstream', async () => {
    s.upstream.answer(() => ({ status: 200, body: { data: { unread: 0 } } }));
    for (const [path, body] of [
      ['/api/notifications/read', { through: 'not-an-id' }],
      ['/api/notifications/read', {}],
      ['/api/notifications/read', 'not json'],
      ['/api/notifications/not-an-id/read', undefined],
    ] as const) {
      const res = await asUser('POST', path, body);
      expect(res.status, `${path} ${res.text}`).toBe(400);
    }
    expect(s.upstream.take()).toEqual([]);
  });

  it("passes on the upstream's 404 for another user's notification", async () => {
    s.upstream.answer(() => ({ status: 404, body: { message: 'Notification not found' } }));
    const res = await asUser('POST', '/api/notifications/read', { through: randomUUID() });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Notification not found', code: 'not_found' });
  });

  it('refuses an unread count off the contract (502) and tells no page', async () => {
    s.upstream.answer(() => ({ status: 200, body: { data: { unread: 'none' } } }));
    const res = await asUser('POST', '/api/notifications/read', { through: randomUUID() });
    expect(res.status, res.text).toBe(502);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.upstream.take().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${up('/notifications/read')}`]);
  });

  it('answers 502 in time when the upstream stalls a read', async () => {
    s.upstream.answer(() => ({ stall: 'body' }));
    const res = await asUser('POST', `/api/notifications/${randomUUID()}/read`);
    expect(res.status, res.text).toBe(502);
    expect(res.ms).toBeLessThan(remote().upstreamTimeoutMs + 3000);
  });

  it("after a read the upstream accepted, reads the caller's parties to tell their other pages", async () => {
    s.upstream.answer((r) => (r.path === up('/wallets/canton/parties') ? { status: 200, body: { data: [] } } : { status: 200, body: { data: { unread: 0 } } }));
    const res = await asUser('POST', '/api/notifications/read', { through: randomUUID() });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { unread: 0 } });
    await vi.waitFor(
      () =>
        expect(s.upstream.received.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${up('/notifications/read')}`, `GET ${up('/wallets/canton/parties')}`]),
      {
        timeout: 3000,
      },
    );
  });
});
