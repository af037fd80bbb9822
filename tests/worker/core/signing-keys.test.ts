// The local sign-in service's signing keys: stored only wrapped under AUTH_SIGNING_KEY_SECRET, no
// signing without the secret, rotation (by age, or by the ops statement in docs/security.md) with the old
// public key published until its tokens have expired, then dropped and refused.
import { env } from 'cloudflare:workers';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSettings, type AuthVars } from '../../../src/local-auth';
import { currentSigningKey, KEY_RECHECK_MS, RETIRED_KEY_PUBLISHED_MS } from '../../../src/local-auth/keys';
import { app } from '../../../src/worker/index';
import { bearer, requestCode, signIn, TEST_CODE, TEST_PHONE, uniquePhone } from '../auth';
import { call } from '../helpers';

const testEnv = env as unknown as Cloudflare.Env & AuthVars & { DB: D1Database };
const PATH = '/api/accounts/user/accounts';
const gotrue = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

// The statement docs/security.md gives ops to retire the current key.
const RETIRE_CURRENT_KEY =
  "UPDATE auth_signing_keys SET is_current = 0, retired_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER), wrapped_private_jwk = NULL WHERE is_current = 1";

function advanceClock(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  vi.setSystemTime(Date.now() + ms);
}

const jwksKids = async () => (await (await call('/auth/v1/.well-known/jwks.json')).json<{ keys: { kid: string }[] }>()).keys.map((k) => k.kid);
const kidOf = (token: string) => decodeProtectedHeader(token).kid!;

/** A fresh token (new iat/exp) with the session's claims, signed by the given key. */
function fresh(accessToken: string, kid: string, privateKey: CryptoKey) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...decodeJwt(accessToken), iat: now, exp: now + 3600 }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('signing keys at rest', () => {
  it('keeps no private key in clear in D1: only an AES-GCM envelope that opens with the secret alone', async () => {
    await signIn();
    const rows = await testEnv.DB.prepare('SELECT * FROM auth_signing_keys').all<Record<string, unknown>>();
    expect(rows.results.length).toBeGreaterThan(0);
    for (const row of rows.results) {
      expect(Object.keys(row)).not.toContain('private_jwk');
      const text = JSON.stringify(row);
      expect(text).not.toMatch(/\\"d\\"/);
    }
    const current = rows.results.find((r) => r.is_current === 1)!;
    expect(String(current.wrapped_private_jwk)).toMatch(/^[\w-]{16}\.[\w-]+$/);
    // Another secret cannot open it: signing fails closed rather than with some other key.
    const other = authSettings({ ...testEnv, AUTH_SIGNING_KEY_SECRET: 'another secret' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(currentSigningKey(testEnv.DB, other)).rejects.toThrow(/does not unwrap/);
  });

  it('refuses to sign in without AUTH_SIGNING_KEY_SECRET, logs a configuration error, and does not spend the code', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.map(String).join(' ')));
    const noSecret = { ...testEnv, AUTH_SIGNING_KEY_SECRET: '' };
    const phone = uniquePhone();
    const code = await requestCode(phone);
    const verify = (e: typeof testEnv) =>
      app.fetch(
        new Request('http://app.test/auth/v1/verify', { method: 'POST', headers: gotrue, body: JSON.stringify({ phone, token: code, type: 'sms' }) }),
        e,
      );
    const res = await verify(noSecret);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error_code: 'unexpected_failure' });
    expect(errors.join('\n')).toContain('[auth] configuration error: AUTH_SIGNING_KEY_SECRET is not set');
    // A refresh is refused the same way and its token stays unspent.
    const s = await signIn(uniquePhone());
    const refresh = (e: typeof testEnv) =>
      app.fetch(
        new Request('http://app.test/auth/v1/token?grant_type=refresh_token', {
          method: 'POST',
          headers: gotrue,
          body: JSON.stringify({ refresh_token: s.refreshToken }),
        }),
        e,
      );
    expect((await refresh(noSecret)).status).toBe(500);
    expect((await verify(testEnv)).status).toBe(200);
    expect((await refresh(testEnv)).status).toBe(200);
  });
});

describe('signing key rotation', () => {
  it('after the ops statement a new kid signs; the retired key verifies until its tokens have expired, then is dropped and refused', async () => {
    const before = await signIn(uniquePhone());
    const oldKey = await currentSigningKey(testEnv.DB, authSettings(testEnv));
    expect(kidOf(before.accessToken)).toBe(oldKey.kid);

    await testEnv.DB.prepare(RETIRE_CURRENT_KEY).run();
    // Isolates re-read the current key within KEY_RECHECK_MS.
    advanceClock(KEY_RECHECK_MS + 1000);
    const after = await signIn(uniquePhone());
    expect(kidOf(after.accessToken)).not.toBe(oldKey.kid);
    expect(await jwksKids()).toEqual([kidOf(after.accessToken), oldKey.kid]);
    const { n } = (await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM auth_signing_keys WHERE is_current = 1').first<{ n: number }>())!;
    expect(n).toBe(1);

    // Tokens signed by the retired key still work: the one issued before, and (the last an isolate
    // could still sign) a fresh one.
    expect((await call(PATH, { headers: bearer(before.accessToken) })).status).toBe(200);
    expect((await call(PATH, { headers: bearer(await fresh(after.accessToken, oldKey.kid, oldKey.privateKey)) })).status).toBe(200);
    expect((await call('/auth/v1/user', { headers: { ...bearer(before.accessToken), ...gotrue } })).status).toBe(200);

    // Past the publication window the key is gone from the JWKS and its tokens are refused.
    advanceClock(RETIRED_KEY_PUBLISHED_MS);
    const later = await signIn(uniquePhone());
    expect(await jwksKids()).toEqual([kidOf(later.accessToken)]);
    const dropped = await fresh(later.accessToken, oldKey.kid, oldKey.privateKey);
    expect((await call(PATH, { headers: bearer(dropped) })).status).toBe(401);
    expect((await call('/auth/v1/user', { headers: { ...bearer(dropped), ...gotrue } })).status).toBe(403);
    expect(await testEnv.DB.prepare('SELECT kid FROM auth_signing_keys WHERE kid = ?1').bind(oldKey.kid).first()).toBeNull();
    // The key that replaced it keeps working.
    expect((await call(PATH, { headers: bearer(later.accessToken) })).status).toBe(200);
  });

  it('replaces the signing key on its own once it is older than AUTH_SIGNING_KEY_MAX_AGE_S', async () => {
    const shortLived = { ...testEnv, AUTH_SIGNING_KEY_MAX_AGE_S: '3600' };
    const verifyTest = () =>
      app.fetch(
        new Request('http://app.test/auth/v1/verify', {
          method: 'POST',
          headers: gotrue,
          body: JSON.stringify({ phone: TEST_PHONE, token: TEST_CODE, type: 'sms' }),
        }),
        shortLived,
      );
    // Start from a key made now (an earlier test's clock ran ahead).
    await testEnv.DB.prepare(RETIRE_CURRENT_KEY).run();
    advanceClock(KEY_RECHECK_MS + 1000);
    const first = await (await verifyTest()).json<{ access_token: string }>();
    advanceClock(30 * 60 * 1000);
    const second = await (await verifyTest()).json<{ access_token: string }>();
    expect(kidOf(second.access_token)).toBe(kidOf(first.access_token));
    advanceClock(31 * 60 * 1000);
    const third = await (await verifyTest()).json<{ access_token: string }>();
    expect(kidOf(third.access_token)).not.toBe(kidOf(first.access_token));
    // Both verify meanwhile.
    expect((await call(PATH, { headers: bearer(second.access_token) })).status).toBe(200);
    expect((await call(PATH, { headers: bearer(third.access_token) })).status).toBe(200);
  });
});
