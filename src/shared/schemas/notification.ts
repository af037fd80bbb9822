// Notifications: what happened to the caller's money (an offer received, accepted, rejected,
// withdrawn or expired; a transfer received at once), newest first, with its read state. Amounts
// are the transaction's: USD cents and the ledger amount as exact decimal text.
import { z } from 'zod';
import { count, ledgerAmount, usdCents } from './answer-parts';
import { uuidId } from './ids';
import { timestamp } from './timestamp';

export const NOTIFICATION_KINDS = [
  'offer_received',
  'offer_accepted',
  'offer_rejected',
  'offer_withdrawn',
  'offer_expired',
  'transfer_received',
  // The USD account: dollars credited, a withdrawal settled or cancelled.
  'usd_deposited',
  'usd_withdrawal_settled',
  'usd_withdrawal_cancelled',
  'quote_executed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notification = z
  .object({
    id: uuidId,
    kind: z.enum(NOTIFICATION_KINDS),
    /** The caller's own transactions row of the event (GET /transactions/{id}). */
    transaction_id: uuidId,
    created_at: timestamp,
    read: z.boolean(),
    asset: z.string().nullable(),
    /** The event's amount, positive: the ledger amount and its USD value when it happened. */
    asset_amount: ledgerAmount.nullable(),
    amount_usd: usdCents,
    /** The other side's name as others see it (masked), or the treasury's. */
    counterparty_name: z.string().nullable(),
  })
  .meta({ id: 'Notification' });

export const notificationList = z.object({ notifications: z.array(notification), unread: count }).meta({ id: 'NotificationList' });
export const unreadCount = z.object({ unread: count }).meta({ id: 'UnreadCount' });

export const notificationIdParam = z.object({ id: uuidId });
/** POST /notifications/read: every notification up to and including `through` (by the order they happened). */
export const readThroughBody = z.object({ through: uuidId }).meta({ id: 'ReadThroughBody' });
