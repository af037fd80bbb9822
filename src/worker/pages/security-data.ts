// The reads of /settings/security rendered on the Worker: the shell's three reads and the
// user's sessions, in parallel. The sessions are the BFF's own (not the upstream's): they come from
// the very function that answers GET /api/sessions (src/worker/sessions/list.ts), for the session
// this page request was verified with (its `current` mark), with the server's clock at the read, so
// that the island's first render shows the same "last active" labels as the HTML. A sessions read
// that fails or outlasts the upstream timeout serves none (the island then reads them as before).
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import { sessionsOf, type SessionInfo } from '../sessions/list';
import { upstreamTimeoutMs } from '../upstream/port';
import type { PageUser } from './page-user';
import { unlessLate } from './read';
import { shellReads, shellSeed } from './shell';

/** The sessions list as served with the page, and the clock its labels are rendered with. */
export interface PageSessions {
  sessions: SessionInfo[];
  /** The server's epoch ms at the read: "last active 5 minutes ago" is relative to it on the first render. */
  now: number;
}

/** The user's sessions for the page, or null when the read fails or takes longer than the upstream timeout. */
export function pageSessions(env: Bindings, user: PageUser, request: Request): Promise<PageSessions | null> {
  const read = sessionsOf(env, { userId: user.id, sessionId: user.sessionId }, request).then(
    (sessions) => ({ sessions, now: Date.now() }),
    (err: unknown) => {
      console.error('security page: no sessions', err instanceof Error ? err.message : String(err));
      return null;
    },
  );
  return unlessLate(read, upstreamTimeoutMs(env), undefined, () => console.error('security page: the sessions read timed out'));
}

/** /settings/security: the shell and the user's sessions (null: that read failed; the island loads them). */
export async function securityPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; sessions: PageSessions | null }> {
  const [shell, sessions] = await Promise.all([shellReads(env, user, ctx), pageSessions(env, user, request)]);
  return { seed: await shellSeed(request, user, shell), sessions };
}
