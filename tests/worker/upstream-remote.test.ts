import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/index';
import { remoteUpstream } from '../../src/worker/upstream/remote';
import { bearer, signIn, uniquePhone } from './auth';
import { installFetchGuard, outbound, planFetch } from './network';

installFetchGuard();

const UPSTREAM = 'http://upstream.test/v1';
const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
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
    expect(await res.json()).toEqual({ message: 'Account not found' });
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
      expect(await res.json()).toEqual({ message: 'Upstream service unavailable' });
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
    expect(res).toEqual({ status: 502, body: { message: 'Upstream service unavailable' } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails loudly on any outbound call the test did not plan', async () => {
    await expect(fetch('https://example.com/')).rejects.toThrow(/unplanned outbound fetch/);
  });
});
