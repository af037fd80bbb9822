// Remote mode, /login's forms: the Worker calls the Supabase project (the stand-in on its second
// origin) from the server with @supabase/ssr's server client: /auth/v1/otp to send, /auth/v1/verify
// to check; the provider's answer decides (a refused code re-renders the code step), the session it
// answers becomes the cookies the page guard accepts, and the per-IP send limit is counted by the
// Worker before the project is called.
import { describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { LIMITS } from '../../src/shared/limiters';
import { appRequest, remote, signToken, useStandIns, type Received } from './stand-ins';

const s = useStandIns((ins) => {
  ins.upstream.answer(() => ({ status: 200, body: { data: {} } }));
});

const RIGHT_CODE = '246810';
let session: Record<string, unknown> | undefined;

/** Supabase Auth's phone endpoints: any send succeeds; the right code answers `session`, any other GoTrue's 403. */
function answerAsSupabase() {
  s.supabase.answer((req: Received) => {
    if (req.method === 'POST' && req.path === '/auth/v1/otp') return { status: 200, body: { message_id: 'stand-in' } };
    if (req.method === 'POST' && req.path === '/auth/v1/verify') {
      const body = JSON.parse(req.body) as { token?: string };
      if (body.token === RIGHT_CODE && session) return { status: 200, body: session };
      return { status: 403, body: { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const form = (fields: Record<string, string>, cookie?: string) =>
  appRequest('POST', '/login', {
    headers: { origin: remote().baseURL, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

const cookiePairs = (setCookie: string[] | undefined, name: string) =>
  (setCookie ?? []).filter((c) => c.startsWith(name)).map((c) => c.slice(0, c.indexOf(';')));

const authCalls = (path: string) => s.supabase.received.filter((r) => r.method === 'POST' && r.path === path);

describe('remote mode: signing in through /login without JavaScript', () => {
  it('sends the code through the Supabase project, refuses what it refuses, and signs in with the session it answers', async () => {
    const { token, sub } = await signToken();
    const now = Math.floor(Date.now() / 1000);
    const user = { id: sub, aud: 'authenticated', role: 'authenticated', phone: '525512345678', app_metadata: {}, user_metadata: {}, created_at: '' };
    session = { access_token: token, refresh_token: 'stand-in-refresh', token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, user };
    answerAsSupabase();

    const sent = await form({ intent: 'send', phone: '55 1234 5678', country: 'MX' });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(t('en', 'login.codeSent', { phone: '+525512345678' }));
    expect(sent.text).toContain('name="code"');
    const [otp] = authCalls('/auth/v1/otp');
    expect(JSON.parse(otp!.body)).toMatchObject({ phone: '+525512345678' });
    expect(otp!.headers.apikey).toBe('sb_publishable_remote_tier');
    const phoneCookie = cookiePairs(sent.headers['set-cookie'], 'login-phone=')[0]!;

    const wrong = await form({ intent: 'verify', code: '000000' }, phoneCookie);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(t('en', 'login.error.invalidCode'));
    expect(cookiePairs(wrong.headers['set-cookie'], 'dolar-auth')).toEqual([]);

    const right = await form({ intent: 'verify', code: RIGHT_CODE, next: '/settings' }, phoneCookie);
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe('/settings');
    const verifies = authCalls('/auth/v1/verify').map((r) => JSON.parse(r.body) as Record<string, string>);
    expect(verifies).toEqual([
      expect.objectContaining({ phone: '+525512345678', token: '000000', type: 'sms' }),
      expect.objectContaining({ phone: '+525512345678', token: RIGHT_CODE, type: 'sms' }),
    ]);
    const sessionCookies = cookiePairs(right.headers['set-cookie'], 'dolar-auth');
    expect(sessionCookies.length).toBeGreaterThan(0);

    // The page guard takes those cookies: the token is the project's, checked against its JWKS.
    const page = await appRequest('GET', '/settings', { headers: { cookie: sessionCookies.join('; '), 'accept-language': 'en' } });
    expect(page.status).toBe(200);
  });

  it('counts the sends against the per-IP limit before calling the project (RL_AUTH_OTP)', async () => {
    answerAsSupabase();
    let refused: Awaited<ReturnType<typeof form>> | undefined;
    for (let i = 0; i <= LIMITS.RL_AUTH_OTP.limit && !refused; i++) {
      const res = await form({ intent: 'send', phone: `55 1234 56${String(i).padStart(2, '0')}`, country: 'MX' });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.text).toContain(t('en', 'errors.tooManyRequests'));
    // Every send of this file, the first test's included, came from this address: the project saw only the limit's worth.
    expect(authCalls('/auth/v1/otp')).toHaveLength(LIMITS.RL_AUTH_OTP.limit);
  });
});
