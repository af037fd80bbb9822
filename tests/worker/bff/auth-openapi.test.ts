// The sign-in document (/api/auth-openapi.json) against the embedded sign-in service's real answers:
// every documented call is served at the documented server, each answer parses with the documented
// schema, and each refusal carries a status and a code the document declares for that call.
import { describe, expect, it } from 'vitest';
import { authError, authOpenApiDocument, authSession, authUser, otpAnswer } from '../../../src/worker/auth-openapi';
import { requestCode, uniquePhone } from '../auth';
import { call } from '../helpers';

interface Operation {
  operationId: string;
  responses: Record<string, { description: string }>;
}
interface AuthDoc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const versioned = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', apikey: 'local-publishable-key' };
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`/auth/v1${path}`, { method: 'POST', headers: { ...versioned, ...headers }, body: JSON.stringify(body) });

async function authDoc(): Promise<AuthDoc> {
  const res = await call('/api/auth-openapi.json');
  expect(res.status).toBe(200);
  return await res.json<AuthDoc>();
}

/** The refusal parses as the documented error, and its status lists its code for that operation. */
async function expectDocumentedRefusal(doc: AuthDoc, path: string, method: string, res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = authError.parse(await res.json());
  expect(body).toMatchObject({ code });
  expect(doc.paths[path]![method]!.responses[String(status)]!.description).toContain(`\`${code}\``);
}

describe('GET /api/auth-openapi.json', () => {
  it('answers an OpenAPI 3.1 document of the five sign-in calls, served here at /auth/v1 in the embedded default', async () => {
    const doc = await authDoc();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/auth/v1' })]);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(['GET /user', 'POST /logout', 'POST /otp', 'POST /token', 'POST /verify']);
  });

  it("matches the embedded service's answers: code, session, user, refresh and sign-out parse with the documented schemas", async () => {
    const phone = uniquePhone();
    const sent = await post('/otp', { phone, channel: 'sms', create_user: true });
    expect(sent.status).toBe(200);
    otpAnswer.parse(await sent.json());

    const other = uniquePhone();
    const verified = await post('/verify', { phone: other, token: await requestCode(other), type: 'sms' });
    expect(verified.status).toBe(200);
    const session = authSession.parse(await verified.json());
    // The bearer token's lifetime as documented: expires_at = now + expires_in.
    expect(Math.abs(session.expires_at - (Math.floor(Date.now() / 1000) + session.expires_in))).toBeLessThanOrEqual(5);

    const me = await call('/auth/v1/user', { headers: { ...versioned, authorization: `Bearer ${session.access_token}` } });
    expect(me.status).toBe(200);
    expect(authUser.parse(await me.json()).id).toBe(session.user.id);

    const refreshed = await post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    expect(refreshed.status).toBe(200);
    const renewed = authSession.parse(await refreshed.json());
    expect(renewed.refresh_token).not.toBe(session.refresh_token);

    // The documented bearer works on /api.
    const api = await call('/api/sessions', { headers: { authorization: `Bearer ${renewed.access_token}` } });
    expect(api.status).toBe(200);

    const out = await post('/logout?scope=local', {}, { authorization: `Bearer ${renewed.access_token}` });
    expect(out.status).toBe(204);
  });

  it('documents the refusals the embedded service answers, with their status and code, in both error forms', async () => {
    const doc = await authDoc();
    await expectDocumentedRefusal(doc, '/otp', 'post', await post('/otp', { phone: 'not a phone' }), 400, 'validation_failed');
    await expectDocumentedRefusal(doc, '/otp', 'post', await post('/otp', { phone: uniquePhone(), create_user: false }), 422, 'otp_disabled');
    await expectDocumentedRefusal(doc, '/verify', 'post', await post('/verify', { phone: uniquePhone(), token: '000000', type: 'sms' }), 403, 'otp_expired');
    await expectDocumentedRefusal(
      doc,
      '/token',
      'post',
      await post('/token?grant_type=refresh_token', { refresh_token: 'nope' }),
      400,
      'refresh_token_not_found',
    );
    await expectDocumentedRefusal(doc, '/user', 'get', await call('/auth/v1/user', { headers: versioned }), 401, 'no_authorization');
    await expectDocumentedRefusal(
      doc,
      '/user',
      'get',
      await call('/auth/v1/user', { headers: { ...versioned, authorization: 'Bearer x.y.z' } }),
      403,
      'bad_jwt',
    );
    await expectDocumentedRefusal(doc, '/logout', 'post', await post('/logout?scope=everyone', {}), 400, 'validation_failed');

    // Without the version header: the legacy form, documented too.
    const legacy = await call('/auth/v1/user', { headers: { apikey: 'k' } });
    expect(legacy.status).toBe(401);
    expect(authError.parse(await legacy.json())).toEqual({ code: 401, error_code: 'no_authorization', msg: expect.any(String) });
  });

  it('names the Supabase project as the server when one is configured', async () => {
    const doc = authOpenApiDocument('https://abcd.supabase.co/', 'https://app.example');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://abcd.supabase.co/auth/v1' })]);
  });
});

describe('the sign-in on the reference pages', () => {
  it('links the sign-in from /api/reference and renders its five calls at /api/reference/auth, under the /api CSP', async () => {
    const main = await call('/api/reference');
    expect(main.status).toBe(200);
    const page = await main.text();
    expect(page).toContain('<h2 id="sign-in-h">Sign-in</h2>');
    expect(page).toContain('href="/api/reference/auth"');
    expect(page).toContain('href="/api/auth-openapi.json"');

    const auth = await call('/api/reference/auth');
    expect(auth.status).toBe(200);
    expect(auth.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await auth.text();
    expect(text).not.toMatch(/<script|<style|style=/i);
    for (const op of ['POST /otp', 'POST /verify', 'POST /token', 'GET /user', 'POST /logout']) expect(text).toContain(`<code>${op}</code>`);
    expect(text).toContain('<code>/auth/v1</code>');
  });
});
