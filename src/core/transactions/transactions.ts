// Transactions (spec section 3): newest first (ties within a millisecond by insertion order,
// rowid), paginated by limit/offset, read backwards from the (account_id|wallet_id, created_at)
// indexes with no sort step, so a page costs the same at 100 rows or 100,000. No COUNT(*): the
// client asks for the next page while pages come back full.
import { formatAmount } from '../ledger/amount';
import { notFound, requireAccount } from '../db';
import { requireWallet } from '../ledger/wallets';

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
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, account_id, wallet_id, type, amount_usd, asset, network, CAST(asset_amount AS TEXT) AS asset_units,
  status, tx_hash, description, created_at, updated_at`;

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
  asset_amount: r.asset_units === null ? null : formatAmount(r.asset_units),
  network: r.network,
  status: r.status,
  tx_hash: r.tx_hash,
  description: r.description,
});
export type Transaction = ReturnType<typeof toTransaction>;

export interface Page {
  limit: number;
  offset: number;
}

export async function listForAccount(db: D1Database, userId: string, accountId: string, page: Page): Promise<Transaction[]> {
  await requireAccount(db, userId, accountId);
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM transactions WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
    .bind(accountId, page.limit, page.offset)
    .all<TransactionRow>();
  return results.map(toTransaction);
}

export async function listForWallet(db: D1Database, userId: string, walletId: string, page: Page): Promise<Transaction[]> {
  await requireWallet(db, userId, walletId);
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM transactions WHERE wallet_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
    .bind(walletId, page.limit, page.offset)
    .all<TransactionRow>();
  return results.map(toTransaction);
}

export async function getTransaction(db: D1Database, userId: string, id: string): Promise<Transaction> {
  const row = await db
    .prepare(
      `SELECT ${COLUMNS} FROM transactions t
       WHERE t.id = ? AND EXISTS (SELECT 1 FROM user_accounts ua WHERE ua.account_id = t.account_id AND ua.user_id = ?)`,
    )
    .bind(id, userId)
    .first<TransactionRow>();
  return row ? toTransaction(row) : notFound('Transaction not found');
}
