// The BFF's side of the live channel: after a money call answered 2xx, the parties it affected are
// told (one RPC to each distinct party's Durable Object, src/worker/live/party-live.ts). Run in
// `ctx.waitUntil` after the answer: a failing or missing Durable Object is logged and never changes
// or delays the money call's answer (screens then catch up on their next load).
import type { LiveEvent } from '../../shared/realtime';
import { CANTON_PARTY_ID } from '../../shared/schemas/ids';
import type { Bindings } from '../env';

/** Tells each distinct party's open screens; resolves when every RPC has settled (never rejects). */
export async function notifyParties(env: Bindings, parties: readonly unknown[], event: LiveEvent): Promise<void> {
  const live = env.LIVE;
  if (!live) {
    console.error('[live] no LIVE Durable Object binding: screens are not told');
    return;
  }
  const distinct = [...new Set(parties.filter((p): p is string => typeof p === 'string' && CANTON_PARTY_ID.test(p)))];
  await Promise.all(
    distinct.map(async (partyId) => {
      try {
        await live.get(live.idFromName(partyId)).notify(event);
      } catch (err) {
        console.error('[live] notify failed', err instanceof Error ? err.message : String(err));
      }
    }),
  );
}

/** `data.affectedParties` of a 2xx answer body, or [] when there is none. */
export function affectedPartiesOf(body: unknown): unknown[] {
  const data = (body as { data?: { affectedParties?: unknown } } | null)?.data;
  return Array.isArray(data?.affectedParties) ? data.affectedParties : [];
}
