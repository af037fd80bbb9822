// Transactions (amount_usd in cents, type, asset, network, status, tx_hash): newest first (ties
// within a millisecond by insertion order, rowid), filtered in SQL by type, status, UTC day range
// and a search (hash prefix or counterparty substring), paginated by limit/offset or by a keyset
// cursor (`before`: the previous page's last id). Unfiltered and type/status pages are read
// backwards from the (account_id|wallet_id, [type|status,] created_at) indexes with no sort step,
// so a page costs the same at 100 rows or 100,000. No COUNT(*): the client asks for the next page
// while pages come back full.
import type { OfferStatus, StatusReason } from '../../shared/transaction-labels';
import { LEDGER_SCALE, formatUnits } from '../../shared/decimal';
import { fail, requireAccount } from '../db';
import { partyKind, partyName, partyNameColumn } from '../ledger/party-names';
import { requireWallet } from '../ledger/wallets';
import type { TransactionListQuery } from '../../shared/schemas/transaction';

interface TransactionRow {
  id: string;
  account_id: string;
  wallet_id: string | null;
  type: 'deposit' | 'withdrawal' | 'transfer' | 'stock_order';
  amount_usd: number;
  asset: string;
  network: string;
  asset_units: string | null;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  tx_hash: string | null;
  description: string | null;
  counterparty: string | null;
  direction: 'sent' | 'received' | null;
  status_reason: StatusReason | null;
  cp_party: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The counterparty of a ledger movement: the other side of its transfer offer (the sender when this
 * account's party received it, else the receiver). Null for movements without an offer.
 */
const COUNTERPARTY = `COALESCE(t.counterparty_party, (SELECT CASE WHEN o.receiver_party IN (SELECT p.party_id FROM ledger_parties p WHERE p.account_id = t.account_id)
    THEN o.sender_party ELSE o.receiver_party END
  FROM ledger_transfer_offers o WHERE o.id = t.offer_id))`;

// The counterparty's masked name is read for the rows of the page only: the list's
// ORDER BY and LIMIT run on the index, the scalar subqueries after them.
const COLUMNS = `t.id, t.account_id, t.wallet_id, t.type, t.amount_usd, t.asset, t.network, CAST(t.asset_amount AS TEXT) AS asset_units,
  t.status, t.tx_hash, t.description, ${COUNTERPARTY} AS counterparty, t.direction, t.status_reason,
  ${partyNameColumn(COUNTERPARTY, 'cp')}, t.created_at, t.updated_at`;

const toTransaction = (r: TransactionRow) => ({
  id: r.id,
  account_id: r.account_id,
  wallet_id: r.wallet_id,
  created_at: r.created_at,
  updated_at: r.updated_at,
  type: r.type,
  /** USD cents. */
  amount_usd: r.amount_usd,
  asset: r.asset,
  /** The ledger amount as a decimal string with 10 decimals, when the asset is on the ledger. */
  asset_amount: r.asset_units === null ? null : formatUnits(r.asset_units, LEDGER_SCALE),
  network: r.network,
  status: r.status,
  tx_hash: r.tx_hash,
  description: r.description,
  counterparty: r.counterparty,
  /** A person-to-person transfer's side; null for the other movements. */
  direction: r.direction,
  /** The other party's name, masked ("Ana G."), the treasury's fixed one, or null. */
  counterparty_name: r.counterparty ? partyName(r.cp_party) : null,
  /** Who the other party is (the treasury or a person), or null. */
  counterparty_kind: r.counterparty ? partyKind(r.cp_party) : null,
  /** Why a transfer was CANCELLED (withdrawn, expired) or FAILED (rejected). */
  status_reason: r.status_reason,
});
export type Transaction = ReturnType<typeof toTransaction>;

export type ListQuery = Pick<TransactionListQuery, 'limit' | 'offset'> & Partial<Omit<TransactionListQuery, 'limit' | 'offset'>>;

/** The first instant after the UTC day `YYYY-MM-DD` (the exclusive end of an inclusive `to`). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** WHERE clauses and their values for the owner column (`account_id` or `wallet_id`) and the filters. */
async function whereOf(db: D1Database, owner: 'account_id' | 'wallet_id', ownerId: string, q: ListQuery) {
  const clauses = [`t.${owner} = ?`];
  const values: (string | number)[] = [ownerId];
  if (q.type) {
    clauses.push('t.type = ?');
    values.push(q.type);
  }
  if (q.status) {
    clauses.push('t.status = ?');
    values.push(q.status);
  }
  if (q.from) {
    clauses.push('t.created_at >= ?');
    values.push(`${q.from}T00:00:00.000Z`);
  }
  if (q.to) {
    clauses.push('t.created_at < ?');
    values.push(dayAfter(q.to));
  }
  if (q.q) {
    // A hash prefix (the hash as shown, abbreviated or whole) or any part of the counterparty's party id.
    // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes (a whole hash is 66), and instr has no
    // metacharacters to escape. lower() folds ASCII only, as LIKE did; no index serves either (the
    // search scans one account's rows, migration 0021).
    clauses.push(`(instr(lower(t.tx_hash), lower(?)) = 1 OR instr(lower(${COUNTERPARTY}), lower(?)) > 0)`);
    values.push(q.q, q.q);
  }
  if (q.before) {
    const cursor = await db
      .prepare(`SELECT created_at, rowid AS rid FROM transactions t WHERE t.id = ? AND t.${owner} = ?`)
      .bind(q.before, ownerId)
      .first<{ created_at: string; rid: number }>();
    if (!cursor) fail(400, 'before: not a transaction of this list');
    // `created_at <= ?` on its own makes the cursor a range of the index (the OR alone would make each
    // page scan every newer row: 100,000 rows exported in quadratic time); the OR breaks ties by rowid.
    clauses.push('t.created_at <= ? AND (t.created_at < ? OR t.rowid < ?)');
    values.push(cursor.created_at, cursor.created_at, cursor.rid);
  }
  return { where: clauses.join(' AND '), values };
}

async function list(db: D1Database, owner: 'account_id' | 'wallet_id', ownerId: string, q: ListQuery): Promise<Transaction[]> {
  const { where, values } = await whereOf(db, owner, ownerId, q);
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM transactions t WHERE ${where} ORDER BY t.created_at DESC, t.rowid DESC LIMIT ? OFFSET ?`)
    .bind(...values, q.limit, q.offset)
    .all<TransactionRow>();
  return results.map(toTransaction);
}

/** The list's SQL for a query (EXPLAIN QUERY PLAN in the tests). */
export async function listSql(db: D1Database, owner: 'account_id' | 'wallet_id', ownerId: string, q: ListQuery) {
  const { where, values } = await whereOf(db, owner, ownerId, q);
  return {
    sql: `SELECT ${COLUMNS} FROM transactions t WHERE ${where} ORDER BY t.created_at DESC, t.rowid DESC LIMIT ? OFFSET ?`,
    values: [...values, q.limit, q.offset],
  };
}

export async function listForAccount(db: D1Database, userId: string, accountId: string, q: ListQuery): Promise<Transaction[]> {
  await requireAccount(db, userId, accountId);
  return list(db, 'account_id', accountId, q);
}

export async function listForWallet(db: D1Database, userId: string, walletId: string, q: ListQuery): Promise<Transaction[]> {
  await requireWallet(db, userId, walletId);
  return list(db, 'wallet_id', walletId, q);
}

interface OfferRow {
  id: string;
  sender_party: string;
  receiver_party: string;
  instrument_id: string;
  amount: string;
  status: OfferStatus;
  expires_at: string;
  created_at: string;
  settled_at: string | null;
}

/**
 * One transaction with its transfer offer, when it has one (the ledger keeps the offer's status and
 * times, not a separate history: created, then accepted, rejected, withdrawn or expired at settled_at).
 */
export async function getTransaction(db: D1Database, userId: string, id: string) {
  const row = await db
    .prepare(
      `SELECT ${COLUMNS}, t.offer_id FROM transactions t
       WHERE t.id = ? AND EXISTS (SELECT 1 FROM user_accounts ua WHERE ua.account_id = t.account_id AND ua.user_id = ?)`,
    )
    .bind(id, userId)
    .first<TransactionRow & { offer_id: string | null }>();
  if (!row) return fail(404, 'Transaction not found');
  const offer = row.offer_id
    ? await db
        .prepare(
          `SELECT id, sender_party, receiver_party, instrument_id, CAST(amount AS TEXT) AS amount, status, expires_at, created_at, settled_at
           FROM ledger_transfer_offers WHERE id = ?`,
        )
        .bind(row.offer_id)
        .first<OfferRow>()
    : null;
  return {
    ...toTransaction(row),
    offer: offer && {
      offerId: offer.id,
      senderPartyId: offer.sender_party,
      receiverPartyId: offer.receiver_party,
      instrument: offer.instrument_id,
      amount: formatUnits(offer.amount, LEDGER_SCALE),
      status: offer.status,
      expiresAt: offer.expires_at,
      createdAt: offer.created_at,
      settledAt: offer.settled_at,
    },
  };
}
