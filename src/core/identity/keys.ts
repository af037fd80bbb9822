// The local sign-in service's ES256 signing key: generated once (WebCrypto), kept in D1, cached per
// isolate. Every stored key is published in the JWKS so that a rotated key still verifies.
import { importJWK, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

export interface PublicJwk extends JWK {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
  key_ops: ['verify'];
}

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

// One database per isolate: the key is loaded (or created) once and kept in memory.
let current: Promise<SigningKey> | undefined;

/** The key that signs new access tokens (created on first use, race-safe across isolates). */
export function currentSigningKey(db: D1Database): Promise<SigningKey> {
  if (!current) {
    const key = loadOrCreate(db);
    current = key;
    key.catch(() => {
      if (current === key) current = undefined;
    });
  }
  return current;
}

/** Every published public key (the JWKS `keys`): the current one first, then older stored ones. */
export async function publicJwks(db: D1Database): Promise<PublicJwk[]> {
  const { publicJwk } = await currentSigningKey(db);
  const { results } = await db.prepare('SELECT public_jwk FROM auth_signing_keys ORDER BY created_at').all<{ public_jwk: string }>();
  const stored = results.map((r) => JSON.parse(r.public_jwk) as PublicJwk).filter((k) => k.kid !== publicJwk.kid);
  return [publicJwk, ...stored];
}

async function loadOrCreate(db: D1Database): Promise<SigningKey> {
  const existing = await readCurrent(db);
  if (existing) return toSigningKey(existing);
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const kid = crypto.randomUUID();
  const priv = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const pub = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  const publicJwk: PublicJwk = { kty: 'EC', crv: 'P-256', x: pub.x!, y: pub.y!, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const privateJwk = { kty: 'EC', crv: 'P-256', x: priv.x, y: priv.y, d: priv.d, kid, alg: 'ES256' };
  await db
    .prepare('INSERT OR IGNORE INTO auth_signing_keys (kid, private_jwk, public_jwk, is_current) VALUES (?1, ?2, ?3, 1)')
    .bind(kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk))
    .run();
  // Another isolate may have won the race: whichever row is current is the key.
  const row = await readCurrent(db);
  if (!row) throw new Error('signing key missing after insert');
  return toSigningKey(row);
}

function readCurrent(db: D1Database) {
  return db.prepare('SELECT kid, private_jwk, public_jwk FROM auth_signing_keys WHERE is_current = 1').first<KeyRow>();
}

async function toSigningKey(row: KeyRow): Promise<SigningKey> {
  const privateKey = (await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256')) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: JSON.parse(row.public_jwk) as PublicJwk };
}
