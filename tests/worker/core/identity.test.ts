import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from 'cloudflare:workers';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { bearer, requestCode, signIn, TEST_CODE, TEST_PHONE, uniquePhone } from '../auth';
import { call, randomIp, worker } from '../helpers';

const ORIGIN = 'http://app.test';
const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };

function client(): SupabaseClient {
  return createClient(ORIGIN, 'local-publishable-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: (input, init) => worker.fetch(input as RequestInfo, init) },
  });
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const versioned = { 'x-supabase-api-version': '2024-01-01' };

/** Moves the Worker's clock (same isolate) past the 10 s refresh-token reuse interval. */
function pastReuseInterval() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
}

describe('supabase-js against the local sign-in service', () => {
  afterEach(() => vi.useRealTimers());

  it('signs in with the test number and its fixed code, with Supabase claims in an ES256 token', async () => {
    const sb = client();
    const sent = await sb.auth.signInWithOtp({ phone: TEST_PHONE });
    expect(sent.error).toBeNull();
    const { data, error } = await sb.auth.verifyOtp({ phone: TEST_PHONE, token: TEST_CODE, type: 'sms' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe('15555550100');
    expect(data.user?.aud).toBe('authenticated');
    expect(data.user?.app_metadata).toEqual({ provider: 'phone', providers: ['phone'] });
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      iss: `${ORIGIN}/auth/v1`,
      phone: '15555550100',
      aal: 'aal1',
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: claims.iat }]);
    // supabase-js verifies the token itself against the published JWKS.
    const verified = await sb.auth.getClaims();
    expect(verified.error).toBeNull();
    expect(verified.data?.claims.sub).toBe(data.user!.id);
  });

  it('signs in with a code written to the log, refreshes (rotating the refresh token) and signs out', async () => {
    const phone = uniquePhone();
    const sb = client();
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => void logged.push(a.join(' ')));
    const sent = await sb.auth.signInWithOtp({ phone });
    spy.mockRestore();
    expect(sent.error).toBeNull();
    const code = /: (\d{6}) /.exec(logged.join('\n'))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await sb.auth.verifyOtp({ phone, token: code!, type: 'sms' });
    expect(signedIn.error).toBeNull();
    const first = signedIn.data.session!;
    const me = await sb.auth.getUser();
    expect(me.data.user?.id).toBe(first.user.id);

    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    expect((await call('/api/accounts/user/accounts', { headers: bearer(second.access_token) })).status).toBe(200);

    const out = await sb.auth.signOut();
    expect(out.error).toBeNull();
    expect((await sb.auth.getSession()).data.session).toBeNull();
    // The BFF refuses both of the session's access tokens from then on.
    for (const t of [first.access_token, second.access_token]) {
      const res = await call('/api/accounts/user/accounts', { headers: bearer(t) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Session has ended', code: 'unauthorized' });
    }
    const user = await call('/auth/v1/user', { headers: { ...bearer(second.access_token), ...versioned } });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('refuses a refresh token reused after the reuse interval and ends that session', async () => {
    const s = await signIn(uniquePhone());
    const once = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: s.refreshToken }, versioned);
    expect(once.status).toBe(200);
    const rotated = await once.json<{ access_token: string; refresh_token: string }>();
    pastReuseInterval();
    const again = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: s.refreshToken }, versioned);
    expect(again.status).toBe(400);
    expect(again.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await again.json()).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // Reuse ends the session: the child token and the access tokens are dead too.
    const child = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: rotated.refresh_token }, versioned);
    expect(child.status).toBe(400);
    expect((await call('/api/accounts/user/accounts', { headers: bearer(rotated.access_token) })).status).toBe(401);
  });

  it('surfaces the refusal of a reused refresh token to supabase-js as refresh_token_already_used', async () => {
    const s = await signIn(uniquePhone());
    await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: s.refreshToken });
    pastReuseInterval();
    const sb = client();
    const { error } = await sb.auth.refreshSession({ refresh_token: s.refreshToken });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_already_used');
  });
});

describe('one-time codes', () => {
  it('allows one send per phone per 60 s (429 over_sms_send_rate_limit)', async () => {
    const phone = uniquePhone();
    await requestCode(phone);
    const sb = client();
    const { error } = await sb.auth.signInWithOtp({ phone });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_sms_send_rate_limit');
    expect(error?.message).toMatch(/only request this after \d+ seconds/);
  });

  it('normalises the phone like Supabase (plus, spaces, dashes, parentheses) and refuses non-E.164 numbers', async () => {
    const code = await requestCode('+1 (555) 010-7788');
    const res = await post('/auth/v1/verify', { phone: '15550107788', token: code, type: 'sms' });
    expect(res.status).toBe(200);
    expect((await res.json<{ user: { phone: string } }>()).user.phone).toBe('15550107788');
    for (const phone of ['', '+0123456', '5', '+1 555 abc 0100', '1234567890123456']) {
      const bad = await post('/auth/v1/otp', { phone }, versioned);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
    }
  });

  it('answers GoTrue legacy error bodies when no API version is sent', async () => {
    const res = await post('/auth/v1/verify', { phone: uniquePhone(), token: '000000', type: 'sms' });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
  });

  it('uses a code once only', async () => {
    const phone = uniquePhone();
    const code = await requestCode(phone);
    expect((await post('/auth/v1/verify', { phone, token: code, type: 'sms' })).status).toBe(200);
    const again = await post('/auth/v1/verify', { phone, token: code, type: 'sms' }, versioned);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('refuses a code after 10 minutes', async () => {
    const phone = uniquePhone();
    const code = await requestCode(phone);
    await testEnv.DB.prepare('UPDATE auth_otps SET expires_at = ?2 WHERE phone = ?1')
      .bind(phone.replace(/\D/g, ''), Date.now() - 1)
      .run();
    const res = await post('/auth/v1/verify', { phone, token: code, type: 'sms' }, versioned);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('refuses even the right code after 5 wrong tries', async () => {
    const phone = uniquePhone();
    const code = await requestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/auth/v1/verify', { phone, token: wrong, type: 'sms' })).status).toBe(403);
    expect((await post('/auth/v1/verify', { phone, token: code, type: 'sms' })).status).toBe(403);
  });

  it('accepts the right code after fewer than 5 wrong tries', async () => {
    const phone = uniquePhone();
    const code = await requestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await post('/auth/v1/verify', { phone, token: wrong, type: 'sms' });
    expect((await post('/auth/v1/verify', { phone, token: code, type: 'sms' })).status).toBe(200);
  });

  it('compares at most 5 guesses of a code however they race: 19 concurrent wrong guesses and the right one last do not sign in', async () => {
    // Three codes, so that a check-then-count race (which only sometimes loses) shows up reliably.
    for (let round = 0; round < 3; round++) {
      const phone = uniquePhone();
      const code = await requestCode(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      // Every request from its own address: the per-IP limit (RL_AUTH_VERIFY, 20/min) must not mask the result.
      const guesses = [...Array<string>(19).fill(wrong), code].map((token) =>
        post('/auth/v1/verify', { phone, token, type: 'sms' }, { 'cf-connecting-ip': randomIp() }),
      );
      const statuses = (await Promise.all(guesses)).map((r) => r.status);
      expect(statuses).toEqual(Array(20).fill(403));
      // The code is dead: the right code alone is refused too.
      expect((await post('/auth/v1/verify', { phone, token: code, type: 'sms' })).status).toBe(403);
    }
  });

  it('refuses a wrong code for the test number and verification types other than sms', async () => {
    expect((await post('/auth/v1/verify', { phone: TEST_PHONE, token: '654321', type: 'sms' })).status).toBe(403);
    const res = await post('/auth/v1/verify', { phone: TEST_PHONE, token: TEST_CODE, type: 'email' }, versioned);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('the rest of the local service', () => {
  it('publishes the public signing key as a JWKS', async () => {
    const { accessToken } = await signIn();
    const res = await call('/auth/v1/.well-known/jwks.json');
    expect(res.status).toBe(200);
    const { keys } = await res.json<{ keys: Record<string, unknown>[] }>();
    const kid = decodeProtectedHeader(accessToken).kid;
    const key = keys.find((k) => k.kid === kid);
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
  });

  it('keeps one signing key across sign-ins', async () => {
    const a = await signIn();
    const b = await signIn(uniquePhone());
    expect(decodeProtectedHeader(a.accessToken).kid).toBe(decodeProtectedHeader(b.accessToken).kid);
    const { n } = (await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM auth_signing_keys').first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('answers /user without a token with 401 no_authorization', async () => {
    const res = await call('/auth/v1/user', { headers: versioned });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('logs out only this session with scope=local', async () => {
    const phone = uniquePhone();
    const a = await signIn(phone);
    const code = await (async () => {
      await testEnv.DB.prepare('DELETE FROM auth_otps WHERE phone = ?1').bind(phone.replace(/\D/g, '')).run();
      return requestCode(phone);
    })();
    const res = await post('/auth/v1/verify', { phone, token: code, type: 'sms' });
    const b = await res.json<{ access_token: string }>();
    const out = await call('/auth/v1/logout?scope=local', { method: 'POST', headers: bearer(a.accessToken) });
    expect(out.status).toBe(204);
    expect((await call('/api/accounts/user/accounts', { headers: bearer(a.accessToken) })).status).toBe(401);
    expect((await call('/api/accounts/user/accounts', { headers: bearer(b.access_token) })).status).toBe(200);
  });

  it('is not served when a Supabase project is configured', async () => {
    const res = await app.fetch(new Request(`${ORIGIN}/auth/v1/otp`, { method: 'POST', body: JSON.stringify({ phone: TEST_PHONE }) }), {
      ...testEnv,
      PUBLIC_SUPABASE_URL: 'https://project.supabase.test',
    });
    expect(res.status).toBe(404);
  });
});
