// Access-token verification shared by the BFF (requireUser) and the local sign-in service's own
// bearer check (authenticate() in app.ts): one function, so both refuse the same tokens. Also the
// in-process key resolver over the local sign-in service's published public keys.
import {
  createLocalJWKSet,
  errors,
  jwtVerify,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { CLOCK_SKEW_S } from './config';
import { KEY_RECHECK_MS, publishedKeys } from './keys';
import { AUDIENCE } from './tokens';


export interface VerifyOptions {
  issuer: string;
  algorithms: string[];
  /** exp - iat above this is refused (AUTH_MAX_TOKEN_LIFETIME_S). */
  maxLifetimeS: number;
  /** Claims beyond sub, exp and iat that must be present. */
  requiredClaims?: string[];
}

/**
 * Verifies signature, algorithm, iss, aud and exp with jose, then what jose leaves open: `iat` is
 * required and may not lie in the future beyond CLOCK_SKEW_S, and the token may not live longer than
 * the configured maximum. (jose checks a future `iat` only together with `maxTokenAge`, and its
 * `clockTolerance` would also extend `exp`; both checks are done here instead, exp stays exact.)
 */
export async function verifyAccessToken(token: string, getKey: JWTVerifyGetKey, opts: VerifyOptions): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, getKey, {
    issuer: opts.issuer,
    audience: AUDIENCE,
    algorithms: opts.algorithms,
    requiredClaims: ['sub', 'exp', 'iat', ...(opts.requiredClaims ?? [])],
  });
  const iat = payload.iat!;
  const exp = payload.exp!;
  const now = Math.floor(Date.now() / 1000);
  if (iat > now + CLOCK_SKEW_S) {
    throw new errors.JWTClaimValidationFailed('"iat" claim timestamp check failed (issued in the future)', payload, 'iat', 'check_failed');
  }
  if (exp - iat > opts.maxLifetimeS) {
    throw new errors.JWTClaimValidationFailed('"exp" claim timestamp check failed (lifetime above the maximum)', payload, 'exp', 'check_failed');
  }
  return payload;
}

type KeySet = ReturnType<typeof createLocalJWKSet>;
// Per isolate: the published keys, re-read after KEY_RECHECK_MS or when a token names an unknown kid.
let cached: { at: number; notAfter: Map<string, number>; set: KeySet } | undefined;

async function build(db: D1Database, now: number) {
  const keys = await publishedKeys(db, now);
  cached = {
    at: now,
    notAfter: new Map(keys.map((k) => [k.jwk.kid, k.notAfter])),
    set: createLocalJWKSet({ keys: keys.map((k) => k.jwk) }),
  };
  return cached;
}

/**
 * A jose key resolver over the local public keys. A token must name its key (`kid`): jose would
 * otherwise pick the only key of the right type, and a token without a kid is not one we issued.
 * A retired key verifies until its tokens have all expired (RETIRED_KEY_PUBLISHED_MS), to the
 * millisecond even from the isolate's cache; after that it is dropped and its tokens are refused.
 */
export function localKeyResolver(db: D1Database) {
  return async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    if (!header.kid) throw new Error('token has no kid');
    const now = Date.now();
    const fresh = !cached || now - cached.at >= KEY_RECHECK_MS || now < cached.at;
    let ks = fresh || !cached ? await build(db, now) : cached;
    if (!fresh && !ks.notAfter.has(header.kid)) ks = await build(db, now);
    if ((ks.notAfter.get(header.kid) ?? 0) <= now) throw new Error('token signed by an unknown or dropped key');
    return ks.set(header, token);
  };
}
