// D1 access for the local sign-in service: users, one-time codes, sessions, refresh tokens.
// Every check-and-change is one statement (or one batch) so that concurrent requests cannot both win.
import { AuthConfigError, type AuthSettings } from './config';
import { nowIso, sha256Hex } from '../platform/primitives';
import { seal, unseal } from './sealing';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_RESEND_MS = 60 * 1000;
export const OTP_MAX_WRONG_TRIES = 5;

export interface AuthUserRow {
  id: string;
  phone: string;
  phone_confirmed_at: string | null;
  last_sign_in_at: string | null;
  user_metadata: string;
  created_at: string;
  updated_at: string;
}

/** Six uniformly random digits (rejection sampling, no modulo bias). */
export function randomCode(): string {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return String(buf[0]! % 1_000_000).padStart(6, '0');
  }
}

/** Opaque refresh token (256 bits, base64url). Only its hash is stored. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function findUserByPhone(db: D1Database, phone: string) {
  return db.prepare('SELECT * FROM auth_users WHERE phone = ?1').bind(phone).first<AuthUserRow>();
}

export function findUser(db: D1Database, id: string) {
  return db.prepare('SELECT * FROM auth_users WHERE id = ?1').bind(id).first<AuthUserRow>();
}

/**
 * Stores a new code for the phone unless one was sent less than a minute ago.
 * Returns null when stored, or the milliseconds to wait.
 */
export async function storeCode(db: D1Database, phone: string, code: string, now = Date.now()): Promise<number | null> {
  const res = await db
    .prepare(
      `INSERT INTO auth_otps (phone, code_hash, sent_at, expires_at, attempts) VALUES (?1, ?2, ?3, ?4, 0)
       ON CONFLICT (phone) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at,
         expires_at = excluded.expires_at, attempts = 0
       WHERE auth_otps.sent_at <= ?5`,
    )
    .bind(phone, await sha256Hex(phone + code), now, now + OTP_TTL_MS, now - OTP_RESEND_MS)
    .run();
  if (res.meta.changes > 0) return null;
  const row = await db.prepare('SELECT sent_at FROM auth_otps WHERE phone = ?1').bind(phone).first<{ sent_at: number }>();
  return Math.max(1000, (row?.sent_at ?? now) + OTP_RESEND_MS - now);
}

/**
 * Consumes the code if it is right, live and among the first OTP_MAX_WRONG_TRIES guesses.
 * Counting and checking are one statement: the UPDATE takes a guess slot (attempts < limit) and
 * hands back the stored hash only to the request that took it, so however many guesses race, at
 * most OTP_MAX_WRONG_TRIES of them are ever compared; after that the code is dead. A match then
 * deletes the row only if it still holds this hash (a second right guess racing it gets nothing:
 * single use).
 */
export async function consumeCode(db: D1Database, phone: string, code: string, now = Date.now()): Promise<boolean> {
  const slot = await db
    .prepare('UPDATE auth_otps SET attempts = attempts + 1 WHERE phone = ?1 AND expires_at > ?2 AND attempts < ?3 RETURNING code_hash')
    .bind(phone, now, OTP_MAX_WRONG_TRIES)
    .first<{ code_hash: string }>();
  if (!slot) return false;
  const hash = await sha256Hex(phone + code);
  // Plain comparison of two SHA-256 digests: timing reveals nothing usable about the code.
  if (slot.code_hash !== hash) return false;
  const hit = await db.prepare('DELETE FROM auth_otps WHERE phone = ?1 AND code_hash = ?2 RETURNING phone').bind(phone, hash).first();
  return hit !== null;
}

/** The user for a verified phone, created on first sign-in; records the sign-in time. */
export async function signInUser(db: D1Database, phone: string, metadata: Record<string, unknown> = {}): Promise<AuthUserRow> {
  const now = nowIso();
  const [, , select] = await db.batch<AuthUserRow>([
    db
      .prepare('INSERT OR IGNORE INTO auth_users (id, phone, user_metadata, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)')
      .bind(crypto.randomUUID(), phone, JSON.stringify(metadata), now),
    db
      .prepare('UPDATE auth_users SET phone_confirmed_at = COALESCE(phone_confirmed_at, ?2), last_sign_in_at = ?2, updated_at = ?2 WHERE phone = ?1')
      .bind(phone, now),
    db.prepare('SELECT * FROM auth_users WHERE phone = ?1').bind(phone),
  ]);
  const user = select?.results[0];
  if (!user) throw new Error('user missing after sign-in');
  return user;
}

/** A new session with its first refresh token. */
export async function createSession(db: D1Database, userId: string, now = Date.now()): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  await db.batch([
    db.prepare('INSERT INTO auth_sessions (id, user_id, created_ms, refreshed_ms) VALUES (?1, ?2, ?3, ?3)').bind(sessionId, userId, now),
    db.prepare('INSERT INTO auth_refresh_tokens (token_hash, session_id, user_id) VALUES (?1, ?2, ?3)').bind(await sha256Hex(refreshToken), sessionId, userId),
  ]);
  return { sessionId, refreshToken };
}

type SessionTimes = { created_ms: number; refreshed_ms: number };
type ExpiryPolicy = Pick<AuthSettings, 'sessionInactivityMs' | 'sessionLifetimeMs'>;

/** When the session ends on its own: its absolute lifetime or its inactivity timeout, whichever comes first. */
export const sessionEndsAt = (s: SessionTimes, policy: ExpiryPolicy) =>
  Math.min(s.created_ms + policy.sessionLifetimeMs, s.refreshed_ms + policy.sessionInactivityMs);

export type RotateResult =
  | { ok: true; sessionId: string; userId: string; refreshToken: string }
  | { ok: false; reason: 'not_found' | 'already_used' | 'session_gone' | 'session_expired' };

interface TokenRow {
  session_id: string;
  user_id: string;
  revoked: number;
  revoked_ms: number | null;
  child_hash: string | null;
  child_sealed: string | null;
  /** 0 when the child is the session's current (unrotated) token. */
  child_revoked: number | null;
  created_ms: number | null;
  refreshed_ms: number | null;
}

function readToken(db: D1Database, hash: string) {
  return db
    .prepare(
      `SELECT rt.session_id, rt.user_id, rt.revoked, rt.revoked_ms, rt.child_hash, rt.child_sealed,
         (SELECT c.revoked FROM auth_refresh_tokens c WHERE c.token_hash = rt.child_hash) AS child_revoked,
         s.created_ms, s.refreshed_ms
       FROM auth_refresh_tokens rt LEFT JOIN auth_sessions s ON s.id = rt.session_id
       WHERE rt.token_hash = ?1`,
    )
    .bind(hash)
    .first<TokenRow>();
}

// The reuse interval needs the child token again, and only its hash is stored. Chosen: the child is
// kept on the parent's row sealed with AES-GCM under a key derived (HKDF) from the Worker secret with
// the parent token itself as salt, and erased when the interval has passed or the child rotates.
// So the copy opens only for someone presenting the parent token AND holding the secret, and a
// database dump alone yields nothing. (Deriving the child as HMAC(secret, parent) would store nothing,
// but then the secret plus any old token of a session would yield every later token of it, forever.)
const childSeal = (parent: string, parentHash: string) => ({ salt: parent, info: 'refresh-token child v1', aad: parentHash });

/**
 * Refresh-token rotation: the presented token is revoked and a child issued, in one batch (a
 * transaction), so that of concurrent presentations exactly one rotates. Presented again within the
 * reuse interval while its child is still the session's current token (two tabs, a retried request),
 * it answers that child; any other reuse ends the session (GoTrue's reuse detection and
 * GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). An expired session ends and is refused.
 */
export async function rotateRefreshToken(db: D1Database, token: string, settings: AuthSettings, now = Date.now()): Promise<RotateResult> {
  const secret = settings.secret;
  if (!secret) throw new AuthConfigError('AUTH_SIGNING_KEY_SECRET is not set');
  const hash = await sha256Hex(token);
  let row = await readToken(db, hash);
  if (!row) return { ok: false, reason: 'not_found' };
  if (row.created_ms === null || row.refreshed_ms === null) return { ok: false, reason: 'session_gone' };
  if (sessionEndsAt(row as SessionTimes, settings) <= now) {
    await endSessions(db, 'id = ?1', row.session_id);
    return { ok: false, reason: 'session_expired' };
  }

  if (row.revoked === 0) {
    const child = randomToken();
    const childHash = await sha256Hex(child);
    const sealed = await seal(secret, childSeal(token, hash), child);
    const [won] = await db.batch<{ session_id: string; user_id: string }>([
      db
        .prepare(
          `UPDATE auth_refresh_tokens SET revoked = 1, revoked_ms = ?2, child_hash = ?3, child_sealed = ?4
           WHERE token_hash = ?1 AND revoked = 0 RETURNING session_id, user_id`,
        )
        .bind(hash, now, childHash, sealed),
      // The rest only acts if this request's UPDATE won (the parent now names this child).
      db
        .prepare(
          `INSERT INTO auth_refresh_tokens (token_hash, session_id, user_id)
           SELECT ?2, session_id, user_id FROM auth_refresh_tokens WHERE token_hash = ?1 AND child_hash = ?2`,
        )
        .bind(hash, childHash),
      db
        .prepare(
          `UPDATE auth_sessions SET refreshed_ms = ?3, refreshed_at = ?4
           WHERE id = (SELECT session_id FROM auth_refresh_tokens WHERE token_hash = ?1 AND child_hash = ?2)`,
        )
        .bind(hash, childHash, now, nowIso(now)),
      // The grandparent's copy of this token dies: from now on its reuse ends the session.
      db
        .prepare(
          `UPDATE auth_refresh_tokens SET child_sealed = NULL
           WHERE child_hash = ?1 AND EXISTS (SELECT 1 FROM auth_refresh_tokens WHERE token_hash = ?1 AND child_hash = ?2)`,
        )
        .bind(hash, childHash),
    ]);
    const winner = won?.results[0];
    if (winner) return { ok: true, sessionId: winner.session_id, userId: winner.user_id, refreshToken: child };
    // Another request rotated it first; its batch is committed, so this read sees the child.
    row = await readToken(db, hash);
    if (!row) return { ok: false, reason: 'session_gone' };
  }

  const withinInterval = row.revoked_ms !== null && now - row.revoked_ms <= settings.reuseIntervalMs;
  if (withinInterval && row.child_sealed && row.child_hash && row.child_revoked === 0) {
    const child = await unseal(secret, childSeal(token, hash), row.child_sealed);
    if (child && (await sha256Hex(child)) === row.child_hash) {
      return { ok: true, sessionId: row.session_id, userId: row.user_id, refreshToken: child };
    }
  }
  await endSessions(db, 'id = ?1', row.session_id);
  return { ok: false, reason: 'already_used' };
}

/** Whether the session exists for this user and has not expired; when live, until when. */
async function sessionLiveUntil(db: D1Database, sessionId: string, userId: string, policy: ExpiryPolicy, now: number): Promise<number | null> {
  const row = await db
    .prepare('SELECT created_ms, refreshed_ms FROM auth_sessions WHERE id = ?1 AND user_id = ?2')
    .bind(sessionId, userId)
    .first<SessionTimes>();
  if (!row) return null;
  const until = sessionEndsAt(row, policy);
  return until > now ? until : null;
}

export async function sessionIsLive(db: D1Database, sessionId: string, userId: string, policy: ExpiryPolicy, now = Date.now()): Promise<boolean> {
  return (await sessionLiveUntil(db, sessionId, userId, policy, now)) !== null;
}

// The BFF asks on every call whether the token's session is still live; that D1 read was about a
// third of the Worker's CPU per authenticated call under wrangler dev (npm run bench). An isolate remembers a live answer for
// SESSION_LIVE_CACHE_MS (never past the session's own expiry) and forgets them all whenever it ends
// sessions (answers read while sessions were being ended are not kept), so a logout through this
// isolate refuses the next call, and one through another isolate within seconds (Supabase itself
// accepts an access token until its exp).
export const SESSION_LIVE_CACHE_MS = 10_000;
const liveUntil = new Map<string, number>();
let endings = 0;

export async function sessionIsLiveCached(db: D1Database, sessionId: string, userId: string, policy: ExpiryPolicy): Promise<boolean> {
  const key = `${sessionId} ${userId}`;
  const now = Date.now();
  if ((liveUntil.get(key) ?? 0) > now) return true;
  const before = endings;
  const until = await sessionLiveUntil(db, sessionId, userId, policy, now);
  if (until !== null && before === endings) {
    if (liveUntil.size >= 10_000) liveUntil.clear();
    liveUntil.set(key, Math.min(now + SESSION_LIVE_CACHE_MS, until));
  }
  return until !== null;
}

/** The user's live (not ended, not expired) sessions, newest activity first: the Security screen's list. */
export async function liveSessionsOf(db: D1Database, userId: string, policy: ExpiryPolicy, now = Date.now(), limit = 50) {
  const { results } = await db
    .prepare(
      `SELECT id, created_ms, refreshed_ms FROM auth_sessions
       WHERE user_id = ?1 AND created_ms > ?2 AND refreshed_ms > ?3 ORDER BY refreshed_ms DESC LIMIT ?4`,
    )
    .bind(userId, now - policy.sessionLifetimeMs, now - policy.sessionInactivityMs, limit)
    .all<{ id: string; created_ms: number; refreshed_ms: number }>();
  return results;
}

/** Ends sessions matching a WHERE clause over auth_sessions, with their refresh tokens. */
export async function endSessions(db: D1Database, where: string, ...params: (string | number)[]): Promise<void> {
  endings++;
  liveUntil.clear();
  try {
    await db.batch([
      db.prepare(`DELETE FROM auth_refresh_tokens WHERE session_id IN (SELECT id FROM auth_sessions WHERE ${where})`).bind(...params),
      db.prepare(`DELETE FROM auth_sessions WHERE ${where}`).bind(...params),
    ]);
  } finally {
    endings++;
    liveUntil.clear();
  }
}

/** Rows removed per table per cleanup: bounded work on the request that runs it. */
export const CLEANUP_BATCH = 100;

/**
 * Deletes what has expired, a bounded batch at a time: sessions past their lifetime or inactivity
 * timeout with their refresh tokens, one-time codes past their 10 minutes, and sealed refresh-token
 * children past the reuse interval. Piggy-backed on sign-in and refresh (no scheduled job needed:
 * every sign-in or refresh removes up to CLEANUP_BATCH of each, more than new ones appear).
 */
export async function cleanupExpired(db: D1Database, settings: AuthSettings, now = Date.now()): Promise<void> {
  const expired = `SELECT id FROM auth_sessions WHERE created_ms <= ?1 OR refreshed_ms <= ?2 ORDER BY id LIMIT ${CLEANUP_BATCH}`;
  const createdBefore = now - settings.sessionLifetimeMs;
  const refreshedBefore = now - settings.sessionInactivityMs;
  await db.batch([
    db.prepare(`DELETE FROM auth_refresh_tokens WHERE session_id IN (${expired})`).bind(createdBefore, refreshedBefore),
    db.prepare(`DELETE FROM auth_sessions WHERE id IN (${expired})`).bind(createdBefore, refreshedBefore),
    db.prepare(`DELETE FROM auth_otps WHERE phone IN (SELECT phone FROM auth_otps WHERE expires_at <= ?1 LIMIT ${CLEANUP_BATCH})`).bind(now),
    db
      .prepare(
        `UPDATE auth_refresh_tokens SET child_sealed = NULL WHERE token_hash IN
           (SELECT token_hash FROM auth_refresh_tokens WHERE child_sealed IS NOT NULL AND revoked_ms <= ?1 LIMIT ${CLEANUP_BATCH})`,
      )
      .bind(now - settings.reuseIntervalMs),
  ]);
}
