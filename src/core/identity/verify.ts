// Verification keys of the local sign-in service, in-process (no HTTP): a jose local JWKS built from
// the stored public keys, cached per isolate and rebuilt once when a token names an unknown kid.
import { createLocalJWKSet, type JWSHeaderParameters, type FlattenedJWSInput } from 'jose';
import { publicJwks } from './keys';

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
