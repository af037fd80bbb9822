// Headers and browser policy of the Hono app's answers (API and local sign-in service): a strict CSP
// for JSON, HSTS, nosniff, Referrer-Policy, Permissions-Policy, no-store on API answers, and CORS that
// is same-origin unless an origin is on the configured allow-list.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';

const testEnv = env;

function expectSecurityHeaders(res: Response) {
  const h = res.headers;
  expect(h.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  expect(h.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('same-origin');
  expect(h.get('permissions-policy')).toMatch(/camera=\(\)/);
  expect(h.get('permissions-policy')).toMatch(/geolocation=\(\)/);
  expect(h.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it('are on open, authenticated, failed and unknown API answers, all no-store', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const answers = [
      await call('/api/health'),
      await call('/api/accounts/user/accounts', { headers: bearer(accessToken) }),
      await call('/api/accounts/user/accounts'),
      await call('/api/nope', { headers: bearer(accessToken) }),
      await call('/api/accounts/user/switch-account', {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        body: '{"accountId": 1}',
      }),
      await call('/api/market', { headers: bearer(accessToken) }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404, 400, 200]);
    for (const res of answers) {
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are on the sign-in service, which keeps no-store on sessions and a public max-age on its JWKS', async () => {
    const verify = await call('/auth/v1/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+15555550100', token: '123456', type: 'sms' }),
    });
    expect(verify.status).toBe(200);
    expectSecurityHeaders(verify);
    expect(verify.headers.get('cache-control')).toBe('no-store');
    const jwks = await call('/auth/v1/.well-known/jwks.json');
    expectSecurityHeaders(jwks);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
  });

  it('are on unexpected 500 answers too', async () => {
    const broken = { ...testEnv, DB: undefined } as unknown as Cloudflare.Env;
    const res = await app.fetch(new Request('http://app.test/api/health'), broken);
    expect(res.status).toBe(500);
    expectSecurityHeaders(res);
  });
});

describe('cross-origin requests', () => {
  const allowEnv = { ...testEnv, CORS_ALLOWED_ORIGINS: 'https://partner.example, not an origin' } as unknown as Cloudflare.Env;

  it('pass from the same origin and without an Origin header, with no CORS headers', async () => {
    for (const headers of [{}, { origin: 'http://app.test' }] as Record<string, string>[]) {
      const res = await call('/api/health', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('are refused (403 {message}) from any origin not on the allow-list, preflights too, changing nothing', async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    const create = await call('/api/accounts/user/create-account', {
      method: 'POST',
      headers: { ...bearer(accessToken), 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ accountName: 'Drained' }),
    });
    expect(create.status).toBe(403);
    expect(await create.json()).toEqual({ message: 'Cross-origin request refused', code: 'forbidden' });
    expect(create.headers.get('access-control-allow-origin')).toBeNull();
    expectSecurityHeaders(create);
    const count = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM user_accounts WHERE user_id = ?').bind(userId).first<{ n: number }>();
    expect(count?.n ?? 0).toBe(0);

    const preflight = await call('/api/accounts/user/accounts', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    const nullOrigin = await call('/auth/v1/otp', { method: 'POST', headers: { origin: 'null' }, body: '{}' });
    expect(nullOrigin.status).toBe(403);
  });

  it('get CORS answers from an allow-listed origin', async () => {
    const preflight = await app.fetch(
      new Request('http://app.test/api/accounts/user/accounts', {
        method: 'OPTIONS',
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      }),
      allowEnv,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const res = await app.fetch(new Request('http://app.test/api/health', { headers: { origin: 'https://partner.example' } }), allowEnv);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expectSecurityHeaders(res);

    const other = await app.fetch(new Request('http://app.test/api/health', { headers: { origin: 'https://partner.example.evil' } }), allowEnv);
    expect(other.status).toBe(403);
  });
});
