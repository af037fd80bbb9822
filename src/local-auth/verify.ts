// Access-token verification shared by the BFF (requireUser) and the local sign-in service's own
// bearer check (authenticate() in app.ts): one function, so both refuse the same tokens. Also the
// in-process key resolver over the local sign-in service's published public keys, and the BFF's
// per-isolate memory of tokens it has already verified (verifyAccessTokenCached).
import { createLocalJWKSet, errors, jwtVerify, type FlattenedJWSInput, type JWSHeaderParameters, type JWTPayload, type JWTVerifyGetKey } from 'jose';
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
  return (await verifyWithHeader(token, getKey, opts)).payload;
}

async function verifyWithHeader(token: string, getKey: JWTVerifyGetKey, opts: VerifyOptions) {
  const { payload, protectedHeader } = await jwtVerify(token, getKey, {
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
  return { payload, protectedHeader };
}

// ---------------------------------------------------------------------------------------------
// Verified tokens, remembered per isolate

/**
 * How long an isolate trusts its own earlier verification of the same token string (ms). The
 * ES256 signature check was the largest part of the Worker's CPU per authenticated call (npm run
 * bench); a client sends the same token on every call for up to an hour.
 */
export const VERIFIED_TOKEN_CACHE_MS = 10_000;
const VERIFIED_TOKEN_CACHE_MAX = 5_000;

/**
 * Which key material a verification relied on, as something compared by identity, or undefined
 * when it cannot vouch for it any more (then the token is verified again from scratch).
 */
export type KeyEpoch = (header: { alg?: string; kid?: string }, now: number) => unknown;

export interface CachingKeys {
  getKey: JWTVerifyGetKey;
  epoch: KeyEpoch;
}

interface Verified {
  payload: JWTPayload;
  alg?: string;
  kid?: string;
  epoch: unknown;
  until: number;
}
const verified = new Map<string, Verified>();

/** Tests: forget every remembered verification. */
export function forgetVerifiedTokens(): void {
  verified.clear();
}

/**
 * verifyAccessToken, remembered: a token this isolate verified with the same options is accepted
 * again without the signature check while all of these hold, else it is verified from scratch:
 * - it has not expired (`exp`, to the millisecond, as jose: accepted while now < exp);
 * - it was verified less than VERIFIED_TOKEN_CACHE_MS ago;
 * - the key material it was verified with is still what this isolate would use (`keys.epoch`): for
 *   the local keys, the same cached key set, still within KEY_RECHECK_MS and the key not dropped,
 *   so a deleted key's tokens are refused exactly as soon as without this memory.
 * The other checks only grow more lenient with time (`iat`, `nbf`) or do not depend on it. Only
 * successes are remembered (junk tokens cannot fill the memory), at most VERIFIED_TOKEN_CACHE_MAX.
 * The payload is frozen: callers share it.
 */
export async function verifyAccessTokenCached(token: string, keys: CachingKeys, opts: VerifyOptions): Promise<JWTPayload> {
  const id = `${opts.issuer}\n${opts.algorithms.join(',')}\n${opts.maxLifetimeS}\n${(opts.requiredClaims ?? []).join(',')}\n${token}`;
  const hit = verified.get(id);
  if (hit) {
    const now = Date.now();
    if (now < hit.until && hit.epoch === keys.epoch(hit, now)) return hit.payload;
    verified.delete(id);
  }
  const { payload, protectedHeader } = await verifyWithHeader(token, keys.getKey, opts);
  Object.freeze(payload);
  const now = Date.now();
  const epoch = keys.epoch(protectedHeader, now);
  if (epoch !== undefined) {
    if (verified.size >= VERIFIED_TOKEN_CACHE_MAX) verified.clear();
    const until = Math.min(now + VERIFIED_TOKEN_CACHE_MS, payload.exp! * 1000);
    verified.set(id, { payload, alg: protectedHeader.alg, kid: protectedHeader.kid, epoch, until });
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

/**
 * The local key set a verification by localKeyResolver relied on, while the resolver would still use
 * it without re-reading D1 and the token's key is still trusted; else undefined. (A reload makes a
 * new set, so verifications made with the old one are not vouched for.)
 */
export const localKeyEpoch: KeyEpoch = (header, now) => {
  if (!cached || !header.kid || now - cached.at >= KEY_RECHECK_MS || now < cached.at) return undefined;
  return (cached.notAfter.get(header.kid) ?? 0) > now ? cached : undefined;
};
