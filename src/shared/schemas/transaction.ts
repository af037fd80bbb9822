// Transactions: types, statuses (with the spec's fallback to Pending), the list query, the answers
// and the New Transaction form: amount 1-50 USD in steps of 0.01, a real wallet, destination Canton Coin.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import type { TranslationKey } from '../../i18n';
import { CENTS_SCALE, compareDecimals, decimalToNumber, parseDecimal, roundDecimal } from '../decimal';
import { msg } from './messages';
import { pageQuery } from './paging';
import {
  AMOUNT_MAX_USD,
  AMOUNT_MIN_USD,
  ADD_NEW_WALLET,
  COUNTERPARTY_KINDS,
  FIRST_HISTORY_DAY,
  HISTORY_DAY_PATTERN,
  LAST_HISTORY_DAY,
  ONRAMP_PROVIDERS,
  STATUS_REASONS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../transaction-labels';
import { uuidId } from './ids';
import { text } from './text';
import { ledgerAmount, usdCents } from './answer-parts';
import { timestamp } from './timestamp';
import { transferOffer } from './wallet';

export * from '../transaction-labels';

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
    // step 0.01: a whole number of cents; trailing zeros beyond the cents are fine ("1.500").
    if (compareDecimals(roundDecimal(parsed, CENTS_SCALE, 'trunc'), parsed) !== 0) return fail('transactions.validation.amountStep');
    return decimalToNumber(parsed);
  }),
);

/** The New Transaction form (its submit calls no server; the worker can reuse it when it does). */
export const newTransactionFormSchema = z.object({
  amount: amountSchema,
  onramp_provider: z.enum(ONRAMP_PROVIDERS, msg('errors.invalidValue')),
  wallet_id: z.string(msg('transactions.validation.walletRequired')).check(
    z.trim(),
    z.minLength(1, msg('transactions.validation.walletRequired')),
    z.refine((id) => id !== ADD_NEW_WALLET, msg('transactions.validation.walletRequired')),
  ),
  destination_asset: z._default(z.literal('cc', msg('errors.invalidValue')), 'cc'),
});

// ---------------------------------------------------------------------------------------------
// The server's request schemas (full zod: coerce/refine), used by the BFF and the core.
// Transactions: the server's list query and path parameters.

export const MAX_PAGE = 100;

const paginationQuery = pageQuery({ size: 50, max: MAX_PAGE, rows: 'Transactions' });
export const transactionIdParam = zf.object({ id: uuidId });

/** Longest search text (`q`): a full hash is 68 characters; a party id at most 133. */
export const MAX_SEARCH = 140;
/**
 * A UTC calendar day `YYYY-MM-DD` that exists (2026-02-30 does not), from FIRST_HISTORY_DAY to
 * LAST_HISTORY_DAY: one pattern that the published document carries as is.
 */
const isoDay = zf
  .string()
  .regex(new RegExp(HISTORY_DAY_PATTERN), `Expected a calendar day YYYY-MM-DD from ${FIRST_HISTORY_DAY} to ${LAST_HISTORY_DAY}`)
  .meta({ description: `A UTC calendar day YYYY-MM-DD from ${FIRST_HISTORY_DAY} to ${LAST_HISTORY_DAY}` });
/**
 * The filters of a transaction list and of its CSV export: type, status, the UTC days from..to
 * (both inclusive: `to=2026-01-31` takes the whole of that day), and `q`, a hash prefix or a
 * counterparty (party id) substring. Absent means no filter; an empty value is refused like any
 * other bad one (clients omit blank fields).
 */
const filterShape = {
  type: zf.enum(TRANSACTION_TYPES).optional(),
  status: zf.enum(['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED']).optional(),
  from: isoDay.optional().meta({ description: `The first UTC day YYYY-MM-DD (${FIRST_HISTORY_DAY} to ${LAST_HISTORY_DAY}), not after \`to\`` }),
  to: isoDay.optional(),
  q: text({ trim: false }).min(1).max(MAX_SEARCH, `Search is at most ${MAX_SEARCH} characters`).optional(),
};
const fromNotAfterTo = [
  (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to,
  { message: 'from must not be after to', path: ['from'] as PropertyKey[] },
] as const;

export const transactionFilters = zf.object(filterShape).refine(...fromNotAfterTo);
export type TransactionFilters = zf.infer<typeof transactionFilters>;

/**
 * A list page: the filters, limit/offset, and `before`, a keyset cursor (the id of the previous
 * page's last row) that the export pages with: stable while new rows arrive.
 */
export const transactionListQuery = zf.object({ ...paginationQuery.shape, before: uuidId.optional(), ...filterShape }).refine(...fromNotAfterTo);
export type TransactionListQuery = zf.infer<typeof transactionListQuery>;

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`), written from what the embedded core really answers
// and checked against it by tests/worker/bff/upstream-contract.test.ts. Objects strip unknown keys
// (zod's default): a field the contract does not name never reaches a client.

export const transaction = zf
  .object({
    id: zf.string(),
    account_id: zf.string(),
    wallet_id: zf.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    type: zf.enum(TRANSACTION_TYPES),
    amount_usd: usdCents,
    asset: zf.string(),
    asset_amount: ledgerAmount.nullable(),
    network: zf.string(),
    status: zf.enum(TRANSACTION_STATUSES),
    tx_hash: zf.string().nullable(),
    description: zf.string().nullable(),
    /** The other party of a ledger movement; null or absent when there is none or the upstream does not say. */
    counterparty: zf.string().nullable().optional(),
    /** A person-to-person transfer's side, or a stock order's (sent: a buy, received: a sell): sent or received; null for the others. */
    direction: zf.enum(['sent', 'received']).nullable().optional(),
    /** The other person, masked ("Ana G."), or the treasury's fixed English name; null when there is none. */
    counterparty_name: zf.string().nullable().optional(),
    /** Who the counterparty is (the treasury or a person), so a screen names the treasury in its language; null when there is none. */
    counterparty_kind: zf.enum(COUNTERPARTY_KINDS).nullable().optional(),
    status_reason: zf.enum(STATUS_REASONS).nullable().optional(),
  })
  .meta({ id: 'Transaction' });

/** GET /transactions/{id}: the transaction and its transfer offer with the offer's status and times. */
export const transactionDetail = transaction
  .extend({
    offer: transferOffer.omit({ direction: true }).nullable().optional(),
  })
  .meta({ id: 'TransactionDetail' });
