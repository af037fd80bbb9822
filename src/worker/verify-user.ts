// The one check of a Supabase access token, shared by the BFF's bearer middleware
// (middleware/require-user.ts) and the Worker's signed-in page guard (page-session.ts): signature
// against the JWKS (the local sign-in service's keys in-process, or the Supabase project's JWKS),
// algorithm allow-list (ES256, RS256; HS256 only with a legacy secret), a `kid` naming the key, exp,
// iss, aud, a required iat not in the future and a lifetime within AUTH_MAX_TOKEN_LIFETIME_S
// (verifyAccessToken, shared with the sign-in service). In the embedded default a logged-out or
// expired session (AUTH_SESSION_INACTIVITY_S, AUTH_SESSION_LIFETIME_S) is refused too (an isolate that
// did not end it may accept a logged-out one for up to SESSION_LIVE_CACHE_MS more, see
// sessionIsLiveCached; never past its expiry). In production mode a session ended from the Security
// screen is refused likewise (both rules: sessionHasEnded, ./sessions/ended.ts). A token this isolate has verified is accepted again
// without the signature check for up to VERIFIED_TOKEN_CACHE_MS, never past its exp nor once the key
// set it was checked against is reloaded or stale (verifyAccessTokenCached); the session check
// still runs on every call.
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { authSettings, localIssuer, localKeyEpoch, localKeyResolver, verifyAccessTokenCached, type KeyEpoch } from '../local-auth';
import type { Bindings } from './env';
import { sessionHasEnded } from './sessions/ended';

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
const remoteEpoch =
  (set: RemoteSet): KeyEpoch =>
  () =>
    set.fresh ? set : undefined;

export type VerifiedUser = { ok: true; sub: string; sessionId: string } | { ok: false; message: string };

/** Who the access token names, or why it is refused (the answer's `message`). `origin`: the request's. */
export async function verifyUser(env: Bindings, origin: string, token: string): Promise<VerifiedUser> {
  const supabaseUrl = (env.PUBLIC_SUPABASE_URL ?? '').trim().replace(/\/+$/, '');
  const local = supabaseUrl === '';
  const issuer = local ? localIssuer(origin) : `${supabaseUrl}/auth/v1`;
  const secret = env.SUPABASE_JWT_SECRET?.trim();
  const settings = authSettings(env);
  const remote = local ? undefined : remoteJwks(supabaseUrl);
  const asymmetric: JWTVerifyGetKey = remote ?? localKeyResolver(env.DB);
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
    const payload = await verifyAccessTokenCached(
      token,
      { getKey, epoch },
      {
        issuer,
        algorithms: secret ? ['ES256', 'RS256', 'HS256'] : ['ES256', 'RS256'],
        maxLifetimeS: settings.maxTokenLifetimeS,
      },
    );
    sub = String(payload.sub);
    sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
  } catch {
    return { ok: false, message: 'Invalid or expired access token' };
  }
  // Embedded: the sign-in service's live session; production: not ended from the Security screen.
  if (await sessionHasEnded(env, sessionId, sub)) return { ok: false, message: 'Session has ended' };
  return { ok: true, sub, sessionId };
}
