// Auto-accept: the receiver takes every pending, unexpired offer to its party at once.
import { newId, nowIso } from '../../platform/primitives';
import type { IdempotencyScope } from '../idempotency';
import { expireStatements } from './expiry';
import { settleAcceptedStatements } from './settle';

/**
 * POST /wallets/auto-accept: accepts every pending, unexpired offer to `partyId` in one batch (the
 * treasury's and people's alike; each sender's row completes with the receiver's); lapsed offers are
 * expired instead. Racing calls serialize in D1: an offer is accepted once. amountAccepted: the
 * accepted offers' total as a ledger amount (units are 10^-10, never negative, so integer division
 * and remainder write it exactly). affectedParties: the caller's party and every sender whose offer
 * it accepted.
 */
export async function acceptPendingOffers(db: D1Database, partyId: string, scope: IdempotencyScope | null) {
  const token = newId();
  const now = nowIso();
  const counts = `json_object(
      'contractsAccepted', (SELECT COUNT(*) FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted'),
      'amountAccepted', (SELECT printf('%d.%010d', s / 10000000000, s % 10000000000) FROM (
        SELECT COALESCE(SUM(amount), 0) AS s FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted')),
      'offersExpired', (SELECT COUNT(*) FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'expired'),
      'affectedParties', (SELECT json_group_array(party) FROM (
        SELECT ?2 AS party, 0 AS k
        UNION SELECT sender_party, 1 FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted' AND sender_party <> ?2
        ORDER BY k, party)))`;
  const stmts: D1PreparedStatement[] = [
    ...expireStatements(db, token, now, { receiver: partyId }),
    db
      .prepare(
        `UPDATE ledger_transfer_offers SET status = 'accepted', settle_token = ?1, settled_at = ?2
         WHERE receiver_party = ?3 AND status = 'pending' AND expires_at > ?2`,
      )
      .bind(token, now, partyId),
    ...settleAcceptedStatements(db, token, now),
  ];
  if (scope) {
    stmts.push(
      db
        .prepare(
          `INSERT INTO idempotency_keys (user_id, key, route, request_hash, status, body, created_at)
           SELECT ?3, ?4, ?5, ?6, 200, json_object('data', json(${counts})), ?7`,
        )
        .bind(token, partyId, scope.userId, scope.key, scope.route, scope.requestHash, now),
    );
  }
  stmts.push(db.prepare(`SELECT ${counts} AS answer`).bind(token, partyId));
  const results = await db.batch<{ answer: string }>(stmts);
  const answer = JSON.parse(results.at(-1)!.results[0]!.answer) as {
    contractsAccepted: number;
    amountAccepted: string;
    offersExpired: number;
    affectedParties: string[];
  };
  return answer;
}
