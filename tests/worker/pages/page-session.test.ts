// The signed-in pages' cookie-session guard on the Worker (src/worker/page-session.ts, wired in
// src/worker/entry.ts): no session -> 302 /login with a return path; a valid one -> the page, private
// and never stored; one about to expire -> refreshed in-process, new cookies on the answer; a forged,
// expired or ended one -> /login with the session cookies cleared. /api never takes a cookie.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { authSettings, currentSigningKey } from '../../../src/local-auth';
import entry from '../../../src/worker/entry';
import { storedSession } from '../../../src/worker/page-session';
import { bearer, projectToken, signIn, uniquePhone } from '../auth';
import { ASTRO_STREAMING_HEADER, ASTRO_STUB_HEADER } from '../astro-pages-stub';
import { call } from '../helpers';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const PAGES = [
  '/market',
  '/transactions',
  '/accounts',
  '/accounts/digital-assets',
  '/accounts/digital-assets/BTC',
  '/support',
  '/settings/security',
  '/onboarding',
];

const b64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
const fromB64url = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

/** The cookie @supabase/ssr's browser client writes for a session (`base64-` + base64url JSON). */
const sessionCookie = (session: Record<string, unknown>) => `dolar-auth=base64-${b64url(JSON.stringify(session))}`;

const page = (path: string, cookie?: string) => call(path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

/** The session in an answer's Set-Cookie for dolar-auth, or null when it is cleared / absent. */
function setSession(res: Response): { cookie: string; session: Record<string, any> | null } | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dolar-auth='));
  if (!cookie) return undefined;
  const value = decodeURIComponent(cookie.slice('dolar-auth='.length, cookie.indexOf(';')));
  return { cookie, session: value.startsWith('base64-') ? JSON.parse(fromB64url(value.slice(7))) : null };
}

async function forge(accessToken: string, change: (claims: JWTPayload) => JWTPayload) {
  const key = await currentSigningKey(testEnv.DB, authSettings(testEnv));
  return new SignJWT(change({ ...decodeJwt(accessToken) })).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

function expectLogin(res: Response, path: string) {
  expect(res.status, path).toBe(302);
  expect(res.headers.get('location'), path).toBe(`/login?next=${encodeURIComponent(path)}`);
  expect(res.headers.get('cache-control'), path).toBe('no-store');
}

describe('the signed-in pages on the Worker', () => {
  it('redirect to /login with the page as return path when there is no session cookie', async () => {
    for (const path of PAGES) expectLogin(await page(path), path);
    const res = await page('/market?tab=crypto');
    expect(res.headers.get('location')).toBe('/login?next=%2Fmarket%3Ftab%3Dcrypto');
  });

  it('answer the page, private and never stored, with a valid session cookie', async () => {
    const { session } = await signIn();
    for (const path of PAGES) {
      const res = await page(path, sessionCookie(session));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).not.toContain('unsafe-inline');
      // A session far from expiry is not rewritten.
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it('render a page with its user whole, not streamed (its reads come before the first byte anyway)', async () => {
    const { session } = await signIn();
    for (const path of ['/market', '/transactions', '/accounts/digital-assets/BTC']) {
      const res = await page(path, sessionCookie(session));
      expect(res.headers.get(ASTRO_STUB_HEADER), path).toBe('1');
      expect(res.headers.get(ASTRO_STREAMING_HEADER), path).toBe('false');
    }
  });

  it('send a signed-in visit to /login on to its safe next (else the first signed-in screen), with no script needed', async () => {
    const { session, accessToken } = await signIn();
    const cookie = sessionCookie(session);
    const go = async (path: string) => {
      const res = await page(path, cookie);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      return res.headers.get('location');
    };
    expect(await go('/login?next=%2Fsettings%2Fsecurity')).toBe('/settings/security');
    expect(await go('/login')).toBe('/transactions');
    expect(await go('/login?next=%2F.%2F%2Fevil.invalid%2Fphish')).toBe('/transactions');
    // A session that fails the check (forged claims) is no session: the login page itself.
    const forged = await forge(accessToken, (claims) => ({ ...claims, sub: crypto.randomUUID() }));
    const res = await page('/login', sessionCookie({ ...session, access_token: forged }));
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
  });

  it('send /dashboard on to /transactions from the Worker once the session holds (no page, no script), and a signed-out visit to /login', async () => {
    const { session } = await signIn();
    for (const path of ['/dashboard', '/dashboard/']) {
      const res = await page(path, sessionCookie(session));
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/transactions');
    }
    expectLogin(await page('/dashboard'), '/dashboard');
  });

  it('read a session split into chunks as @supabase/ssr writes long ones', async () => {
    const { session } = await signIn();
    const value = sessionCookie(session).slice('dolar-auth='.length);
    const half = Math.floor(value.length / 2);
    const res = await page('/market', `dolar-auth.0=${value.slice(0, half)}; dolar-auth.1=${value.slice(half)}`);
    expect(res.status).toBe(200);
  });

  it('refresh a session about to expire and set the new cookies (Secure off on http, SameSite=Lax, Path=/)', async () => {
    const { session, accessToken } = await signIn();
    const soon = { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 };
    const res = await page('/transactions', sessionCookie(soon));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const set = setSession(res);
    expect(set?.session?.access_token).toEqual(expect.any(String));
    expect(set!.session!.access_token).not.toBe(accessToken);
    expect(set!.session!.expires_at).toBeGreaterThan(soon.expires_at);
    expect(set!.cookie).toMatch(/; Path=\//);
    expect(set!.cookie).toMatch(/; SameSite=Lax/i);
    expect(set!.cookie).not.toMatch(/; Secure/i);
    // The refresh was answered in-process by the sign-in service, not by an outbound fetch.
    expect(outbound).toEqual([]);
    // The new session opens pages and the API (as a bearer token).
    expect((await page('/market', set!.cookie.split(';')[0])).status).toBe(200);
    expect((await call('/api/accounts/user/accounts', { headers: bearer(set!.session!.access_token) })).status).toBe(200);
  });

  it('mark the session cookies Secure on an https origin', async () => {
    const { session } = await signIn();
    const soon = { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 };
    const { worker } = await import('../helpers');
    const res = await worker.fetch('https://app.test/market', {
      headers: { cookie: sessionCookie(soon), 'cf-connecting-ip': '198.18.0.9' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(setSession(res)?.cookie).toMatch(/; Secure/i);
  });

  it('redirect and clear the cookies for a forged, expired, foreign-key or ended session', async () => {
    const { session, accessToken } = await signIn(uniquePhone());
    const now = Math.floor(Date.now() / 1000);
    const [h, , s] = accessToken.split('.');
    const cases: Record<string, Record<string, unknown>> = {
      tampered: { ...session, access_token: `${h}.${b64url(JSON.stringify({ ...decodeJwt(accessToken), sub: crypto.randomUUID() }))}.${s}` },
      expiredJwt: { ...session, access_token: await forge(accessToken, (c) => ({ ...c, iat: now - 7200, exp: now - 3600 })) },
      garbage: { access_token: 'not-a-jwt', refresh_token: 'x', expires_at: now + 3600 },
    };
    for (const [name, bad] of Object.entries(cases)) {
      const res = await page('/settings/security', sessionCookie(bad));
      expectLogin(res, '/settings/security');
      const cleared = res.headers.getSetCookie().find((c) => c.startsWith('dolar-auth='));
      expect(cleared, name).toMatch(/Max-Age=0/i);
    }
    expectLogin(await page('/market', 'dolar-auth=%%%not-base64'), '/market');

    // Signed out: the session is ended at the sign-in service, its cookie no longer opens a page.
    const out = await call('/auth/v1/logout', { method: 'POST', headers: bearer(accessToken) });
    expect(out.status).toBe(204);
    expectLogin(await page('/market', sessionCookie(session)), '/market');
  });

  it("with a Supabase project: verify against the project's JWKS and refresh at the project's /auth/v1/token", async () => {
    const project = 'https://project.supabase.test';
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'project-key', alg: 'ES256', use: 'sig' };
    const sub = crypto.randomUUID();
    const header = { alg: 'ES256', kid: 'project-key', typ: 'JWT' };
    const old = await projectToken(privateKey, { project, header, sub });
    const fresh = await projectToken(privateKey, { project, header, sub });
    const now = Math.floor(Date.now() / 1000);
    const user = { id: sub, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' };
    const refreshed = { access_token: fresh, refresh_token: 'r2', token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, user };
    planFetch(async (req) => {
      if (req.url === `${project}/auth/v1/.well-known/jwks.json`) return Response.json({ keys: [jwk] });
      if (req.url === `${project}/auth/v1/token?grant_type=refresh_token` && req.method === 'POST') {
        expect(await req.json()).toEqual({ refresh_token: 'r1' });
        return Response.json(refreshed);
      }
      throw new Error(`unexpected ${req.method} ${req.url}`);
    });
    const supabaseEnv = { ...testEnv, PUBLIC_SUPABASE_URL: project, PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test' } as unknown as Cloudflare.Env;
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const soon = { access_token: old, refresh_token: 'r1', token_type: 'bearer', expires_in: 3600, expires_at: now + 30, user };
    const get = (cookie: string) => new Request('https://app.test/market', { headers: { cookie } }) as unknown as Parameters<typeof entry.fetch>[0];
    const res = await entry.fetch(get(sessionCookie(soon)), supabaseEnv, ctx);
    expect(res.status).toBe(200);
    expect(setSession(res)?.session?.access_token).toBe(fresh);
    expect(setSession(res)!.cookie).toMatch(/; Secure/i);
    expect(outbound.map((r) => r.url)).toContain(`${project}/auth/v1/token?grant_type=refresh_token`);
    // A token of the local sign-in service is not trusted in that mode.
    const local = await signIn();
    const refused = await entry.fetch(get(sessionCookie(local.session)), supabaseEnv, ctx);
    expect(refused.status).toBe(302);
  });

  it('never let a session cookie authorize an API call (bearer only)', async () => {
    const { session } = await signIn();
    const res = await call('/api/accounts/user/accounts', { headers: { cookie: sessionCookie(session) } });
    expect(res.status).toBe(401);
  });

  it('ask the static assets for a signed-in page only until they have answered 404 for its path (a page rendered per request), and every time for a prerendered one', async () => {
    const { session } = await signIn();
    const asked: string[] = [];
    const prerendered = new Set(['/settings/billing']);
    const assets = {
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        asked.push(path);
        return prerendered.has(path)
          ? new Response('<!doctype html><p>static</p>', { headers: { 'content-type': 'text/html' } })
          : new Response('Not found', { status: 404 });
      },
    };
    const withAssets = { ...testEnv, ASSETS: assets } as unknown as Cloudflare.Env;
    const open = (path: string) =>
      entry.fetch(
        new Request(`http://app.test${path}`, { headers: { cookie: sessionCookie(session) } }) as Request<unknown, IncomingRequestCfProperties>,
        withAssets,
        createExecutionContext(),
      );
    // A path of its own, so that no other test of this isolate has taken it before.
    const symbolPage = `/accounts/digital-assets/Z${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    for (let i = 0; i < 3; i++) {
      expect((await open(symbolPage)).status).toBe(200);
      expect((await open('/settings/billing')).status).toBe(200);
    }
    expect(asked.filter((p) => p === symbolPage)).toHaveLength(1);
    expect(asked.filter((p) => p === '/settings/billing')).toHaveLength(3);
  });

  it('leave the public pages and /login to the static assets (not guarded)', async () => {
    for (const path of ['/', '/login', '/privacy', '/es/terms']) {
      const res = await page(path);
      expect(res.status, path).not.toBe(302);
    }
  });
});

describe("the guard's read of a session straight from its cookie (no Supabase client)", () => {
  const now = Date.UTC(2026, 10, 28, 12);
  const stored = { access_token: 'a.b.c', refresh_token: 'r', expires_at: now / 1000 + 90, token_type: 'bearer', user: { id: 'u' } };

  it("takes the access token while it expires more than auth-js's 90 s refresh margin away, and leaves one within it to the client's refresh", async () => {
    expect(storedSession(sessionCookie(stored), now - 1)).toBe('a.b.c');
    expect(storedSession(sessionCookie(stored), now)).toBeUndefined();
    expect(storedSession(sessionCookie({ ...stored, expires_at: now / 1000 - 10 }), now)).toBeUndefined();
  });

  it('reads a value without the base64- prefix as @supabase/ssr does (plain JSON)', () => {
    expect(storedSession(`dolar-auth=${encodeURIComponent(JSON.stringify(stored))}`, now - 1)).toBe('a.b.c');
  });

  it('joins a session @supabase/ssr split into chunks, in order', async () => {
    const value = sessionCookie(stored).slice('dolar-auth='.length);
    const third = Math.floor(value.length / 3);
    const chunks = `other=1; dolar-auth.0=${value.slice(0, third)}; dolar-auth.1=${value.slice(third, 2 * third)}; dolar-auth.2=${value.slice(2 * third)}`;
    expect(storedSession(chunks, now - 1)).toBe('a.b.c');
    expect(storedSession(`dolar-auth.1=${value.slice(third)}; dolar-auth.0=${value.slice(0, third)}`, now - 1)).toBe('a.b.c');
  });

  it('gives no token for a missing, undecodable or incomplete session (the client then decides)', async () => {
    expect(storedSession('', now - 1)).toBeUndefined();
    expect(storedSession('sb-other-auth-token=x', now - 1)).toBeUndefined();
    expect(storedSession('dolar-auth=base64-%%%', now - 1)).toBeUndefined();
    expect(storedSession(`dolar-auth=base64-${b64url('{"access_token":')}`, now - 1)).toBeUndefined();
    expect(storedSession(sessionCookie({ ...stored, refresh_token: undefined }), now - 1)).toBeUndefined();
    expect(storedSession(sessionCookie({ ...stored, user: undefined }), now - 1)).toBeUndefined();
    expect(storedSession(sessionCookie({ ...stored, expires_at: String(stored.expires_at) }), now - 1)).toBeUndefined();
    expect(storedSession(sessionCookie({ ...stored, access_token: 42 }), now - 1)).toBeUndefined();
    expect(storedSession(`dolar-auth=base64-${b64url('null')}`, now - 1)).toBeUndefined();
  });
});
