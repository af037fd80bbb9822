// Verifies the bearer access token on every product call with the shared check (../verify-user.ts:
// signature, algorithms, kid, exp, iss, aud, iat, lifetime, and in the embedded default a session
// that is still live). The user is the token's `sub`; an `x-user-id` header that names anyone else
// is refused. Cookies are never read here: /api is bearer-only (see docs/security.md). Each verified
// session's activity is noted for the Security screen's list (at most one write a minute, after the answer).
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { verifyUser } from '../verify-user';
import { refuseWith } from '../../platform/errors';
import { noteSessionActivity } from '../sessions/activity';

/**
 * A 401 with its RFC 6750 challenge: `Bearer` when no token came, `Bearer error="invalid_token"` when
 * one came and was refused (bad, expired, ended). Shared with the live socket's check.
 */
export function refuseUnauthenticated(c: Context, message: string, tokenSent: boolean) {
  c.header('WWW-Authenticate', tokenSent ? 'Bearer error="invalid_token"' : 'Bearer');
  return refuseWith(c, 401, message, 'unauthorized');
}

export function requireUser(): MiddlewareHandler<AppEnv> {
  return async function requireUser(c, next) {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) return refuseUnauthenticated(c, 'Missing access token', false);
    const token = match[1]!;

    const verified = await verifyUser(c.env, new URL(c.req.url).origin, token);
    if (!verified.ok) return refuseUnauthenticated(c, verified.message, true);
    const { sub, sessionId } = verified;
    const claimed = c.req.header('x-user-id');
    if (claimed !== undefined && claimed !== sub) return refuseWith(c, 403, 'x-user-id does not match the signed-in user', 'forbidden');

    c.set('userId', sub);
    c.set('sessionId', sessionId);
    c.set('accessToken', token);
    // The Security screen's list: device, country, last activity (at most one write a minute, after the answer).
    noteSessionActivity(c, sub, sessionId);
    await next();
  };
}
