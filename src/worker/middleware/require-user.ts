// Verifies the bearer access token on every product call: signature against the JWKS (the local
// sign-in service's keys in-process, or the Supabase project's JWKS), algorithm allow-list (ES256,
// RS256; HS256 only with a legacy secret), a `kid` naming the key, exp, iss, aud, a required iat
// not in the future and a lifetime within AUTH_MAX_TOKEN_LIFETIME_S (verifyAccessToken, shared with
// the sign-in service). The user is the token's `sub`; an
// `x-user-id` header that names anyone else is refused. In the embedded default a logged-out or
// expired session (AUTH_SESSION_INACTIVITY_S, AUTH_SESSION_LIFETIME_S) is refused on the next call
// (an isolate that did not end it may accept a logged-out one for up to SESSION_LIVE_CACHE_MS more,
// see sessionIsLiveCached; never past its expiry). In production mode a session ended from the
// Security screen is refused likewise (sessionWasEnded). Each verified session's activity is noted
// for that screen's list.
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { authSettings, localIssuer, localKeyResolver, sessionIsLiveCached, verifyAccessToken } from '../../local-auth';
import type { AppEnv } from '../env';
import { noteSessionActivity, sessionWasEnded } from '../sessions/activity';

// jose caches and rate-limits JWKS fetches inside each set; one set per project URL per isolate.
const remoteSets = new Map<string, JWTVerifyGetKey>();
function remoteJwks(supabaseUrl: string): JWTVerifyGetKey {
  let set = remoteSets.get(supabaseUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`), { cacheMaxAge: 10 * 60 * 1000 });
    remoteSets.set(supabaseUrl, set);
  }
  return set;
}

const unauthorized = { message: 'Invalid or expired access token' };

export function requireUser(): MiddlewareHandler<AppEnv> {
  return async function requireUser(c, next) {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) return c.json({ message: 'Missing access token' }, 401);
    const token = match[1]!;

    const supabaseUrl = (c.env.PUBLIC_SUPABASE_URL ?? '').trim().replace(/\/+$/, '');
    const local = supabaseUrl === '';
    const issuer = local ? localIssuer(new URL(c.req.url).origin) : `${supabaseUrl}/auth/v1`;
    const secret = c.env.SUPABASE_JWT_SECRET?.trim();
    const settings = authSettings(c.env);
    const asymmetric: JWTVerifyGetKey = local ? localKeyResolver(c.env.DB) : remoteJwks(supabaseUrl);
    // Asymmetric tokens must name their key (Supabase's always do); only legacy HS256 ones may not.
    const getKey: JWTVerifyGetKey = (header, tok) => {
      if (secret && header.alg === 'HS256') return new TextEncoder().encode(secret);
      if (!header.kid) throw new Error('token has no kid');
      return asymmetric(header, tok);
    };

    let sub: string;
    let sessionId: string;
    try {
      const payload = await verifyAccessToken(token, getKey, {
        issuer,
        algorithms: secret ? ['ES256', 'RS256', 'HS256'] : ['ES256', 'RS256'],
        maxLifetimeS: settings.maxTokenLifetimeS,
      });
      sub = String(payload.sub);
      sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
    } catch {
      return c.json(unauthorized, 401);
    }
    if (local && !(sessionId && (await sessionIsLiveCached(c.env.DB, sessionId, sub, settings)))) {
      return c.json({ message: 'Session has ended' }, 401);
    }
    // Production: a session the user ended from the Security screen (src/worker/sessions/activity.ts).
    if (!local && (await sessionWasEnded(c.env.DB, sessionId))) return c.json({ message: 'Session has ended' }, 401);
    const claimed = c.req.header('x-user-id');
    if (claimed !== undefined && claimed !== sub) return c.json({ message: 'x-user-id does not match the signed-in user' }, 403);

    c.set('userId', sub);
    c.set('sessionId', sessionId);
    c.set('accessToken', token);
    // The Security screen's list: device, country, last activity (at most one write a minute, after the answer).
    noteSessionActivity(c, sub, sessionId);
    await next();
  };
}
