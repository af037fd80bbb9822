// Whether a token's session has ended: the one rule, shared by the check of every call
// (verify-user.ts) and the live channel's broadcast (live/party-live.ts). In the embedded default the
// sign-in service's own sessions (logged out, ended from the list, idle or past their lifetime); in
// production mode the sessions a user ended from the Security screen (ended_sessions, written by
// activity.ts's forgetSessions), because Supabase Auth has no API to end one other session by id.
// Takes the platform's bindings only, so the Durable Object can import it without the BFF's.
import { authSettings, sessionIsLiveCached } from '../../local-auth';
import type { Bindings } from '../../platform/bindings';

/** An isolate trusts a "not ended" answer this long (as SESSION_LIVE_CACHE_MS in the embedded default). */
export const ENDED_CHECK_CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;
const notEndedUntil = new Map<string, number>();

/** Production mode: whether the session was ended from the list (a "not ended" answer is kept per isolate). */
export async function sessionWasEnded(db: D1Database, sessionId: string): Promise<boolean> {
  if (!sessionId) return false;
  const now = Date.now();
  if ((notEndedUntil.get(sessionId) ?? 0) > now) return false;
  const row = await db.prepare('SELECT 1 AS ended FROM ended_sessions WHERE session_id = ?1').bind(sessionId).first();
  if (row) return true;
  if (notEndedUntil.size >= MAX_ENTRIES) notEndedUntil.clear();
  notEndedUntil.set(sessionId, now + ENDED_CHECK_CACHE_MS);
  return false;
}

/** This isolate ended the session: its next check reads storage again. */
export function forgetEndedCheck(sessionId: string): void {
  notEndedUntil.delete(sessionId);
}

/** Whether the session `sessionId` of `userId` has ended, in the mode the configuration selects. */
export async function sessionHasEnded(env: Bindings, sessionId: string, userId: string): Promise<boolean> {
  const local = (env.PUBLIC_SUPABASE_URL ?? '').trim() === '';
  if (local) return !(sessionId && (await sessionIsLiveCached(env.DB, sessionId, userId, authSettings(env))));
  return sessionWasEnded(env.DB, sessionId);
}
