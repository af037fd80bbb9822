// Notifications written with the money movement that causes them: statements a movement's batch
// includes, so an event and its notifications commit (or roll back) together. Each goes to every
// user of the account whose transactions row the event touched; the person who acted is not told
// of their own act (the receiver of a rejection's or withdrawal's other side is), an expiry tells
// both sides. Pruning to each user's newest 100 is the table's trigger (migrations/0026); the list and read state: src/core/notifications/.
import type { NotificationKind } from '../../shared/schemas/notification';

/** A random uuid v4 made by SQLite, for rows an INSERT ... SELECT creates. */
const UUID_SQL = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
  || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

/** One notification of `kind` per user of each transactions row `rowsSql` selects (its binds from ?3). */
export const notifyRows = (db: D1Database, kind: NotificationKind, now: string, rowsSql: string, ...binds: string[]) =>
  db
    .prepare(
      `INSERT INTO notifications (id, user_id, kind, transaction_id, created_at)
       SELECT ${UUID_SQL}, ua.user_id, ?1, t.id, ?2
       FROM transactions t JOIN user_accounts ua ON ua.account_id = t.account_id
       WHERE t.id IN (${rowsSql})`,
    )
    .bind(kind, now, ...binds);

/** The notifications of one transactions row (the receiver's side of a send or a faucet offer). */
export const notifyTransaction = (db: D1Database, kind: NotificationKind, now: string, transactionId: string) =>
  notifyRows(db, kind, now, 'SELECT ?3', transactionId);

/** Who hears of a settlement: the side that did not act (both for an expiry). */
const SETTLED_SIDE = {
  accepted: ['offer_accepted', `= 'sent'`],
  rejected: ['offer_rejected', `= 'sent'`],
  withdrawn: ['offer_withdrawn', `IS NOT 'sent'`],
  expired: ['offer_expired', null],
} as const;

/** The notifications of the offers the batch `token` marked `status`, on their transactions rows. */
export function notifySettled(db: D1Database, token: string, now: string, status: keyof typeof SETTLED_SIDE) {
  const [kind, direction] = SETTLED_SIDE[status];
  return notifyRows(
    db,
    kind,
    now,
    `SELECT id FROM transactions WHERE offer_id IN (SELECT id FROM ledger_transfer_offers WHERE settle_token = ?3 AND status = ?4)
       ${direction ? `AND direction ${direction}` : ''}`,
    token,
    status,
  );
}
