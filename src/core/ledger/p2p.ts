// Person-to-person transfers on the simulated ledger (issue 17), with Canton's semantics: a sender's
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
import { parseReceiver, type OfferDirection } from '../../shared/schemas/send';
import { fail, isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { formatAmount, parseAmount, usdCents } from './amount';
import { OFFER_TTL_MS, ccPrice, expireStatements, releaseStatements, settleAcceptedStatements, type TransferTarget } from './ledger';
import { NETWORK, contractId } from './parties';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A TransferPreapproval lives 90 days, renewed when it is read or used with less than 30 days left. */
export const PREAPPROVAL_TTL_MS = 90 * DAY_MS;
export const PREAPPROVAL_RENEW_MS = 30 * DAY_MS;
/** The treasury's name in offer lists: fixed English, the islands translate it by `counterpartyKind`. */
export const TREASURY_NAME = 'Dólar treasury';

const receiverNotFound = (): never => fail(404, 'No digital-assets wallet found for this receiver', 'receiver_not_found');
const selfTransfer = (): never => fail(400, 'You cannot send to your own wallet', 'self_transfer');
const offerNotPending = (): never => fail(409, 'This offer was already accepted, rejected, withdrawn or it expired', 'offer_not_pending');

/**
 * A person as others see them: "Ana G." from the profile's first and last name, else the start of the
 * party's hint and the end of its fingerprint ("personal…8cfce6"), which tells apart two people whose
 * accounts share a name as the party id does. Never the whole name, the phone or the account.
 */
export function maskedName(first: string | null | undefined, last: string | null | undefined, partyId: string): string {
  const given = (first ?? '').trim();
  if (given) {
    const initial = [...(last ?? '').trim()][0];
    return initial ? `${given} ${initial.toUpperCase()}.` : given;
  }
  const [hint = '', fingerprint = ''] = partyId.split('::');
  return `${[...hint].slice(0, 8).join('')}…${fingerprint.slice(-6)}`;
}

/**
 * An SQL column `<prefix>_party` naming the party `partyExpr` for partyName(): one lookup by key
 * giving its role, its id and its account owner's names as a JSON array (null for no such party).
 */
export const partyNameColumn = (partyExpr: string, prefix: string) => `
  (SELECT json_array(lp.role, lp.party_id, pr.first_name, pr.last_name) FROM ledger_parties lp
     LEFT JOIN accounts a ON a.id = lp.account_id LEFT JOIN profiles pr ON pr.id = a.created_by
   WHERE lp.party_id = ${partyExpr}) AS ${prefix}_party`;

/** The name of a party from partyNameColumn's value: the treasury's fixed name, a person's masked one, or null. */
export function partyName(party: string | null): string | null {
  if (!party) return null;
  const [role, partyId, first, last] = JSON.parse(party) as [string, string, string | null, string | null];
  return role === 'treasury' ? TREASURY_NAME : maskedName(first, last, partyId);
}

/** Whether partyNameColumn's value is the treasury. */
export const isTreasury = (party: string | null) => party !== null && (JSON.parse(party) as [string])[0] === 'treasury';

interface ReceiverRow {
  party_id: string;
  account_id: string;
  wallet_id: string;
  hint: string;
  first_name: string | null;
  last_name: string | null;
}

const RECEIVER_COLUMNS = `w.address AS party_id, w.account_id, w.id AS wallet_id, lp.hint, pr.first_name, pr.last_name`;
const RECEIVER_JOINS = `JOIN ledger_parties lp ON lp.party_id = w.address
  JOIN accounts a ON a.id = w.account_id LEFT JOIN profiles pr ON pr.id = a.created_by`;
const ACTIVE_DIGITAL_ASSET = `w.kind = 'digital_asset' AND w.is_active = 1 AND w.address IS NOT NULL`;

/** The active digital-assets wallet holding `partyId`, with its owner's names; null when there is none. */
async function receiverByParty(db: D1Database, partyId: string) {
  return db
    .prepare(`SELECT ${RECEIVER_COLUMNS} FROM wallets w ${RECEIVER_JOINS} WHERE w.address = ? AND ${ACTIVE_DIGITAL_ASSET} LIMIT 1`)
    .bind(partyId)
    .first<ReceiverRow>();
}

/**
 * The digital-assets party of the person who signs in with `phone` ('+' and digits; the local
 * sign-in stores the digits), among the accounts they own: the primary first, then the active one,
 * then the oldest.
 */
async function receiverByPhone(db: D1Database, phone: string) {
  return db
    .prepare(
      `SELECT ${RECEIVER_COLUMNS} FROM auth_users u
       JOIN user_accounts ua ON ua.user_id = u.id
       JOIN wallets w ON w.account_id = ua.account_id ${RECEIVER_JOINS}
       WHERE u.phone = ? AND a.created_by = u.id AND ${ACTIVE_DIGITAL_ASSET}
       ORDER BY ua.is_primary DESC, ua.is_active DESC, ua.created_at, ua.id LIMIT 1`,
    )
    .bind(phone.replace(/^\+/, ''))
    .first<ReceiverRow>();
}

async function preapprovalOf(db: D1Database, partyId: string, now: string) {
  return db
    .prepare('SELECT expires_at FROM ledger_transfer_preapprovals WHERE receiver_party = ? AND expires_at > ?')
    .bind(partyId, now)
    .first<{ expires_at: string }>();
}

/**
 * POST /wallets/canton/receivers/resolve: a party id or phone to the receiver's digital-assets party.
 * An unknown phone or party, and a person without a digital-assets wallet, answer the same 404.
 */
export async function resolveReceiver(db: D1Database, callerParty: string, receiverText: string) {
  const receiver = parseReceiver(receiverText);
  if (!receiver) return receiverNotFound();
  if (receiver.kind === 'party' && receiver.partyId === callerParty) return selfTransfer();
  const row = receiver.kind === 'party' ? await receiverByParty(db, receiver.partyId) : await receiverByPhone(db, receiver.phone);
  if (!row) return receiverNotFound();
  if (row.party_id === callerParty) return selfTransfer();
  const preapproval = await preapprovalOf(db, row.party_id, nowIso());
  return { partyId: row.party_id, displayName: maskedName(row.first_name, row.last_name, row.party_id), preapproved: preapproval !== null };
}

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
  const units = parseAmount(amountText);
  const u = units.toString();
  const cents = usdCents(units, price);
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
    amount: formatAmount(units),
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
    row(receiverTxId, { accountId: receiver.account_id, walletId: receiver.wallet_id, partyId: receiver.party_id }, 'received', from.partyId, '', 'Transfer received'),
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
function markOffer(db: D1Database, token: string, now: string, offerId: string, status: 'accepted' | 'rejected' | 'withdrawn', side: 'receiver' | 'sender', partyId: string) {
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

interface PendingOfferRow {
  id: string;
  counterparty: string;
  units: string;
  expires_at: string;
  created_at: string;
  cp_party: string | null;
}

/**
 * One page of one side's list (?1 party, ?2 now, ?3 limit, ?4 offset): largest amount first (the
 * INTEGER column of ledger units, so exact and numeric, never text order), then newest first, then
 * by id so that pages never overlap nor skip among equal offers. Read in order from its partial index
 * of pending offers by amount (no sort step; the unary + keeps the planner from the
 * (receiver_party, expires_at) index, which would need one). Lapsed offers still pending until the
 * expiry job runs are skipped as they come.
 */
export function pendingOffersSql(direction: OfferDirection) {
  const [mine, other] = direction === 'incoming' ? ['receiver_party', 'sender_party'] : ['sender_party', 'receiver_party'];
  return `SELECT o.id, o.${other} AS counterparty, CAST(o.amount AS TEXT) AS units, o.expires_at, o.created_at, ${partyNameColumn(`o.${other}`, 'cp')}
    FROM ledger_transfer_offers o
    WHERE o.${mine} = ?1 AND o.status = 'pending' AND +o.expires_at > ?2
    ORDER BY o.amount DESC, o.created_at DESC, o.id DESC LIMIT ?3 OFFSET ?4`;
}

/** How many offers one side's list holds in all (?1 party, ?2 now). */
const pendingCountSql = (direction: OfferDirection) =>
  `SELECT COUNT(*) AS n FROM ledger_transfer_offers
   WHERE ${direction === 'incoming' ? 'receiver_party' : 'sender_party'} = ?1 AND status = 'pending' AND expires_at > ?2`;

export interface OffersPage {
  /** Only this list (the other answers []); both without it. */
  direction?: OfferDirection | undefined;
  limit: number;
  offset: number;
}

/**
 * GET /wallets/canton/offers/{accountId}: a page of the party's pending, unexpired offers (of both
 * lists, or of `direction`'s), largest first, and both lists' totals, read in one batch so the
 * totals agree with the page.
 */
export async function pendingOffers(db: D1Database, partyId: string, page: OffersPage) {
  const now = nowIso();
  const read = (direction: OfferDirection) => page.direction === undefined || page.direction === direction;
  const list = (direction: OfferDirection) =>
    db.prepare(pendingOffersSql(direction)).bind(partyId, now, read(direction) ? page.limit : 0, page.offset);
  const total = (direction: OfferDirection) => db.prepare(pendingCountSql(direction)).bind(partyId, now);
  const [[incoming, outgoing, inTotal, outTotal], price] = await Promise.all([
    db.batch<Record<string, unknown>>([list('incoming'), list('outgoing'), total('incoming'), total('outgoing')]),
    ccPrice(db),
  ]);
  const toOffer = (direction: OfferDirection) => (o: PendingOfferRow) => ({
    offerId: o.id,
    direction,
    counterpartyPartyId: o.counterparty,
    counterpartyName: partyName(o.cp_party) ?? maskedName(null, null, o.counterparty),
    counterpartyKind: isTreasury(o.cp_party) ? ('treasury' as const) : ('person' as const),
    amount: formatAmount(o.units),
    amount_usd_cents: Number(usdCents(BigInt(o.units), price)),
    expiresAt: o.expires_at,
    createdAt: o.created_at,
  });
  const rows = (r: D1Result<Record<string, unknown>> | undefined) => (r?.results ?? []) as unknown as PendingOfferRow[];
  const n = (r: D1Result<Record<string, unknown>> | undefined) => Number((r?.results[0] as { n?: number } | undefined)?.n ?? 0);
  return {
    incoming: rows(incoming).map(toOffer('incoming')),
    outgoing: rows(outgoing).map(toOffer('outgoing')),
    incoming_total: n(inTotal),
    outgoing_total: n(outTotal),
  };
}

/**
 * GET /wallets/canton/preapproval/{accountId}: whether the party's preapproval is live; reading a
 * live one with less than 30 days left renews it to 90.
 */
export async function getPreapproval(db: D1Database, partyId: string) {
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const row = await preapprovalOf(db, partyId, now);
  if (!row) return { enabled: false, expiresAt: null };
  if (row.expires_at >= nowIso(nowMs + PREAPPROVAL_RENEW_MS)) return { enabled: true, expiresAt: row.expires_at };
  const expiresAt = nowIso(nowMs + PREAPPROVAL_TTL_MS);
  await db
    .prepare('UPDATE ledger_transfer_preapprovals SET expires_at = ? WHERE receiver_party = ? AND expires_at < ?')
    .bind(expiresAt, partyId, expiresAt)
    .run();
  return { enabled: true, expiresAt };
}

/** PUT /wallets/canton/preapproval/{accountId}: on creates (or renews) the 90-day preapproval, off removes it. */
export async function setPreapproval(db: D1Database, partyId: string, enabled: boolean) {
  if (!enabled) {
    await db.prepare('DELETE FROM ledger_transfer_preapprovals WHERE receiver_party = ?').bind(partyId).run();
    return { enabled: false, expiresAt: null };
  }
  const nowMs = Date.now();
  const expiresAt = nowIso(nowMs + PREAPPROVAL_TTL_MS);
  await db
    .prepare(
      `INSERT INTO ledger_transfer_preapprovals (receiver_party, created_at, expires_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (receiver_party) DO UPDATE SET expires_at = excluded.expires_at`,
    )
    .bind(partyId, nowIso(nowMs), expiresAt)
    .run();
  return { enabled: true, expiresAt };
}

/** Offers the expiry job settles per batch, and batches per run (a run then leaves the rest to the next minute). */
export const EXPIRY_BATCH = 100;
export const EXPIRY_MAX_BATCHES = 20;

/**
 * The expiry job (the Cron Trigger, embedded mode): every offer lapsed at `now` is expired (locks
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
