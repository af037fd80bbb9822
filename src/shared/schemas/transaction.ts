// Transactions: types, statuses (with the spec's fallback to Pending) and the New Transaction form
// (spec sections 3, 4, 5): amount 1-50 USD in steps of 0.01, a real wallet, destination Canton Coin.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import type { TranslationKey } from '../../i18n';
import { compareDecimals, decimalToNumber, parseDecimal } from '../decimal';
import { msg } from './messages';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'stock_order'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Upstream sends COMPLETED, PENDING...; any unknown value shows as pending (spec section 4). */
export function normalizeTransactionStatus(value: string | null | undefined): TransactionStatus {
  const lower = (value ?? '').toLowerCase();
  return (TRANSACTION_STATUSES as readonly string[]).includes(lower) ? (lower as TransactionStatus) : 'pending';
}

export const transactionStatusKey = (status: TransactionStatus): TranslationKey => `transactions.status.${status}`;

/** Dictionary key of a known type, or null for another value (show it as it is). */
export function transactionTypeKey(type: string): TranslationKey | null {
  return (TRANSACTION_TYPES as readonly string[]).includes(type) ? (`transactions.type.${type}` as TranslationKey) : null;
}

export const ONRAMP_PROVIDERS = ['usdc', 'apple_pay'] as const;
export type OnrampProvider = (typeof ONRAMP_PROVIDERS)[number];
export const onrampProviderKey = (provider: OnrampProvider): TranslationKey => `transactions.new.provider.${provider}`;

/** The wallet select's "add a new wallet" option: never a valid choice to submit. */
export const ADD_NEW_WALLET = 'add_new';

export const AMOUNT_MIN_USD = '1';
export const AMOUNT_MAX_USD = '50';
const MIN = parseDecimal(AMOUNT_MIN_USD)!;
const MAX = parseDecimal(AMOUNT_MAX_USD)!;

/** Amount typed in the field (text) or sent as a number; out: dollars with at most 2 decimals. */
const amountSchema = z.pipe(
  z.union([z.string(), z.number()], msg('transactions.validation.amountRequired')),
  z.transform((value, ctx) => {
    const text = String(value).trim();
    const parsed = text === '' ? null : parseDecimal(text);
    const fail = (key: TranslationKey) => {
      ctx.issues.push({ code: 'custom', message: key, input: value });
      return z.NEVER;
    };
    if (text === '') return fail('transactions.validation.amountRequired');
    if (!parsed) return fail('errors.invalidValue');
    if (compareDecimals(parsed, MIN) < 0) return fail('transactions.validation.amountMin');
    if (compareDecimals(parsed, MAX) > 0) return fail('transactions.validation.amountMax');
    // step 0.01: trailing zeros beyond the cents are fine ("1.500"), a third significant decimal is not.
    if (parsed.scale > 2 && parsed.units % 10n ** BigInt(parsed.scale - 2) !== 0n) {
      return fail('transactions.validation.amountStep');
    }
    return decimalToNumber(parsed);
  }),
);

/** The New Transaction form (its submit calls no server; the worker can reuse it when it does). */
export const newTransactionFormSchema = z.object({
  amount: amountSchema,
  onramp_provider: z.enum(ONRAMP_PROVIDERS, msg('errors.invalidValue')),
  wallet_id: z
    .string(msg('transactions.validation.walletRequired'))
    .check(
      z.trim(),
      z.minLength(1, msg('transactions.validation.walletRequired')),
      z.refine((id) => id !== ADD_NEW_WALLET, msg('transactions.validation.walletRequired')),
    ),
  destination_asset: z._default(z.literal('cc', msg('errors.invalidValue')), 'cc'),
});
export type NewTransactionInput = z.input<typeof newTransactionFormSchema>;
export type NewTransactionForm = z.output<typeof newTransactionFormSchema>;

// ---------------------------------------------------------------------------------------------
// The server's request schemas (full zod: coerce/refine), used by the BFF and the core.
// Transactions (spec section 3): the server's list query and path parameters.

export const MAX_PAGE = 100;

export const paginationQuery = zf.object({
  limit: zf.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  offset: zf.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const transactionListQuery = paginationQuery;
export const transactionIdParam = zf.object({ id: zf.string().trim().min(1).max(100) });
