// The withdrawal settlement job (run by the app's clock, src/worker/clock/): a pending withdrawal
// whose settle_at has come is settled (its row and its transactions row COMPLETED) and the person is
// told, once: the batch picks only rows still pending, so a repeated or racing run settles nothing twice.
import { newId } from '../../platform/primitives';
import { notifyRows } from '../ledger/notify';

/** How long a withdrawal stays pending before it settles (simulated bank rail: 2 minutes). */
export const WITHDRAWAL_SETTLE_MS = 2 * 60_000;

/** Withdrawals settled per batch, and batches per run (the rest is due at once on the next run). */
const SETTLE_BATCH = 100;
const SETTLE_MAX_BATCHES = 20;

/** When the next pending withdrawal is due (ISO), or null when none is pending. */
export async function nextWithdrawalSettlement(db: D1Database): Promise<string | null> {
  return db.prepare(`SELECT MIN(settle_at) AS at FROM usd_movements WHERE status = 'pending'`).first<string | null>('at');
}

/** Settles every pending withdrawal due at `now`, oldest first; answers how many. */
export async function settleDueWithdrawals(db: D1Database, now: string): Promise<number> {
  let settled = 0;
  for (let round = 0; round < SETTLE_MAX_BATCHES; round++) {
    const token = `settle:${newId()}`;
    const [marked] = await db.batch([
      db
        .prepare(
          `UPDATE usd_movements SET status = 'settled', settle_token = ?1, settled_at = ?2, updated_at = ?2
           WHERE id IN (SELECT id FROM usd_movements WHERE status = 'pending' AND settle_at <= ?2 ORDER BY settle_at LIMIT ?3)`,
        )
        .bind(token, now, SETTLE_BATCH),
      db
        .prepare(`UPDATE transactions SET status = 'COMPLETED', updated_at = ?2 WHERE id IN (SELECT transaction_id FROM usd_movements WHERE settle_token = ?1)`)
        .bind(token, now),
      notifyRows(db, 'usd_withdrawal_settled', now, 'SELECT transaction_id FROM usd_movements WHERE settle_token = ?3', token),
    ]);
    const count = marked?.meta.changes ?? 0;
    settled += count;
    if (count < SETTLE_BATCH) break;
  }
  return settled;
}
