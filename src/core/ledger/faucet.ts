// The faucet: the treasury offers CC to an account's party (POST /wallets/transfer), minting a
// top-up first when no holding of its covers the amount. The total CC only changes through
// ledger_issuances.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits, parseUnits, usdCents } from '../../shared/decimal';
import { isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { expireStatements } from './expiry';
import { notifyTransaction } from './notify';
import { CC, NETWORK, TREASURY_PARTY, contractId } from './parties';
import { ccPrice } from './price';
import { OFFER_TTL_MS, type TransferTarget } from './settle';

/** What the treasury mints when no holding of its covers a transfer (1,000,000 CC). */
const TOP_UP_UNITS = 10_000_000_000_000_000n;

/** The issuer mints a top-up for the treasury: at least TOP_UP_UNITS, and at least `units`. */
async function topUpTreasury(db: D1Database, units: bigint) {
  const minted = TOP_UP_UNITS > units ? TOP_UP_UNITS : units;
  const id = newId();
  const now = nowIso();
  await db.batch([
    db
      .prepare(`INSERT INTO ledger_issuances (id, instrument_id, to_party, amount, created_at) VALUES (?, 'CC', ?, CAST(? AS INTEGER), ?)`)
      .bind(id, TREASURY_PARTY, minted.toString(), now),
    db
      .prepare(
        `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
         VALUES (?, ?, 'CC', CAST(? AS INTEGER), ?, ?)`,
      )
      .bind(contractId(), TREASURY_PARTY, minted.toString(), `issuance:${id}`, now),
  ]);
}

/**
 * Runs `attempt`, a batch that spends `units` from the treasury (spendFromTreasury). When a guard of
 * the batch trips, `onGuardTrip` runs first (it refuses when another of the batch's guards tripped);
 * otherwise no free treasury holding covered the amount: the issuer mints a top-up, then one retry.
 */
export async function withTreasuryTopUp<T>(db: D1Database, units: bigint, attempt: () => Promise<T>, onGuardTrip?: () => Promise<void>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (!isGuardTrip(err)) throw err;
    await onGuardTrip?.();
    await topUpTreasury(db, units);
    return attempt();
  }
}

/**
 * Batch statements that take `units` out of the treasury's free holdings: its largest free holding
 * that covers the amount is archived by `split:<token>` (chosen inside the batch; none trips
 * batch_guard) and the rest comes back as change. The caller adds the holding the units become.
 */
export function spendFromTreasury(db: D1Database, token: string, units: bigint, now: string): D1PreparedStatement[] {
  const u = units.toString();
  return [
    db
      .prepare(
        `UPDATE ledger_holdings SET archived_at = ?1, archived_by = ?2
         WHERE contract_id = (SELECT contract_id FROM ledger_holdings
           WHERE owner_party = ?3 AND instrument_id = 'CC' AND archived_at IS NULL AND lock_offer_id IS NULL
             AND amount >= CAST(?4 AS INTEGER)
           ORDER BY amount DESC LIMIT 1)`,
      )
      .bind(now, `split:${token}`, TREASURY_PARTY, u),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'treasury has no holding covering the amount' WHERE changes() = 0`),
    db
      .prepare(
        `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
         SELECT ?, owner_party, instrument_id, amount - CAST(? AS INTEGER), ?, ?
         FROM ledger_holdings WHERE archived_by = ? AND amount > CAST(? AS INTEGER)`,
      )
      .bind(contractId(), u, `change:${token}`, now, `split:${token}`, u),
  ];
}

/**
 * POST /wallets/transfer: the treasury offers `amountText` CC to the account's party. Writes the
 * offer, its locked holding, the treasury's change and a PENDING transfer transaction in one batch.
 */
export async function transferFromTreasury(db: D1Database, to: TransferTarget, amountText: string, scope: IdempotencyScope | null) {
  const units = parseUnits(amountText, LEDGER_SCALE);
  const cents = usdCents({ units, scale: LEDGER_SCALE }, await ccPrice(db)) ?? 0n;
  const attempt = async () => {
    const offerId = contractId();
    const txId = newId();
    const now = nowIso();
    const expiresAt = new Date(Date.now() + OFFER_TTL_MS).toISOString();
    const txHash = '1220' + (await sha256Hex('offer', offerId, TREASURY_PARTY, to.partyId, units.toString(), now));
    const answer = {
      amount: formatUnits(units, LEDGER_SCALE),
      fromPartyId: TREASURY_PARTY,
      toPartyId: to.partyId,
      instrument: CC,
      offerId,
      expiresAt,
      transactionId: txId,
      status: 'PENDING' as const,
      affectedParties: [to.partyId],
    };
    const u = units.toString();
    const stmts = [
      ...expireStatements(db, `sweep:${offerId}`, now, { receiver: to.partyId }),
      ...spendFromTreasury(db, offerId, units, now),
      db
        .prepare(
          `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, lock_offer_id, created_by, created_at)
           VALUES (?, ?, 'CC', CAST(? AS INTEGER), ?, ?, ?)`,
        )
        .bind(contractId(), TREASURY_PARTY, u, offerId, `split:${offerId}`, now),
      db
        .prepare(
          `INSERT INTO ledger_transfer_offers (id, sender_party, receiver_party, instrument_id, amount, status, transaction_id, expires_at, created_at)
           VALUES (?, ?, ?, 'CC', CAST(? AS INTEGER), 'pending', ?, ?, ?)`,
        )
        .bind(offerId, TREASURY_PARTY, to.partyId, u, txId, expiresAt, now),
      db
        .prepare(
          `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, asset_amount, status, tx_hash, offer_id, counterparty_party, description, created_at, updated_at)
           VALUES (?, ?, ?, 'transfer', CAST(? AS INTEGER), 'CC', ?, CAST(? AS INTEGER), 'PENDING', ?, ?, ?, ?, ?, ?)`,
        )
        .bind(txId, to.accountId, to.walletId, cents.toString(), NETWORK, u, txHash, offerId, TREASURY_PARTY, 'Transfer offer from the treasury', now, now),
      notifyTransaction(db, 'offer_received', now, txId),
    ];
    if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: answer })));
    await db.batch(stmts);
    return answer;
  };
  return withTreasuryTopUp(db, units, attempt);
}
