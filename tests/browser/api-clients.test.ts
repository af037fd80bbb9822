// API clients that are not browsers (curl, a mobile app, a server), against the built Worker as it is
// served (Astro in front of the Hono app), since the workerd tests call the Hono app alone: bodiless
// writes without an Origin header reach the API and get its own {message} and security headers, a
// foreign Origin is still refused by the API's CORS rule, other routes rendered on demand keep
// Astro's same-origin rule for writes (src/middleware.ts), and a path whose percent-encoding does not
// decode answers 400 without writing an error line to the server's log.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';

const base = () => inject('baseURL');

/** +1 555 555 0108 (code 123456): this file's own user (tests/test-phones.ts). */
const PHONE = '+15555550108';

let token: string;

/** A request as curl or a mobile app sends it: no Origin, and no body unless given. */
function call(method: string, path: string, init: { body?: unknown; origin?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.origin) headers.origin = init.origin;
  return fetch(base() + path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function json<T>(res: Response): Promise<T> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return await res.json();
}

/** The headers every answer of the app carries (src/worker/security-policy.ts). */
function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

/** Polls `read` until it gives a value (every 50 ms, for up to 10 s). */
beforeAll(async () => {
  const otp = await fetch(`${base()}/auth/v1/otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: PHONE }) });
  expect(otp.status).toBe(200);
  const verify = await fetch(`${base()}/auth/v1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: PHONE, token: '123456', type: 'sms' }),
  });
  expect(verify.status).toBe(200);
  token = (await verify.json<{ access_token: string }>()).access_token;
});

describe('clients without an Origin header (curl, mobile apps, servers)', () => {
  it('unvote, set-primary, deactivate and POST /wallets/canton without a body answer the API’s own JSON with the security headers', async () => {
    const requests = (await json<{ data: { id: string }[] }>(await call('GET', '/api/feature-requests'))).data;
    const requestId = requests[0]!.id;
    expect((await call('POST', `/api/feature-requests/${requestId}/vote`, { body: { vote_type: 'upvote' } })).status).toBe(200);
    const unvote = await call('DELETE', `/api/feature-requests/${requestId}/vote`);
    expectSecurityHeaders(unvote);
    expect(unvote.status).toBe(200);
    await json(unvote);

    const accountId = (await json<{ data: { accounts: { account_id: string }[] } }>(await call('GET', '/api/accounts/user/accounts'))).data.accounts[0]!
      .account_id;
    const primary = await call('POST', `/api/accounts/user/accounts/${accountId}/set-primary`);
    expectSecurityHeaders(primary);
    expect(await json(primary)).toEqual({ data: { success: true } });

    const canton = await call('POST', '/api/wallets/canton');
    expectSecurityHeaders(canton);
    expect(canton.status).toBe(200);
    const { walletId } = (await json<{ data: { walletId: string } }>(canton)).data;

    const deactivate = await call('PATCH', `/api/wallets/${walletId}/deactivate`);
    expectSecurityHeaders(deactivate);
    expect(deactivate.status).toBe(200);
    expect((await json<{ data: { id: string; is_active: boolean } }>(deactivate)).data).toMatchObject({ id: walletId, is_active: false });

    // A bodiless DELETE of an account that is not the caller's is the API's 404 {message}, not a 403.
    const missing = await call('DELETE', `/api/accounts/user/accounts/${crypto.randomUUID()}`);
    expectSecurityHeaders(missing);
    expect(missing.status).toBe(404);
    expect(typeof (await json<{ message: string }>(missing)).message).toBe('string');
  });

  it('refuses a write from a foreign Origin with the API’s CORS rule: 403 {message}, nothing changed', async () => {
    const requestId = (await json<{ data: { id: string }[] }>(await call('GET', '/api/feature-requests'))).data[1]!.id;
    const before = (await json<{ data: { user_vote?: unknown; votes_count?: number } }>(await call('GET', `/api/feature-requests/${requestId}`))).data;
    for (const [method, init] of [
      ['POST', { body: { vote_type: 'upvote' } }],
      ['DELETE', {}],
    ] as const) {
      const res = await call(method, `/api/feature-requests/${requestId}/vote`, { ...init, origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expectSecurityHeaders(res);
      expect((await json<{ message: string }>(res)).message).toMatch(/cross-origin/i);
    }
    expect((await json<{ data: unknown }>(await call('GET', `/api/feature-requests/${requestId}`))).data).toEqual(before);
  });
});

describe('same-origin protection of the other routes rendered on demand', () => {
  it('still refuses a cross-site or origin-less form write to a page route with 403, with the security headers', async () => {
    // /no-such-page is answered on demand ([...rest].ts redirects it to /).
    const variants: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of variants) {
      const res = await fetch(`${base()}/no-such-page`, { method: 'POST', headers, redirect: 'manual' });
      expect(res.status).toBe(403);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBeTruthy();
    }
    const same = await fetch(`${base()}/no-such-page`, { method: 'POST', headers: { origin: base() }, redirect: 'manual' });
    expect(same.status).toBe(302);
  });
});

describe('paths whose percent-encoding does not decode', () => {
  it('answer 400 quietly: {message} under /api and /auth/v1, a plain 400 elsewhere, no error line in the log', async () => {
    const log = inject('serverLog');
    const from = readFileSync(log, 'utf8').length;
    for (const path of ['/api/%', '/auth/v1/%zz', '/api/accounts/%E0%A4%A']) {
      const res = await fetch(base() + path, { method: 'GET' });
      expect(res.status, path).toBe(400);
      expectSecurityHeaders(res);
      expect(typeof (await json<{ message: string }>(res)).message).toBe('string');
    }
    const page = await fetch(base() + '/%E0%A4%A');
    expect(page.status).toBe(400);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toBeTruthy();
    // wrangler dev logs each request after its answer: wait for the last one's line, so that any
    // error line the requests caused has been written before the check.
    const written = await vi.waitFor(
      () => {
        const text = readFileSync(log, 'utf8').slice(from);
        expect(text, 'the server log line of the last request').toContain('GET /%E0%A4%A 400');
        return text;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(written).not.toMatch(/Invalid URL encoding/i);
    expect(written).not.toMatch(/\bERROR\b|✘/);
  });
});
