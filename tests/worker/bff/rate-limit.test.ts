// Abuse limits (one Durable Object per limiter and key, src/platform/rate-limiter.ts; figures in
// src/shared/limiters.ts): per-user limits on BFF writes and per-IP limits on the sign-in service.
// A slot is taken before the work, atomically, so the limits are exact however requests interleave.
// Over the limit the answer is 429 {message} with Retry-After and nothing changes.
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { clientKey } from '../../../src/platform/rate-limit';
import { declaredRoutes } from '../../../src/shared/contract';
import { limiterOf } from '../../../src/shared/contract/common';
import { bearer, signIn, TEST_PHONE, uniquePhone } from '../auth';
import { dbDigest } from '../db-snapshot';
import { call, randomIp } from '../helpers';
import { installFetchGuard, outbound, planFetch, TRANSFER_DATA } from '../network';

installFetchGuard();

const testEnv = env;
const remoteEnv = { ...testEnv, UPSTREAM_API_URL: 'http://upstream.test/v1' };
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
  body: JSON.stringify(body),
});

/** Sends `send()` until the first 429 (at most `cap` times); answers how many passed before it. */
async function untilLimited(send: () => Promise<Response>, cap: number): Promise<{ passed: number; limited: Response }> {
  for (let passed = 0; passed < cap; passed++) {
    const res = await send();
    if (res.status === 429) return { passed, limited: res };
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  }
  throw new Error(`no 429 after ${cap} requests`);
}

describe('per-user write limits', () => {
  it('refuses the 11th support ticket of a user within a minute with 429 {message} and Retry-After, creating nothing', async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    const ticket = () =>
      call(
        '/api/support/tickets',
        json({ title: 'Card blocked', description: 'My card was blocked today', category: 'account', priority: 'low' }, bearer(accessToken)),
      );
    const { passed, limited } = await untilLimited(ticket, 25);
    // 10 within any 60 s (a sliding window: no boundary lets a second ten through).
    expect(passed).toBe(10);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({ message: 'Too many requests, please try again later', code: 'rate_limited' });

    const before = await dbDigest();
    const again = await ticket();
    expect(again.status).toBe(429);
    expect(await dbDigest()).toEqual(before);
    const mine = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM support_tickets WHERE user_id = ?').bind(userId).first<{ n: number }>();
    expect(mine?.n).toBe(passed);
    // Reads are never limited, and another user's writes have their own count.
    expect((await call('/api/support/tickets', { headers: bearer(accessToken) })).status).toBe(200);
    const other = await signIn(uniquePhone());
    expect(
      (
        await call(
          '/api/support/tickets',
          json({ title: 'Hello there', description: 'A question about fees', category: 'general', priority: 'low' }, bearer(other.accessToken)),
        )
      ).status,
    ).toBe(200);
  });

  it('counts transfers per user (10 a minute), bad requests too (a 400 is a decision)', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const bad = () => call('/api/wallets/transfer', json({ account_id: 'nope', amount: -1 }, bearer(accessToken)));
    const { passed } = await untilLimited(bad, 25);
    expect(passed).toBe(10);
  });

  it('does not count transfers the upstream did not decide: 15 transfers answered 502 get 502 each, no 429', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    planFetch(() => Response.json({ message: 'down' }, { status: 503 }));
    const transfer = async () =>
      app.fetch(new Request('http://app.test/api/wallets/transfer', json({ account_id: crypto.randomUUID(), amount: '1' }, bearer(accessToken))), remoteEnv);
    for (let i = 0; i < 15; i++) {
      const res = await transfer();
      expect(res.status, `transfer ${i + 1}`).toBe(502);
    }
    errors.mockRestore();
    expect(outbound).toHaveLength(15);
    // The upstream is back: the user still has the whole minute's 10 decided transfers.
    planFetch(() => Response.json({ data: TRANSFER_DATA }));
    const { passed } = await untilLimited(transfer, 25);
    expect(passed).toBe(10);
  });

  it('still limits decided transfers: over the limit, 429 with Retry-After and no upstream call', async () => {
    const { accessToken } = await signIn(uniquePhone());
    planFetch(() => Response.json({ data: TRANSFER_DATA }));
    const transfer = async () =>
      app.fetch(new Request('http://app.test/api/wallets/transfer', json({ account_id: crypto.randomUUID(), amount: '1' }, bearer(accessToken))), remoteEnv);
    const { passed, limited } = await untilLimited(transfer, 25);
    expect(passed).toBe(10);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: 'Too many requests, please try again later', code: 'rate_limited' });
    expect(outbound).toHaveLength(passed);
    // Refused before they run, for the rest of the period; auto-accept has its own count.
    for (let i = 0; i < 3; i++) expect((await transfer()).status).toBe(429);
    expect(outbound).toHaveLength(passed);
    planFetch(() => Response.json({ data: { contractsAccepted: 0, offersExpired: 0 } }));
    const accept = await app.fetch(
      new Request('http://app.test/api/wallets/auto-accept', json({ account_id: crypto.randomUUID() }, bearer(accessToken))),
      remoteEnv,
    );
    expect(accept.status).toBe(200);
  });

  it("takes each route's limiter from its declaration: every write has one, no read", () => {
    const limiterFor = (key: string) => {
      const declared = declaredRoutes().find((r) => r.key === key);
      if (!declared) throw new Error(`${key} is not declared`);
      return limiterOf(declared.route) ?? null;
    };
    expect(limiterFor('GET /api/support/tickets')).toBeNull();
    expect(limiterFor('POST /api/support/tickets')).toBe('RL_TICKETS');
    expect(limiterFor('POST /api/support/tickets/:id/comments')).toBe('RL_COMMENTS');
    expect(limiterFor('POST /api/feature-requests')).toBe('RL_FEATURE_REQUESTS');
    expect(limiterFor('POST /api/feature-requests/:id/vote')).toBe('RL_VOTES');
    expect(limiterFor('DELETE /api/feature-requests/:id/vote')).toBe('RL_VOTES');
    expect(limiterFor('DELETE /api/feature-requests/:id')).toBe('RL_WRITES');
    expect(limiterFor('POST /api/accounts/user/create-account')).toBe('RL_ACCOUNTS');
    expect(limiterFor('POST /api/wallets/external')).toBe('RL_WALLETS');
    expect(limiterFor('POST /api/wallets/transfer')).toBe('RL_TRANSFERS');
    expect(limiterFor('POST /api/wallets/auto-accept')).toBe('RL_AUTO_ACCEPT');
    expect(limiterFor('POST /api/wallets/canton/send')).toBe('RL_SENDS');
    expect(limiterFor('POST /api/wallets/canton/offers/:offerId/accept')).toBe('RL_ACCEPTS');
    expect(limiterFor('POST /api/wallets/canton/offers/:offerId/reject')).toBe('RL_ACCEPTS');
    expect(limiterFor('POST /api/wallets/canton/offers/:offerId/withdraw')).toBe('RL_ACCEPTS');
    expect(limiterFor('POST /api/wallets/canton/receivers/resolve')).toBe('RL_LOOKUPS');
    expect(limiterFor('PUT /api/wallets/canton/preapproval/:accountId')).toBe('RL_WRITES');
    expect(limiterFor('PUT /api/support/tickets/:id')).toBe('RL_WRITES');
  });

  it("publishes each route's limiter in /api/openapi.json as x-rate-limit, with its figures", async () => {
    const res = await call('/api/openapi.json');
    type RateLimit = { name: string; limit: number; windowSeconds: number };
    const doc = await res.json<{ paths: Record<string, Record<string, { 'x-rate-limit'?: RateLimit }>> }>();
    expect(doc.paths['/api/wallets/transfer']?.post?.['x-rate-limit']?.name).toBe('RL_TRANSFERS');
    expect(doc.paths['/api/wallets/transfer']?.post?.['x-rate-limit']).toMatchObject({ limit: 10, windowSeconds: 60 });
    expect(doc.paths['/api/support/tickets/{id}/comments']?.post?.['x-rate-limit']?.name).toBe('RL_COMMENTS');
    expect(doc.paths['/api/support/tickets']?.get?.['x-rate-limit']).toBeUndefined();
    for (const r of declaredRoutes()) {
      const published = doc.paths[r.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(published?.['x-rate-limit']?.name, r.key).toBe(limiterOf(r.route));
    }
  });

  it('limits a write the contract declares with a limiter, served by the forwarding loop: the 21st wallet of a minute is 429', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const accounts = await call('/api/accounts/user/accounts', { headers: bearer(accessToken) });
    const accountId = (await accounts.json<{ data: { accounts: { account_id: string }[] } }>()).data.accounts[0]!.account_id;
    const { passed, limited } = await untilLimited(() => call('/api/wallets', json({ account_id: accountId, label: 'Cold storage' }, bearer(accessToken))), 45);
    expect(passed).toBe(20);
    expect(await limited.json()).toEqual({ message: 'Too many requests, please try again later', code: 'rate_limited' });
  });

  it('lets requests through (and logs) when the limiter binding is missing', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const noLimits = { ...testEnv, RATE_LIMITER: undefined } as unknown as Cloudflare.Env;
    const res = await app.fetch(
      new Request(
        'http://app.test/api/support/tickets',
        json({ title: 'No limiter', description: 'Binding missing here', category: 'general', priority: 'low' }, bearer(accessToken)),
      ),
      noLimits,
    );
    expect(res.status).toBe(200);
    errors.mockRestore();
  });
});

describe('limits that hold however requests interleave', () => {
  const send = (accessToken: string) =>
    app.fetch(
      new Request('http://app.test/api/wallets/transfer', json({ account_id: crypto.randomUUID(), amount: '0.0000000001' }, bearer(accessToken))),
      remoteEnv,
    );

  it('lets exactly 10 of 150 concurrent money transfers of one user reach the upstream; the other 140 are 429 before they run', async () => {
    const { accessToken } = await signIn(uniquePhone());
    planFetch(() => Response.json({ data: TRANSFER_DATA }));
    const answers = await Promise.all(Array.from({ length: 150 }, () => send(accessToken)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(140);
    expect(outbound).toHaveLength(10);
  });

  it('lets exactly 10 each through for four users sending 60 at once (40 in all), each user on their own count', async () => {
    const users = [];
    // One at a time: a sign-in reads its code from the log.
    for (let i = 0; i < 4; i++) users.push(await signIn(uniquePhone()));
    planFetch(() => Response.json({ data: TRANSFER_DATA }));
    const answers = await Promise.all(users.flatMap((u) => Array.from({ length: 60 }, () => send(u.accessToken))));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(40);
    expect(outbound).toHaveLength(40);
    for (const [i, u] of users.entries()) {
      const mine = answers.slice(i * 60, (i + 1) * 60);
      expect(
        mine.filter((r) => r.status === 200),
        `user ${i + 1}`,
      ).toHaveLength(10);
      expect(outbound.filter((r) => r.headers.get('authorization') === `Bearer ${u.accessToken}`)).toHaveLength(10);
    }
  });

  it('gives a slot back when the upstream did not decide: 10 concurrent 502s leave the whole limit for the retries', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    planFetch(() => Response.json({ message: 'down' }, { status: 503 }));
    const failed = await Promise.all(Array.from({ length: 10 }, () => send(accessToken)));
    expect(failed.map((r) => r.status)).toEqual(Array(10).fill(502));
    errors.mockRestore();
    planFetch(() => Response.json({ data: TRANSFER_DATA }));
    const retried = await Promise.all(Array.from({ length: 15 }, () => send(accessToken)));
    expect(retried.filter((r) => r.status === 200)).toHaveLength(10);
    expect(retried.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('creates exactly 10 of 30 concurrent support tickets of one user (a limiter that is not about money holds too)', async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          '/api/support/tickets',
          json({ title: `Burst ${i}`, description: 'Thirty at once from one user', category: 'general', priority: 'low' }, bearer(accessToken)),
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
    const mine = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM support_tickets WHERE user_id = ?').bind(userId).first<{ n: number }>();
    expect(mine?.n).toBe(10);
  });

  it('answers exactly 10 of 25 concurrent code requests from one address', async () => {
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => call('/auth/v1/otp', json({ phone: uniquePhone(), channel: 'sms' }, { 'cf-connecting-ip': ip }))),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });
});

describe('per-IP limits on the sign-in service', () => {
  it('refuses the 11th code request from one IP within a minute (any phones), with GoTrue 429 and Retry-After', async () => {
    const ip = randomIp();
    const { passed, limited } = await untilLimited(() => call('/auth/v1/otp', json({ phone: uniquePhone(), channel: 'sms' }, { 'cf-connecting-ip': ip })), 25);
    expect(passed).toBe(10);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Another address is not affected; the test number sends nothing and is not counted.
    expect((await call('/auth/v1/otp', json({ phone: uniquePhone() }, { 'cf-connecting-ip': randomIp() }))).status).toBe(200);
    expect((await call('/auth/v1/otp', json({ phone: TEST_PHONE }, { 'cf-connecting-ip': ip }))).status).toBe(200);
  });

  it('refuses code guesses from one IP beyond 20 a minute, across phones, storing no session', async () => {
    const ip = randomIp();
    const before = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM auth_sessions').first<{ n: number }>();
    const { passed } = await untilLimited(
      () => call('/auth/v1/verify', json({ phone: uniquePhone(), token: '000000', type: 'sms' }, { 'cf-connecting-ip': ip })),
      45,
    );
    expect(passed).toBe(20);
    const after = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM auth_sessions').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it('limits refresh-token grants per IP (30 a minute)', async () => {
    const ip = randomIp();
    const { passed } = await untilLimited(
      () => call('/auth/v1/token?grant_type=refresh_token', json({ refresh_token: 'not-a-token' }, { 'cf-connecting-ip': ip })),
      65,
    );
    expect(passed).toBe(30);
  });

  it('keys IPv6 clients by their /64 network', () => {
    const ctx = (ip: string) => ({ req: { header: () => ip } }) as never;
    expect(clientKey(ctx('2001:db8:1:2:3:4:5:6'))).toBe('2001:db8:1:2::/64');
    expect(clientKey(ctx('2001:db8:1:2::9'))).toBe('2001:db8:1:2::/64');
    expect(clientKey(ctx('2001:db8::1'))).toBe('2001:db8:0:0::/64');
    expect(clientKey(ctx('203.0.113.7'))).toBe('203.0.113.7');
  });
});
