// The USD account of one of the caller's accounts: opening it (a wallet of chain `usd`, one per
// account, for a person whose identity is verified) and reading it as its screen shows it.
import { newId, nowIso } from '../../platform/primitives';
import type { UsdAccount, UsdBankAccount, UsdMovement } from '../../shared/schemas/usd';
import { fail, isUniqueViolation, requireAccount } from '../db';
import { MONTHLY_LIMIT_CENTS, monthWindow, usedSql } from './limits';

/** The newest movements a read shows. */
const ACTIVITY_SHOWN = 20;

export const MOVEMENT_COLUMNS = 'id, kind, rail, amount_cents, status, settle_at, bank_account_id, transaction_id, created_at, settled_at';
export const BANK_ACCOUNT_COLUMNS = 'id, holder_name, bank_name, account_last4, routing_number, created_at';

/**
 * The newest movements of the USD account: its own rows, and the cash of its brokerage fills (a buy
 * paid from the balance, a sell paid into it: the fill's COMPLETED `stock_order` row), newest first.
 * Each side is bounded before they merge, so the read stays as fast with a long order history.
 */
const ACTIVITY_SQL = `SELECT * FROM (
    SELECT ${MOVEMENT_COLUMNS}, NULL AS symbol, rowid AS seq FROM usd_movements WHERE wallet_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?3
  ) UNION ALL SELECT * FROM (
    SELECT id, CASE direction WHEN 'sent' THEN 'buy' ELSE 'sell' END AS kind, NULL AS rail, amount_usd AS amount_cents, 'settled' AS status,
      NULL AS settle_at, NULL AS bank_account_id, id AS transaction_id, created_at, created_at AS settled_at, asset AS symbol, rowid AS seq
    FROM transactions WHERE account_id = ?2 AND type = 'stock_order' AND status = 'COMPLETED' ORDER BY created_at DESC, rowid DESC LIMIT ?3
  ) ORDER BY created_at DESC, seq DESC LIMIT ?3`;

type ActivityRow = Omit<UsdMovement, 'symbol'> & { symbol: string | null; seq: number };

/**
 * What the balance can spend: available less what open buy orders of the brokerage hold (a
 * reservation is never spent by anything else).
 */
export const FREE_CENTS = 'available_cents - reserved_cents';

/** The USD wallet of the account, or null when its USD account is not open. */
export async function usdWalletId(db: D1Database, accountId: string) {
  return db.prepare(`SELECT id FROM wallets WHERE account_id = ? AND kind = 'usd'`).bind(accountId).first<string>('id');
}

/** Whether the person's identity verification is approved. */
export async function isVerified(db: D1Database, userId: string) {
  return (await db.prepare(`SELECT idv_status FROM profiles WHERE id = ?`).bind(userId).first<string | null>('idv_status')) === 'approved';
}

export async function requireVerified(db: D1Database, userId: string) {
  if (!(await isVerified(db, userId))) fail(403, 'Verify your identity first', 'identity_not_verified');
}

/** The USD wallet of one of the caller's accounts, or 404 (a foreign account looks like a missing one). */
export async function requireUsdWallet(db: D1Database, userId: string, accountId: string): Promise<string> {
  await requireAccount(db, userId, accountId);
  return (await usdWalletId(db, accountId)) ?? fail(404, 'USD account not found');
}

/** GET /usd/accounts/{accountId}: the account's USD account, or what it needs to be opened. */
export async function readUsdAccount(db: D1Database, userId: string, accountId: string): Promise<UsdAccount> {
  await requireAccount(db, userId, accountId);
  const now = Date.now();
  const { start, resetsAt } = monthWindow(now);
  const [verified, walletId, used] = await Promise.all([
    isVerified(db, userId),
    usdWalletId(db, accountId),
    db
      .prepare(`SELECT ${usedSql('?1', '?2')} AS used`)
      .bind(userId, start)
      .first<number>('used'),
  ]);
  const limit = verified ? MONTHLY_LIMIT_CENTS : 0;
  const usedCents = used ?? 0;
  const figures = {
    account_id: accountId,
    monthly_limit_cents: limit,
    used_this_month_cents: usedCents,
    remaining_this_month_cents: Math.max(0, limit - usedCents),
    resets_at: resetsAt,
  };
  if (!walletId) {
    return { status: verified ? 'closed' : 'unverified', wallet_id: null, available_cents: 0, pending_cents: 0, bank_accounts: [], activity: [], ...figures };
  }
  const [balance, banks, activity] = await db.batch([
    db
      .prepare(
        `SELECT b.available_cents AS available,
           (SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE wallet_id = ?1 AND kind = 'withdrawal' AND status = 'pending') AS pending
         FROM usd_balances b WHERE b.wallet_id = ?1`,
      )
      .bind(walletId),
    db.prepare(`SELECT ${BANK_ACCOUNT_COLUMNS} FROM usd_bank_accounts WHERE wallet_id = ? ORDER BY created_at, id`).bind(walletId),
    db.prepare(ACTIVITY_SQL).bind(walletId, accountId, ACTIVITY_SHOWN),
  ]);
  const figure = balance!.results[0] as { available: number; pending: number } | undefined;
  return {
    status: 'open',
    wallet_id: walletId,
    available_cents: figure?.available ?? 0,
    pending_cents: figure?.pending ?? 0,
    bank_accounts: banks!.results as UsdBankAccount[],
    activity: (activity!.results as ActivityRow[]).map(({ seq: _, symbol, ...m }) => (symbol === null ? m : { ...m, symbol })),
    ...figures,
  };
}

/**
 * POST /usd/accounts: opens the account's USD account (its wallet and a zero balance, in one batch)
 * for a verified person; opening it again (racing ones too, through the unique index) answers it.
 * Answers whether it was created now, and the account.
 */
export async function openUsdAccount(db: D1Database, userId: string, accountId: string) {
  await requireAccount(db, userId, accountId);
  await requireVerified(db, userId);
  let created = false;
  if (!(await usdWalletId(db, accountId))) {
    const id = newId();
    const now = nowIso();
    try {
      await db.batch([
        db
          .prepare(
            `INSERT INTO wallets (id, account_id, kind, chain, vendor, address, label, network, is_active, created_by, created_at, updated_at)
             VALUES (?, ?, 'usd', 'usd', 'dolar', NULL, 'USD Account', 'usd', 1, ?, ?, ?)`,
          )
          .bind(id, accountId, userId, now, now),
        db.prepare(`INSERT INTO usd_balances (wallet_id, available_cents, updated_at) VALUES (?, 0, ?)`).bind(id, now),
      ]);
      created = true;
    } catch (err) {
      if (!isUniqueViolation(err, 'wallets')) throw err;
    }
  }
  return { created, account: await readUsdAccount(db, userId, accountId) };
}
