// Sessions and tokens (ASVS 5.0 V7/V9): a revoked session, a reused (rotated) refresh token, a token
// from another issuer, without a `kid` or naming an unknown one are all refused, by the BFF and by
// the sign-in service; and no token ever reaches the log.
import { env } from 'cloudflare:workers';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSettings, currentSigningKey } from '../../../src/local-auth';
import { app } from '../../../src/worker/index';
import { bearer, projectToken, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const PATH = '/api/accounts/user/accounts';
const gotrue = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

const api = (token: string) => call(PATH, { headers: bearer(token) });
const authUser = (token: string) => call('/auth/v1/user', { headers: { ...bearer(token), ...gotrue } });
const refresh = (refreshToken: string) =>
  call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: gotrue, body: JSON.stringify({ refresh_token: refreshToken }) });

/** Moves the Worker's clock (same isolate as the tests: Date only, timers stay real). */
function advanceClock(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  vi.setSystemTime(Date.now() + ms);
}
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
type Pair = { access_token: string; refresh_token: string };

/** The session's claims re-signed with the real local key, with the protected header given. */
async function resign(accessToken: string, header: { kid?: string }, change: (c: JWTPayload) => JWTPayload = (c) => c) {
  const key = await currentSigningKey(testEnv.DB, authSettings(testEnv));
  return new SignJWT(change({ ...decodeJwt(accessToken) })).setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...header }).sign(key.privateKey);
}

describe('revoked sessions', () => {
  it('refuses the access token of a session ended by logout (scope local), at the BFF and at /auth/v1/user', async () => {
    const s = await signIn(uniquePhone());
    expect((await api(s.accessToken)).status).toBe(200);
    expect((await call('/auth/v1/logout?scope=local', { method: 'POST', headers: bearer(s.accessToken) })).status).toBe(204);
    const res = await api(s.accessToken);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Session has ended', code: 'unauthorized' });
    expect((await authUser(s.accessToken)).status).toBe(403);
    // Its refresh token died with it.
    const r = await refresh(s.refreshToken);
    expect(r.status).toBe(400);
  });

  it('ends every session of the user on a global logout, not just the one that asked', async () => {
    const phone = uniquePhone();
    const a = await signIn(phone);
    const b = await signIn(phone);
    expect((await call('/auth/v1/logout', { method: 'POST', headers: bearer(a.accessToken) })).status).toBe(204);
    expect((await api(a.accessToken)).status).toBe(401);
    expect((await api(b.accessToken)).status).toBe(401);
  });
});

describe('refresh-token rotation', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a rotated refresh token presented again after the 10 s reuse interval and ends the session: its access tokens and the new refresh token die too', async () => {
    const s = await signIn(uniquePhone());
    const first = await refresh(s.refreshToken);
    expect(first.status).toBe(200);
    const rotated = await first.json<Pair>();
    expect(rotated.refresh_token).not.toBe(s.refreshToken);
    expect((await api(rotated.access_token)).status).toBe(200);

    advanceClock(11 * SECOND);
    const reuse = await refresh(s.refreshToken);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ code: 'refresh_token_already_used' });
    expect((await api(rotated.access_token)).status).toBe(401);
    expect((await api(s.accessToken)).status).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
  });

  it('answers 5 concurrent refreshes of one live token all with 200 and the same new refresh token, and the session lives on', async () => {
    const s = await signIn(uniquePhone());
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(s.refreshToken)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const pairs = (await Promise.all(answers.map((r) => r.json()))) as Pair[];
    const current = pairs[0]!.refresh_token;
    expect(current).not.toBe(s.refreshToken);
    expect(pairs.every((p) => p.refresh_token === current)).toBe(true);
    // Each answer carries a fresh access token of the same session, and every one of them works.
    for (const p of pairs) {
      expect(decodeJwt(p.access_token).session_id).toBe(decodeJwt(s.accessToken).session_id);
      expect((await api(p.access_token)).status).toBe(200);
    }
    const later = await refresh(current);
    expect(later.status).toBe(200);
    expect((await api((await later.json<Pair>()).access_token)).status).toBe(200);
  });

  it('answers a reuse within the interval with the current pair, but a reuse of an older ancestor ends the session', async () => {
    const s = await signIn(uniquePhone());
    const one = await (await refresh(s.refreshToken)).json<Pair>();
    advanceClock(5 * SECOND);
    const again = await refresh(s.refreshToken);
    expect(again.status).toBe(200);
    expect((await again.json<Pair>()).refresh_token).toBe(one.refresh_token);
    // one rotates to two: s.refreshToken is now the grandparent of the current token.
    const two = await (await refresh(one.refresh_token)).json<Pair>();
    const old = await refresh(s.refreshToken);
    expect(old.status).toBe(400);
    expect(await old.json()).toMatchObject({ code: 'refresh_token_already_used' });
    expect((await api(two.access_token)).status).toBe(401);
    expect((await refresh(two.refresh_token)).status).toBe(400);
  });

  it('refuses an unknown refresh token without ending anything', async () => {
    const s = await signIn(uniquePhone());
    expect((await refresh('x'.repeat(43))).status).toBe(400);
    expect((await api(s.accessToken)).status).toBe(200);
  });
});

describe('session expiry', () => {
  afterEach(() => vi.useRealTimers());

  it('ends a session after 7 days without a refresh (inactivity): refresh answers session_expired', async () => {
    const s = await signIn(uniquePhone());
    advanceClock(7 * DAY - 60 * SECOND);
    const fine = await refresh(s.refreshToken);
    expect(fine.status).toBe(200);
    const pair = await fine.json<Pair>();
    advanceClock(7 * DAY + SECOND);
    const res = await refresh(pair.refresh_token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'session_expired', message: 'Invalid Refresh Token: Session Expired' });
  });

  it('ends a session 30 days after sign-in however often it refreshes (absolute lifetime)', async () => {
    const s = await signIn(uniquePhone());
    let token = s.refreshToken;
    for (let day = 6; day <= 24; day += 6) {
      advanceClock(6 * DAY);
      const r = await refresh(token);
      expect(r.status).toBe(200);
      token = (await r.json<Pair>()).refresh_token;
    }
    advanceClock(6 * DAY + SECOND);
    const res = await refresh(token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'session_expired' });
  });

  it('refuses the access tokens of an expired session at the BFF and at /auth/v1/user, with the figures from the vars', async () => {
    const s = await signIn(uniquePhone());
    const short = { ...testEnv, AUTH_SESSION_LIFETIME_S: '120', AUTH_SESSION_INACTIVITY_S: '60' };
    const bff = (token: string) => app.fetch(new Request(`http://app.test${PATH}`, { headers: bearer(token) }), short);
    const user = (token: string) => app.fetch(new Request('http://app.test/auth/v1/user', { headers: { ...bearer(token), ...gotrue } }), short);
    expect((await bff(s.accessToken)).status).toBe(200);
    // Inactivity: 61 s without a refresh, the access token itself still within its hour.
    advanceClock(61 * SECOND);
    expect((await bff(s.accessToken)).status).toBe(401);
    expect((await user(s.accessToken)).status).toBe(403);

    const t = await signIn(uniquePhone());
    const refreshShort = (rt: string) =>
      app.fetch(
        new Request('http://app.test/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: gotrue, body: JSON.stringify({ refresh_token: rt }) }),
        short,
      );
    advanceClock(50 * SECOND);
    const r1 = await (await refreshShort(t.refreshToken)).json<Pair>();
    advanceClock(50 * SECOND);
    const r2 = await (await refreshShort(r1.refresh_token)).json<Pair>();
    expect((await bff(r2.access_token)).status).toBe(200);
    // Lifetime: 121 s after sign-in, although refreshed 21 s ago.
    advanceClock(21 * SECOND);
    const res = await bff(r2.access_token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Session has ended', code: 'unauthorized' });
    expect((await user(r2.access_token)).status).toBe(403);
  });

  it('deletes expired sessions with their refresh tokens, expired codes and sealed refresh children on the next sign-in', async () => {
    const old = await signIn(uniquePhone());
    const sessionId = String(decodeJwt(old.accessToken).session_id);
    await refresh(old.refreshToken);
    const pending = uniquePhone();
    await call('/auth/v1/otp', { method: 'POST', headers: gotrue, body: JSON.stringify({ phone: pending }) });
    const count = async (sql: string, ...args: string[]) =>
      (await testEnv.DB.prepare(sql)
        .bind(...args)
        .first<{ n: number }>())!.n;
    expect(await count('SELECT COUNT(*) AS n FROM auth_refresh_tokens WHERE session_id = ?1 AND child_sealed IS NOT NULL', sessionId)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM auth_otps WHERE phone = ?1', pending.slice(1))).toBe(1);

    advanceClock(11 * SECOND);
    await signIn(uniquePhone());
    // Past the reuse interval, the sealed copy of the child is gone; the session is still live.
    expect(await count('SELECT COUNT(*) AS n FROM auth_refresh_tokens WHERE session_id = ?1 AND child_sealed IS NOT NULL', sessionId)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM auth_sessions WHERE id = ?1', sessionId)).toBe(1);

    advanceClock(8 * DAY);
    await signIn(uniquePhone());
    expect(await count('SELECT COUNT(*) AS n FROM auth_sessions WHERE id = ?1', sessionId)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM auth_refresh_tokens WHERE session_id = ?1', sessionId)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM auth_otps WHERE phone = ?1', pending.slice(1))).toBe(0);
  });
});

describe('tokens the BFF and the sign-in service refuse', () => {
  it('a token from another issuer, signed with the real key', async () => {
    const s = await signIn(uniquePhone());
    const kid = decodeProtectedHeader(s.accessToken).kid!;
    const token = await resign(s.accessToken, { kid }, (c) => ({ ...c, iss: 'https://another-project.supabase.co/auth/v1' }));
    expect((await api(token)).status).toBe(401);
    expect((await authUser(token)).status).toBe(403);
  });

  it('a token without a kid, signed with the real key', async () => {
    const s = await signIn(uniquePhone());
    // Control: the same claims re-signed with the kid are accepted.
    const kid = decodeProtectedHeader(s.accessToken).kid!;
    expect((await api(await resign(s.accessToken, { kid }))).status).toBe(200);
    const token = await resign(s.accessToken, {});
    expect(decodeProtectedHeader(token).kid).toBeUndefined();
    expect((await api(token)).status).toBe(401);
    expect((await authUser(token)).status).toBe(403);
  });

  it('a token issued in the future (beyond 60 s of clock skew), signed with the real key', async () => {
    const s = await signIn(uniquePhone());
    const kid = decodeProtectedHeader(s.accessToken).kid!;
    const now = Math.floor(Date.now() / 1000);
    // Control: a few seconds of skew between issuer and Worker is tolerated.
    const skewed = await resign(s.accessToken, { kid }, (c) => ({ ...c, iat: now + 20, exp: now + 3620 }));
    expect((await api(skewed)).status).toBe(200);
    expect((await authUser(skewed)).status).toBe(200);
    const future = await resign(s.accessToken, { kid }, (c) => ({ ...c, iat: now + 3600, exp: now + 7200 }));
    expect((await api(future)).status).toBe(401);
    expect((await authUser(future)).status).toBe(403);
  });

  it('a token that lives longer than AUTH_MAX_TOKEN_LIFETIME_S (exp years away), signed with the real key', async () => {
    const s = await signIn(uniquePhone());
    const kid = decodeProtectedHeader(s.accessToken).kid!;
    const now = Math.floor(Date.now() / 1000);
    const years = await resign(s.accessToken, { kid }, (c) => ({ ...c, iat: now, exp: now + 5 * 365 * 24 * 3600 }));
    expect((await api(years)).status).toBe(401);
    expect((await authUser(years)).status).toBe(403);
    // One second past the 3600 s default is too long; a project configured for longer tokens says so.
    const longer = await resign(s.accessToken, { kid }, (c) => ({ ...c, iat: now, exp: now + 3601 }));
    expect((await api(longer)).status).toBe(401);
    const configured = await app.fetch(new Request(`http://app.test${PATH}`, { headers: bearer(longer) }), {
      ...testEnv,
      AUTH_MAX_TOKEN_LIFETIME_S: '7200',
    });
    expect(configured.status).toBe(200);
  });

  it('a token without iat, signed with the real key', async () => {
    const s = await signIn(uniquePhone());
    const kid = decodeProtectedHeader(s.accessToken).kid!;
    const token = await resign(s.accessToken, { kid }, ({ iat: _iat, ...c }) => c);
    expect((await api(token)).status).toBe(401);
    expect((await authUser(token)).status).toBe(403);
  });

  it('a token naming an unknown kid, signed with the real key', async () => {
    const s = await signIn(uniquePhone());
    const token = await resign(s.accessToken, { kid: crypto.randomUUID() });
    expect((await api(token)).status).toBe(401);
  });

  it("a Supabase project's token without a kid, even when the project's JWKS has a single key", async () => {
    const project = 'https://kidless.supabase.test';
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'only-key', alg: 'RS256', use: 'sig' };
    planFetch(() => Response.json({ keys: [jwk] }));
    const claims = { role: 'authenticated', session_id: crypto.randomUUID() };
    const sign = (header: { alg: string; kid?: string }) => projectToken(privateKey, { project, header, claims });
    const projectEnv = { ...testEnv, PUBLIC_SUPABASE_URL: project };
    const fetchApi = (token: string) => app.fetch(new Request(`http://app.test${PATH}`, { headers: bearer(token) }), projectEnv);
    expect((await fetchApi(await sign({ alg: 'RS256', kid: 'only-key' }))).status).toBe(200);
    expect((await fetchApi(await sign({ alg: 'RS256' }))).status).toBe(401);
  });
});

describe('logs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never carry an access or refresh token: sign-in, refresh, API calls that pass and fail, logout', async () => {
    const lines: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
    }
    // Signs in by hand (the signIn helper installs its own console spy).
    const phone = uniquePhone();
    await call('/auth/v1/otp', { method: 'POST', headers: gotrue, body: JSON.stringify({ phone }) });
    const code = /one-time code for \+\d+: (\d{6})/.exec(lines.join('\n'))?.[1];
    const verified = await call('/auth/v1/verify', { method: 'POST', headers: gotrue, body: JSON.stringify({ phone, token: code, type: 'sms' }) });
    const session = await verified.json<{ access_token: string; refresh_token: string }>();
    const s = { accessToken: session.access_token, refreshToken: session.refresh_token };
    const r = await (await refresh(s.refreshToken)).json<{ access_token: string; refresh_token: string }>();
    await api(r.access_token);
    await api(`${r.access_token}x`);
    await api(s.accessToken);
    await call('/api/wallets/transfer', {
      method: 'POST',
      headers: { ...bearer(r.access_token), 'content-type': 'application/json' },
      body: '{"account_id": "not-mine", "amount": 1}',
    });
    await app.fetch(new Request(`http://app.test${PATH}`, { headers: bearer(r.access_token) }), { ...testEnv, UPSTREAM_API_URL: 'http://upstream.test' });
    await refresh(s.refreshToken);
    await call('/auth/v1/logout', { method: 'POST', headers: bearer(r.access_token) });

    expect(lines.some((l) => l.includes('one-time code'))).toBe(true);
    const secrets = [s.accessToken, s.refreshToken, r.access_token, r.refresh_token];
    const log = lines.join('\n');
    for (const secret of secrets) {
      // Any 16-character piece of a token (its signature, its payload) counts as a leak.
      for (let i = 0; i + 16 <= secret.length; i += 8) expect(log).not.toContain(secret.slice(i, i + 16));
    }
  });
});
