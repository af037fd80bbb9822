// Verifies the bearer access token on every product call: signature against the JWKS (the local
// sign-in service's keys in-process, or the Supabase project's JWKS), algorithm allow-list (ES256,
// RS256; HS256 only with a legacy secret), a `kid` naming the key, exp, iss, aud, a required iat
// not in the future and a lifetime within AUTH_MAX_TOKEN_LIFETIME_S (verifyAccessToken, shared with
// the sign-in service). The user is the token's `sub`; an
// `x-user-id` header that names anyone else is refused. In the embedded default a logged-out or
// expired session (AUTH_SESSION_INACTIVITY_S, AUTH_SESSION_LIFETIME_S) is refused on the next call
// (an isolate that did not end it may accept a logged-out one for up to SESSION_LIVE_CACHE_MS more,
// see sessionIsLiveCached; never past its expiry). A token this isolate has verified is accepted again
// without the signature check for up to VERIFIED_TOKEN_CACHE_MS, never past its exp nor once the key
// set it was checked against is reloaded or stale (verifyAccessTokenCached); the session check above
// still runs on every call.
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { authSettings, localIssuer, localKeyEpoch, localKeyResolver, sessionIsLiveCached, verifyAccessTokenCached, type KeyEpoch } from '../../local-auth';
import type { AppEnv } from '../env';
import { refuseWith } from '../../platform/errors';

// jose caches and rate-limits JWKS fetches inside each set; one set per project URL per isolate.
type RemoteSet = ReturnType<typeof createRemoteJWKSet>;
const remoteSets = new Map<string, RemoteSet>();
function remoteJwks(supabaseUrl: string): RemoteSet {
  let set = remoteSets.get(supabaseUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`), { cacheMaxAge: 10 * 60 * 1000 });
    remoteSets.set(supabaseUrl, set);
  }
  return set;
}
// A remembered verification against the project's keys holds while jose would not refetch them.
const remoteEpoch = (set: RemoteSet): KeyEpoch => () => (set.fresh ? set : undefined);


export function requireUser(): MiddlewareHandler<AppEnv> {
  return async function requireUser(c, next) {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) return refuseWith(c, 401, 'Missing access token', 'unauthorized');
    const token = match[1]!;

    const supabaseUrl = (c.env.PUBLIC_SUPABASE_URL ?? '').trim().replace(/\/+$/, '');
    const local = supabaseUrl === '';
    const issuer = local ? localIssuer(new URL(c.req.url).origin) : `${supabaseUrl}/auth/v1`;
    const secret = c.env.SUPABASE_JWT_SECRET?.trim();
    const settings = authSettings(c.env);
    const remote = local ? undefined : remoteJwks(supabaseUrl);
    const asymmetric: JWTVerifyGetKey = remote ?? localKeyResolver(c.env.DB);
    const asymmetricEpoch: KeyEpoch = remote ? remoteEpoch(remote) : localKeyEpoch;
    // Asymmetric tokens must name their key (Supabase's always do); only legacy HS256 ones may not.
    const getKey: JWTVerifyGetKey = (header, tok) => {
      if (secret && header.alg === 'HS256') return new TextEncoder().encode(secret);
      if (!header.kid) throw new Error('token has no kid');
      return asymmetric(header, tok);
    };
    const epoch: KeyEpoch = (header, now) => (secret && header.alg === 'HS256' ? secret : asymmetricEpoch(header, now));

    let sub: string;
    let sessionId: string;
    try {
      const payload = await verifyAccessTokenCached(token, { getKey, epoch }, {
        issuer,
        algorithms: secret ? ['ES256', 'RS256', 'HS256'] : ['ES256', 'RS256'],
        maxLifetimeS: settings.maxTokenLifetimeS,
      });
      sub = String(payload.sub);
      sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
    } catch {
      return refuseWith(c, 401, 'Invalid or expired access token', 'unauthorized');
    }
    if (local && !(sessionId && (await sessionIsLiveCached(c.env.DB, sessionId, sub, settings)))) {
      return refuseWith(c, 401, 'Session has ended', 'unauthorized');
    }
    const claimed = c.req.header('x-user-id');
    if (claimed !== undefined && claimed !== sub) return refuseWith(c, 403, 'x-user-id does not match the signed-in user', 'forbidden');

    c.set('userId', sub);
    c.set('sessionId', sessionId);
    c.set('accessToken', token);
    await next();
  };
}
