// Money in and out of a USD account, each movement one D1 batch: the movement row, the balance, its
// transactions row, its notification and the Idempotency-Key's answer. The rules (a verified person,
// the monthly limit, a balance that covers a withdrawal) are checked inside the batch by the INSERT
// that creates the movement and a batch_guard after it, so racing requests can never take a balance
// below zero or a person past the limit. A deposit (simulated bank transfer or card) is credited at
// once; a withdrawal reserves its amount at once and stays pending until the settlement job
// (./settlement.ts) settles it, or it is cancelled and the amount returns.
import { newId, nowIso } from '../../platform/primitives';
import { CENTS_SCALE, parseUnits } from '../../shared/decimal';
import type { UsdMovement, UsdRail } from '../../shared/schemas/usd';
import { fail, isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { notifyTransaction } from '../ledger/notify';
import { FREE_CENTS, MOVEMENT_COLUMNS, isVerified, requireUsdWallet } from './account';
import { MONTHLY_LIMIT_CENTS, monthWindow, usedSql, verifiedSql } from './limits';
import { WITHDRAWAL_SETTLE_MS } from './settlement';

const RAIL_NETWORK = { bank: 'ach', card: 'card' } as const;
const DESCRIPTION = { bank: 'Bank transfer (simulated)', card: 'Card (simulated)' } as const;

interface Movement {
  userId: string;
  accountId: string;
  walletId: string;
  cents: number;
}

/** A deposit's or a withdrawal's row: it names its rail. */
type RailMovement = UsdMovement & { kind: 'deposit' | 'withdrawal'; rail: UsdRail };

/** A new movement's row, pending until told otherwise. */
const newMovement = (kind: RailMovement['kind'], rail: UsdRail, cents: number, now: string, bankAccountId: string | null): RailMovement => ({
  id: newId(),
  kind,
  rail,
  amount_cents: cents,
  status: 'pending',
  settle_at: null,
  bank_account_id: bankAccountId,
  transaction_id: newId(),
  created_at: now,
  settled_at: null,
});

/** Why a guarded movement was refused, read after its batch aborted. */
async function refusal(db: D1Database, m: Movement, start: string, withdrawal: boolean): Promise<never> {
  if (!(await isVerified(db, m.userId))) fail(403, 'Verify your identity first', 'identity_not_verified');
  if (withdrawal) {
    const available = await db.prepare(`SELECT ${FREE_CENTS} AS free FROM usd_balances WHERE wallet_id = ?`).bind(m.walletId).first<number>('free');
    if ((available ?? 0) < m.cents) fail(409, 'The available balance does not cover the amount', 'insufficient_funds');
  }
  const used = await db
    .prepare(`SELECT ${usedSql('?1', '?2')} AS used`)
    .bind(m.userId, start)
    .first<number>('used');
  if ((used ?? 0) + m.cents > MONTHLY_LIMIT_CENTS) fail(409, "The amount is more than what is left of this month's limit", 'monthly_limit_exceeded');
  fail(409, 'A concurrent change won; try again', 'changed_meanwhile');
}

/** The statements every movement shares: its row (guarded), the guard, and its transactions row. */
function movementStatements(db: D1Database, m: Movement, row: RailMovement, extraCondition: string, start: string) {
  const withdrawal = row.kind === 'withdrawal';
  return [
    db
      .prepare(
        `INSERT INTO usd_movements (id, wallet_id, user_id, kind, rail, amount_cents, status, settle_at, bank_account_id, transaction_id, created_at, updated_at, settled_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12
         WHERE ${verifiedSql('?3')} AND ${usedSql('?3', '?13')} + ?6 <= ?14 ${extraCondition}`,
      )
      .bind(
        row.id,
        m.walletId,
        m.userId,
        row.kind,
        row.rail,
        row.amount_cents,
        row.status,
        row.settle_at,
        row.bank_account_id,
        row.transaction_id,
        row.created_at,
        row.settled_at,
        start,
        MONTHLY_LIMIT_CENTS,
      ),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'usd movement refused' WHERE changes() = 0`),
    db
      .prepare(
        `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, status, direction, description, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.transaction_id,
        m.accountId,
        m.walletId,
        row.kind,
        withdrawal ? -row.amount_cents : row.amount_cents,
        RAIL_NETWORK[row.rail],
        withdrawal ? 'PENDING' : 'COMPLETED',
        withdrawal ? 'sent' : 'received',
        withdrawal ? 'Withdrawal to your bank account (simulated)' : DESCRIPTION[row.rail],
        row.created_at,
        row.created_at,
      ),
  ];
}

async function run(db: D1Database, m: Movement, start: string, stmts: D1PreparedStatement[], row: UsdMovement, scope: IdempotencyScope | null) {
  if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: row })));
  try {
    await db.batch(stmts);
  } catch (err) {
    if (isGuardTrip(err)) return refusal(db, m, start, row.kind === 'withdrawal');
    throw err;
  }
  return row;
}

/** POST /usd/accounts/{accountId}/deposits: dollars in by a simulated rail, credited at once. */
export async function deposit(
  db: D1Database,
  userId: string,
  accountId: string,
  body: { amount: string; rail: 'bank' | 'card' },
  scope: IdempotencyScope | null,
) {
  const walletId = await requireUsdWallet(db, userId, accountId);
  const m: Movement = { userId, accountId, walletId, cents: Number(parseUnits(body.amount, CENTS_SCALE)) };
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const { start } = monthWindow(nowMs);
  // Credited at once: settled when made.
  const row = { ...newMovement('deposit', body.rail, m.cents, now, null), status: 'settled' as const, settled_at: now };
  const stmts = [
    ...movementStatements(db, m, row, '', start),
    db.prepare('UPDATE usd_balances SET available_cents = available_cents + ?, updated_at = ? WHERE wallet_id = ?').bind(m.cents, now, walletId),
    notifyTransaction(db, 'usd_deposited', now, row.transaction_id),
  ];
  return run(db, m, start, stmts, row, scope);
}

/**
 * POST /usd/accounts/{accountId}/withdrawals: to one of the USD account's bank accounts; the amount
 * leaves the available balance at once and the withdrawal settles WITHDRAWAL_SETTLE_MS later.
 */
export async function withdraw(
  db: D1Database,
  userId: string,
  accountId: string,
  body: { amount: string; bank_account_id: string },
  scope: IdempotencyScope | null,
) {
  const walletId = await requireUsdWallet(db, userId, accountId);
  const bank = await db.prepare('SELECT id FROM usd_bank_accounts WHERE id = ? AND wallet_id = ?').bind(body.bank_account_id, walletId).first<string>('id');
  if (!bank) fail(404, 'Bank account not found');
  const m: Movement = { userId, accountId, walletId, cents: Number(parseUnits(body.amount, CENTS_SCALE)) };
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const { start } = monthWindow(nowMs);
  const row = { ...newMovement('withdrawal', 'bank', m.cents, now, bank), settle_at: nowIso(nowMs + WITHDRAWAL_SETTLE_MS) };
  const stmts = [
    // The wallet's available balance, less what open buy orders hold, must cover the amount.
    ...movementStatements(db, m, row, `AND (SELECT ${FREE_CENTS} FROM usd_balances WHERE wallet_id = ?2) >= ?6`, start),
    db.prepare('UPDATE usd_balances SET available_cents = available_cents - ?, updated_at = ? WHERE wallet_id = ?').bind(m.cents, now, walletId),
  ];
  return run(db, m, start, stmts, row, scope);
}

/** POST /usd/accounts/{accountId}/withdrawals/{movementId}/cancel: a pending withdrawal's amount returns. */
export async function cancelWithdrawal(db: D1Database, userId: string, accountId: string, movementId: string, scope: IdempotencyScope | null) {
  const walletId = await requireUsdWallet(db, userId, accountId);
  const found = await db
    .prepare(`SELECT ${MOVEMENT_COLUMNS} FROM usd_movements WHERE id = ? AND wallet_id = ? AND kind = 'withdrawal'`)
    .bind(movementId, walletId)
    .first<UsdMovement>();
  if (!found) fail(404, 'Withdrawal not found');
  const now = nowIso();
  const token = `cancel:${newId()}`;
  const row: UsdMovement = { ...found, status: 'cancelled' };
  const stmts = [
    db
      .prepare(`UPDATE usd_movements SET status = 'cancelled', settle_token = ?1, updated_at = ?2 WHERE id = ?3 AND status = 'pending'`)
      .bind(token, now, movementId),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'withdrawal not pending' WHERE changes() = 0`),
    db
      .prepare(
        `UPDATE usd_balances SET available_cents = available_cents + (SELECT amount_cents FROM usd_movements WHERE settle_token = ?1), updated_at = ?2 WHERE wallet_id = ?3`,
      )
      .bind(token, now, walletId),
    db.prepare(`UPDATE transactions SET status = 'CANCELLED', updated_at = ? WHERE id = ?`).bind(now, found.transaction_id),
    notifyTransaction(db, 'usd_withdrawal_cancelled', now, found.transaction_id),
  ];
  if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: row })));
  try {
    await db.batch(stmts);
  } catch (err) {
    if (isGuardTrip(err)) fail(409, 'The withdrawal was already settled or cancelled', 'withdrawal_not_pending');
    throw err;
  }
  return row;
}
