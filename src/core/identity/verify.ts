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
import { publicJwks } from './keys';
import { AUDIENCE } from './tokens';

/** How far in the future an `iat` may be (clocks of the issuer and this Worker differ a little). */
export const CLOCK_SKEW_S = 60;

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
let cached: { kids: Set<string>; set: KeySet } | undefined;

async function build(db: D1Database) {
  const keys = await publicJwks(db);
  cached = { kids: new Set(keys.map((k) => k.kid)), set: createLocalJWKSet({ keys }) };
  return cached;
}

/**
 * A jose key resolver over the local public keys. A token must name its key (`kid`): jose would
 * otherwise pick the only key of the right type, and a token without a kid is not one we issued.
 */
export function localKeyResolver(db: D1Database) {
  return async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    if (!header.kid) throw new Error('token has no kid');
    let ks = cached ?? (await build(db));
    if (header.kid && !ks.kids.has(header.kid)) ks = await build(db);
    return ks.set(header, token);
  };
}
