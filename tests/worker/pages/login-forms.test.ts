// /login's forms on the Worker (src/worker/login/routes.ts) against the local sign-in service,
// in-process: the phone step, the code step, the session cookies and the 303 on success; the
// provider's one-time-code rules (single use, 5 guesses, expiry, one send per 60 s) and the per-IP
// send limit hold on this path; a cross-site form changes nothing; a bad phone or code re-renders
// the step in the visitor's language; `next` never leads off the site.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { LoginView } from '../../../src/shared/login-view';
import { LIMITS } from '../../../src/shared/limiters';
import { login, LOGIN_PHONE_COOKIE } from '../../../src/worker/login/routes';
import { TEST_CODE, TEST_PHONE } from '../auth';
import { call, randomIp } from '../helpers';
import { installFetchGuard } from '../network';

installFetchGuard();

const db = (env as unknown as { DB: D1Database }).DB;
const ORIGIN = 'http://app.test';

/** The form routes with the page rendered as its view (JSON), so each test reads what /login would show. */
const forms = login({ render: async (view) => Response.json(view) });

interface Post {
  cookie?: string;
  origin?: string | null;
  ip?: string;
  lang?: string;
}

function post(fields: Record<string, string>, opts: Post = {}): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': opts.ip ?? randomIp() });
  if (opts.origin !== null) headers.set('origin', opts.origin ?? ORIGIN);
  if (opts.cookie) headers.set('cookie', opts.cookie);
  if (opts.lang) headers.set('accept-language', opts.lang);
  return Promise.resolve(forms.request(`${ORIGIN}/login`, { method: 'POST', headers, body: new URLSearchParams(fields) }, env, createExecutionContext()));
}

const view = (res: Response) => res.json<LoginView>();
/** The `name=value` of a Set-Cookie the answer carries for `name`. */
const cookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const pair = (setCookie: string | undefined) => setCookie?.slice(0, setCookie.indexOf(';'));

/** A valid Mexican mobile number nobody else uses (a real-looking one: the local service sends it a code). */
const freshPhone = () => `+5255${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000_000).padStart(8, '0')}`;

/** Sends a code through the phone form and returns the phone cookie and the code the local service logged. */
async function sendCode(phone: string, opts: Post = {}) {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  let res: Response;
  try {
    res = await post({ intent: 'send', phone, country: 'MX' }, opts);
  } finally {
    spy.mockRestore();
  }
  const code = logged.map((line) => /one-time code for \+\d+: (\d{6})/.exec(line)?.[1]).find(Boolean);
  return { res, cookie: pair(cookieOf(res, LOGIN_PHONE_COOKIE))!, code };
}

const otpRow = (phone: string) => db.prepare('SELECT attempts FROM auth_otps WHERE phone = ?1').bind(phone.slice(1)).first<{ attempts: number }>();

describe("/login's forms on the Worker", () => {
  it('sends the code from the phone form and renders the code step, the number in an HttpOnly cookie for /login only', async () => {
    const res = await post({ intent: 'send', phone: TEST_PHONE, country: 'US' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const shown = await view(res);
    expect(shown).toMatchObject({
      step: 'code',
      phone: '+15555550100',
      resendIn: 60,
      message: { kind: 'success', key: 'login.codeSent', params: { phone: '+15555550100' } },
    });
    const cookie = cookieOf(res, LOGIN_PHONE_COOKIE)!;
    expect(cookie).toMatch(/^login-phone=%2B15555550100%7C\d+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/login');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookieOf(res, 'dolar-auth')).toBeUndefined();
  });

  it('signs in with the right code: the session cookies of the browser client, the number forgotten, 303 to the first signed-in screen (/transactions)', async () => {
    const { cookie } = await sendCode(TEST_PHONE);
    const res = await post({ intent: 'verify', code: TEST_CODE }, { cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/transactions');
    const session = cookieOf(res, 'dolar-auth');
    expect(session).toMatch(/^dolar-auth=base64-/);
    expect(session).toContain('Path=/');
    expect(session).toContain('SameSite=Lax');
    expect(cookieOf(res, LOGIN_PHONE_COOKIE)).toContain('Max-Age=0');
    // The page guard takes that cookie for a signed-in visitor.
    const page = await call('/settings', { headers: { cookie: pair(session)! }, redirect: 'manual' });
    expect(page.status).toBe(200);
  });

  it('re-renders the code step with the spec error in the visitor language for a wrong code, and signs in nobody', async () => {
    const { cookie } = await sendCode(TEST_PHONE);
    const res = await post({ intent: 'verify', code: '000000' }, { cookie, lang: 'es-MX,es;q=0.9' });
    expect(res.status).toBe(400);
    expect(cookieOf(res, 'dolar-auth')).toBeUndefined();
    expect(await view(res)).toMatchObject({ lang: 'es', step: 'code', phone: '+15555550100', message: { kind: 'error', key: 'login.error.invalidCode' } });
  });

  it('uses a code once: the same right code again is refused', async () => {
    const phone = freshPhone();
    const { cookie, code } = await sendCode(phone);
    expect((await post({ intent: 'verify', code: code! }, { cookie })).status).toBe(303);
    const again = await post({ intent: 'verify', code: code! }, { cookie });
    expect(again.status).toBe(400);
    expect(cookieOf(again, 'dolar-auth')).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const phone = freshPhone();
    const { cookie, code } = await sendCode(phone);
    await db
      .prepare('UPDATE auth_otps SET expires_at = ?2 WHERE phone = ?1')
      .bind(phone.slice(1), Date.now() - 1)
      .run();
    const res = await post({ intent: 'verify', code: code! }, { cookie });
    expect(res.status).toBe(400);
    expect(cookieOf(res, 'dolar-auth')).toBeUndefined();
    expect((await view(res)).message).toMatchObject({ key: 'login.error.invalidCode' });
  });

  it('refuses the 6th guess even when it is the right code (5 guesses per code)', async () => {
    const phone = freshPhone();
    const ip = randomIp();
    const { cookie, code } = await sendCode(phone, { ip });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post({ intent: 'verify', code: wrong }, { cookie, ip })).status).toBe(400);
    expect((await otpRow(phone))?.attempts).toBe(5);
    const sixth = await post({ intent: 'verify', code: code! }, { cookie, ip });
    expect(sixth.status).toBe(400);
    expect(cookieOf(sixth, 'dolar-auth')).toBeUndefined();
  });

  it('refuses a resend within 60 s (the provider rule), saying so with its seconds in the visitor language', async () => {
    const { cookie } = await sendCode(freshPhone());
    const res = await post({ resend: '1' }, { cookie, lang: 'es' });
    expect(res.status).toBe(429);
    const shown = await view(res);
    expect(shown.step).toBe('code');
    expect(shown.message?.text).toMatch(/^Por motivos de seguridad, podrás pedir un código nuevo en \d+ segundos\.$/);
  });

  it("counts sends against the per-IP limit (RL_AUTH_OTP): the one past it is refused in the visitor's language", async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.RL_AUTH_OTP.limit; i++) expect((await sendCode(freshPhone(), { ip })).res.status).toBe(200);
    const phone = freshPhone();
    const over = await sendCode(phone, { ip, lang: 'fr-FR' });
    expect(over.res.status).toBe(429);
    expect(over.code).toBeUndefined();
    expect(await otpRow(phone)).toBeNull();
    expect(await view(over.res)).toMatchObject({ lang: 'fs', step: 'phone', phone });
  });

  it.each([
    ['en', 'en-US', 'login.error.invalidPhone'],
    ['es', 'es-MX', 'login.error.invalidPhone'],
    ['fs', 'fr-FR', 'login.error.invalidPhone'],
  ])('answers 400 to a bad phone and re-renders the phone step in %s with the number kept', async (lang, header, key) => {
    const res = await post({ intent: 'send', phone: '12', country: 'MX' }, { lang: header });
    expect(res.status).toBe(400);
    expect(await view(res)).toMatchObject({ lang, step: 'phone', phone: '12', country: 'MX', message: { kind: 'error', key } });
    expect(cookieOf(res, LOGIN_PHONE_COOKIE)).toBeUndefined();
  });

  it.each([
    ['another origin', 'https://evil.example'],
    ['no origin', null],
  ])('refuses a form from %s with 403 {message}, calling nothing and setting nothing', async (_, origin) => {
    const phone = freshPhone();
    const res = await post({ intent: 'send', phone, country: 'MX' }, { origin });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Cross-site form submissions are forbidden' });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await otpRow(phone)).toBeNull();

    const { cookie } = await sendCode(TEST_PHONE);
    const verify = await post({ intent: 'verify', code: TEST_CODE }, { cookie, origin });
    expect(verify.status).toBe(403);
    expect(verify.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ['%2F.%2F%2Fevil.invalid%2Fphish', '/transactions'],
    ['//evil.invalid', '/transactions'],
    ['https://evil.invalid/', '/transactions'],
    ['/%5Cevil.invalid', '/transactions'],
    ['/\t/evil.invalid', '/transactions'],
    ['/settings/security', '/settings/security'],
  ])('sends the visitor to a safe next only (%s -> %s)', async (next, to) => {
    const { cookie } = await sendCode(TEST_PHONE);
    const res = await post({ intent: 'verify', code: TEST_CODE, next: decodeURIComponent(next) }, { cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(to);
  });

  it("goes back to the phone step with 'change', the number kept and forgotten by the cookie", async () => {
    const { cookie } = await sendCode(TEST_PHONE);
    const res = await post({ change: '1' }, { cookie });
    expect(res.status).toBe(200);
    expect(await view(res)).toMatchObject({ step: 'phone', phone: '+15555550100', message: null });
    expect(cookieOf(res, LOGIN_PHONE_COOKIE)).toContain('Max-Age=0');
  });

  it('sends a code step without its number cookie back to the phone step', async () => {
    const res = await post({ intent: 'verify', code: TEST_CODE });
    expect(res.status).toBe(400);
    expect(await view(res)).toMatchObject({ step: 'phone', message: { key: 'login.error.verificationFailed' } });
  });
});

describe('the Worker entry', () => {
  it('hands POST /login to the form routes (403 for a foreign form) and a visit to Astro', async () => {
    const foreign = await call('/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=send&phone=%2B15555550100',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-security-policy')).toContain("default-src 'none'");
    const signedIn = await call('/login', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: (await sendCode(TEST_PHONE)).cookie },
      body: 'intent=verify&code=123456',
      redirect: 'manual',
    });
    expect(signedIn.status).toBe(303);
    expect(cookieOf(signedIn, 'dolar-auth')).toBeDefined();
    const visit = await call('/login');
    expect(await visit.text()).toBe('Astro pages: /login');
  });
});
