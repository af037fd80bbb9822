// A session that ends closes its live sockets. The Worker ends sessions in three places (the session
// list's DELETE and sign-out-others, src/worker/routes/sessions.ts, in both modes; the embedded sign-in
// service's logout, src/worker/index.ts) and after each it tells every party object of the user to
// close the sockets of the ended sessions with CLOSE_SESSION_ENDED (party-live.ts `closeSessions`).
// The user's parties come from the upstream port's declared `GET /wallets/canton/parties`, the same
// lookup that lets a socket open (routes/live.ts), so both modes answer alike. A failure is logged
// and never changes the ending's answer: the session's tokens are refused from then on anyway.
import type { Bindings } from '../env';
import { selectUpstream } from '../upstream/select';
import type { EndedSessions } from './party-live';

/** The user's Canton party ids through the upstream port, or null when the upstream failed. */
export async function partiesOf(env: Bindings, who: { userId: string; accessToken: string }, ctx?: ExecutionContext): Promise<string[] | null> {
  const res = await selectUpstream(env).call({ method: 'GET', path: '/wallets/canton/parties', userId: who.userId, accessToken: who.accessToken }, ctx);
  if (res.status !== 200) return null;
  const parties = (res.body as { data?: { partyId?: unknown }[] }).data ?? [];
  return parties.map((p) => p.partyId).filter((id): id is string => typeof id === 'string');
}

/** Closes the ended sessions' sockets on each of `parties`; resolves when every call settled (never rejects). */
export async function closeSessionSockets(env: Bindings, parties: readonly string[] | null, ended: EndedSessions): Promise<void> {
  const live = env.LIVE;
  if (!live || !parties) {
    if (!parties) console.error('[live] the user’s parties could not be read: ended sessions’ sockets stay until their token expires');
    return;
  }
  await Promise.all(
    [...new Set(parties)].map(async (partyId) => {
      try {
        await live.get(live.idFromName(partyId)).closeSessions(ended);
      } catch (err) {
        console.error('[live] closing ended sessions’ sockets failed', err instanceof Error ? err.message : String(err));
      }
    }),
  );
}

/** Both steps: the user's parties (with a token of theirs that still holds), then the close. */
export async function closeEndedSessions(
  env: Bindings,
  who: { userId: string; accessToken: string },
  ended: EndedSessions,
  ctx?: ExecutionContext,
): Promise<void> {
  try {
    await closeSessionSockets(env, await partiesOf(env, who, ctx), ended);
  } catch (err) {
    console.error('[live] closing ended sessions’ sockets failed', err instanceof Error ? err.message : String(err));
  }
}
