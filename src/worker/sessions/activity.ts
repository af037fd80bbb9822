// What the BFF knows about a user's sessions, in both modes: each session's device (User-Agent),
// country and last activity, noted in D1 (session_activity, migrations/0023) when requireUser has
// verified a token; and, in production mode, the sessions a user ended from the Security screen
// (ended_sessions), whose tokens requireUser then refuses, because Supabase Auth has no API to end
// one other session by id. The embedded sign-in ends sessions itself (auth_sessions).
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { executionCtxOf } from '../forward';
import { forgetEndedCheck } from './ended';

/** A session's activity is written at most this often (per isolate; the SQL also checks it). */
export const ACTIVITY_WRITE_MS = 60_000;
export const USER_AGENT_MAX = 256;

/** The clock of the activity notes (tests move it with fake timers). */
export const activityClock = { now: () => Date.now() };

const lastWrite = new Map<string, number>();
const MAX_ENTRIES = 10_000;
const pending = new Set<Promise<unknown>>();

/** The request's country as the platform gives it (Cloudflare's edge: request.cf.country), or null. */
export function countryOf(req: Request): string | null {
  const country = (req as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
}

/**
 * Notes that the verified session was active: one D1 write per session per ACTIVITY_WRITE_MS at most,
 * after the answer (waitUntil), never on the request's own path.
 */
export function noteSessionActivity(c: Context<AppEnv>, userId: string, sessionId: string): void {
  if (!sessionId) return;
  const now = activityClock.now();
  const last = lastWrite.get(sessionId);
  if (last !== undefined && last <= now && now - last < ACTIVITY_WRITE_MS) return;
  if (lastWrite.size >= MAX_ENTRIES) lastWrite.clear();
  lastWrite.set(sessionId, now);
  const write = c.env.DB.prepare(
    `INSERT INTO session_activity (session_id, user_id, user_agent, country, first_seen_ms, last_active_ms)
     VALUES (?1, ?2, ?3, ?4, ?5, ?5)
     ON CONFLICT (session_id) DO UPDATE SET user_agent = excluded.user_agent,
       country = COALESCE(excluded.country, session_activity.country), last_active_ms = excluded.last_active_ms
     WHERE session_activity.user_id = excluded.user_id AND session_activity.last_active_ms <= ?6`,
  )
    .bind(sessionId, userId, (c.req.header('user-agent') ?? '').slice(0, USER_AGENT_MAX), countryOf(c.req.raw), now, now - ACTIVITY_WRITE_MS)
    .run()
    .catch((err: unknown) => console.error('sessions: noting activity failed', err instanceof Error ? err.message : String(err)))
    .finally(() => pending.delete(write));
  pending.add(write);
  executionCtxOf(c)?.waitUntil(write);
}

/** Resolves once every activity note started so far is written (tests). */
export async function activitySettled(): Promise<void> {
  await Promise.all([...pending]);
}

export interface ActivityRow {
  session_id: string;
  user_agent: string;
  country: string | null;
  last_active_ms: number;
}

/** The user's noted sessions active since `since`, newest first, leaving out those ended from the list. */
export async function notedSessions(db: D1Database, userId: string, since: number, limit = 50): Promise<ActivityRow[]> {
  const { results } = await db
    .prepare(
      `SELECT session_id, user_agent, country, last_active_ms FROM session_activity
       WHERE user_id = ?1 AND last_active_ms > ?2 AND session_id NOT IN (SELECT session_id FROM ended_sessions)
       ORDER BY last_active_ms DESC LIMIT ?3`,
    )
    .bind(userId, since, limit)
    .all<ActivityRow>();
  return results;
}

/**
 * Ends sessions of the user: forgets their activity and, in production mode, records them as ended
 * so that their tokens are refused from the next call on (in every isolate within ENDED_CHECK_CACHE_MS, ./ended.ts;
 * in this one at once).
 */
export async function forgetSessions(db: D1Database, userId: string, sessionIds: string[], recordEnded: boolean): Promise<void> {
  if (sessionIds.length === 0) return;
  const now = Date.now();
  const statements = sessionIds.flatMap((id) => {
    forgetEndedCheck(id);
    lastWrite.delete(id);
    const forget = db.prepare('DELETE FROM session_activity WHERE session_id = ?1 AND user_id = ?2').bind(id, userId);
    if (!recordEnded) return [forget];
    return [db.prepare('INSERT OR IGNORE INTO ended_sessions (session_id, user_id, ended_ms) VALUES (?1, ?2, ?3)').bind(id, userId, now), forget];
  });
  await db.batch(statements);
}
