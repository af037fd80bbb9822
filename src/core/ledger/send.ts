// Person-to-person sends on the simulated ledger, with Canton's semantics: a sender's
// free holdings fund either a direct transfer (the receiver holds a TransferPreapproval: it settles
// at once) or a TransferOffer whose locked holding waits 24 h for the receiver to accept or reject,
// the sender to withdraw, or the expiry job to expire it.
//
// Every movement is ONE D1 batch whose statements choose their input themselves (as
// transferFromTreasury does with the treasury): a send consumes the sender's free holdings smallest
// first, as many as cover the amount, with the change going back to the sender; an accept, reject or
// withdraw moves an offer out of 'pending' only `WHERE status = 'pending'`. When the input is gone
// (spent by a racing send, settled by a racing call or the expiry job) a `batch_guard` statement
// aborts the whole batch: nothing read before the batch decides what is spent, so 50 sends at once
// never spend more than the sender has, and an offer settles exactly once.
//
// Both sides see the transfer in their transactions: one row each (the sender's with negative
// amounts, direction 'sent'; the receiver's 'received'), sharing the offer id and the hash, updated
// together by every settlement.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits, parseUnits, usdCents } from '../../shared/decimal';
import { fail, isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { expireStatements } from './expiry';
import { notifyTransaction } from './notify';
import { NETWORK, contractId } from './parties';
import { PREAPPROVAL_RENEW_MS, PREAPPROVAL_TTL_MS, preapprovalOf } from './preapproval';
import { ccPrice } from './price';
import { receiverByParty, receiverNotFound, selfTransfer } from './receivers';
import { OFFER_TTL_MS, type TransferTarget } from './settle';

/**
 * POST /wallets/canton/send: `amountText` CC from the sender's free holdings to `receiverParty`.
 * Under the receiver's live preapproval it settles at once (COMPLETED, no offer); otherwise a 24 h
 * offer locks the amount (PENDING). The sender's lapsed outgoing offers are expired first (their
 * locks are free money again). 409 `insufficient_funds` when the free holdings do not cover it.
 */
export async function sendToParty(db: D1Database, from: TransferTarget, receiverParty: string, amountText: string, scope: IdempotencyScope | null) {
  if (receiverParty === from.partyId) return selfTransfer();
  const receiver = (await receiverByParty(db, receiverParty)) ?? receiverNotFound();
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const [preapproval, price] = await Promise.all([preapprovalOf(db, receiver.party_id, now), ccPrice(db)]);
  const direct = preapproval !== null;
  const units = parseUnits(amountText, LEDGER_SCALE);
  const u = units.toString();
  const cents = usdCents({ units, scale: LEDGER_SCALE }, price) ?? 0n;
  const id = contractId();
  const offerId = direct ? null : id;
  const expiresAt = direct ? null : nowIso(nowMs + OFFER_TTL_MS);
  const senderTxId = newId();
  const receiverTxId = newId();
  const txHash = '1220' + (await sha256Hex(direct ? 'transfer' : 'offer', id, from.partyId, receiver.party_id, u, now));
  const status = direct ? ('COMPLETED' as const) : ('PENDING' as const);
  const answer = {
    transactionId: senderTxId,
    offerId,
    status,
    amount: formatUnits(units, LEDGER_SCALE),
    amount_usd_cents: Number(cents),
    senderPartyId: from.partyId,
    receiverPartyId: receiver.party_id,
    expiresAt,
    affectedParties: [from.partyId, receiver.party_id],
  };
  const split = `split:${id}`;
  const stmts: D1PreparedStatement[] = [
    // Lapsed outgoing offers give their locked holdings back before the free ones are counted.
    ...expireStatements(db, `sweep:${id}`, now, { sender: from.partyId }),
    // The sender's free holdings, smallest first, as many as cover the amount (chosen inside the batch).
    db
      .prepare(
        `UPDATE ledger_holdings SET archived_at = ?1, archived_by = ?2
         WHERE contract_id IN (
           SELECT contract_id FROM (
             SELECT contract_id, amount, SUM(amount) OVER (ORDER BY amount, contract_id ROWS UNBOUNDED PRECEDING) AS running
             FROM ledger_holdings
             WHERE owner_party = ?3 AND instrument_id = 'CC' AND archived_at IS NULL AND lock_offer_id IS NULL)
           WHERE running - amount < CAST(?4 AS INTEGER))`,
      )
      .bind(now, split, from.partyId, u),
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'free holdings do not cover the amount'
         WHERE (SELECT COALESCE(SUM(amount), 0) FROM ledger_holdings WHERE archived_by = ?1) < CAST(?2 AS INTEGER)`,
      )
      .bind(split, u),
    // The amount: the receiver's holding at once, or the sender's holding locked for the offer.
    db
      .prepare(
        `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, lock_offer_id, created_by, created_at)
         VALUES (?, ?, 'CC', CAST(? AS INTEGER), ?, ?, ?)`,
      )
      .bind(contractId(), direct ? receiver.party_id : from.partyId, u, offerId, direct ? `transfer:${id}` : split, now),
    // The change, back to the sender.
    db
      .prepare(
        `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
         SELECT ?1, ?2, 'CC', spent - CAST(?3 AS INTEGER), ?4, ?5
         FROM (SELECT SUM(amount) AS spent FROM ledger_holdings WHERE archived_by = ?6) WHERE spent > CAST(?3 AS INTEGER)`,
      )
      .bind(contractId(), from.partyId, u, `change:${id}`, now, split),
  ];
  if (direct) {
    stmts.push(
      db
        .prepare(
          `UPDATE ledger_transfer_preapprovals SET expires_at = ?1
           WHERE receiver_party = ?2 AND expires_at > ?3 AND expires_at < ?4`,
        )
        .bind(nowIso(nowMs + PREAPPROVAL_TTL_MS), receiver.party_id, now, nowIso(nowMs + PREAPPROVAL_RENEW_MS)),
    );
  } else {
    stmts.push(
      db
        .prepare(
          `INSERT INTO ledger_transfer_offers (id, sender_party, receiver_party, instrument_id, amount, status, transaction_id, expires_at, created_at)
           VALUES (?, ?, ?, 'CC', CAST(? AS INTEGER), 'pending', ?, ?, ?)`,
        )
        .bind(id, from.partyId, receiver.party_id, u, receiverTxId, expiresAt, now),
    );
  }
  const row = (txId: string, side: TransferTarget, direction: 'sent' | 'received', other: string, sign: '' | '-', description: string) =>
    db
      .prepare(
        `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, asset_amount, status, tx_hash, offer_id,
           direction, counterparty_party, description, created_at, updated_at)
         VALUES (?, ?, ?, 'transfer', CAST(? AS INTEGER), 'CC', ?, CAST(? AS INTEGER), ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(txId, side.accountId, side.walletId, `${sign}${cents}`, NETWORK, `${sign}${u}`, status, txHash, offerId, direction, other, description, now, now);
  stmts.push(
    row(senderTxId, from, 'sent', receiver.party_id, '-', 'Transfer sent'),
    row(
      receiverTxId,
      { accountId: receiver.account_id, walletId: receiver.wallet_id, partyId: receiver.party_id },
      'received',
      from.partyId,
      '',
      'Transfer received',
    ),
    notifyTransaction(db, direct ? 'transfer_received' : 'offer_received', now, receiverTxId),
  );
  if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: answer })));
  try {
    await db.batch(stmts);
  } catch (err) {
    if (isGuardTrip(err)) fail(409, 'Your available balance does not cover this amount', 'insufficient_funds');
    throw err;
  }
  return answer;
}
