// A recurring buy, the rules: how often it runs and what it may be, as plain lists without zod, so
// that the portfolio's form can check a draft without shipping a validator; ./schemas/recurring.ts
// builds the contract on them. Its amount is an order's dollar amount (./order-rules.ts).
export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_STATUSES = ['active', 'paused'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
/** How many plans one account may have (each runs on the clock). */
export const MAX_RECURRING_BUYS = 50;
