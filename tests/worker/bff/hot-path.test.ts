// The BFF's hot path: what an isolate remembers to answer cached /api/market and authenticated
// reads cheaply, and that each memory gives way exactly when it must: a remembered token is
// verified again after VERIFIED_TOKEN_CACHE_MS, refused at its exp, and refused as soon as without
// the memory once its signing key is deleted; a session ended elsewhere is refused within
// SESSION_LIVE_CACHE_MS; the embedded core's answers are serialized once.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSettings, currentSigningKey } from '../../../src/local-auth';
import { KEY_RECHECK_MS } from '../../../src/local-auth/keys';
import { SESSION_LIVE_CACHE_MS } from '../../../src/local-auth/store';
import { forgetVerifiedTokens, VERIFIED_TOKEN_CACHE_MS } from '../../../src/local-auth/verify';
import { coreApp } from '../../../src/core/app';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const PATH = '/api/accounts/user/accounts';

async function get(path: string, token: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://app.test${path}`, { headers: bearer(token) }), testEnv, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text };
}

/** Moves the Worker's clock (same isolate as the tests: Date only, timers stay real). */
function advanceClock(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  vi.setSystemTime(Date.now() + ms);
}

/** The session's claims re-signed with the current local key, changed as given. */
async function resign(accessToken: string, change: (c: JWTPayload) => JWTPayload) {
  const key = await currentSigningKey(testEnv.DB, authSettings(testEnv));
  return new SignJWT(change({ ...decodeJwt(accessToken) })).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

/** Counts signature checks (jose verifies through Web Crypto). */
const countVerifies = () => vi.spyOn(crypto.subtle, 'verify');

beforeEach(() => forgetVerifiedTokens());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('verified access tokens, remembered per isolate', () => {
  it('checks a token signature once for repeated calls, not on every call', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const verifies = countVerifies();
    for (let i = 0; i < 3; i++) expect((await get(PATH, accessToken)).status).toBe(200);
    expect((await get('/api/market', accessToken)).status).toBe(200);
    expect(verifies).toHaveBeenCalledTimes(1);
  });

  it('checks the signature again once VERIFIED_TOKEN_CACHE_MS have passed', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const verifies = countVerifies();
    advanceClock(0);
    expect((await get(PATH, accessToken)).status).toBe(200);
    advanceClock(VERIFIED_TOKEN_CACHE_MS - 1);
    expect((await get(PATH, accessToken)).status).toBe(200);
    expect(verifies).toHaveBeenCalledTimes(1);
    advanceClock(1);
    expect((await get(PATH, accessToken)).status).toBe(200);
    expect(verifies).toHaveBeenCalledTimes(2);
  });

  it('refuses a remembered token from the second its exp is reached', async () => {
    const s = await signIn(uniquePhone());
    advanceClock(0);
    const now = Math.floor(Date.now() / 1000);
    const token = await resign(s.accessToken, (c) => ({ ...c, iat: now, exp: now + 5 }));
    expect((await get(PATH, token)).status).toBe(200);
    vi.setSystemTime(now * 1000 + 4999);
    expect((await get(PATH, token)).status).toBe(200);
    vi.setSystemTime(now * 1000 + 5000);
    expect((await get(PATH, token)).status).toBe(401);
  });

  it('does not remember a refused token: a token signed by an unknown key is refused every time', async () => {
    const s = await signIn(uniquePhone());
    const [h, p] = s.accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    for (let i = 0; i < 2; i++) expect((await get(PATH, forged)).status).toBe(401);
    expect((await get(PATH, s.accessToken)).status).toBe(200);
  });
});

describe('sessions ended elsewhere', () => {
  it('refuses a session ended by another isolate (its row gone) within SESSION_LIVE_CACHE_MS, remembered token or not', async () => {
    const s = await signIn(uniquePhone());
    const sessionId = String(decodeJwt(s.accessToken).session_id);
    advanceClock(0);
    expect((await get(PATH, s.accessToken)).status).toBe(200);
    // Another isolate's logout deletes the rows; this isolate's memories are not told.
    await testEnv.DB.prepare('DELETE FROM auth_refresh_tokens WHERE session_id = ?1').bind(sessionId).run();
    await testEnv.DB.prepare('DELETE FROM auth_sessions WHERE id = ?1').bind(sessionId).run();
    advanceClock(SESSION_LIVE_CACHE_MS - 1);
    expect((await get(PATH, s.accessToken)).status).toBe(200);
    advanceClock(1);
    const refused = await get(PATH, s.accessToken);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual({ message: 'Session has ended', code: 'unauthorized' });
  });
});

describe('the embedded core answers', () => {
  it('are serialized once, by the core: the BFF sends its text on unchanged', async () => {
    const s = await signIn(uniquePhone());
    expect((await get(PATH, s.accessToken)).status).toBe(200);
    const stringify = vi.spyOn(JSON, 'stringify');
    const viaBff = await get(PATH, s.accessToken);
    const bffCalls = stringify.mock.calls.length;
    stringify.mockClear();
    const direct = await coreApp.fetch(new Request(`http://core.internal${PATH.replace('/api', '')}`, { headers: { 'x-user-id': s.userId } }), testEnv);
    const directText = await direct.text();
    expect(bffCalls).toBe(stringify.mock.calls.length);
    expect(viaBff.text).toBe(directText);
  });

  it('keep their error status and {message, code} when passed on as text', async () => {
    const s = await signIn(uniquePhone());
    const ctx = createExecutionContext();
    const post = await app.fetch(
      new Request('http://app.test/api/accounts/user/accounts/00000000-0000-4000-8000-000000000000/set-primary', {
        method: 'POST',
        headers: bearer(s.accessToken),
      }),
      testEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(Object.keys(await post.json<object>())).toEqual(['message', 'code']);
  });
});

describe('the cached market list', () => {
  it('answers back-to-back hits with the same complete body (one encoded copy serves them all)', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const first = await get('/api/market', accessToken);
    const second = await get('/api/market', accessToken);
    const third = await get('/api/market', accessToken);
    expect(first.status).toBe(200);
    expect(JSON.parse(second.text)).toHaveProperty('data.stocks');
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
  });
});

// Last: it deletes the signing key, which the isolate keeps signing with for up to KEY_RECHECK_MS.
describe('a deleted signing key', () => {
  it('refuses a remembered token as soon as without the memory: once the isolate re-reads the keys, within KEY_RECHECK_MS', async () => {
    const s = await signIn(uniquePhone());
    const kid = decodeProtectedHeader(s.accessToken).kid!;
    // The next verification loads the key set: t0.
    advanceClock(KEY_RECHECK_MS);
    expect((await get(PATH, s.accessToken)).status).toBe(200);
    // Ops retire and delete the key (docs/security.md, Signing keys).
    await testEnv.DB.prepare('UPDATE auth_signing_keys SET is_current = 0, retired_ms = ?2, wrapped_private_jwk = NULL WHERE kid = ?1')
      .bind(kid, Date.now())
      .run();
    await testEnv.DB.prepare('DELETE FROM auth_signing_keys WHERE kid = ?1').bind(kid).run();
    // Verified again just before the key set is re-read (it would be remembered past t0 + 60 s)...
    advanceClock(KEY_RECHECK_MS - 5_000);
    expect((await get(PATH, s.accessToken)).status).toBe(200);
    // ...and still refused at t0 + KEY_RECHECK_MS, as the key set is re-read.
    advanceClock(5_000);
    expect((await get(PATH, s.accessToken)).status).toBe(401);
  });
});
