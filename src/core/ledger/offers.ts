// Settling one offer: its receiver accepts or rejects it, its sender withdraws it. Each moves the
// offer out of 'pending' only `WHERE status = 'pending'`, so an offer settles exactly once however
// calls (and the expiry job) race; the one that comes second answers 409 offer_not_pending.
import { newId, nowIso } from '../../platform/primitives';
import { fail, isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { releaseStatements, settleAcceptedStatements } from './settle';

const offerNotPending = (): never => fail(409, 'This offer was already accepted, rejected, withdrawn or it expired', 'offer_not_pending');

interface OfferRow {
  id: string;
  sender_party: string;
  receiver_party: string;
  status: string;
  expires_at: string;
  transaction_id: string | null;
}

/** The offer if `partyId` is its receiver (or its sender), 404 otherwise; 409 once it is settled or lapsed. */
async function requirePendingOffer(db: D1Database, offerId: string, side: 'receiver' | 'sender', partyId: string, now: string) {
  const offer = await db
    .prepare('SELECT id, sender_party, receiver_party, status, expires_at, transaction_id FROM ledger_transfer_offers WHERE id = ?')
    .bind(offerId)
    .first<OfferRow>();
  if (!offer || (side === 'receiver' ? offer.receiver_party : offer.sender_party) !== partyId) return fail(404, 'Offer not found');
  if (offer.status !== 'pending' || offer.expires_at <= now) return offerNotPending();
  return offer;
}

/** The statement moving one offer out of 'pending' (only if it still is, and unexpired), then its guard. */
function markOffer(
  db: D1Database,
  token: string,
  now: string,
  offerId: string,
  status: 'accepted' | 'rejected' | 'withdrawn',
  side: 'receiver' | 'sender',
  partyId: string,
) {
  return [
    db
      .prepare(
        `UPDATE ledger_transfer_offers SET status = '${status}', settle_token = ?1, settled_at = ?2
         WHERE id = ?3 AND ${side}_party = ?4 AND status = 'pending' AND expires_at > ?2`,
      )
      .bind(token, now, offerId, partyId),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'offer no longer pending' WHERE changes() = 0`),
  ];
}

async function runSettlement(db: D1Database, stmts: D1PreparedStatement[]) {
  try {
    await db.batch(stmts);
  } catch (err) {
    // A racing accept, reject, withdraw or the expiry job settled it first.
    if (isGuardTrip(err)) offerNotPending();
    throw err;
  }
}

/** POST /wallets/canton/offers/{offerId}/accept: the receiver takes the locked amount; both rows COMPLETED. */
export async function acceptOffer(db: D1Database, receiverParty: string, offerId: string, scope: IdempotencyScope | null) {
  const now = nowIso();
  const offer = await requirePendingOffer(db, offerId, 'receiver', receiverParty, now);
  const token = newId();
  const answer = {
    offerId,
    status: 'accepted' as const,
    transactionId: offer.transaction_id ?? '',
    affectedParties: [offer.sender_party, offer.receiver_party],
  };
  const stmts = [...markOffer(db, token, now, offerId, 'accepted', 'receiver', receiverParty), ...settleAcceptedStatements(db, token, now)];
  if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: answer })));
  await runSettlement(db, stmts);
  return answer;
}

/** POST /wallets/canton/offers/{offerId}/reject (receiver) and /withdraw (sender): the lock is released. */
export async function releaseOffer<A extends 'rejected' | 'withdrawn'>(db: D1Database, partyId: string, offerId: string, action: A) {
  const now = nowIso();
  const side = action === 'rejected' ? 'receiver' : 'sender';
  const offer = await requirePendingOffer(db, offerId, side, partyId, now);
  const token = newId();
  await runSettlement(db, [...markOffer(db, token, now, offerId, action, side, partyId), ...releaseStatements(db, token, now, action)]);
  return { offerId, status: action, affectedParties: [offer.sender_party, offer.receiver_party] };
}
