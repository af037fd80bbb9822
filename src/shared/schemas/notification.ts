// Notifications: what happened to the caller's money (an offer received, accepted, rejected,
// withdrawn or expired; a transfer received at once; the USD account's and New Transaction's events)
// and to their identity verification (approved, or rejected with its reason), newest first, with its
// read state. A money event's amounts are its transaction's: USD cents and the ledger amount as exact
// decimal text; an identity decision has no transaction and no amount.
import { z } from 'zod';
import { count, ledgerAmount, usdCents } from './answer-parts';
import { IDV_REASONS } from '../identity-rules';
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
  // Identity verification decided (at once, or after its review): no transaction.
  'identity_approved',
  'identity_rejected',
  // Orders: filled (its stock_order transaction), canceled or expired (no money moved: the order's symbol).
  'order_filled',
  'order_canceled',
  'order_expired',
  // An order placed while the market was closed and rejected at the open (its price passed the 5% collar).
  'order_rejected',
  // A recurring buy's run that placed nothing (not enough buying power, trading blocked): its symbol and amount.
  'recurring_buy_skipped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notification = z
  .object({
    id: uuidId,
    kind: z.enum(NOTIFICATION_KINDS),
    transaction_id: uuidId.nullable().meta({
      description:
        "The caller's own transactions row of a money event (GET /transactions/{id}); null for an event that moved no money (identity_approved, identity_rejected: see GET /identity-verification).",
    }),
    created_at: timestamp,
    read: z.boolean(),
    asset: z.string().nullable(),
    /** The event's ledger amount, positive; null for a USD account's event and an identity decision. */
    asset_amount: ledgerAmount.nullable(),
    amount_usd: usdCents
      .nullable()
      .meta({ description: "The event's USD value in cents when it happened; null when it moved no money (an identity decision)." }),
    /** The other side's name as others see it (masked), or the treasury's. */
    counterparty_name: z.string().nullable(),
    reason: z
      .enum(IDV_REASONS)
      .nullable()
      .meta({ description: 'identity_rejected: why the verification was rejected (as GET /identity-verification answers it); null for every other kind.' }),
  })
  .meta({ id: 'Notification' });

export const notificationList = z.object({ notifications: z.array(notification), unread: count }).meta({ id: 'NotificationList' });
export const unreadCount = z.object({ unread: count }).meta({ id: 'UnreadCount' });

export const notificationIdParam = z.object({ id: uuidId });
/** POST /notifications/read: every notification up to and including `through` (by the order they happened). */
export const readThroughBody = z.object({ through: uuidId }).meta({ id: 'ReadThroughBody' });
