// Expiry: a pending offer that outlived its 24 hours is never accepted; it is expired, its lock released
// and both sides' rows CANCELLED, either by the next movement of one of its parties or by the expiry
// job (run by the app's clock at the earliest expiry, src/worker/clock/), in batches.
import { newId } from '../../platform/primitives';
import { releaseStatements } from './settle';

/** The expiry job's next batch (?2 now, ?3 size): lapsed pending offers, oldest expiry first, from their partial index. */
export const LAPSED_OFFERS_SQL = `SELECT id FROM ledger_transfer_offers WHERE status = 'pending' AND expires_at <= ?2 ORDER BY expires_at LIMIT ?3`;

/**
 * Statements that expire lapsed pending offers (one party's incoming or outgoing ones, or, for the
 * expiry job, the oldest `limit` of all) and release them. Bound as ?1 token, ?2 now, ?3 party.
 */
export function expireStatements(
  db: D1Database,
  token: string,
  now: string,
  which: { receiver: string } | { sender: string } | { limit: number },
): D1PreparedStatement[] {
  const mark =
    'limit' in which
      ? db
          .prepare(
            `UPDATE ledger_transfer_offers SET status = 'expired', settle_token = ?1, settled_at = ?2
             WHERE id IN (${LAPSED_OFFERS_SQL})`,
          )
          .bind(token, now, which.limit)
      : db
          .prepare(
            `UPDATE ledger_transfer_offers SET status = 'expired', settle_token = ?1, settled_at = ?2
             WHERE ${'receiver' in which ? 'receiver_party' : 'sender_party'} = ?3 AND status = 'pending' AND expires_at <= ?2`,
          )
          .bind(token, now, 'receiver' in which ? which.receiver : which.sender);
  return [mark, ...releaseStatements(db, token, now, 'expired')];
}

/** Offers the expiry job settles per batch, and batches per run (a run then leaves the rest to the next one, due at once). */
export const EXPIRY_BATCH = 100;
export const EXPIRY_MAX_BATCHES = 20;

/** When the next pending offer lapses (its ISO time, from the pending offers' expiry index), or null when none is pending. */
export async function nextOfferExpiry(db: D1Database): Promise<string | null> {
  return db.prepare(`SELECT MIN(expires_at) AS at FROM ledger_transfer_offers WHERE status = 'pending'`).first<string | null>('at');
}

/**
 * The expiry job (embedded mode): every offer lapsed at `now` is expired (locks
 * released, both rows CANCELLED/'expired'), oldest first, in batches of EXPIRY_BATCH. Answers how
 * many it expired and the parties whose screens changed.
 */
export async function expireLapsedOffers(db: D1Database, now: string) {
  const parties = new Set<string>();
  let expired = 0;
  for (let round = 0; round < EXPIRY_MAX_BATCHES; round++) {
    const token = `expiry:${newId()}`;
    const results = await db.batch<{ party: string }>([
      ...expireStatements(db, token, now, { limit: EXPIRY_BATCH }),
      db
        .prepare(
          `SELECT sender_party AS party FROM ledger_transfer_offers WHERE settle_token = ?1
           UNION SELECT receiver_party FROM ledger_transfer_offers WHERE settle_token = ?1`,
        )
        .bind(token),
    ]);
    const count = results[0]?.meta.changes ?? 0;
    expired += count;
    for (const r of results.at(-1)!.results) parties.add(r.party);
    if (count < EXPIRY_BATCH) break;
  }
  return { expired, parties: [...parties] };
}
