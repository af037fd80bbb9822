// The building blocks of the contract's answers. Money is never a float: USD as integer cents, ledger
// amounts as exact decimal text.
import { z } from 'zod';

/** A ledger amount: exact decimal text with Canton's 10 decimals, e.g. "100.0000000000". */
export const ledgerAmount = z.string().regex(/^-?\d+\.\d{10}$/, 'ledger amount with 10 decimals');
/** A USD price as exact decimal text, e.g. "0.1571". */
export const usdPrice = z.string().regex(/^\d+(\.\d+)?$/, 'decimal price');
/** USD in integer cents. */
export const usdCents = z.number().int();
/** A count of things (never negative). */
export const count = z.number().int().nonnegative();
/** The `{success: true}` every Accounts write answers, extended by its own fields. */
export const success = z.object({ success: z.literal(true) }).meta({ id: 'Success' });
