// Remote mode, same-origin rule: a request from a foreign Origin is refused before it reaches the
// upstream; an API client without a browser (curl, the mobile app, a server: no Origin header, and
// for DELETE/PATCH/POST often no body) gets the API's own JSON answer with its security headers,
// since the API authenticates by bearer token and is not exposed to form CSRF.
import { describe, expect, it } from 'vitest';
import { IDS } from './routes';
import { appRequest, remote, signToken, useStandIns } from './stand-ins';

const s = useStandIns((ins) => {
  ins.upstream.answer(() => ({ status: 404, body: { message: 'Not found upstream' } }));
});

const BODYLESS = [
  ['DELETE', `/api/feature-requests/${IDS.featureRequest}/vote`, `/feature-requests/${IDS.featureRequest}/vote`],
  ['DELETE', `/api/accounts/user/accounts/${IDS.account}`, `/accounts/user/accounts/${IDS.account}`],
  ['POST', `/api/accounts/user/accounts/${IDS.account}/set-primary`, `/accounts/user/accounts/${IDS.account}/set-primary`],
  ['PATCH', `/api/wallets/${IDS.wallet}/deactivate`, `/wallets/${IDS.wallet}/deactivate`],
  ['POST', '/api/wallets/canton', '/wallets/canton'],
] as const;

describe('remote mode: same-origin rule', () => {
  it.each([
    ['POST', '/api/feature-requests', { title: 'Dark mode', description: 'A dark theme for the night' }],
    ['DELETE', `/api/feature-requests/${IDS.featureRequest}/vote`, undefined],
    ['GET', '/api/accounts/user/accounts', undefined],
  ])('refuses %s %s from a foreign Origin with 403 {message}, and calls nothing upstream', async (method, path, body) => {
    const { token } = await signToken();
    const res = await appRequest(method, path, { headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' }, body });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: expect.any(String), code: 'forbidden' });
    expect(s.upstream.take()).toEqual([]);
  });

  it.each(BODYLESS)("answers %s %s without Origin and without a body with the API's own JSON and headers", async (method, path, upstream) => {
    const { token, sub } = await signToken();
    const res = await appRequest(method, path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json).toEqual({ message: 'Not found upstream', code: 'not_found' });
    expect(res.status).toBe(404);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const sent = s.upstream.take();
    expect(sent.map((r) => `${r.method} ${r.path} ${r.headers['x-user-id']}`)).toEqual([`${method} ${remote().upstreamBasePath}${upstream} ${sub}`]);
  });

  it('answers the sign-in routes without Origin with their own JSON (404 {message} in production)', async () => {
    const res = await appRequest('POST', '/auth/v1/logout', {});
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: expect.any(String), code: 'not_found' });
  });
});
