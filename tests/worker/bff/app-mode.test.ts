// Safe to deploy by default: a Worker whose APP_MODE is not `local` or `demo` never serves the
// embedded sign-in service or the embedded core when PUBLIC_SUPABASE_URL or UPSTREAM_API_URL is
// missing (503 {message}, nothing sent or stored), and honours fixed-code test numbers only locally.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoggedConfigurationError } from '../../../src/platform/app-mode';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { randomIp } from '../helpers';
import { installFetchGuard, outbound } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; APP_MODE?: string };
/** What a plain `npm run deploy` of today's wrangler.toml runs with: no mode, no Supabase, no upstream. */
const unconfigured = { ...testEnv, APP_MODE: undefined, PUBLIC_SUPABASE_URL: '', UPSTREAM_API_URL: '' };
const demo = { ...testEnv, APP_MODE: 'demo', PUBLIC_SUPABASE_URL: '', UPSTREAM_API_URL: '' };

const fetchWith = (vars: object, path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', randomIp());
  return app.fetch(new Request(`http://app.test${path}`, { ...init, headers }), vars);
};
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const storedCodes = async (phone: string) =>
  (await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM auth_otps WHERE phone = ?1').bind(phone.replace(/\D/g, '')).first<{ n: number }>())!.n;

afterEach(() => vi.restoreAllMocks());

describe('a Worker without APP_MODE (production)', () => {
  it('answers 503 {message} on POST /auth/v1/otp without a Supabase project, and sends or stores no code', async () => {
    const warn = vi.spyOn(console, 'warn');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const phone = uniquePhone();
    const res = await fetchWith(unconfigured, '/auth/v1/otp', postJson({ phone }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'This server is not configured', code: 'not_configured' });
    expect(await storedCodes(phone)).toBe(0);
    expect(warn).not.toHaveBeenCalled();
    expect(outbound).toHaveLength(0);
  });

  it('answers 503 on every /auth/v1 route, the test number and its fixed code included', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const verify = await fetchWith(unconfigured, '/auth/v1/verify', postJson({ phone: '+1 555 555 0100', token: '123456', type: 'sms' }));
    expect(verify.status).toBe(503);
    expect(await verify.json()).toEqual({ message: 'This server is not configured', code: 'not_configured' });
    expect((await fetchWith(unconfigured, '/auth/v1/.well-known/jwks.json')).status).toBe(503);
  });

  it('answers 503 on /api/accounts/user/accounts without UPSTREAM_API_URL, even with a valid token and a Supabase project', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { accessToken } = await signIn();
    for (const vars of [unconfigured, { ...unconfigured, PUBLIC_SUPABASE_URL: 'https://project.supabase.test' }]) {
      const res = await fetchWith(vars, '/api/accounts/user/accounts', { headers: bearer(accessToken) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'This server is not configured', code: 'not_configured' });
    }
    expect(outbound).toHaveLength(0);
  });

  it('answers 503 on /api with an upstream but no Supabase project (no tokens could be issued)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetchWith({ ...unconfigured, UPSTREAM_API_URL: 'http://upstream.test/v1' }, '/api/market');
    expect(res.status).toBe(503);
    expect(outbound).toHaveLength(0);
  });

  it('still answers /api/health', async () => {
    const res = await fetchWith(unconfigured, '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
  });

  it('counts an unknown APP_MODE as production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetchWith({ ...unconfigured, APP_MODE: 'staging' }, '/auth/v1/otp', postJson({ phone: uniquePhone() }));
    expect(res.status).toBe(503);
  });

  it('logs the configuration error once per isolate, naming what is missing', async () => {
    forgetLoggedConfigurationError();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fetchWith(unconfigured, '/auth/v1/otp', postJson({ phone: uniquePhone() }));
    await fetchWith(unconfigured, '/api/accounts/user/accounts');
    await fetchWith(unconfigured, '/auth/v1/otp', postJson({ phone: uniquePhone() }));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('PUBLIC_SUPABASE_URL and UPSTREAM_API_URL not set');
  });

  it('passes the guard once configured: /auth/v1 is absent (404) and /api asks for a token (401)', async () => {
    const configured = { ...unconfigured, PUBLIC_SUPABASE_URL: 'https://project.supabase.test', UPSTREAM_API_URL: 'http://upstream.test/v1' };
    expect((await fetchWith(configured, '/auth/v1/otp', postJson({ phone: uniquePhone() }))).status).toBe(404);
    const res = await fetchWith(configured, '/api/accounts/user/accounts');
    expect(res.status).toBe(401);
    expect(outbound).toHaveLength(0);
  });
});

describe('APP_MODE=demo (an explicitly configured public demo)', () => {
  it('serves the embedded sign-in: POST /auth/v1/otp sends a code to the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const phone = uniquePhone();
    const res = await fetchWith(demo, '/auth/v1/otp', postJson({ phone }));
    expect(res.status).toBe(200);
    expect(await storedCodes(phone)).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/one-time code for \+\d+: \d{6}/));
  });

  it('serves the embedded core: GET /api/accounts/user/accounts answers the data', async () => {
    const { accessToken } = await signIn();
    const res = await fetchWith(demo, '/api/accounts/user/accounts', { headers: bearer(accessToken) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { success: true } });
  });
});

describe('AUTH_TEST_OTP (fixed-code test numbers)', () => {
  it('is ignored when APP_MODE is not local: the number gets a real code and the fixed one is refused', async () => {
    const phone = uniquePhone();
    const digits = phone.replace(/\D/g, '');
    const vars = { ...demo, AUTH_TEST_OTP: `${digits}=123456` };
    const logged: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void logged.push(String(line)));
    const sent = await fetchWith(vars, '/auth/v1/otp', postJson({ phone }));
    expect(sent.status).toBe(200);
    expect(await sent.json()).not.toEqual({ message_id: 'test-otp' });
    expect(await storedCodes(phone)).toBe(1);
    const code = logged.map((line) => /one-time code for \+\d+: (\d{6})/.exec(line)?.[1]).find(Boolean);
    expect(code).toBeDefined();
    if (code !== '123456') {
      const verify = await fetchWith(vars, '/auth/v1/verify', postJson({ phone, token: '123456', type: 'sms' }));
      expect(verify.status).toBe(403);
    }
  });

  it('is honoured when APP_MODE is local (the test configuration)', async () => {
    const phone = uniquePhone();
    const vars = { ...testEnv, APP_MODE: 'local', AUTH_TEST_OTP: `${phone.replace(/\D/g, '')}=654321` };
    const sent = await fetchWith(vars, '/auth/v1/otp', postJson({ phone }));
    expect(await sent.json()).toEqual({ message_id: 'test-otp' });
    const verify = await fetchWith(vars, '/auth/v1/verify', postJson({ phone, token: '654321', type: 'sms' }));
    expect(verify.status).toBe(200);
  });
});
