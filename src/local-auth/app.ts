// The local sign-in service under /auth/v1 (embedded default, no Supabase configured): the part of
// the Supabase Auth (GoTrue) HTTP API that @supabase/auth-js (the browser's client; supabase-js
// wraps it) uses for phone one-time codes, with the same request and response shapes and error
// codes, so the unmodified client signs in, refreshes and
// signs out against it. Codes for real numbers are written to the Worker's log (never tokens).
import { Hono, type Context } from 'hono';
import type { Bindings, LimiterName } from '../platform/bindings';
import { localTestOtps } from '../platform/app-mode';
import { clientKey, takeSlot } from '../platform/rate-limit';
import { authSettings } from './config';
import { API_VERSION_HEADER, gotrueError, wantsVersioned } from './errors';
import { currentSigningKey, publicJwks } from './keys';
import { normalisePhone, parseTestOtps } from './phone';
import {
  cleanupExpired,
  consumeCode,
  createSession,
  endSessions,
  findUser,
  findUserByPhone,
  randomCode,
  rotateRefreshToken,
  sessionIsLive,
  signInUser,
  storeCode,
  type AuthUserRow,
} from './store';
import { localIssuer, sessionJson, userJson } from './tokens';
import { localKeyResolver, verifyAccessToken } from './verify';

type IdentityEnv = { Bindings: Bindings };
type Ctx = Context<IdentityEnv>;

const INVALID_PHONE = 'Invalid phone number format (E.164 required)';
const OTP_INVALID = 'Token has expired or is invalid';

const issuerOf = (c: Ctx) => localIssuer(new URL(c.req.url).origin);

async function readBody(c: Ctx): Promise<Record<string, unknown> | Response> {
  // Decoded by hand: GoTrue reads the body as JSON whatever its Content-Type says.
  const text = new TextDecoder().decode(await c.req.arrayBuffer());
  if (!text) return {};
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  return gotrueError(c, 400, 'bad_json', 'Could not parse request body as JSON');
}

/**
 * Per-IP limits beyond the per-phone rules (RL_AUTH_*, src/shared/limiters.ts): null when within the
 * limit (the slot is taken before the work), else GoTrue's 429 over_request_rate_limit with Retry-After.
 */
async function overIpLimit(c: Ctx, limiter: LimiterName): Promise<Response | null> {
  const slot = await takeSlot(c.env, limiter, clientKey(c));
  if (slot.ok) return null;
  c.header('Retry-After', String(slot.retryAfterS));
  return gotrueError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
}

/** The bearer's user and session, or the GoTrue error answer. */
async function authenticate(c: Ctx): Promise<{ user: AuthUserRow; sessionId: string } | Response> {
  const auth = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!match) return gotrueError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let sub: string;
  let sessionId: string;
  try {
    const payload = await verifyAccessToken(match[1]!, localKeyResolver(c.env.DB), {
      issuer: issuerOf(c),
      algorithms: ['ES256'],
      maxLifetimeS: authSettings(c.env).maxTokenLifetimeS,
      requiredClaims: ['session_id'],
    });
    sub = String(payload.sub);
    sessionId = String(payload.session_id);
  } catch (err) {
    const why = err instanceof Error ? err.message : 'invalid token';
    return gotrueError(c, 403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  if (!(await sessionIsLive(c.env.DB, sessionId, sub, authSettings(c.env)))) {
    return gotrueError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await findUser(c.env.DB, sub);
  if (!user) return gotrueError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user, sessionId };
}

export const identityApp = new Hono<IdentityEnv>()
  .use(async function echoApiVersion(c, next) {
    await next();
    if (wantsVersioned(c)) c.header(API_VERSION_HEADER, '2024-01-01');
    c.header('cache-control', c.req.path.endsWith('/jwks.json') ? 'public, max-age=600' : 'no-store');
  })

  // Sends (here: logs) a one-time code. Resend is the same call; one send per phone per 60 s.
  .post('/otp', async (c) => {
    const body = await readBody(c);
    if (body instanceof Response) return body;
    if ('email' in body && body.email) return gotrueError(c, 422, 'email_provider_disabled', 'Email logins are disabled');
    const channel = body.channel ?? 'sms';
    if (channel !== 'sms' && channel !== 'whatsapp') {
      return gotrueError(c, 400, 'validation_failed', "Invalid channel, supported values are 'sms' or 'whatsapp'");
    }
    const phone = normalisePhone(body.phone);
    if (!phone) return gotrueError(c, 400, 'validation_failed', INVALID_PHONE);
    // Test numbers have a fixed code and send nothing, so no send limit applies to them.
    const testNumber = parseTestOtps(localTestOtps(c.env)).has(phone);
    const limited = testNumber ? null : await overIpLimit(c, 'RL_AUTH_OTP');
    if (limited) return limited;
    if (body.create_user === false && !(await findUserByPhone(c.env.DB, phone))) {
      return gotrueError(c, 422, 'otp_disabled', 'Signups not allowed for otp');
    }
    if (testNumber) return c.json({ message_id: 'test-otp' }, 200);
    const code = randomCode();
    const waitMs = await storeCode(c.env.DB, phone, code);
    if (waitMs !== null) {
      return gotrueError(c, 429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
    }
    // No SMS is sent locally: the code goes to the Worker's log. console.warn, because `npm start`
    // runs wrangler at log level "warn", which hides console.log.
    console.warn(`[auth] one-time code for +${phone}: ${code} (valid 10 minutes)`);
    return c.json({ message_id: crypto.randomUUID() }, 200);
  })

  // Verifies a code (type sms) and answers a session, creating the user on first sign-in.
  .post('/verify', async (c) => {
    const body = await readBody(c);
    if (body instanceof Response) return body;
    if (body.type !== 'sms') return gotrueError(c, 400, 'validation_failed', 'Unsupported verification type');
    const phone = normalisePhone(body.phone);
    if (!phone) return gotrueError(c, 400, 'validation_failed', INVALID_PHONE);
    const testCode = parseTestOtps(localTestOtps(c.env)).get(phone);
    const limited = testCode !== undefined ? null : await overIpLimit(c, 'RL_AUTH_VERIFY');
    if (limited) return limited;
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    if (!/^[0-9]{6}$/.test(token)) return gotrueError(c, 403, 'otp_expired', OTP_INVALID);
    const settings = authSettings(c.env);
    // Before the code is spent: a service that cannot sign (no secret) must not burn the code.
    await currentSigningKey(c.env.DB, settings);
    const ok = testCode !== undefined ? token === testCode : await consumeCode(c.env.DB, phone, token);
    if (!ok) return gotrueError(c, 403, 'otp_expired', OTP_INVALID);
    const user = await signInUser(c.env.DB, phone);
    const { sessionId, refreshToken } = await createSession(c.env.DB, user.id);
    await cleanupExpired(c.env.DB, settings);
    return c.json(await sessionJson(c.env.DB, settings, issuerOf(c), user, sessionId, refreshToken), 200);
  })

  // Refresh-token grant with rotation; a reused token is refused and ends its session, except within
  // the reuse interval (AUTH_REFRESH_TOKEN_REUSE_INTERVAL_S), where it answers the current pair.
  .post('/token', async (c) => {
    if (c.req.query('grant_type') !== 'refresh_token') return gotrueError(c, 400, 'validation_failed', 'unsupported_grant_type');
    const limited = await overIpLimit(c, 'RL_AUTH_TOKEN');
    if (limited) return limited;
    const body = await readBody(c);
    if (body instanceof Response) return body;
    if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
      return gotrueError(c, 400, 'validation_failed', 'refresh_token required');
    }
    const settings = authSettings(c.env);
    // Before the token rotates: a service that cannot sign (no secret) must not spend it.
    await currentSigningKey(c.env.DB, settings);
    const rotated = await rotateRefreshToken(c.env.DB, body.refresh_token, settings);
    await cleanupExpired(c.env.DB, settings);
    if (!rotated.ok) {
      if (rotated.reason === 'already_used') return gotrueError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      if (rotated.reason === 'session_expired') return gotrueError(c, 400, 'session_expired', 'Invalid Refresh Token: Session Expired');
      if (rotated.reason === 'session_gone') return gotrueError(c, 400, 'session_not_found', 'Invalid Refresh Token: Session Expired');
      return gotrueError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    const user = await findUser(c.env.DB, rotated.userId);
    if (!user) return gotrueError(c, 400, 'user_not_found', 'Invalid Refresh Token: User Not Found');
    return c.json(await sessionJson(c.env.DB, settings, issuerOf(c), user, rotated.sessionId, rotated.refreshToken), 200);
  })

  .get('/user', async (c) => {
    const who = await authenticate(c);
    if (who instanceof Response) return who;
    return c.json(userJson(who.user), 200);
  })

  // Ends this session (local), every session of the user (global, the default) or the others.
  .post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      return gotrueError(c, 400, 'validation_failed', 'Unsupported logout scope');
    }
    const who = await authenticate(c);
    if (who instanceof Response) return who;
    if (scope === 'local') await endSessions(c.env.DB, 'id = ?1', who.sessionId);
    else if (scope === 'others') await endSessions(c.env.DB, 'user_id = ?1 AND id <> ?2', who.user.id, who.sessionId);
    else await endSessions(c.env.DB, 'user_id = ?1', who.user.id);
    return c.body(null, 204);
  })

  .get('/.well-known/jwks.json', async (c) => c.json({ keys: await publicJwks(c.env.DB, authSettings(c.env)) }, 200))

  // The rest of the Supabase Auth API (passwords, e-mail, OAuth, MFA...) is not served locally.
  .all('*', (c) => gotrueError(c, 404, 'not_found', 'Not found'));
identityApp.onError((err, c) => {
  console.error('auth error', err instanceof Error ? err.message : String(err));
  return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure, please check server logs for more information' }, 500);
});
