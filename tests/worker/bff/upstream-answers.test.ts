// Remote mode (UPSTREAM_API_URL set), with the in-test stand-in upstream of ./network: the adapter
// calls only the contract's paths (src/worker/upstream/contract.ts), lets through only success
// answers that match the route's schema (parsed, unknown keys stripped), and forwards only a bounded
// {message} (with its code when it is one of ours, else the status's; and a bounded Retry-After on
// 429) of an upstream error.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { UPSTREAM_ROUTES } from '../../../src/worker/upstream/contract';
import { boundedRetryAfter, remoteUpstream } from '../../../src/worker/upstream/remote';
import { bearer, signIn, uniquePhone } from '../auth';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const UPSTREAM = 'http://upstream.test/v1';
const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const remoteEnv = { ...testEnv, UPSTREAM_API_URL: UPSTREAM };
const viaRemote = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://app.test${path}`, init), remoteEnv);

let session: Promise<{ accessToken: string; userId: string }> | undefined;
const signedIn = () => (session ??= signIn(uniquePhone()));

/** console.error lines of the test, joined. */
function errorLog() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return { spy, text: () => spy.mock.calls.map((c) => c.map(String).join(' ')).join('\n') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const MARKER = 'SECRET-BODY-MARKER';
const link = (extra: Record<string, unknown> = {}) => ({
  id: 'l-1',
  account_id: 'a-1',
  account_name: 'Personal',
  is_primary: true,
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  account: {
    id: 'a-1',
    name: 'Personal',
    account_type: 'individual',
    account_category: 'personal',
    metadata: {},
    created_by: 'u-1',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  },
});

describe('upstream success answers are checked against the contract', () => {
  const lies: [string, () => Response][] = [
    ['a bare array [1,2,3]', () => Response.json([1, 2, 3])],
    ['an empty 200 body', () => new Response('', { status: 200 })],
    ['204 No Content', () => new Response(null, { status: 204 })],
    ['{data} of the wrong shape', () => Response.json({ data: [1, 2, 3] })],
    ['the right fields without {data}', () => Response.json({ success: true, accounts: [] })],
    ['a field of the wrong type inside data', () => Response.json({ data: { success: true, accounts: [{ ...link(), is_primary: MARKER }] } })],
    ['a string where the list belongs', () => Response.json({ data: { success: true, accounts: 'x' + MARKER } })],
  ];

  it.each(lies)('answers 502 {message} and logs the route and first issue when the upstream answers %s', async (_name, answer) => {
    const { accessToken } = await signedIn();
    const log = errorLog();
    planFetch(answer);
    const res = await viaRemote('/api/accounts/user/accounts', { headers: bearer(accessToken) });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Upstream service unavailable', code: 'upstream_unavailable' });
    expect(outbound).toHaveLength(1);
    expect(log.spy).toHaveBeenCalledTimes(1);
    expect(log.spy).toHaveBeenCalledWith('upstream failure', 'GET', '/accounts/user/accounts', expect.any(String));
    // The log names what failed, never the body's values or the token.
    expect(log.text()).not.toContain(MARKER);
    expect(log.text()).not.toContain(accessToken);
  });

  it('answers the parsed data: keys the contract does not name are stripped, at the top and inside data', async () => {
    const { accessToken } = await signedIn();
    planFetch(() =>
      Response.json({
        data: { success: true, accounts: [{ ...link({ password_hash: 'x', internal_notes: 'y' }), kyc_document: 'z' }], total_debug: 1 },
        debug: { sql: 'SELECT *' },
      }),
    );
    const res = await viaRemote('/api/accounts/user/accounts', { headers: bearer(accessToken) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { success: true, accounts: [link()] } });
  });

  it('checks the market assets source too: an answer outside the contract keeps no assets', async () => {
    const log = errorLog();
    planFetch(() => Response.json({ data: [{ symbol: 'CC', last_price: 0.16 }] }));
    const res = await remoteUpstream(UPSTREAM).call({ method: 'GET', path: '/wallets/canton/assets', userId: 'u-1', accessToken: 't-1' });
    expect(res).toEqual({ status: 502, body: { message: 'Upstream service unavailable', code: 'upstream_unavailable' } });
    expect(log.text()).toMatch(/upstream failure GET \/wallets\/canton\/assets answer does not match the contract/);
  });
});

describe('upstream errors', () => {
  it('forwards only {message} of an upstream 4xx, never its stack or other fields', async () => {
    const { accessToken, userId } = await signedIn();
    planFetch(() => Response.json({ message: 'Account not found', stack: 'Error: at db.ts:12', sql: 'SELECT 1', code: 'E1' }, { status: 400 }));
    const res = await viaRemote(`/api/accounts/${userId}`, { headers: bearer(accessToken) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Account not found', code: 'validation_failed' });
  });

  it('cuts an upstream message to 500 characters', async () => {
    planFetch(() => Response.json({ message: 'x'.repeat(5000) }, { status: 409 }));
    const res = await remoteUpstream(UPSTREAM).call({ method: 'GET', path: '/accounts/user/accounts', userId: 'u-1', accessToken: 't-1' });
    expect(res).toEqual({ status: 409, body: { message: 'x'.repeat(500), code: 'conflict' } });
  });

  const unusable: [string, number, () => BodyInit | null][] = [
    ['a message that is not a string', 400, () => JSON.stringify({ message: 42 })],
    ['an empty message', 422, () => JSON.stringify({ message: '  ' })],
    ['no message', 404, () => JSON.stringify({ error: 'nope' })],
    ['a body that is not JSON', 409, () => '<html>conflict</html>'],
    ['no body', 403, () => null],
  ];
  it.each(unusable)('answers a generic message by status for a 4xx with %s', async (_name, status, body) => {
    planFetch(() => new Response(body(), { status }));
    const res = await remoteUpstream(UPSTREAM).call({ method: 'GET', path: '/accounts/user/accounts', userId: 'u-1', accessToken: 't-1' });
    expect(res).toEqual({ status, body: { message: `HTTP error! status: ${status}`, code: expect.any(String) } });
  });

  it.each([
    ['30', '30'],
    ['99999999', '3600'],
    ['soon', null],
  ])("keeps an upstream 429's Retry-After %s, bounded, as %s", async (sent, kept) => {
    const { accessToken } = await signedIn();
    planFetch(() => Response.json({ message: 'Slow down', stack: 'x' }, { status: 429, headers: { 'retry-after': sent } }));
    const res = await viaRemote('/api/accounts/user/accounts', { headers: bearer(accessToken) });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: 'Slow down', code: 'rate_limited' });
    expect(res.headers.get('retry-after')).toBe(kept);
  });

  it('reads a Retry-After given as an HTTP date as the seconds left, within 0..3600', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(boundedRetryAfter('Mon, 23 Nov 2026 10:01:30 GMT', now)).toBe('90');
    expect(boundedRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe('0');
    expect(boundedRetryAfter('Tue, 24 Nov 2026 10:00:00 GMT', now)).toBe('3600');
    expect(boundedRetryAfter(null, now)).toBeUndefined();
  });
});

describe('upstream paths', () => {
  const call = (method: string, path: string) => remoteUpstream(UPSTREAM).call({ method, path, userId: 'u-1', accessToken: 't-1' });

  it('calls exactly the path of every route of the contract, with plain params', async () => {
    for (const route of UPSTREAM_ROUTES) {
      outbound.length = 0;
      planFetch(() => Response.json({ message: 'Not found' }, { status: 404 }));
      const path = route.path.replace(/:[A-Za-z]+/g, 'p-1');
      expect(await call(route.method, path)).toEqual({ status: 404, body: { message: 'Not found', code: 'not_found' } });
      expect(outbound.map((r) => `${r.method} ${r.url}`)).toEqual([`${route.method} ${UPSTREAM}${path}`]);
    }
  });

  const outside: [string, string][] = [
    ['POST', '/vote'],
    ['GET', '/transactions/'],
    ['GET', '/transactions/account/..'],
    ['GET', '/transactions/account/.'],
    ['GET', '/transactions/account/%2e%2e'],
    ['GET', '/transactions/account/%2E.'],
    ['POST', '/feature-requests/../vote'],
    ['GET', '/transactions/a%2Fb'],
    ['GET', '/transactions/a%2fb'],
    ['GET', '/wallets/%5C..'],
    ['GET', '/wallets/a\\b'],
    ['GET', '/wallets//categories'],
    ['GET', '/wallets/a b'],
    ['GET', '/wallets/a?admin=1'],
    ['GET', '/wallets/a#x'],
    ['GET', '/transactions/%zz'],
    ['GET', '/transactions/account/a/b'],
    ['GET', '/admin/users'],
    ['GET', '/feature-requests/1/vote'],
    ['DELETE', '/accounts/user/accounts'],
    ['GET', 'accounts/user/accounts'],
  ];

  it.each(outside)('refuses %s %s with 400 {message} and a log line, without calling the upstream', async (method, path) => {
    const log = errorLog();
    planFetch(() => Response.json({ data: {} }));
    expect(await call(method, path)).toEqual({ status: 400, body: { message: 'Invalid request path', code: 'validation_failed' } });
    expect(outbound).toHaveLength(0);
    expect(log.text()).toMatch(/^upstream path refused /);
  });

  it('never lets a crafted id reach another upstream path through the BFF', async () => {
    const { accessToken } = await signedIn();
    errorLog();
    planFetch(() => Response.json({ data: [] }));
    for (const path of ['/api/transactions/account/%20..%20', '/api/transactions/%2e%2e', '/api/support/tickets/%20..%20/comments']) {
      outbound.length = 0;
      const res = await viaRemote(path, { headers: bearer(accessToken) });
      // 400 from the adapter (or the BFF's own validation), or 404 when the URL parser already
      // resolved the dot segment to a path the BFF does not serve: never a call elsewhere.
      expect([400, 404]).toContain(res.status);
      expect(await res.json()).toEqual({ message: expect.any(String), code: expect.stringMatching(/^(validation_failed|not_found)$/) });
      expect(outbound).toHaveLength(0);
    }
  });
});
