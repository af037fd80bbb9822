// Remote mode, sign-in: the Worker verifies tokens issued by the Supabase project (here the stand-in
// on a second loopback origin, its JWKS fetched over HTTP) and nothing else; the embedded sign-in
// service is off. Each call's effect is read from what the stand-in upstream received.
import { existsSync, readFileSync } from 'node:fs';
import { generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { appRequest, authHeaders, remote, signToken, useStandIns } from './stand-ins';

const s = useStandIns((ins) => {
  ins.upstream.answer(() => ({ status: 200, body: { data: { accounts: [], activeAccountId: null, primaryAccountId: null } } }));
});

const PATH = '/api/accounts/user/accounts';
const now = () => Math.floor(Date.now() / 1000);

describe('remote mode: tokens from the Supabase project', () => {
  it('accepts a token signed by the stand-in Supabase, whose public key the Worker can only have fetched over HTTP from the second origin', async () => {
    const { token, sub } = await signToken();
    const res = await appRequest('GET', PATH, { headers: authHeaders(token) });
    expect(res.status).not.toBe(401);
    const [sent, ...more] = s.upstream.take();
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ method: 'GET', path: `${remote().upstreamBasePath}/accounts/user/accounts` });
    expect(sent!.headers['x-user-id']).toBe(sub);
    expect(sent!.headers.authorization).toBe(`Bearer ${token}`);
    // Some test file of this run served the JWKS to the Worker (it caches it across files).
    const log = remote().jwksLog;
    const jwksFetches = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    expect(jwksFetches.length).toBeGreaterThan(0);
  });

  const forged: [string, () => Promise<string>][] = [
    ['signed by another key under the same kid', async () => (await signToken({ key: (await generateKeyPair('ES256')).privateKey })).token],
    ['signed by another key under an unknown kid', async () => (await signToken({ key: (await generateKeyPair('ES256')).privateKey, kid: 'forger' })).token],
    ['from another issuer', async () => (await signToken({ iss: 'http://127.0.0.1:1/auth/v1' })).token],
    ['for another audience', async () => (await signToken({ aud: 'anon' })).token],
    ['expired', async () => (await signToken({ iat: now() - 7200, exp: now() - 3600 })).token],
    ['without a kid', async () => (await signToken({ kid: null })).token],
  ];
  it.each(forged)('answers 401 {message} to a token %s, and calls nothing upstream', async (_, make) => {
    const res = await appRequest('GET', PATH, { headers: authHeaders(await make()) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: expect.any(String), code: 'unauthorized' });
    expect(s.upstream.take()).toEqual([]);
  });

  it.each([
    ['GET', '/auth/v1/.well-known/jwks.json'],
    ['GET', '/auth/v1/settings'],
    ['POST', '/auth/v1/otp'],
    ['POST', '/auth/v1/verify'],
    ['POST', '/auth/v1/token?grant_type=refresh_token'],
    ['POST', '/auth/v1/logout'],
  ])('answers 404 on %s %s: the embedded sign-in service is off in production', async (method, path) => {
    const res = await appRequest(method, path, {
      headers: { origin: remote().baseURL },
      body: method === 'POST' ? { phone: '15555550100', token: '123456', refresh_token: 'x' } : undefined,
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: expect.any(String), code: 'not_found' });
  });
});
