// Transactions' plain values (types, statuses with the fallback to Pending, on-ramp providers, the
// New Transaction amount range, their dictionary keys) without zod, so a screen can show them without
// loading the schemas; ./schemas/transaction re-exports them.
import type { TranslationKey } from '../i18n';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'stock_order'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The one list of statuses, as the contract carries them (the answers of src/shared/schemas/transaction.ts and wallet.ts). */
export const TRANSACTION_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED'] as const;
export type TransactionStatusValue = (typeof TRANSACTION_STATUSES)[number];
/** A status as a screen names it (lower case: its dictionary key and its style). */
export type TransactionStatus = Lowercase<TransactionStatusValue>;

/** Upstream sends COMPLETED, PENDING...; any unknown value shows as pending. */
export function normalizeTransactionStatus(value: string | null | undefined): TransactionStatus {
  const upper = (value ?? '').toUpperCase();
  return (TRANSACTION_STATUSES as readonly string[]).includes(upper) ? (upper.toLowerCase() as TransactionStatus) : 'pending';
}

export const transactionStatusKey = (status: TransactionStatus): TranslationKey => `transactions.status.${status}`;

/**
 * Whether a transaction moved money: only a completed one did. A pending one has not yet (an offer
 * can still be rejected, withdrawn or expire); a failed or cancelled one never will.
 */
export const movedMoney = (status: string): boolean => normalizeTransactionStatus(status) === 'completed';

/** A transaction that ended without moving money (failed or cancelled): no money went in or out. */
export function endedUnmoved(status: string): boolean {
  const normalized = normalizeTransactionStatus(status);
  return normalized === 'failed' || normalized === 'cancelled';
}

/** Who the other side of a transfer is: the app's treasury (the faucet) or a person. */
export const COUNTERPARTY_KINDS = ['treasury', 'person'] as const;
export type CounterpartyKind = (typeof COUNTERPARTY_KINDS)[number];

/**
 * The other side's name as a screen shows it: the treasury's in the user's language (the server names
 * it in English, and its kind tells it apart), a person's as the server masked it.
 */
export const counterpartyName = <Name extends string | null | undefined>(
  t: (key: TranslationKey) => string,
  kind: CounterpartyKind | null | undefined,
  name: Name,
): string | Name => (kind === 'treasury' ? t('wallet.offers.treasury') : name);

const TYPE_KEYS: Record<TransactionType, TranslationKey> = {
  deposit: 'transactions.type.deposit',
  withdrawal: 'transactions.type.withdrawal',
  transfer: 'transactions.type.transfer',
  stock_order: 'transactions.type.stock_order',
};

/** Dictionary key of a known type, or null for another value (show it as it is). */
export function transactionTypeKey(type: string): TranslationKey | null {
  return Object.hasOwn(TYPE_KEYS, type) ? TYPE_KEYS[type as TransactionType] : null;
}

/** How New Transaction is paid: simulated USDC or Apple Pay, or the person's USD balance (their USD account's available dollars). */
export const ONRAMP_PROVIDERS = ['usdc', 'apple_pay', 'usd_balance'] as const;
export type OnrampProvider = (typeof ONRAMP_PROVIDERS)[number];
export const onrampProviderKey = (provider: OnrampProvider): TranslationKey => `transactions.new.provider.${provider}`;

/** The wallet select's "add a new wallet" option: never a valid choice to submit. */
export const ADD_NEW_WALLET = 'add_new';

export const AMOUNT_MIN_USD = '1';
export const AMOUNT_MAX_USD = '50';

/** Whether a transaction brought money into the account or took it out. */
export type TransactionDirection = 'in' | 'out';

/**
 * A person-to-person transfer says its side ('sent' or 'received'). Otherwise a negative
 * amount is always money out, and the type says it: a deposit and a faucet transfer are money in, a
 * withdrawal and a stock order (a purchase) are money out.
 */
export function transactionDirection(tx: { type: string; amount_usd: number; direction?: 'sent' | 'received' | null | undefined }): TransactionDirection {
  if (tx.direction === 'sent') return 'out';
  if (tx.direction === 'received') return 'in';
  if (tx.amount_usd < 0) return 'out';
  return tx.type === 'withdrawal' || tx.type === 'stock_order' ? 'out' : 'in';
}

export const transactionDirectionKey = (direction: TransactionDirection): TranslationKey =>
  direction === 'in' ? 'transactions.direction.in' : 'transactions.direction.out';

/** Why a transfer was CANCELLED or FAILED, as a dictionary key; null for none. */
export const STATUS_REASONS = ['rejected', 'withdrawn', 'expired'] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];
const REASON_KEYS: Record<StatusReason, TranslationKey> = {
  rejected: 'transactions.reason.rejected',
  withdrawn: 'transactions.reason.withdrawn',
  expired: 'transactions.reason.expired',
};
export const statusReasonKey = (reason: string | null | undefined): TranslationKey | null =>
  reason && Object.hasOwn(REASON_KEYS, reason) ? REASON_KEYS[reason as StatusReason] : null;

/** A transfer offer's life: pending until accepted, rejected (receiver), withdrawn (sender) or expired. */
export const OFFER_STATUSES = ['pending', 'accepted', ...STATUS_REASONS] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** An offer's status as its history line names it; an offer that ended unsettled says why, as its transaction does. */
const OFFER_STATUS_KEYS: Record<OfferStatus, TranslationKey> = {
  pending: 'transactions.detail.offer.status.pending',
  accepted: 'transactions.detail.offer.status.accepted',
  ...REASON_KEYS,
};
export const offerStatusKey = (status: OfferStatus): TranslationKey => OFFER_STATUS_KEYS[status];

/** The first and last UTC day a history filter (`from`, `to`) takes. */
export const FIRST_HISTORY_DAY = '2000-01-01';
export const LAST_HISTORY_DAY = '2999-12-31';
// The day after LAST_HISTORY_DAY (an inclusive `to`'s exclusive end) is still a 4-digit-year ISO
// string, which sorts as a time; the day after 9999-12-31 would be +010000-01-01, before every date.
const DAY_31 = '(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])';
const DAY_30 = '(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)';
const DAY_FEB = '02-(?:0[1-9]|1\\d|2[0-8])';
/** The leap years of 2000-2999: divisible by 4, the centuries only when divisible by 400. */
const LEAP_YEAR = '2(?:[048]00|\\d(?:0[48]|[2468][048]|[13579][26]))';
/**
 * A history day `YYYY-MM-DD`: a calendar day that exists (2026-02-30 does not) from FIRST_HISTORY_DAY
 * to LAST_HISTORY_DAY. One pattern, so that the published contract refuses exactly what the server does.
 */
export const HISTORY_DAY_PATTERN = `^(?:2\\d{3}-(?:${DAY_31}|${DAY_30}|${DAY_FEB})|${LEAP_YEAR}-02-29)$`;
const HISTORY_DAY = new RegExp(HISTORY_DAY_PATTERN);
export const isHistoryDay = (day: string) => HISTORY_DAY.test(day);
