// The reads of /settings/security rendered on the Worker (src/worker/pages/security-data.ts), in
// workerd on real D1: the sessions it serves are GET /api/sessions's answer for the same session, in
// the embedded default and in production mode, with this request's session marked current; another
// user's sessions are never served, even when read at once; a failed or slow sessions read serves
// none and leaves the shell served; and the page guard hands the page the session its cookie names.
import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { guardPage } from '../../../src/worker/page-session';
import type { PageUser } from '../../../src/worker/pages/page-user';
import { pageSessions, securityPage } from '../../../src/worker/pages/security-data';
import { activityClock, activitySettled } from '../../../src/worker/sessions/activity';
import { bearer, pageUser, projectToken, sessionIdOf, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, planFetch } from '../network';

installFetchGuard();
afterEach(() => {
  vi.restoreAllMocks();
});

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const pageRequest = (ua = ANDROID) => new Request('http://localhost/settings/security', { headers: { 'user-agent': ua } });

async function apiSessions(token: string, ua = ANDROID) {
  const res = await call('/api/sessions', { headers: bearer(token, { 'user-agent': ua }) });
  await activitySettled();
  expect(res.status).toBe(200);
  return (await res.json<{ data: unknown[] }>()).data;
}

describe('the reads of /settings/security', () => {
  it("serves the sessions GET /api/sessions answers for the same session, this one first and marked current, with the server's clock", async () => {
    // One clock for the page and the API: the current session's last activity is "now" in both.
    vi.spyOn(activityClock, 'now').mockReturnValue(Date.now());
    const phone = uniquePhone();
    const me = await signIn(phone);
    const laptop = await signIn(phone);
    const tablet = await signIn(phone);
    await apiSessions(laptop.accessToken, WINDOWS);
    await apiSessions(tablet.accessToken, MAC);

    const before = Date.now();
    const { seed, sessions } = await securityPage(pageRequest(), testEnv, pageUser(me));
    expect(seed.userId).toBe(me.userId);
    expect(sessions).not.toBeNull();
    expect(sessions!.sessions).toEqual(await apiSessions(me.accessToken));
    expect(sessions!.sessions.map((s) => s.id).sort()).toEqual([me, laptop, tablet].map((s) => sessionIdOf(s.accessToken)).sort());
    expect(sessions!.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([sessionIdOf(me.accessToken)]);
    expect(sessions!.sessions[0]).toMatchObject({ id: sessionIdOf(me.accessToken), current: true, browser: 'Chrome', os: 'Android', device: 'mobile' });
    expect(sessions!.now).toBeGreaterThanOrEqual(before);
    expect(sessions!.now).toBeLessThanOrEqual(Date.now());

    // The laptop's own page marks the laptop, not this browser.
    const theirs = await securityPage(pageRequest(WINDOWS), testEnv, pageUser(laptop));
    expect(theirs.sessions!.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([sessionIdOf(laptop.accessToken)]);
  });

  it("never serves another user's sessions, even to two users read at once", async () => {
    const a = await signIn(uniquePhone());
    const b = await signIn(uniquePhone());
    await apiSessions(b.accessToken, WINDOWS);
    const pages = await Promise.all([a, b, a, b].map((who) => securityPage(pageRequest(), testEnv, pageUser(who)).then((p) => ({ who, p }))));
    for (const { who, p } of pages) {
      const other = who === a ? b : a;
      expect(p.sessions!.sessions.map((s) => s.id)).toEqual([sessionIdOf(who.accessToken)]);
      const text = JSON.stringify(p);
      expect(text).not.toContain(sessionIdOf(other.accessToken));
      expect(text).not.toContain(other.userId);
    }
  });

  it('serves what GET /api/sessions answers in production mode (a Supabase project): the sessions the BFF has seen', async () => {
    const project = `https://p${crypto.randomUUID().slice(0, 8)}.supabase.test`;
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'security-page-key', alg: 'ES256', use: 'sig' };
    planFetch((req) => {
      if (req.url === `${project}/auth/v1/.well-known/jwks.json`) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected ${req.method} ${req.url}`);
    });
    const supabaseEnv = { ...testEnv, PUBLIC_SUPABASE_URL: project, PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test' };
    const userId = crypto.randomUUID();
    const [mine, theirs, stranger] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const token = (sessionId: string, sub = userId) =>
      projectToken(privateKey, {
        project,
        header: { alg: 'ES256', kid: 'security-page-key', typ: 'JWT' },
        sub,
        claims: { role: 'authenticated', session_id: sessionId },
      });
    const list = async (tok: string, ua: string) => {
      const res = await app.fetch(new Request('http://app.test/api/sessions', { headers: bearer(tok, { 'user-agent': ua }) }), supabaseEnv);
      await activitySettled();
      expect(res.status).toBe(200);
      return (await res.json<{ data: unknown[] }>()).data;
    };
    vi.spyOn(activityClock, 'now').mockReturnValue(Date.now());
    await list(await token(theirs), WINDOWS);
    await list(await token(stranger, crypto.randomUUID()), MAC);

    const me: PageUser = { id: userId, sessionId: mine, accessToken: await token(mine) };
    const served = await pageSessions(supabaseEnv, me, pageRequest());
    expect(served!.sessions).toEqual(await list(me.accessToken, ANDROID));
    expect(served!.sessions.map((s) => [s.id, s.current, s.browser])).toEqual([
      [mine, true, 'Chrome'],
      [theirs, false, 'Firefox'],
    ]);
  });

  it('serves no sessions, and still the shell, when the sessions read fails', async () => {
    const me = await signIn(uniquePhone());
    const prepare = testEnv.DB.prepare.bind(testEnv.DB);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(testEnv.DB, 'prepare').mockImplementation((sql: string) => {
      if (sql.includes('FROM session_activity')) throw new Error('D1 is down');
      return prepare(sql);
    });
    const { seed, sessions } = await securityPage(pageRequest(), testEnv, pageUser(me));
    expect(sessions).toBeNull();
    expect(seed.account?.id).toBe(me.userId);
  });

  it('serves no sessions, and still the shell, when the sessions read outlasts the upstream timeout', async () => {
    const me = await signIn(uniquePhone());
    const prepare = testEnv.DB.prepare.bind(testEnv.DB);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(testEnv.DB, 'prepare').mockImplementation((sql: string) => {
      if (sql.includes('FROM session_activity')) return { bind: () => ({ all: () => new Promise(() => undefined) }) } as unknown as D1PreparedStatement;
      return prepare(sql);
    });
    const started = Date.now();
    const { seed, sessions } = await securityPage(pageRequest(), { ...testEnv, UPSTREAM_TIMEOUT_MS: '200' }, pageUser(me));
    expect(sessions).toBeNull();
    expect(seed.account?.id).toBe(me.userId);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("hands the page the session its cookie names (the list's current mark)", async () => {
    const phone = uniquePhone();
    await signIn(phone);
    const { session, accessToken, userId } = await signIn(phone);
    const cookie = `dolar-auth=base64-${btoa(JSON.stringify(session)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`;
    let served: PageUser | undefined;
    const res = await guardPage(new Request('http://app.test/settings/security', { headers: { cookie } }), testEnv, {
      authFetch: (input, init) => call(new URL(new Request(input, init).url).pathname, init),
      serve: async (user) => {
        served = user;
        return { page: new Response('page', { headers: { 'content-type': 'text/plain' } }), onDemand: true };
      },
    });
    expect(res.status).toBe(200);
    expect(served).toEqual({ id: userId, sessionId: sessionIdOf(accessToken), accessToken });
  });
});
