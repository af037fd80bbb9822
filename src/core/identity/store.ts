// D1 access for the local sign-in service: users, one-time codes, sessions, refresh tokens.
// Every check-and-change is one statement (or one batch) so that concurrent requests cannot both win.
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

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
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
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const isoNow = (ms = Date.now()) => new Date(ms).toISOString();

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
  const now = isoNow();
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
export async function createSession(db: D1Database, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  await db.batch([
    db.prepare('INSERT INTO auth_sessions (id, user_id) VALUES (?1, ?2)').bind(sessionId, userId),
    db
      .prepare('INSERT INTO auth_refresh_tokens (token_hash, session_id, user_id) VALUES (?1, ?2, ?3)')
      .bind(await sha256Hex(refreshToken), sessionId, userId),
  ]);
  return { sessionId, refreshToken };
}

export type RotateResult =
  | { ok: true; sessionId: string; userId: string; refreshToken: string }
  | { ok: false; reason: 'not_found' | 'already_used' | 'session_gone' };

/**
 * Refresh-token rotation: the presented token is revoked and a child issued. A token presented a
 * second time ends its session (reuse detection), like GoTrue with rotation enabled.
 */
export async function rotateRefreshToken(db: D1Database, token: string): Promise<RotateResult> {
  const hash = await sha256Hex(token);
  const won = await db
    .prepare('UPDATE auth_refresh_tokens SET revoked = 1 WHERE token_hash = ?1 AND revoked = 0 RETURNING session_id, user_id')
    .bind(hash)
    .first<{ session_id: string; user_id: string }>();
  if (!won) {
    const seen = await db.prepare('SELECT session_id FROM auth_refresh_tokens WHERE token_hash = ?1').bind(hash).first<{ session_id: string }>();
    if (!seen) return { ok: false, reason: 'not_found' };
    await endSessions(db, 'id = ?1', seen.session_id);
    return { ok: false, reason: 'already_used' };
  }
  const refreshToken = randomToken();
  try {
    await db.batch([
      db
        .prepare('INSERT INTO auth_refresh_tokens (token_hash, session_id, user_id) SELECT ?1, id, user_id FROM auth_sessions WHERE id = ?2')
        .bind(await sha256Hex(refreshToken), won.session_id),
      db.prepare('UPDATE auth_sessions SET refreshed_at = ?2 WHERE id = ?1').bind(won.session_id, isoNow()),
    ]);
  } catch {
    return { ok: false, reason: 'session_gone' };
  }
  if (!(await sessionIsLive(db, won.session_id, won.user_id))) return { ok: false, reason: 'session_gone' };
  return { ok: true, sessionId: won.session_id, userId: won.user_id, refreshToken };
}

export async function sessionIsLive(db: D1Database, sessionId: string, userId: string): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS live FROM auth_sessions WHERE id = ?1 AND user_id = ?2').bind(sessionId, userId).first();
  return row !== null;
}

// The BFF asks on every call whether the token's session is still live; that D1 read was about a
// third of the Worker's CPU per authenticated call under wrangler dev (npm run bench). An isolate remembers a live answer for
// SESSION_LIVE_CACHE_MS and forgets them all whenever it ends sessions (answers read while sessions
// were being ended are not kept), so a logout through this isolate refuses the next call, and one
// through another isolate within seconds (Supabase itself accepts an access token until its exp).
export const SESSION_LIVE_CACHE_MS = 10_000;
const liveUntil = new Map<string, number>();
let endings = 0;

export async function sessionIsLiveCached(db: D1Database, sessionId: string, userId: string): Promise<boolean> {
  const key = `${sessionId} ${userId}`;
  if ((liveUntil.get(key) ?? 0) > Date.now()) return true;
  const before = endings;
  const live = await sessionIsLive(db, sessionId, userId);
  if (live && before === endings) {
    if (liveUntil.size >= 10_000) liveUntil.clear();
    liveUntil.set(key, Date.now() + SESSION_LIVE_CACHE_MS);
  }
  return live;
}

/** Ends sessions matching a WHERE clause over auth_sessions, with their refresh tokens. */
export async function endSessions(db: D1Database, where: string, ...params: string[]): Promise<void> {
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
