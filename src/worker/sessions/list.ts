// The signed-in user's sessions as Account Security lists them, in both modes: the one function
// behind GET /api/sessions (routes/sessions.ts) and /settings/security's page read
// (pages/security-data.ts), so the page's HTML and the island's later reads never disagree.
// - Embedded default: the local sign-in service's live sessions with what the BFF noted about each.
// - Production (PUBLIC_SUPABASE_URL set): what the BFF noted (it cannot see sessions that never called it).
// The current session (the verified token's session_id) comes first, as this very request shows it.
import type { z } from 'zod';
import { authSettings, liveSessionsOf } from '../../local-auth';
import type { sessionInfo } from '../../shared/contract/sessions';
import { parseUserAgent } from '../../shared/user-agent';
import type { Bindings } from '../env';
import { activityClock, countryOf, notedSessions, type ActivityRow } from './activity';

export type SessionInfo = z.infer<typeof sessionInfo>;

/** Whose sessions: the verified token's `sub` and `session_id` ('' when the token names none). */
export interface SessionOwner {
  userId: string;
  sessionId: string;
}

function describe(row: ActivityRow, currentId: string): SessionInfo {
  const { browser, os, kind } = parseUserAgent(row.user_agent);
  return { id: row.session_id, browser, os, device: kind, country: row.country, last_active_ms: row.last_active_ms, current: row.session_id === currentId };
}

/** The current session as `request` shows it (its own note may not be written yet). */
function currentRow(sessionId: string, request: Request): ActivityRow {
  return { session_id: sessionId, user_agent: request.headers.get('user-agent') ?? '', country: countryOf(request), last_active_ms: activityClock.now() };
}

/** The owner's sessions, the current one first and the others by last activity, newest first. */
export async function sessionsOf(env: Bindings, { userId, sessionId }: SessionOwner, request: Request): Promise<SessionInfo[]> {
  const db = env.DB;
  const settings = authSettings(env);
  const now = Date.now();
  const local = !(env.PUBLIC_SUPABASE_URL ?? '').trim();
  // Both reads at once (a page waits for this list).
  const [noted, live] = await Promise.all([
    notedSessions(db, userId, now - settings.sessionInactivityMs),
    local ? liveSessionsOf(db, userId, settings, now) : null,
  ]);
  let rows: ActivityRow[] = noted;
  if (live) {
    // Only live sessions of the local sign-in service; one it has but the BFF never saw shows its
    // last refresh as its last activity and an unknown device.
    const byId = new Map(noted.map((r) => [r.session_id, r]));
    rows = live.map((s) => byId.get(s.id) ?? { session_id: s.id, user_agent: '', country: null, last_active_ms: s.refreshed_ms });
  }
  const others = rows.filter((r) => r.session_id !== sessionId);
  const listed = sessionId ? [currentRow(sessionId, request), ...others.sort((a, b) => b.last_active_ms - a.last_active_ms)] : others;
  return listed.map((r) => describe(r, sessionId));
}
