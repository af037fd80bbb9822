// BFF /api/sessions: the signed-in user's sessions and signing them out, served from their
// declarations (src/shared/contract/sessions.ts), always scoped to the verified user.
// - Embedded default: the list is the local sign-in service's live sessions (auth_sessions) with
//   what the BFF noted about each (device, country, last activity); ending one deletes it and its
//   refresh tokens, exactly as a logout does.
// - Production (PUBLIC_SUPABASE_URL set): the list is what the BFF noted (it cannot see sessions
//   that never called it); "all others" is Supabase's own logout with scope=others (it revokes their
//   refresh tokens), and each ended session is also recorded so that the BFF refuses its access
//   tokens from the next call; one other session is recorded only (Supabase has no API for it).
// In both modes the ended sessions' live sockets are then closed (live/sessions.ts).
// The list itself is sessions/list.ts's, which /settings/security's page read shares.
import type { Context } from 'hono';
import { authSettings, endSessions, liveSessionsOf, sessionIsLive } from '../../local-auth';
import * as api from '../../shared/contract/sessions';
import { contractApp } from '../bff-apps';
import { executionCtxOf } from '../forward';
import { closeEndedSessions } from '../live/sessions';
import type { AppEnv } from '../env';
import { assertUser } from '../middleware/assert-user';
import { upstreamTimeoutMs } from '../upstream/port';
import { forgetSessions, notedSessions } from '../sessions/activity';
import { sessionsOf } from '../sessions/list';

type Ctx = Context<AppEnv>;

const supabaseUrlOf = (c: Ctx) => (c.env.PUBLIC_SUPABASE_URL ?? '').trim().replace(/\/+$/, '');
const notFound = { message: 'Session not found', code: 'not_found' } as const;

const app = contractApp();
app.use(assertUser());

export const sessions = app
  .openapi(api.listSessions, async (c) => c.json({ data: await sessionsOf(c.env, c.var, c.req.raw) }, 200))

  .openapi(api.endSession, async (c) => {
    const { id } = c.req.valid('param');
    const { userId, sessionId } = c.var;
    if (id === sessionId) return c.json({ message: 'This is the current session: sign out instead', code: 'current_session' } as const, 409);
    const db = c.env.DB;
    if (supabaseUrlOf(c)) {
      const known = await notedSessions(db, userId, 0, 1000);
      if (!known.some((r) => r.session_id === id)) return c.json(notFound, 404);
      await forgetSessions(db, userId, [id], true);
    } else {
      if (!(await sessionIsLive(db, id, userId, authSettings(c.env)))) return c.json(notFound, 404);
      await endSessions(db, 'id = ?1 AND user_id = ?2', id, userId);
      await forgetSessions(db, userId, [id], false);
    }
    await closeEndedSessions(c.env, c.var, { userId, ids: [id] }, executionCtxOf(c));
    return c.json({ data: { ended: 1 as const } }, 200);
  })

  .openapi(api.endOtherSessions, async (c) => {
    const { userId, sessionId } = c.var;
    const db = c.env.DB;
    const supabaseUrl = supabaseUrlOf(c);
    if (supabaseUrl) {
      // Supabase's own API (what auth.signOut({ scope: 'others' }) calls): revokes the other
      // sessions' refresh tokens there; their access tokens are refused here (recorded below).
      let res: Response;
      try {
        res = await fetch(`${supabaseUrl}/auth/v1/logout?scope=others`, {
          method: 'POST',
          headers: { apikey: c.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? '', authorization: `Bearer ${c.var.accessToken}` },
          signal: AbortSignal.timeout(upstreamTimeoutMs(c.env)),
        });
      } catch (err) {
        console.error('sessions: Supabase logout failed', err instanceof Error ? err.message : String(err));
        return c.json({ message: 'Could not sign out the other sessions, please try again', code: 'upstream_unavailable' } as const, 502);
      }
      if (!res.ok) {
        console.error(`sessions: Supabase logout answered ${res.status}`);
        return c.json({ message: 'Could not sign out the other sessions, please try again', code: 'upstream_unavailable' } as const, 502);
      }
      const others = (await notedSessions(db, userId, 0, 1000)).map((r) => r.session_id).filter((id) => id !== sessionId);
      await forgetSessions(db, userId, others, true);
      await closeEndedSessions(c.env, c.var, { userId, allBut: sessionId }, executionCtxOf(c));
      return c.json({ data: { ended: others.length } }, 200);
    }
    const others = (await liveSessionsOf(db, userId, authSettings(c.env), Date.now(), 1000)).map((s) => s.id).filter((id) => id !== sessionId);
    await endSessions(db, 'user_id = ?1 AND id <> ?2', userId, sessionId);
    const noted = (await notedSessions(db, userId, 0, 1000)).map((r) => r.session_id).filter((id) => id !== sessionId);
    await forgetSessions(db, userId, noted, false);
    await closeEndedSessions(c.env, c.var, { userId, allBut: sessionId }, executionCtxOf(c));
    return c.json({ data: { ended: others.length } }, 200);
  });
