// Sessions you control: GET /api/sessions lists the caller's own live sessions with the
// device read from the User-Agent and "current" for the token's own session; DELETE /api/sessions/:id
// ends another one (its access and refresh tokens are refused from the next call on); POST
// /api/sessions/sign-out-others ends all but the current. Scoped to the caller: another user's session
// answers 404, a crafted id 400. The BFF notes each session's activity at most once a minute. In
// production mode (a Supabase project) the BFF records the ended sessions and refuses their tokens,
// and "all others" goes through Supabase's own logout (scope=others).
import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { activitySettled } from '../../../src/worker/sessions/activity';
import { bearer, projectToken, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const gotrue = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

type SessionJson = { id: string; browser: string | null; os: string | null; device: string; country: string | null; last_active_ms: number; current: boolean };

async function as(token: string, method: string, path: string, ua = ANDROID) {
  const res = await call(path, { method, headers: bearer(token, { 'user-agent': ua }) });
  const body = (await res.json()) as any;
  await activitySettled();
  return { status: res.status, body };
}
const list = async (token: string, ua = ANDROID) => (await as(token, 'GET', '/api/sessions', ua)).body.data as SessionJson[];
const sessionIdOf = (token: string) => JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).session_id as string;
const refresh = (refreshToken: string) =>
  call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: gotrue, body: JSON.stringify({ refresh_token: refreshToken }) });
const accounts = (token: string) => call('/api/accounts/user/accounts', { headers: bearer(token) });

describe('GET /api/sessions (embedded default)', () => {
  it("lists the caller's live sessions, the current one first and marked, with browser and system from the user agent and no country locally", async () => {
    const phone = uniquePhone();
    const phoneA = await signIn(phone);
    const laptop = await signIn(phone);
    const stranger = await signIn(uniquePhone());
    await as(laptop.accessToken, 'GET', '/api/accounts/user/accounts', WINDOWS);
    await as(stranger.accessToken, 'GET', '/api/accounts/user/accounts', WINDOWS);

    const sessions = await list(phoneA.accessToken);
    expect(sessions.map((s) => s.id).sort()).toEqual([sessionIdOf(phoneA.accessToken), sessionIdOf(laptop.accessToken)].sort());
    expect(sessions[0]).toMatchObject({
      id: sessionIdOf(phoneA.accessToken),
      current: true,
      browser: 'Chrome',
      os: 'Android',
      device: 'mobile',
      country: null,
    });
    expect(sessions[1]).toMatchObject({ id: sessionIdOf(laptop.accessToken), current: false, browser: 'Firefox', os: 'Windows', device: 'desktop' });
    expect(sessions.some((s) => s.id === sessionIdOf(stranger.accessToken))).toBe(false);
  });

  it('leaves out a session that has logged out', async () => {
    const phone = uniquePhone();
    const a = await signIn(phone);
    const b = await signIn(phone);
    await call('/auth/v1/logout?scope=local', { method: 'POST', headers: bearer(b.accessToken) });
    expect((await list(a.accessToken)).map((s) => s.id)).toEqual([sessionIdOf(a.accessToken)]);
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('ends a session once when the same DELETE and a sign-out-others race: every answer is 200 or 404, none 5xx, and only the caller stays', async () => {
    const phone = uniquePhone();
    const me = await signIn(phone);
    const other = await signIn(phone);
    const id = sessionIdOf(other.accessToken);
    const answers = await Promise.all([
      as(me.accessToken, 'DELETE', `/api/sessions/${id}`),
      as(me.accessToken, 'DELETE', `/api/sessions/${id}`),
      as(me.accessToken, 'DELETE', `/api/sessions/${id}`),
      as(me.accessToken, 'POST', '/api/sessions/sign-out-others'),
    ]);
    for (const a of answers) expect([200, 404]).toContain(a.status);
    expect((await accounts(other.accessToken)).status).toBe(401);
    expect((await accounts(me.accessToken)).status).toBe(200);
    expect((await list(me.accessToken)).map((s) => s.id)).toEqual([sessionIdOf(me.accessToken)]);
  });

  it("ends another session of the caller: its access token and its refresh token are refused on the next call, the caller's own stays", async () => {
    const phone = uniquePhone();
    const me = await signIn(phone);
    const other = await signIn(phone);
    expect((await accounts(other.accessToken)).status).toBe(200);

    const res = await as(me.accessToken, 'DELETE', `/api/sessions/${sessionIdOf(other.accessToken)}`);
    expect(res).toEqual({ status: 200, body: { data: { ended: 1 } } });

    const refused = await accounts(other.accessToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Session has ended', code: 'unauthorized' });
    expect((await refresh(other.refreshToken)).status).toBe(400);
    expect((await accounts(me.accessToken)).status).toBe(200);
    expect((await list(me.accessToken)).map((s) => s.id)).toEqual([sessionIdOf(me.accessToken)]);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const me = await signIn(uniquePhone());
    const victim = await signIn(uniquePhone());
    const res = await as(me.accessToken, 'DELETE', `/api/sessions/${sessionIdOf(victim.accessToken)}`);
    expect(res).toEqual({ status: 404, body: { message: 'Session not found', code: 'not_found' } });
    expect((await accounts(victim.accessToken)).status).toBe(200);
    expect((await refresh(victim.refreshToken)).status).toBe(200);
  });

  it('answers 404 for a well-formed id that names no session', async () => {
    const me = await signIn(uniquePhone());
    expect((await as(me.accessToken, 'DELETE', `/api/sessions/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it.each([
    'not-a-uuid',
    'fr-seed-01',
    '3b241101-e2bb-4255-8caf-4136c566a96',
    `${'0'.repeat(8)}-0000-0000-0000-00000000000g`,
    ' 3b241101-e2bb-4255-8caf-4136c566a962',
  ])('answers 400 {message} for the crafted id %j', async (id) => {
    const me = await signIn(uniquePhone());
    const res = await as(me.accessToken, 'DELETE', `/api/sessions/${id}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses to end the current session through the list (409, a state conflict): that is the normal sign-out', async () => {
    const me = await signIn(uniquePhone());
    const res = await as(me.accessToken, 'DELETE', `/api/sessions/${sessionIdOf(me.accessToken)}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('current_session');
    expect((await accounts(me.accessToken)).status).toBe(200);
  });
});

describe('POST /api/sessions/sign-out-others', () => {
  it("ends every other session of the caller and keeps the current one; another user's sessions are untouched", async () => {
    const phone = uniquePhone();
    const me = await signIn(phone);
    const b = await signIn(phone);
    const c = await signIn(phone);
    const stranger = await signIn(uniquePhone());

    const res = await as(me.accessToken, 'POST', '/api/sessions/sign-out-others');
    expect(res).toEqual({ status: 200, body: { data: { ended: 2 } } });
    for (const s of [b, c]) {
      expect((await accounts(s.accessToken)).status).toBe(401);
      expect((await refresh(s.refreshToken)).status).toBe(400);
    }
    expect((await accounts(me.accessToken)).status).toBe(200);
    expect((await accounts(stranger.accessToken)).status).toBe(200);
    expect((await list(me.accessToken)).map((s) => s.id)).toEqual([sessionIdOf(me.accessToken)]);
  });
});

describe('activity notes', () => {
  afterEach(() => vi.useRealTimers());

  const noted = (sessionId: string) =>
    testEnv.DB.prepare('SELECT user_agent, last_active_ms FROM session_activity WHERE session_id = ?1')
      .bind(sessionId)
      .first<{ user_agent: string; last_active_ms: number }>();

  it('writes a session’s last activity at most once a minute, whatever the number of calls', async () => {
    const me = await signIn(uniquePhone());
    const id = sessionIdOf(me.accessToken);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const t0 = Date.now();
    await as(me.accessToken, 'GET', '/api/accounts/user/accounts', ANDROID);
    expect(await noted(id)).toEqual({ user_agent: ANDROID, last_active_ms: t0 });

    const spy = vi.spyOn(testEnv.DB, 'prepare');
    vi.setSystemTime(t0 + 59_000);
    for (let i = 0; i < 5; i++) await as(me.accessToken, 'GET', '/api/accounts/user/accounts', WINDOWS);
    expect(spy.mock.calls.filter(([sql]) => String(sql).includes('session_activity'))).toHaveLength(0);
    spy.mockRestore();
    expect(await noted(id)).toEqual({ user_agent: ANDROID, last_active_ms: t0 });

    vi.setSystemTime(t0 + 61_000);
    await as(me.accessToken, 'GET', '/api/accounts/user/accounts', WINDOWS);
    expect(await noted(id)).toEqual({ user_agent: WINDOWS, last_active_ms: t0 + 61_000 });
  });
});

describe('production mode (a Supabase project)', () => {
  async function projectSetup() {
    // A project of its own per test: jose keeps each project's key set for the isolate's life.
    const project = `https://p${crypto.randomUUID().slice(0, 8)}.supabase.test`;
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'sessions-key', alg: 'ES256', use: 'sig' };
    const logouts: Request[] = [];
    planFetch((req) => {
      if (req.url === `${project}/auth/v1/.well-known/jwks.json`) return Response.json({ keys: [jwk] });
      if (req.url === `${project}/auth/v1/logout?scope=others` && req.method === 'POST') {
        logouts.push(req);
        return new Response(null, { status: 204 });
      }
      throw new Error(`unexpected ${req.method} ${req.url}`);
    });
    const userId = crypto.randomUUID();
    const token = (sessionId: string, sub = userId) =>
      projectToken(privateKey, {
        project,
        header: { alg: 'ES256', kid: 'sessions-key', typ: 'JWT' },
        sub,
        claims: { role: 'authenticated', session_id: sessionId },
      });
    const supabaseEnv = { ...testEnv, PUBLIC_SUPABASE_URL: project, PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test' };
    const callAs = async (tok: string, method: string, path: string, ua = ANDROID) => {
      const res = await app.fetch(new Request(`http://app.test${path}`, { method, headers: bearer(tok, { 'user-agent': ua }) }), supabaseEnv);
      await activitySettled();
      return { status: res.status, body: (await res.json()) as any };
    };
    return { userId, token, callAs, logouts };
  }

  it("lists the sessions the BFF has seen and refuses an ended session's tokens from the next call on", async () => {
    const { token, callAs } = await projectSetup();
    const [mine, theirs] = [crypto.randomUUID(), crypto.randomUUID()];
    const me = await token(mine);
    const laptop = await token(theirs);
    expect((await callAs(laptop, 'GET', '/api/sessions', WINDOWS)).status).toBe(200);
    const listed = (await callAs(me, 'GET', '/api/sessions')).body.data as SessionJson[];
    expect(listed.map((s) => [s.id, s.current, s.browser])).toEqual([
      [mine, true, 'Chrome'],
      [theirs, false, 'Firefox'],
    ]);

    expect((await callAs(me, 'DELETE', `/api/sessions/${theirs}`)).status).toBe(200);
    expect(await callAs(laptop, 'GET', '/api/sessions')).toEqual({ status: 401, body: { message: 'Session has ended', code: 'unauthorized' } });
    // A new access token of that session (a refresh at Supabase keeps the session_id) is refused too.
    expect((await callAs(await token(theirs), 'GET', '/api/sessions')).status).toBe(401);
    expect((await callAs(me, 'GET', '/api/sessions')).body.data.map((s: SessionJson) => s.id)).toEqual([mine]);
  });

  it("answers 404 for another user's session and does not end it", async () => {
    const a = await projectSetup();
    const victimSession = crypto.randomUUID();
    const victim = await a.token(victimSession, crypto.randomUUID());
    expect((await a.callAs(victim, 'GET', '/api/sessions')).status).toBe(200);
    const me = await a.token(crypto.randomUUID());
    expect(await a.callAs(me, 'DELETE', `/api/sessions/${victimSession}`)).toEqual({ status: 404, body: { message: 'Session not found', code: 'not_found' } });
    expect((await a.callAs(victim, 'GET', '/api/sessions')).status).toBe(200);
  });

  it("signs out the others through Supabase's logout (scope=others) with the caller's token and refuses their tokens, keeping the current", async () => {
    const { token, callAs, logouts } = await projectSetup();
    const [mine, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const me = await token(mine);
    for (const id of [b, c]) expect((await callAs(await token(id), 'GET', '/api/sessions')).status).toBe(200);

    expect(await callAs(me, 'POST', '/api/sessions/sign-out-others')).toEqual({ status: 200, body: { data: { ended: 2 } } });
    expect(logouts).toHaveLength(1);
    expect(logouts[0]!.headers.get('authorization')).toBe(`Bearer ${me}`);
    expect(logouts[0]!.headers.get('apikey')).toBe('sb_publishable_test');
    for (const id of [b, c]) expect((await callAs(await token(id), 'GET', '/api/sessions')).status).toBe(401);
    expect((await callAs(me, 'GET', '/api/sessions')).status).toBe(200);
    expect(outbound.some((r) => r.url.includes('/logout'))).toBe(true);
  });
});
