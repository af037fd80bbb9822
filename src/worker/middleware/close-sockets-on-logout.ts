// The embedded sign-in service's logout (`POST /auth/v1/logout`, src/local-auth) ends sessions inside
// this Worker; this wraps it so that their live sockets close too (src/worker/live/sessions.ts). The
// caller's parties are read before the logout, while its token still holds; after a 204 the ended
// sessions follow the logout's scope: `local` the caller's own, `others` all but it, `global` all.
// A token the service would refuse passes through untouched (the service answers it).
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { executionCtxOf } from '../forward';
import { closeSessionSockets, partiesOf } from '../live/sessions';
import { verifyUser } from '../verify-user';

export const closeSocketsOnLogout: MiddlewareHandler<AppEnv> = async function closeSocketsOnLogout(c, next) {
  // A scope the service does not know, or a token it would refuse: it answers that, nothing is read.
  const scope = c.req.query('scope') ?? 'global';
  if (scope !== 'local' && scope !== 'others' && scope !== 'global') return next();
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const verified = token ? await verifyUser(c.env, new URL(c.req.url).origin, token) : null;
  if (!token || !verified?.ok) return next();
  const { sub: userId, sessionId } = verified;
  const parties = await partiesOf(c.env, { userId, accessToken: token }, executionCtxOf(c)).catch((err: unknown) => {
    console.error('[live] reading the parties before a logout failed', err instanceof Error ? err.message : String(err));
    return null;
  });
  await next();
  if (c.res.status !== 204) return;
  await closeSessionSockets(c.env, parties, scope === 'local' ? { userId, ids: [sessionId] } : { userId, allBut: scope === 'others' ? sessionId : null });
};
