// Notifications written with the event that causes them: statements the event's batch includes, so
// an event and its notifications commit (or roll back) together. A money event's go to every user of
// the account whose transactions row it touched; the person who acted is not told of their own act
// (the receiver of a rejection's or withdrawal's other side is), an expiry tells both sides. An
// identity decision's goes to the person whose verification it is, an order's that closed unfilled
// to the person who placed it, a recurring buy's skipped run to the person whose plan it is. Every insert goes through
// insertNotifications, which takes only a NotificationKind (the table checks no kind list since
// migrations/0031). Pruning to each user's newest 100 is the table's trigger; the list and read
// state: src/core/notifications/.
import { NOTIFICATION_KINDS, type NotificationKind } from '../../shared/schemas/notification';

/** A random uuid v4 made by SQLite, for rows an INSERT ... SELECT creates. */
const UUID_SQL = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
  || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

/**
 * The one insert of notifications: one of `kind` per row that `subjectsSql` selects (columns user_id,
 * transaction_id, verification_id, order_id, recurring_run_id; its binds from ?3).
 */
function insertNotifications(db: D1Database, kind: NotificationKind, now: string, subjectsSql: string, binds: string[]) {
  if (!NOTIFICATION_KINDS.includes(kind)) throw new Error(`Not a notification kind: ${String(kind)}`);
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, kind, transaction_id, verification_id, order_id, recurring_run_id, created_at)
       SELECT ${UUID_SQL}, s.user_id, ?1, s.transaction_id, s.verification_id, s.order_id, s.recurring_run_id, ?2 FROM (${subjectsSql}) AS s`,
    )
    .bind(kind, now, ...binds);
}

/** One notification of `kind` per user of each transactions row `rowsSql` selects (its binds from ?3). */
export const notifyRows = (db: D1Database, kind: NotificationKind, now: string, rowsSql: string, ...binds: string[]) =>
  insertNotifications(
    db,
    kind,
    now,
    `SELECT ua.user_id, t.id AS transaction_id, NULL AS verification_id, NULL AS order_id, NULL AS recurring_run_id
     FROM transactions t JOIN user_accounts ua ON ua.account_id = t.account_id
     WHERE t.id IN (${rowsSql})`,
    binds,
  );

/** One notification of an identity decision per identity_verifications row `whereSql` picks (its binds from ?3), to its person. */
export const notifyVerifications = (db: D1Database, kind: 'identity_approved' | 'identity_rejected', now: string, whereSql: string, ...binds: string[]) =>
  insertNotifications(
    db,
    kind,
    now,
    `SELECT user_id, NULL AS transaction_id, id AS verification_id, NULL AS order_id, NULL AS recurring_run_id FROM identity_verifications WHERE ${whereSql}`,
    binds,
  );

/** The notification of an order that closed without a fill (canceled, expired, rejected: no money moved), to the person who placed it. */
export const notifyOrder = (db: D1Database, kind: 'order_canceled' | 'order_expired' | 'order_rejected', now: string, orderId: string) =>
  insertNotifications(
    db,
    kind,
    now,
    `SELECT user_id, NULL AS transaction_id, NULL AS verification_id, id AS order_id, NULL AS recurring_run_id FROM orders WHERE id = ?3`,
    [orderId],
  );

/** The notification of a recurring buy's run that placed nothing (skipped), to the person whose plan it is. */
export const notifyRecurringRun = (db: D1Database, kind: 'recurring_buy_skipped', now: string, runId: string, userId: string) =>
  insertNotifications(db, kind, now, `SELECT ?4 AS user_id, NULL AS transaction_id, NULL AS verification_id, NULL AS order_id, ?3 AS recurring_run_id`, [
    runId,
    userId,
  ]);

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
