// The caller's notifications: the list (newest first, with the unread count) and marking them read.
// A money event's facts are its transactions row's; an identity decision's reason is its verification's;
// an order closed unfilled names its symbol, a recurring buy's skipped run its symbol and amount.
// Every statement is scoped to the caller (a foreign or unknown id answers 404); marking read keeps the
// first time it was read, so repeating or racing a call changes nothing more.
import { nowIso } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits } from '../../shared/decimal';
import { fail } from '../db';
import { partyName, partyNameColumn } from '../ledger/party-names';
import type { IdvReason } from '../../shared/identity-rules';
import type { NotificationKind } from '../../shared/schemas/notification';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  transaction_id: string | null;
  created_at: string;
  read_at: string | null;
  asset: string | null;
  asset_units: string | null;
  amount_usd: number | null;
  cp_party: string | null;
  reason: IdvReason | null;
}

const UNREAD_SQL = 'SELECT COUNT(*) AS unread FROM notifications WHERE user_id = ?1 AND read_at IS NULL';

export async function listNotifications(db: D1Database, userId: string, page: { limit: number; offset: number }) {
  const [rows, unread] = await db.batch<NotificationRow | { unread: number }>([
    db
      .prepare(
        `SELECT n.id, n.kind, n.transaction_id, n.created_at, n.read_at, COALESCE(t.asset, o.symbol, rr.symbol) AS asset, CAST(abs(t.asset_amount) AS TEXT) AS asset_units, COALESCE(abs(t.amount_usd), rr.notional_cents) AS amount_usd,
           ${partyNameColumn('t.counterparty_party', 'cp')}, v.reason
         FROM notifications n LEFT JOIN transactions t ON t.id = n.transaction_id
           LEFT JOIN identity_verifications v ON v.id = n.verification_id LEFT JOIN orders o ON o.id = n.order_id
           LEFT JOIN recurring_runs rr ON rr.id = n.recurring_run_id
         WHERE n.user_id = ?1 ORDER BY n.seq DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(userId, page.limit, page.offset),
    db.prepare(UNREAD_SQL).bind(userId),
  ]);
  return {
    notifications: (rows!.results as NotificationRow[]).map((r) => ({
      id: r.id,
      kind: r.kind,
      transaction_id: r.transaction_id,
      created_at: r.created_at,
      read: r.read_at !== null,
      asset: r.asset,
      asset_amount: r.asset_units === null ? null : formatUnits(r.asset_units, LEDGER_SCALE),
      amount_usd: r.amount_usd,
      counterparty_name: partyName(r.cp_party),
      reason: r.reason,
    })),
    unread: (unread!.results[0] as { unread: number }).unread,
  };
}

/**
 * Marks read the caller's notification `id` (`through`: and every earlier one of theirs) and answers
 * the unread count; 404 when `id` is not one of the caller's.
 */
export async function markRead(db: D1Database, userId: string, id: string, through: boolean) {
  const [, mine, unread] = await db.batch<{ unread: number }>([
    db
      .prepare(
        through
          ? `UPDATE notifications SET read_at = ?3 WHERE user_id = ?1 AND read_at IS NULL
               AND seq <= (SELECT seq FROM notifications WHERE id = ?2 AND user_id = ?1)`
          : `UPDATE notifications SET read_at = COALESCE(read_at, ?3) WHERE id = ?2 AND user_id = ?1`,
      )
      .bind(userId, id, nowIso()),
    db.prepare('SELECT 1 AS unread FROM notifications WHERE id = ?2 AND user_id = ?1').bind(userId, id),
    db.prepare(UNREAD_SQL).bind(userId),
  ]);
  if (mine!.results.length === 0) fail(404, 'Notification not found');
  return { unread: unread!.results[0]!.unread };
}
