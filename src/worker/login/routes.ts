// /login's forms on the Worker, so a visitor signs in before any script has run (the island, when it
// has hydrated, does the same steps in the browser). The phone form posts `intent=send`, the code
// form `verify` (or its `resend` and `change` submits); each calls the sign-in provider from the server through
// @supabase/ssr's server client (server-auth.ts: the Supabase project, or the local sign-in service
// in-process), then either answers 303 to the safe `next` (else the first signed-in screen) with the
// session cookies the client wrote,
// or renders /login again with the step and the message in the visitor's language.
// - CSRF: the pages' same-origin rule (isForbiddenCrossSiteWrite): a form from another origin, or
//   one naming none, gets 403 {message} before anything is read or called;
// - the number a code went to travels in an HttpOnly cookie scoped to /login, used only to show it
//   and for the verify and resend calls (the provider decides whether the code is right);
// - the one-time-code rules (single use, 5 guesses, one send per 60 s) are the provider's, and the
//   per-IP limits (RL_AUTH_OTP, RL_AUTH_VERIFY) count these calls too: the local service counts them
//   itself (it gets the visitor's address), a Supabase project's calls are counted here first.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { serialize, type CookieOptions } from 'hono/utils/cookie';
import { t, type Lang } from '../../i18n';
import { authErrorText } from '../../shared/error-text';
import type { LoginMessage, LoginView } from '../../shared/login-view';
import { isCompleteCode, RESEND_SECONDS, sanitizeCode } from '../../shared/phone';
import { checkPhone, loadPhoneMetadata, type CountryCode } from '../../shared/phone-number';
import { FIRST_SIGNED_IN_SCREEN, safeNext } from '../../shared/safe-next';
import type { LimiterName } from '../../shared/limiters';
import { normalisePhone, parseTestOtps } from '../../local-auth/phone';
import { localTestOtps } from '../../platform/app-mode';
import { refuseWith } from '../../platform/errors';
import { clientKey, takeSlot } from '../../platform/rate-limit';
import { authServiceFetch } from '../auth-service-fetch';
import type { AppEnv } from '../env';
import { MAX_BODY_BYTES } from '../index';
import { visitView } from '../pages/login-view';
import { API_CSP, COMMON_SECURITY_HEADERS, isForbiddenCrossSiteWrite } from '../security-policy';
import { serverAuth } from '../server-auth';

/** The cookie that carries the number the code went to, and when: `+E164|sent at (ms)`. */
export const LOGIN_PHONE_COOKIE = 'login-phone';
/** As long as a code lives at the provider (10 minutes). */
const LOGIN_PHONE_MAX_AGE_S = 600;

/** Renders the /login page of this request with `view`. */
type Render = (view: LoginView) => Promise<Response>;

/** The number a code went to and when, from the cookie (null when absent or not ours). */
function sentCode(c: Context<AppEnv>): { phone: string; sentAt: number } | null {
  const match = /^(\+[1-9]\d{1,14})\|(\d{1,15})$/.exec(getCookie(c, LOGIN_PHONE_COOKIE) ?? '');
  return match ? { phone: match[1]!, sentAt: Number(match[2]) } : null;
}

const resendIn = (sentAt: number) => Math.max(0, Math.ceil((sentAt + RESEND_SECONDS * 1000 - Date.now()) / 1000));

/** The status a provider error is re-rendered with: its own when it is a 4xx (429 above all), else 502. */
function errorStatus(err: { status?: number }): 400 | 429 | 502 {
  if (err.status === 429) return 429;
  return err.status && err.status < 500 ? 400 : 502;
}

/** The per-IP limit of a call to a Supabase project (the local service counts its own calls). */
async function overLimit(c: Context<AppEnv>, limiter: LimiterName): Promise<boolean> {
  if (!(c.env.PUBLIC_SUPABASE_URL ?? '').trim()) return false;
  return !(await takeSlot(c.env, limiter, clientKey(c))).ok;
}

/** The routes of /login's forms for one request; `render` renders its /login page with a view. */
export function login({ render }: { render: Render }) {
  return new Hono<AppEnv>()
    .use(async function loginHeaders(c, next) {
      await next();
      // Every answer depends on this visitor's cookies and form: never stored. Redirects and refusals
      // get the headers of content that loads nothing; the page keeps the page policy Astro gave it.
      const headers = new Headers(c.res.headers);
      headers.set('Cache-Control', 'no-store');
      if (!headers.get('content-type')?.startsWith('text/html')) {
        for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
        headers.set('Content-Security-Policy', API_CSP);
      }
      c.res = new Response(c.res.body, { status: c.res.status, headers });
    })
    .use(async function sameOrigin(c, next) {
      if (isForbiddenCrossSiteWrite(c.req.raw, new URL(c.req.url))) return refuseWith(c, 403, 'Cross-site form submissions are forbidden', 'forbidden');
      await next();
    })
    .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuseWith(c, 413, 'Request body too large', 'payload_too_large') }))
    .post('/login', async (c) => {
      const form = await c.req.parseBody();
      const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
      const [visit, lib] = await Promise.all([visitView(c.req.raw), loadPhoneMetadata()]);
      const lang: Lang = visit.lang;
      const posted = field('country');
      const view: LoginView = { ...visit, country: lib.isSupportedCountry(posted) ? posted : visit.country, next: field('next') };
      const show = async (status: 200 | 400 | 429 | 502, changes: Partial<LoginView>) => {
        const page = await render({ ...view, ...changes });
        const headers = new Headers(page.headers);
        for (const cookie of cookies) headers.append('Set-Cookie', cookie);
        return new Response(page.body, { status, headers });
      };
      const error = (key: LoginMessage['key'], text?: string): LoginMessage => ({ kind: 'error', key: text === undefined ? key : undefined, text });
      const sent = sentCode(c);
      // Set-Cookie values of this answer: the number the code went to, or its removal.
      const cookies: string[] = [];
      const phoneCookie: CookieOptions = { httpOnly: true, secure: new URL(c.req.url).protocol === 'https:', sameSite: 'Strict', path: '/login' };
      const forgetPhone = () => cookies.push(serialize(LOGIN_PHONE_COOKIE, '', { ...phoneCookie, maxAge: 0 }));
      const { auth, setCookies } = serverAuth(c.req.raw, c.env, authServiceFetch(c.req.raw, c.env, c.executionCtx));

      // A local fixed-code test number sends nothing and has one code, so the per-IP limits do not count
      // it (as the local sign-in service does not); AUTH_TEST_OTP exists in local mode only.
      const isTestNumber = (phone: string) => parseTestOtps(localTestOtps(c.env)).has(normalisePhone(phone) ?? '');

      /** Asks the provider for a code to `phone`; the code step when it is sent. */
      const send = async (phone: string, resend: boolean, back: Partial<LoginView>) => {
        if (!isTestNumber(phone) && (await overLimit(c, 'RL_AUTH_OTP')))
          return show(429, { ...back, message: error(undefined, t(lang, 'errors.tooManyRequests')) });
        try {
          const { error: failed } = await auth.signInWithOtp({ phone });
          if (failed) return show(errorStatus(failed), { ...back, message: error(undefined, authErrorText(lang, failed)) });
        } catch {
          return show(502, { ...back, message: error('login.error.sendFailed') });
        }
        cookies.push(serialize(LOGIN_PHONE_COOKIE, `${phone}|${Date.now()}`, { ...phoneCookie, maxAge: LOGIN_PHONE_MAX_AGE_S }));
        const message: LoginMessage = resend ? { kind: 'success', key: 'login.codeResent' } : { kind: 'success', key: 'login.codeSent', params: { phone } };
        return show(200, { step: 'code', phone, message, resendIn: RESEND_SECONDS });
      };

      // The code form's Change number and Resend submits are named for what they do; Verify and Send say `intent`.
      const intent = 'change' in form ? 'change' : 'resend' in form ? 'resend' : field('intent') || 'send';
      if (intent === 'send') {
        const typed = field('phone');
        const checked = checkPhone(lib, typed, view.country as CountryCode, !(c.env.PUBLIC_SUPABASE_URL ?? '').trim());
        if (!checked) return show(400, { phone: typed, message: error('login.error.invalidPhone') });
        return send(checked.e164, false, { phone: typed });
      }
      // The code step's intents need the number the code went to: without it, back to the phone step.
      if (!sent) return show(400, { message: error('login.error.verificationFailed') });
      const codeStep = { step: 'code' as const, phone: sent.phone, resendIn: resendIn(sent.sentAt) };
      if (intent === 'change') {
        forgetPhone();
        return show(200, { phone: sent.phone });
      }
      if (intent === 'resend') return send(sent.phone, true, codeStep);

      const code = sanitizeCode(field('code'));
      if (!isCompleteCode(code)) return show(400, { ...codeStep, message: error('login.error.invalidCodeFormat') });
      if (!isTestNumber(sent.phone) && (await overLimit(c, 'RL_AUTH_VERIFY')))
        return show(429, { ...codeStep, message: error(undefined, t(lang, 'errors.tooManyRequests')) });
      try {
        const { data, error: failed } = await auth.verifyOtp({ phone: sent.phone, token: code, type: 'sms' });
        if (failed?.status === 429) return show(429, { ...codeStep, message: error(undefined, authErrorText(lang, failed)) });
        if (failed || !data.user) return show(400, { ...codeStep, message: error('login.error.invalidCode') });
      } catch {
        return show(502, { ...codeStep, message: error('login.error.verificationFailed') });
      }
      // Signed in: the session cookies the provider's client wrote, and the number forgotten.
      forgetPhone();
      const headers = new Headers({ Location: safeNext(view.next, FIRST_SIGNED_IN_SCREEN) });
      for (const cookie of [...setCookies, ...cookies]) headers.append('Set-Cookie', cookie);
      return new Response(null, { status: 303, headers });
    });
}
