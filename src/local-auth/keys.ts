// The local sign-in service's ES256 signing keys (WebCrypto), kept in D1 only wrapped: the private
// JWK is sealed with AES-GCM under a key derived from the Worker secret AUTH_SIGNING_KEY_SECRET
// (sealing.ts). Without the secret nothing is signed (fail closed, logged as a configuration error).
//
// Rotation: one row is current and signs. It is retired (is_current = 0, retired_ms set, its private
// part erased) automatically once older than AUTH_SIGNING_KEY_MAX_AGE_S, or by ops with one
// statement (docs/security.md, "Signing keys"); the next request then creates a new key with a new kid. A
// retired key's public JWK stays published (JWKS, verifier) until every token it can have signed has
// expired, then its row is deleted. Creation is race-safe across isolates: a unique index allows one
// current row, the loser's INSERT OR IGNORE does nothing and everyone reads back the winner.
import { importJWK, type JWK } from 'jose';
import { ACCESS_TOKEN_TTL_S, AuthConfigError, CLOCK_SKEW_S, type AuthSettings } from './config';
import { seal, unseal } from './sealing';

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
  wrapped_private_jwk: string;
  public_jwk: string;
  created_ms: number;
}

/** An isolate re-reads which key is current at most this often (ms), so a retirement by ops or by
 * another isolate takes effect everywhere within it. */
export const KEY_RECHECK_MS = 60_000;

/**
 * How long a retired key stays published (ms): an isolate may still sign with it for
 * KEY_RECHECK_MS after retirement, its tokens then live ACCESS_TOKEN_TTL_S, plus clock skew.
 */
export const RETIRED_KEY_PUBLISHED_MS = KEY_RECHECK_MS + (ACCESS_TOKEN_TTL_S + CLOCK_SKEW_S) * 1000;

const SEAL_SALT = 'dolar-app auth_signing_keys';
const sealCtx = (kid: string) => ({ salt: SEAL_SALT, info: 'es256-private-jwk v1', aad: kid });

// `at`: when it was loaded; a clock that went back (or a test's) also reloads.
let current: { key: Promise<SigningKey>; at: number; secret: string } | undefined;

/** The key that signs new access tokens (created or rotated on demand, race-safe across isolates). */
export function currentSigningKey(db: D1Database, settings: AuthSettings): Promise<SigningKey> {
  const now = Date.now();
  // Checked on every call, not only when loading: a key cached in memory must not outlive its secret.
  if (!settings.secret) return Promise.reject(missingSecret());
  if (!current || now - current.at >= KEY_RECHECK_MS || now < current.at || current.secret !== settings.secret) {
    const key = loadOrCreate(db, settings.secret, settings.signingKeyMaxAgeMs, now);
    const entry = { key, at: now, secret: settings.secret };
    current = entry;
    key.catch(() => {
      if (current === entry) current = undefined;
    });
  }
  return current.key;
}

/** Published public keys with the time each stops being trusted (Infinity for the current one). */
export async function publishedKeys(db: D1Database, now = Date.now()): Promise<{ jwk: PublicJwk; notAfter: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT public_jwk, retired_ms FROM auth_signing_keys WHERE is_current = 1 OR retired_ms > ?1
       ORDER BY is_current DESC, created_ms DESC`,
    )
    .bind(now - RETIRED_KEY_PUBLISHED_MS)
    .all<{ public_jwk: string; retired_ms: number | null }>();
  return results.map((r) => ({
    jwk: JSON.parse(r.public_jwk) as PublicJwk,
    notAfter: r.retired_ms === null ? Infinity : r.retired_ms + RETIRED_KEY_PUBLISHED_MS,
  }));
}

/** The JWKS `keys`: the current key first (created if there is none yet), then retired ones still published. */
export async function publicJwks(db: D1Database, settings: AuthSettings): Promise<PublicJwk[]> {
  let keys = await publishedKeys(db);
  if (!keys.some((k) => k.notAfter === Infinity)) {
    await currentSigningKey(db, settings);
    keys = await publishedKeys(db);
  }
  return keys.map((k) => k.jwk);
}

function configError(message: string): AuthConfigError {
  console.error(`[auth] configuration error: ${message}`);
  return new AuthConfigError(message);
}

const missingSecret = () =>
  configError('AUTH_SIGNING_KEY_SECRET is not set: the embedded sign-in service cannot sign tokens (set it as a Worker secret, or in .dev.vars locally)');

async function loadOrCreate(db: D1Database, secret: string, maxAgeMs: number, now: number): Promise<SigningKey> {
  let row = await readCurrent(db);
  if (row && row.created_ms <= now - maxAgeMs) {
    // Too old: retire it (only the isolate whose UPDATE matches does anything) and make a new one.
    await db
      .prepare('UPDATE auth_signing_keys SET is_current = 0, retired_ms = ?2, wrapped_private_jwk = NULL WHERE kid = ?1 AND is_current = 1')
      .bind(row.kid, now)
      .run();
    row = null;
  }
  if (!row) {
    await insertNewKey(db, secret, now);
    // Another isolate may have won the race: whichever row is current is the key.
    row = await readCurrent(db);
    if (!row) throw new Error('signing key missing after insert');
  }
  // Published keys whose tokens have all expired are dropped (bounded: few rows ever exist).
  await db
    .prepare('DELETE FROM auth_signing_keys WHERE is_current = 0 AND retired_ms <= ?1')
    .bind(now - RETIRED_KEY_PUBLISHED_MS)
    .run();
  const jwk = await unseal(secret, sealCtx(row.kid), row.wrapped_private_jwk);
  if (!jwk) {
    throw configError(
      `the current signing key ${row.kid} does not unwrap with AUTH_SIGNING_KEY_SECRET (was the secret changed? retire the key: docs/security.md, "Signing keys")`,
    );
  }
  const privateKey = (await importJWK(JSON.parse(jwk) as JWK, 'ES256', { extractable: false })) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: JSON.parse(row.public_jwk) as PublicJwk };
}

async function insertNewKey(db: D1Database, secret: string, now: number): Promise<void> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const kid = crypto.randomUUID();
  const priv = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const pub = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const publicJwk: PublicJwk = { kty: 'EC', crv: 'P-256', x: pub.x!, y: pub.y!, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const privateJwk = { kty: 'EC', crv: 'P-256', x: priv.x, y: priv.y, d: priv.d, kid, alg: 'ES256' };
  const wrapped = await seal(secret, sealCtx(kid), JSON.stringify(privateJwk));
  await db
    .prepare('INSERT OR IGNORE INTO auth_signing_keys (kid, wrapped_private_jwk, public_jwk, is_current, created_ms) VALUES (?1, ?2, ?3, 1, ?4)')
    .bind(kid, wrapped, JSON.stringify(publicJwk), now)
    .run();
}

function readCurrent(db: D1Database) {
  return db.prepare('SELECT kid, wrapped_private_jwk, public_jwk, created_ms FROM auth_signing_keys WHERE is_current = 1').first<KeyRow>();
}
