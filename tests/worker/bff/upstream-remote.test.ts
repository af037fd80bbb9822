import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetIsolateCopies, lockKeyOf } from '../../../src/worker/cache/swr';
import { app } from '../../../src/worker/index';
import { MARKET_LIST_KEY } from '../../../src/worker/routes/market';
import { remoteUpstream } from '../../../src/worker/upstream/remote';
import { bearer, projectToken, signIn, uniquePhone } from '../auth';
import { installFetchGuard, outbound, planFetch } from '../network';
import { markerAsset } from '../fixtures';

installFetchGuard();

const UPSTREAM = 'http://upstream.test/v1';
const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
const remoteEnv = { ...testEnv, UPSTREAM_API_URL: UPSTREAM };

const viaRemote = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://app.test${path}`, init), remoteEnv);

describe('the remote upstream adapter (UPSTREAM_API_URL)', () => {
  it('forwards method, path, validated body, the verified user id and the bearer token, and answers the upstream data', async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    planFetch(() => Response.json({ data: { success: true, accountId: 'acc-1' } }));
    const res = await viaRemote('/api/accounts/user/create-account', {
      method: 'POST',
      headers: { ...bearer(accessToken), 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: JSON.stringify({ accountName: '  Travel  ', accountDescription: '' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { success: true, accountId: 'acc-1' } });
    expect(outbound).toHaveLength(1);
    const sent = outbound[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`${UPSTREAM}/accounts/user/create-account`);
    expect(sent.headers.get('x-user-id')).toBe(userId);
    expect(sent.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(sent.headers.get('idempotency-key')).toBe('k-1');
    expect(await sent.json()).toEqual({ accountName: 'Travel', accountType: 'individual', accountCategory: 'personal' });
  });

  it('forwards the query string', async () => {
    planFetch(() => Response.json({ data: [] }));
    const res = await remoteUpstream(UPSTREAM).call({
      method: 'GET',
      path: '/feature-requests',
      query: { sortBy: 'total_score', sortOrder: 'desc', limit: '50', category: undefined },
      userId: 'u-1',
      accessToken: 't-1',
    });
    expect(res).toEqual({ status: 200, body: { data: [] } });
    expect(outbound[0]!.url).toBe(`${UPSTREAM}/feature-requests?sortBy=total_score&sortOrder=desc&limit=50`);
  });

  it("passes the upstream's 4xx {message} through", async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    planFetch(() => Response.json({ message: 'Account not found' }, { status: 404 }));
    const res = await viaRemote(`/api/accounts/${userId}`, { headers: bearer(accessToken) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Account not found', code: 'not_found' });
  });

  it('turns an upstream 5xx, a non-JSON body or a network failure into 502 {message}', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const answers: (() => Response)[] = [
      () => Response.json({ message: 'boom' }, { status: 500 }),
      () => new Response('<html>gateway</html>', { status: 200 }),
      () => {
        throw new TypeError('Network connection lost');
      },
    ];
    for (const answer of answers) {
      planFetch(answer);
      const res = await viaRemote('/api/accounts/user/accounts', { headers: bearer(accessToken) });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: 'Upstream service unavailable', code: 'upstream_unavailable' });
    }
  });

  it('gives up after the timeout with 502', async () => {
    planFetch(
      (req) =>
        new Promise<Response>((_, reject) => {
          req.signal.addEventListener('abort', () => reject(req.signal.reason));
        }),
    );
    const started = Date.now();
    const res = await remoteUpstream(UPSTREAM, 50).call({ method: 'GET', path: '/accounts/user/accounts', userId: 'u', accessToken: 't' });
    expect(res).toEqual({ status: 502, body: { message: 'Upstream service unavailable', code: 'upstream_unavailable' } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails loudly on any outbound call the test did not plan', async () => {
    await expect(fetch('https://example.com/')).rejects.toThrow(/unplanned outbound fetch/);
  });
});

// Upstream faults, through the BFF with a short UPSTREAM_TIMEOUT_MS: every one answers 502 {message}
// within the time limit, reads no more than the body limit, and leaves no unhandled rejection.
describe('upstream faults', () => {
  const TIMEOUT_MS = 300;
  const faultEnv = { ...remoteEnv, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) };
  const MB = 1024 * 1024;
  const CHUNK = 64 * 1024;
  let pulled = 0;
  let cancelled = false;

  /** A body of `total` bytes produced on demand (nothing is built up front), counting what is read. */
  function lazyBody(total: number, opts: { failAfter?: number } = {}) {
    pulled = 0;
    cancelled = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (opts.failAfter !== undefined && pulled >= opts.failAfter) {
          controller.error(new TypeError('Network connection lost'));
          return;
        }
        if (pulled >= total) {
          controller.close();
          return;
        }
        const n = Math.min(CHUNK, total - pulled);
        pulled += n;
        controller.enqueue(new Uint8Array(n).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
  }

  const hang = (req: Request) => new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)));

  const faults: [string, (req: Request) => Response | Promise<Response>][] = [
    ['times out before answering', hang],
    ['answers headers, then the body stalls', () => new Response(new ReadableStream({ pull: () => new Promise(() => {}) }), { status: 200 })],
    ['answers 500', () => Response.json({ message: 'boom' }, { status: 500 })],
    ['answers 503 with a 20 MB body', () => new Response(lazyBody(20 * MB), { status: 503 })],
    ['answers malformed JSON', () => new Response('{"data": [1, 2', { status: 200, headers: { 'content-type': 'application/json' } })],
    ['answers a 20 MB body without a length', () => new Response(lazyBody(20 * MB), { status: 200 })],
    ['answers a 20 MB body with its length declared', () => new Response(lazyBody(20 * MB), { status: 200, headers: { 'content-length': String(20 * MB) } })],
    ['closes the connection in the middle of the body', () => new Response(lazyBody(MB, { failAfter: 4 * CHUNK }), { status: 200 })],
    ['refuses the connection', () => Promise.reject(new TypeError('Network connection lost'))],
    [
      'redirects elsewhere (the bearer token must not follow)',
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/steal' } }),
    ],
  ];

  const rejections: unknown[] = [];
  const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
  beforeEach(() => {
    rejections.length = 0;
    globalThis.addEventListener('unhandledrejection', onRejection);
  });
  afterEach(() => {
    globalThis.removeEventListener('unhandledrejection', onRejection);
    vi.restoreAllMocks();
  });

  it.each(faults)('the BFF answers 502 {message} in time when the upstream %s', async (_name, fault) => {
    const { accessToken } = await signIn(uniquePhone());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    planFetch(fault);
    const started = Date.now();
    const res = await app.fetch(new Request('http://app.test/api/accounts/user/accounts', { headers: bearer(accessToken) }), faultEnv);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Upstream service unavailable', code: 'upstream_unavailable' });
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(outbound).toHaveLength(1);
    expect(errors).toHaveBeenCalledWith('upstream failure', 'GET', '/accounts/user/accounts', expect.any(String));
    // A big body is never read past the 5 MB limit (plus the chunk in flight), and its stream is cancelled.
    expect(pulled).toBeLessThanOrEqual(5 * MB + 2 * CHUNK);
    if (pulled > 4 * CHUNK) expect(cancelled).toBe(true);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 50));
    expect(rejections).toEqual([]);
  });

  const staleAssets = [markerAsset('stale', 'STALE', 'Cached')];
  async function putStale() {
    const kv = testEnv.MARKET_CACHE;
    await kv.put(MARKET_LIST_KEY, JSON.stringify({ stocks: [], assets: staleAssets }), {
      metadata: { fetchedAt: Date.now() - 5 * 60_000 },
      expirationTtl: 86_400,
    });
    await kv.delete(lockKeyOf(MARKET_LIST_KEY));
    // The isolate keeps its own fresh copy of the list; make this test's KV entry the one served.
    forgetIsolateCopies();
  }
  async function getMarket(token: string, marketEnv: object) {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://app.test/api/market', { headers: bearer(token) }), marketEnv, ctx);
    const body = await res.json<{ data: { stocks: unknown[]; assets: unknown[] } }>();
    await waitOnExecutionContext(ctx);
    return { res, body };
  }

  // A production project: the BFF verifies its tokens against the project's JWKS (served by the stand-in).
  const project = 'https://project.supabase.test';
  let projectSessionOnce: Promise<{ token: string; jwk: object }> | undefined;
  const projectSession = () =>
    (projectSessionOnce ??= (async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      const jwk = { ...(await exportJWK(publicKey)), kid: 'fault-key', alg: 'ES256' };
      const token = await projectToken(privateKey, { project, header: { alg: 'ES256', kid: 'fault-key' } });
      return { token, jwk };
    })());

  it.each(faults)('the market keeps serving its stale cache when the stocks source %s', async (_name, fault) => {
    await putStale();
    const { token, jwk } = await projectSession();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    planFetch((req) => (req.url.endsWith('/.well-known/jwks.json') ? Response.json({ keys: [jwk] }) : fault(req)));
    for (let i = 0; i < 2; i++) {
      const { res, body } = await getMarket(token, { ...faultEnv, PUBLIC_SUPABASE_URL: project });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('stale');
      expect(body.data).toEqual({ stocks: [], assets: staleAssets });
    }
    expect(await testEnv.MARKET_CACHE.get(MARKET_LIST_KEY, 'json')).toEqual({ stocks: [], assets: staleAssets });
    expect(errors.mock.calls.map((c) => c.join(' ')).join('\n')).toMatch(/cache refresh failed for market:v1:list/);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 50));
    expect(rejections).toEqual([]);
  });

  it.each(faults)('a market refresh keeps the cached assets when the assets upstream %s', async (_name, fault) => {
    await putStale();
    const { accessToken } = await signIn(uniquePhone());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    planFetch(fault);
    const first = await getMarket(accessToken, faultEnv);
    expect(first.res.headers.get('x-cache')).toBe('stale');
    // The background refresh stored the D1 stocks, and kept the cached assets rather than none.
    const refreshed = await getMarket(accessToken, faultEnv);
    expect(refreshed.res.status).toBe(200);
    expect(refreshed.body.data.stocks.length).toBeGreaterThanOrEqual(40);
    expect(refreshed.body.data.assets).toEqual(staleAssets);
    expect(errors.mock.calls.map((c) => c.join(' ')).join('\n')).toMatch(/market: assets source failed/);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 50));
    expect(rejections).toEqual([]);
  });
});
