// Paying with the USD balance (New Transaction's `usd_balance` method): the USD account of the
// account that buys pays the quote's total, the amount paid with the fee inside it. The debit is a
// guarded part of the buyer's own batch: the balance is taken down only while it covers the amount,
// so racing purchases, or a purchase racing a withdrawal, never take it below zero (the loser's
// whole batch rolls back). The purchase is a settled movement in the USD account's activity that
// names the purchase's transaction; it is neither a deposit nor a withdrawal, so the monthly limit
// does not count it (./limits.ts).
import { newId } from '../../platform/primitives';
import { fail } from '../db';
import { FREE_CENTS, usdWalletId } from './account';

/** The USD wallet of `accountId` that pays, or 409 `usd_account_not_open`. */
export async function payingUsdWallet(db: D1Database, accountId: string): Promise<string> {
  return (await usdWalletId(db, accountId)) ?? fail(409, 'Open your USD account to pay from your USD balance', 'usd_account_not_open');
}

/** 409 `insufficient_funds` when the wallet's available dollars do not cover `cents`. */
export async function requireUsdCovers(db: D1Database, walletId: string, cents: number): Promise<void> {
  const available = await db.prepare(`SELECT ${FREE_CENTS} AS free FROM usd_balances WHERE wallet_id = ?`).bind(walletId).first<number>('free');
  if ((available ?? 0) < cents) fail(409, 'Your USD balance does not cover the amount', 'insufficient_funds');
}

export interface Purchase {
  walletId: string;
  userId: string;
  cents: number;
  /** The purchase's own transactions row, which the movement names. */
  transactionId: string;
  now: string;
}

/** Batch statements: the guarded debit (a batch_guard trips when the balance does not cover it) and the settled purchase movement. */
export function usdPurchaseStatements(db: D1Database, p: Purchase): D1PreparedStatement[] {
  return [
    db
      .prepare(`UPDATE usd_balances SET available_cents = available_cents - ?1, updated_at = ?2 WHERE wallet_id = ?3 AND ${FREE_CENTS} >= ?1`)
      .bind(p.cents, p.now, p.walletId),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'usd balance does not cover the purchase' WHERE changes() = 0`),
    db
      .prepare(
        `INSERT INTO usd_movements (id, wallet_id, user_id, kind, rail, amount_cents, status, settle_at, bank_account_id, transaction_id, created_at, updated_at, settled_at)
         VALUES (?1, ?2, ?3, 'purchase', NULL, ?4, 'settled', NULL, NULL, ?5, ?6, ?6, ?6)`,
      )
      .bind(newId(), p.walletId, p.userId, p.cents, p.transactionId, p.now),
  ];
}
