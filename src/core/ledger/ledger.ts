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
// transaction turns CANCELLED. People send to each other the same way (./p2p.ts): an offer may also
// be rejected (by its receiver) or withdrawn (by its sender), and a preapproval settles at once.
// The total CC only changes through ledger_issuances.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { LEDGER_SCALE, formatUnits, parseUnits, usdCents } from '../../shared/decimal';
import { CC, ISSUER_PARTY, NETWORK, TREASURY_PARTY, contractId } from './parties';

export const OFFER_TTL_MS = 24 * 60 * 60 * 1000;
/** What the treasury mints when no holding of its covers a transfer (1,000,000 CC). */
const TOP_UP_UNITS = 10_000_000_000_000_000n;

/** USD price of CC: server1's digital_assets row when it exists, else the instrument's reference price. */
export async function ccPrice(db: D1Database): Promise<string> {
  try {
    const row = await db
      .prepare("SELECT CAST(last_price AS TEXT) AS price FROM digital_assets WHERE upper(symbol) = 'CC' LIMIT 1")
      .first<{ price: string | null }>();
    if (row?.price && /^\d+(\.\d+)?$/.test(row.price)) return row.price;
  } catch {
    // digital_assets arrives with the market migrations; until then the reference price stands.
  }
  const inst = await db.prepare("SELECT reference_price FROM ledger_instruments WHERE id = 'CC'").first<{ reference_price: string }>();
  return inst?.reference_price ?? '0';
}

/** The offers a settlement batch marked: its token and the status it gave them. */
const settledBy = (status: 'accepted' | 'rejected' | 'withdrawn' | 'expired') =>
  `SELECT id FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = '${status}'`;

/**
 * Statements that undo the locks of the offers the batch `token` marked `status` (rejected,
 * withdrawn or expired): the sender's locked holdings become free again, and both sides'
 * transactions rows (every row carrying the offer) end CANCELLED (withdrawn, expired) or FAILED
 * (rejected) with that reason. Bound as ?1 token, ?2 now.
 */
export function releaseStatements(db: D1Database, token: string, now: string, status: 'rejected' | 'withdrawn' | 'expired'): D1PreparedStatement[] {
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
  ];
}

/**
 * Statements that settle the offers the batch `token` marked accepted: one new holding of the
 * receiver per offer, the sender's locked holdings archived, conservation checked (what was archived
 * equals what was created, or the whole batch rolls back), and both sides' rows COMPLETED with one
 * hash per offer. Bound as ?1 token, ?2 now.
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
  ];
}

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

async function mintToTreasury(db: D1Database, units: bigint) {
  const id = newId();
  const now = nowIso();
  await db.batch([
    db
      .prepare(`INSERT INTO ledger_issuances (id, instrument_id, to_party, amount, created_at) VALUES (?, 'CC', ?, CAST(? AS INTEGER), ?)`)
      .bind(id, TREASURY_PARTY, units.toString(), now),
    db
      .prepare(
        `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
         VALUES (?, ?, 'CC', CAST(? AS INTEGER), ?, ?)`,
      )
      .bind(contractId(), TREASURY_PARTY, units.toString(), `issuance:${id}`, now),
  ]);
}

export interface TransferTarget {
  accountId: string;
  walletId: string;
  partyId: string;
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
      // Consume the treasury's largest free holding that covers the amount (chosen inside the batch).
      db
        .prepare(
          `UPDATE ledger_holdings SET archived_at = ?1, archived_by = ?2
           WHERE contract_id = (SELECT contract_id FROM ledger_holdings
             WHERE owner_party = ?3 AND instrument_id = 'CC' AND archived_at IS NULL AND lock_offer_id IS NULL
               AND amount >= CAST(?4 AS INTEGER)
             ORDER BY amount DESC LIMIT 1)`,
        )
        .bind(now, `split:${offerId}`, TREASURY_PARTY, u),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'treasury has no holding covering the amount' WHERE changes() = 0`),
      db
        .prepare(
          `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, lock_offer_id, created_by, created_at)
           VALUES (?, ?, 'CC', CAST(? AS INTEGER), ?, ?, ?)`,
        )
        .bind(contractId(), TREASURY_PARTY, u, offerId, `split:${offerId}`, now),
      db
        .prepare(
          `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
           SELECT ?, owner_party, instrument_id, amount - CAST(? AS INTEGER), ?, ?
           FROM ledger_holdings WHERE archived_by = ? AND amount > CAST(? AS INTEGER)`,
        )
        .bind(contractId(), u, `change:${offerId}`, now, `split:${offerId}`, u),
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
    ];
    if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: answer })));
    await db.batch(stmts);
    return answer;
  };
  try {
    return await attempt();
  } catch (err) {
    if (!isGuardTrip(err)) throw err;
    // No free treasury holding covers the amount: the issuer mints a top-up, then one retry.
    await mintToTreasury(db, TOP_UP_UNITS > units ? TOP_UP_UNITS : units);
    return attempt();
  }
}

/**
 * POST /wallets/auto-accept: accepts every pending, unexpired offer to `partyId` in one batch (the
 * treasury's and people's alike; each sender's row completes with the receiver's); lapsed offers are
 * expired instead. Racing calls serialize in D1: an offer is accepted once. affectedParties: the
 * caller's party and every sender whose offer it accepted.
 */
export async function acceptPendingOffers(db: D1Database, partyId: string, scope: IdempotencyScope | null) {
  const token = newId();
  const now = nowIso();
  const counts = `json_object(
      'contractsAccepted', (SELECT COUNT(*) FROM ledger_transfer_offers WHERE settle_token = ?1 AND status = 'accepted'),
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
  const answer = JSON.parse(results.at(-1)!.results[0]!.answer) as { contractsAccepted: number; offersExpired: number; affectedParties: string[] };
  return answer;
}

interface Sums {
  free: string;
  locked: string;
}

async function partySums(db: D1Database, partyId: string, instrument = CC): Promise<Sums> {
  const row = await db
    .prepare(
      `SELECT CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NULL THEN amount END), 0) AS TEXT) AS free,
              CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NOT NULL THEN amount END), 0) AS TEXT) AS locked
       FROM ledger_holdings WHERE owner_party = ? AND instrument_id = ? AND archived_at IS NULL`,
    )
    .bind(partyId, instrument)
    .first<Sums>();
  return row ?? { free: '0', locked: '0' };
}

/** GET /wallets/canton/balance/{partyId}: the sum of the party's unlocked CC holdings. */
export async function partyBalance(db: D1Database, partyId: string) {
  const now = nowIso();
  const [sums, pending, price] = await Promise.all([
    partySums(db, partyId),
    db
      .prepare(
        `SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) AS units FROM ledger_transfer_offers
         WHERE receiver_party = ? AND status = 'pending' AND expires_at > ?`,
      )
      .bind(partyId, now)
      .first<{ units: string }>(),
    ccPrice(db),
  ]);
  const total = BigInt(sums.free) + BigInt(sums.locked) + BigInt(pending?.units ?? '0');
  return {
    partyId,
    instrument: CC,
    balance: formatUnits(sums.free, LEDGER_SCALE),
    locked: formatUnits(sums.locked, LEDGER_SCALE),
    pendingIncoming: formatUnits(pending?.units ?? '0', LEDGER_SCALE),
    price,
    balance_usd_cents: Number(usdCents({ units: BigInt(sums.free), scale: LEDGER_SCALE }, price) ?? 0n),
    total: formatUnits(total, LEDGER_SCALE),
    total_usd_cents: Number(usdCents({ units: total, scale: LEDGER_SCALE }, price) ?? 0n),
  };
}

interface InstrumentRow {
  id: string;
  name: string;
  issuer_party: string;
  decimals: number;
  logo_url: string | null;
  created_at: string;
}

function assetOf(inst: InstrumentRow, price: string, free: string, locked: string, holdings: number) {
  return {
    id: inst.id,
    symbol: inst.id,
    name: inst.name,
    asset_type: 'crypto' as const,
    currency: 'USD',
    network: NETWORK,
    caip2: 'canton:global',
    issuer_party: inst.issuer_party,
    decimals: inst.decimals,
    last_price: price,
    balance: formatUnits(free, LEDGER_SCALE),
    locked: formatUnits(locked, LEDGER_SCALE),
    holding_count: holdings,
    value_usd_cents: Number(usdCents({ units: BigInt(free), scale: LEDGER_SCALE }, price) ?? 0n),
    logo_url: inst.logo_url,
    created_at: inst.created_at,
  };
}
export type LedgerAsset = ReturnType<typeof assetOf>;

/** GET /wallets/canton/parties/{partyId}/assets: per instrument, the party's holdings summed. */
export async function partyAssets(db: D1Database, partyId: string): Promise<LedgerAsset[]> {
  return assetsFor(db, [partyId]);
}

/** GET /wallets/canton/assets: the ledger's instruments with the caller's balance over all their parties. */
export async function assetsFor(db: D1Database, partyIds: string[]): Promise<LedgerAsset[]> {
  const [{ results: instruments }, price] = await Promise.all([
    db.prepare('SELECT id, name, issuer_party, decimals, logo_url, created_at FROM ledger_instruments ORDER BY id').all<InstrumentRow>(),
    ccPrice(db),
  ]);
  const sums = new Map<string, { free: bigint; locked: bigint; n: number }>();
  if (partyIds.length > 0) {
    const marks = partyIds.map(() => '?').join(',');
    const { results } = await db
      .prepare(
        `SELECT instrument_id,
                CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NULL THEN amount END), 0) AS TEXT) AS free,
                CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NOT NULL THEN amount END), 0) AS TEXT) AS locked,
                COUNT(*) AS n
         FROM ledger_holdings WHERE owner_party IN (${marks}) AND archived_at IS NULL GROUP BY instrument_id`,
      )
      .bind(...partyIds)
      .all<{ instrument_id: string; free: string; locked: string; n: number }>();
    for (const r of results) sums.set(r.instrument_id, { free: BigInt(r.free), locked: BigInt(r.locked), n: r.n });
  }
  return instruments.map((inst) => {
    const s = sums.get(inst.id);
    return assetOf(inst, price, (s?.free ?? 0n).toString(), (s?.locked ?? 0n).toString(), s?.n ?? 0);
  });
}

/** POST /wallets/canton/holding-transactions: the party's live holdings and its latest offers. */
export async function holdingTransactions(db: D1Database, partyId: string) {
  const now = nowIso();
  const [holdings, offers] = await Promise.all([
    db
      .prepare(
        `SELECT contract_id, instrument_id, CAST(amount AS TEXT) AS units, lock_offer_id, created_by, created_at
         FROM ledger_holdings WHERE owner_party = ? AND archived_at IS NULL ORDER BY created_at DESC LIMIT 100`,
      )
      .bind(partyId)
      .all<{ contract_id: string; instrument_id: string; units: string; lock_offer_id: string | null; created_by: string; created_at: string }>(),
    db
      .prepare(
        `SELECT * FROM (
           SELECT id, sender_party, receiver_party, instrument_id, CAST(amount AS TEXT) AS units, status, expires_at, created_at, settled_at
           FROM ledger_transfer_offers WHERE receiver_party = ?1 ORDER BY created_at DESC LIMIT 100)
         UNION ALL SELECT * FROM (
           SELECT id, sender_party, receiver_party, instrument_id, CAST(amount AS TEXT) AS units, status, expires_at, created_at, settled_at
           FROM ledger_transfer_offers WHERE sender_party = ?1 ORDER BY created_at DESC LIMIT 100)
         ORDER BY created_at DESC LIMIT 100`,
      )
      .bind(partyId)
      .all<{
        id: string;
        sender_party: string;
        receiver_party: string;
        instrument_id: string;
        units: string;
        status: 'pending' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';
        expires_at: string;
        created_at: string;
        settled_at: string | null;
      }>(),
  ]);
  return {
    partyId,
    holdings: holdings.results.map((h) => ({
      contractId: h.contract_id,
      instrument: h.instrument_id,
      amount: formatUnits(h.units, LEDGER_SCALE),
      locked: h.lock_offer_id !== null,
      lockedForOfferId: h.lock_offer_id,
      origin: h.created_by.split(':')[0] ?? 'unknown',
      createdAt: h.created_at,
    })),
    transferOffers: offers.results.map((o) => ({
      offerId: o.id,
      direction: o.receiver_party === partyId ? ('incoming' as const) : ('outgoing' as const),
      senderPartyId: o.sender_party,
      receiverPartyId: o.receiver_party,
      instrument: o.instrument_id,
      amount: formatUnits(o.units, LEDGER_SCALE),
      // A lapsed offer is expired even before a sweep records it.
      status: o.status === 'pending' && o.expires_at <= now ? ('expired' as const) : o.status,
      expiresAt: o.expires_at,
      createdAt: o.created_at,
      settledAt: o.settled_at,
    })),
  };
}

/** GET /wallets/canton/status: the simulated network's identity and the caller's parties count. */
export async function ledgerStatus(db: D1Database, partyCount: number) {
  const inst = await db.prepare("SELECT id FROM ledger_instruments WHERE id = 'CC'").first<{ id: string }>();
  return {
    connected: inst !== null,
    mode: 'simulated' as const,
    network: NETWORK,
    synchronizerId: 'global-domain::1220f1ae2d9b0d5c0f6e3b1d7e8a4c2b9f0e1d3c5a7b9d1f3e5a7c9b1d3f5e7a9c0b',
    participantId: 'PAR::dolar-participant::12205b3c1d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c',
    issuerPartyId: ISSUER_PARTY,
    treasuryPartyId: TREASURY_PARTY,
    instruments: [CC],
    ledgerTime: nowIso(),
    yourParties: partyCount,
  };
}

/** GET /wallets/canton/test: a self-check of the ledger's fixed parts (no full scans). */
export async function ledgerSelfTest(db: D1Database) {
  const [inst, treasury] = await Promise.all([
    db.prepare("SELECT issuer_party FROM ledger_instruments WHERE id = 'CC'").first<{ issuer_party: string }>(),
    partySums(db, TREASURY_PARTY),
  ]);
  const checks = {
    database: true,
    instrument: inst?.issuer_party === ISSUER_PARTY,
    treasuryFunded: BigInt(treasury.free) > 0n,
  };
  return { ok: Object.values(checks).every(Boolean), checks, treasuryBalance: formatUnits(treasury.free, LEDGER_SCALE) };
}
