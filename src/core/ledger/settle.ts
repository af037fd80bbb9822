// The simulated Canton ledger: holdings, transfer offers and their settlement.
//
// Atomicity: every movement is ONE D1 batch (one SQL transaction, executed serially by the
// database), not a Durable Object per party. The statements choose and consume holdings by
// themselves (UPDATE ... WHERE archived_at IS NULL AND lock_offer_id IS NULL, offers by status), so
// nothing read before the batch decides what gets spent; a batch that finds its input gone trips
// `batch_guard` and rolls back whole. That gives the same guarantee a per-party Durable Object
// would (one writer at a time over the party's holdings) without a second storage system, a new
// binding, or splitting transactions/idempotency rows from the ledger rows they must commit with.
//
// Model (as on Canton/Splice): the treasury party owns CC holdings minted by the DSO (issuer).
// A transfer splits a treasury holding into a locked holding that funds a TransferOffer (24 h
// expiry) plus change; the receiver accepts (auto-accept) and the locked holding is archived and
// recreated as the receiver's; an expired offer is never accepted: its lock is released and its
// transaction turns CANCELLED. People send to each other the same way (./send.ts, ./offers.ts): an
// offer may also be rejected (by its receiver) or withdrawn (by its sender), and a preapproval settles
// at once. The total CC only changes through ledger_issuances.
//
// This file holds what every movement shares: the offer's lifetime, a movement's ends, and the batch
// statements that settle the offers a batch marked (accepted, or released when rejected, withdrawn
// or expired).
import type { OfferStatus, StatusReason } from '../../shared/transaction-labels';

import { notifySettled } from './notify';

export const OFFER_TTL_MS = 24 * 60 * 60 * 1000;

export interface TransferTarget {
  accountId: string;
  walletId: string;
  partyId: string;
}

/** The offers a settlement batch marked: its token and the status it gave them. */
const settledBy = (status: Exclude<OfferStatus, 'pending'>) => `SELECT id FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = '${status}'`;

/**
 * Statements that undo the locks of the offers the batch `token` marked `status` (rejected,
 * withdrawn or expired): the sender's locked holdings become free again, and both sides'
 * transactions rows (every row carrying the offer) end CANCELLED (withdrawn, expired) or FAILED
 * (rejected) with that reason, and the side that did not act is notified. Bound as ?1 token, ?2 now.
 */
export function releaseStatements(db: D1Database, token: string, now: string, status: StatusReason): D1PreparedStatement[] {
  const released = settledBy(status);
  const txStatus = status === 'rejected' ? 'FAILED' : 'CANCELLED';
  return [
    db.prepare(`UPDATE ledger_holdings SET lock_offer_id = NULL WHERE lock_offer_id IN (${released}) AND archived_at IS NULL`).bind(token),
    db
      .prepare(
        `UPDATE transactions SET status = '${txStatus}', status_reason = '${status}', updated_at = ?2
         WHERE offer_id IN (${released}) AND status = 'PENDING'`,
      )
      .bind(token, now),
    notifySettled(db, token, now, status),
  ];
}

/**
 * Statements that settle the offers the batch `token` marked accepted: one new holding of the
 * receiver per offer, the sender's locked holdings archived, conservation checked (what was archived
 * equals what was created, or the whole batch rolls back), both sides' rows COMPLETED with one
 * hash per offer, and the sender notified. Bound as ?1 token, ?2 now.
 */
export function settleAcceptedStatements(db: D1Database, token: string, now: string): D1PreparedStatement[] {
  const accepted = settledBy('accepted');
  return [
    db
      .prepare(
        `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
         SELECT '00' || lower(hex(randomblob(32))), receiver_party, instrument_id, amount, 'offer:' || id, ?2
         FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted'`,
      )
      .bind(token, now),
    db
      .prepare(
        `UPDATE ledger_holdings SET archived_at = ?2, archived_by = lock_offer_id
         WHERE lock_offer_id IN (${accepted}) AND archived_at IS NULL`,
      )
      .bind(token, now),
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'accepted offers not fully funded'
         WHERE (SELECT COALESCE(SUM(amount), 0) FROM ledger_holdings WHERE archived_by IN (${accepted}))
            <> (SELECT COALESCE(SUM(amount), 0) FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted')`,
      )
      .bind(token),
    // One settlement hash per offer, shared by the sender's and the receiver's rows.
    db
      .prepare(
        `WITH settled AS MATERIALIZED (
           SELECT id AS offer_id, '1220' || lower(hex(randomblob(32))) AS hash
           FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted')
         UPDATE transactions SET status = 'COMPLETED', tx_hash = settled.hash, updated_at = ?2
         FROM settled WHERE transactions.offer_id = settled.offer_id AND transactions.status = 'PENDING'`,
      )
      .bind(token, now),
    notifySettled(db, token, now, 'accepted'),
  ];
}
