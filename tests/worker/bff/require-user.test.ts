import { env } from 'cloudflare:workers';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { authSettings, currentSigningKey } from '../../../src/local-auth';
import { app } from '../../../src/worker/index';
import { bearer, projectToken, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const ORIGIN = 'http://app.test';
const PATH = '/api/accounts/user/accounts';

/** Re-signs a session's claims with the local key, changed as given. */
async function forge(accessToken: string, change: (claims: JWTPayload) => JWTPayload, alg = 'ES256') {
  const key = await currentSigningKey(testEnv.DB, authSettings(testEnv));
  return new SignJWT(change({ ...decodeJwt(accessToken) })).setProtectedHeader({ alg, kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

async function expectRefused(token: string, status = 401) {
  const res = await call(PATH, { headers: bearer(token) });
  expect(res.status).toBe(status);
  const body = await res.json<{ message?: string }>();
  expect(typeof body.message).toBe('string');
}

describe('the BFF refuses', () => {
  it('a call without a token (401 {message})', async () => {
    const res = await call(PATH);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Missing access token', code: 'unauthorized' });
  });

  it('a malformed token', async () => {
    await expectRefused('not-a-jwt');
  });

  it('an expired token', async () => {
    const { accessToken } = await signIn();
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await forge(accessToken, (c) => ({ ...c, iat: now - 7200, exp: now - 3600 })));
  });

  it('a token without exp', async () => {
    const { accessToken } = await signIn();
    await expectRefused(await forge(accessToken, ({ exp: _exp, ...c }) => c));
  });

  it('a tampered token (payload changed after signing)', async () => {
    const other = await signIn(uniquePhone());
    const { accessToken } = await signIn();
    const [h, , s] = accessToken.split('.');
    const payload = { ...decodeJwt(accessToken), sub: other.userId };
    await expectRefused(`${h}.${b64url(payload)}.${s}`);
  });

  it('a token from another issuer', async () => {
    const { accessToken } = await signIn();
    await expectRefused(await forge(accessToken, (c) => ({ ...c, iss: 'https://evil.test/auth/v1' })));
  });

  it('a token for another audience', async () => {
    const { accessToken } = await signIn();
    await expectRefused(await forge(accessToken, (c) => ({ ...c, aud: 'anon' })));
  });

  it('an unsigned token (alg: none)', async () => {
    const { accessToken } = await signIn();
    await expectRefused(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodeJwt(accessToken))}.`);
  });

  it('an HS256 token when no legacy secret is configured', async () => {
    const { accessToken } = await signIn();
    const token = await new SignJWT(decodeJwt(accessToken)).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('guessable-secret'));
    await expectRefused(token);
  });

  it('a token signed by a key that is not in the JWKS', async () => {
    const { accessToken } = await signIn();
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(decodeJwt(accessToken)).setProtectedHeader({ alg: 'ES256', kid: 'intruder' }).sign(privateKey);
    await expectRefused(token);
  });

  it('the access token of a logged-out session', async () => {
    const { accessToken } = await signIn(uniquePhone());
    expect((await call(PATH, { headers: bearer(accessToken) })).status).toBe(200);
    expect((await call('/auth/v1/logout', { method: 'POST', headers: bearer(accessToken) })).status).toBe(204);
    await expectRefused(accessToken);
  });

  it('an x-user-id header that differs from the token subject (403)', async () => {
    const other = await signIn(uniquePhone());
    const { accessToken, userId } = await signIn();
    const res = await call(PATH, { headers: bearer(accessToken, { 'x-user-id': other.userId }) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'x-user-id does not match the signed-in user', code: 'forbidden' });
    expect((await call(PATH, { headers: bearer(accessToken, { 'x-user-id': userId }) })).status).toBe(200);
  });
});

describe('the BFF accepts', () => {
  it('an HS256 token signed with the configured legacy secret', async () => {
    const { accessToken } = await signIn();
    const secret = 'legacy-project-jwt-secret-at-least-32-chars';
    const token = await new SignJWT(decodeJwt(accessToken)).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
    const res = await app.fetch(new Request(`${ORIGIN}${PATH}`, { headers: bearer(token) }), { ...testEnv, SUPABASE_JWT_SECRET: secret });
    expect(res.status).toBe(200);
  });

  it("a Supabase project's RS256 token, verified against the project's JWKS fetched once", async () => {
    const project = 'https://project.supabase.test';
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'project-key', alg: 'RS256', use: 'sig' };
    planFetch((req) => {
      if (req.url === `${project}/auth/v1/.well-known/jwks.json`) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected ${req.url}`);
    });
    const userId = crypto.randomUUID();
    const token = await projectToken(privateKey, { project, header: { alg: 'RS256', kid: 'project-key', typ: 'JWT' }, sub: userId });
    const supabaseEnv = { ...testEnv, PUBLIC_SUPABASE_URL: project };
    for (let i = 0; i < 2; i++) {
      const res = await app.fetch(new Request(`${ORIGIN}/api/accounts/${userId}`, { headers: bearer(token) }), supabaseEnv);
      expect(res.status).toBe(200);
      expect((await res.json<{ data: { id: string } }>()).data.id).toBe(userId);
    }
    expect(outbound.filter((r) => r.url.endsWith('/jwks.json'))).toHaveLength(1);
    // The local issuer is not trusted in that mode.
    const local = await signIn();
    const res = await app.fetch(new Request(`${ORIGIN}${PATH}`, { headers: bearer(local.accessToken) }), supabaseEnv);
    expect(res.status).toBe(401);
  });
});
