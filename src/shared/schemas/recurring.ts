// A recurring buy as the contract takes and answers it (full zod, English messages, OpenAPI), built
// on the rules in ../recurring-rules.ts and the order's dollar amount (../order-rules.ts): a market
// buy of `notional` dollars of one symbol, daily, weekly, every two weeks or monthly from a start
// date (a New York calendar date). Strict objects: an unknown field is refused, not dropped.
import { z } from 'zod';
import { MAX_NOTIONAL, MIN_NOTIONAL, orderProblem } from '../order-rules';
import { RECURRING_FREQUENCIES, RECURRING_STATUSES } from '../recurring-rules';
import { CALENDAR_DATE } from './brokerage';
import { marketSymbol, uuidId } from './ids';
import { ASSET_CLASSES } from './order';
import { timestamp } from './timestamp';

/** Dollars per run, an order's notional: $1 to the order limit, at most 2 decimals. */
/**
 * The published form of the range (1.00 to 1000000.00, at most 2 decimals), so that a client reading
 * the document sends only amounts the server takes; the order rules below stay the judge.
 */
const NOTIONAL_IN_RANGE = /^(?:[1-9]\d{0,5}(?:\.\d{1,2})?|1000000(?:\.0{1,2})?)$/;

const notional = z
  .string()
  .regex(NOTIONAL_IN_RANGE, `notional must be a dollar amount from ${MIN_NOTIONAL} to ${MAX_NOTIONAL} with at most 2 decimals`)
  .refine((value) => orderProblem({ side: 'buy', type: 'market', time_in_force: 'day', notional: value }) === null, {
    message: `notional must be from ${MIN_NOTIONAL} to ${MAX_NOTIONAL}`,
  })
  .meta({ description: `Dollars each run buys, ${MIN_NOTIONAL} to ${MAX_NOTIONAL} (an order's notional)`, example: '10.00' });

const frequency = z
  .enum(RECURRING_FREQUENCIES)
  .meta({ description: 'daily, weekly (every 7 days), biweekly (every 14 days) or monthly (on the start date’s day; the 31st on a shorter month’s last day)' });

const date = z.string().regex(CALENDAR_DATE, 'Must be a date from 2026-01-01 to 2028-12-31, YYYY-MM-DD');

export const recurringBuyBody = z
  .strictObject({
    symbol: marketSymbol.meta({ description: 'A stock or ETF of the market list', example: 'AAPL' }),
    notional,
    frequency,
    start_date: date.meta({ description: 'The first scheduled date: today or later in New York, YYYY-MM-DD', example: '2026-12-07' }),
  })
  .meta({ id: 'RecurringBuyBody' });

export const recurringBuyChange = z
  .strictObject({
    notional: notional.optional(),
    frequency: frequency.optional(),
    status: z.enum(RECURRING_STATUSES).optional().meta({ description: 'paused: no run until it is active again; active: resumes from today' }),
  })
  .refine((change) => Object.keys(change).length > 0, { message: 'Send at least one of notional, frequency and status' })
  .meta({ id: 'RecurringBuyChange', minProperties: 1 });

export const recurringBuy = z
  .object({
    id: uuidId,
    account_id: uuidId,
    symbol: z.string(),
    asset_class: z.enum(ASSET_CLASSES),
    notional: z.string().meta({ description: 'Dollars each run buys (decimal text).', example: '10.00' }),
    frequency: z.enum(RECURRING_FREQUENCIES),
    start_date: z.iso.date(),
    status: z.enum(RECURRING_STATUSES),
    next_run_date: z.iso.date().nullable().meta({
      description: 'The New York date of the next run (at 9:30 New York; a stock’s run on a weekend or holiday is on the next trading day); null while paused.',
    }),
    last_run_date: z.iso.date().nullable().meta({ description: 'The date of the last run, placed or skipped; null before the first.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'RecurringBuy' });

export const recurringAccountParam = z.object({ accountId: uuidId });
export const recurringParam = z.object({ accountId: uuidId, planId: uuidId });

export type RecurringBuy = z.infer<typeof recurringBuy>;
export type RecurringBuyBody = z.infer<typeof recurringBuyBody>;
export type RecurringBuyChange = z.infer<typeof recurringBuyChange>;
