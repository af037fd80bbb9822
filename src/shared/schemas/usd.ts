// The USD account: request bodies and answers. Dollars travel as integer cents in answers and as
// decimal text with at most 2 decimals ("125.50") in requests, read into cents by src/shared/decimal.ts.
import { z } from 'zod';
import { usdCents } from './answer-parts';
import { uuidId } from './ids';
import { text } from './text';
import { timestamp } from './timestamp';

/** The most one movement may move (the monthly limit is smaller: this only bounds the figure). */
export const MAX_USD_MOVEMENT = '1000000.00';

/** A positive dollar amount, at most 2 decimals and at most MAX_USD_MOVEMENT, as canonical text. */
export const usdAmount = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Amount must be a positive number with at most 2 decimals')
  .refine((v) => Number(v) > 0, 'Amount must be positive')
  .refine((v) => Number(v) <= Number(MAX_USD_MOVEMENT), `Amount must be at most ${MAX_USD_MOVEMENT}`)
  .meta({ example: '125.50' });

export const USD_RAILS = ['bank', 'card'] as const;
export type UsdRail = (typeof USD_RAILS)[number];
/**
 * A purchase is New Transaction paid from the balance (its transaction_id is the purchase's row); a
 * buy or a sell is a filled brokerage order's cash (its transaction_id is the fill's `stock_order` row).
 */
export const USD_MOVEMENT_KINDS = ['deposit', 'withdrawal', 'purchase', 'buy', 'sell'] as const;
export const USD_MOVEMENT_STATUSES = ['pending', 'settled', 'cancelled'] as const;

/** The ABA routing number checksum: 3, 7, 1 weights over the 9 digits, a multiple of 10. */
export function validRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const openUsdBody = z.object({ account_id: uuidId }).meta({ id: 'OpenUsdAccountBody' });
export const usdAccountParam = z.object({ accountId: uuidId });
export const usdMovementParam = z.object({ accountId: uuidId, movementId: uuidId });

export const depositBody = z.object({ amount: usdAmount, rail: z.enum(USD_RAILS) }).meta({ id: 'UsdDepositBody' });
export const withdrawBody = z.object({ amount: usdAmount, bank_account_id: uuidId }).meta({ id: 'UsdWithdrawBody' });
export const addBankAccountBody = z
  .object({
    holder_name: text().min(1, 'Required').max(100),
    bank_name: text().min(1, 'Required').max(100),
    account_number: z.string().regex(/^\d{4,17}$/, 'Account number must be 4 to 17 digits'),
    // The document says the 9 digits; the ABA checksum it cannot say is in the field's description.
    routing_number: z
      .string()
      .regex(/^\d{9}$/, 'Routing number must be 9 digits with a valid ABA checksum')
      .refine(validRoutingNumber, 'Routing number must be 9 digits with a valid ABA checksum')
      .meta({ description: 'The ABA routing number: 9 digits whose checksum (weights 3, 7, 1) is a multiple of 10, e.g. 021000021.' }),
  })
  .meta({ id: 'UsdBankAccountBody' });

export const usdBankAccount = z
  .object({
    id: uuidId,
    holder_name: z.string(),
    bank_name: z.string(),
    account_last4: z.string(),
    routing_number: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'UsdBankAccount' });

export const usdMovement = z
  .object({
    id: uuidId,
    kind: z.enum(USD_MOVEMENT_KINDS),
    /** How a deposit or a withdrawal moved; null for a purchase, a buy or a sell paid from the balance. */
    rail: z.enum(USD_RAILS).nullable(),
    amount_cents: usdCents,
    status: z.enum(USD_MOVEMENT_STATUSES),
    /** When a pending withdrawal settles (null for a deposit, credited at once). */
    settle_at: timestamp.nullable(),
    bank_account_id: uuidId.nullable(),
    /** Its row in GET /transactions. */
    transaction_id: uuidId,
    created_at: timestamp,
    settled_at: timestamp.nullable(),
    /** The stock or ETF a buy or a sell traded (only on those). */
    symbol: z.string().optional(),
  })
  .meta({ id: 'UsdMovement' });

/**
 * The USD account of one of your accounts as its screen reads it: `status` says whether it is
 * open, can be opened (`closed`: identity verified) or waits for identity verification; the limit
 * figures are the person's this calendar month (UTC), over every USD account of theirs.
 */
export const usdAccount = z
  .object({
    status: z.enum(['open', 'closed', 'unverified']),
    account_id: uuidId,
    wallet_id: uuidId.nullable(),
    available_cents: usdCents,
    /** Pending withdrawals: reserved, no longer available, not yet sent. */
    pending_cents: usdCents,
    monthly_limit_cents: usdCents,
    used_this_month_cents: usdCents,
    remaining_this_month_cents: usdCents,
    resets_at: timestamp,
    bank_accounts: z.array(usdBankAccount),
    /** The newest movements (at most 20). */
    activity: z.array(usdMovement),
  })
  .meta({ id: 'UsdAccount' });
export type UsdAccount = z.infer<typeof usdAccount>;
export type UsdMovement = z.infer<typeof usdMovement>;
export type UsdBankAccount = z.infer<typeof usdBankAccount>;
