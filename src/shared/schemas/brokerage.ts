// The brokerage account: opening it (the suitability questionnaire and the W-8BEN declaration, in one
// body) and reading it, with the market clock and calendar. Cash and buying power are integer cents
// read from the USD account; buying power is cash less what open buy orders reserve
// (`reserved_cents`); equity is cash plus the positions' market value.
import { z } from 'zod';
import { usdCents } from './answer-parts';
import { COUNTRIES } from '../countries';
import { uuidId } from './ids';
import { text } from './text';
import { timestamp } from './timestamp';

export const EXPERIENCE = ['none', 'some', 'experienced'] as const;
export const RISK_TOLERANCE = ['low', 'medium', 'high'] as const;
export const HORIZON = ['short', 'medium', 'long'] as const;
/** Why trading is blocked, each until its step is done. */
export const TRADING_BLOCKS = ['identity_not_verified', 'suitability_required', 'w8ben_required'] as const;
export const BROKERAGE_STATUSES = ['unverified', 'not_opened', 'active'] as const;

export const suitabilityBody = z
  .object({
    experience: z.enum(EXPERIENCE).meta({ description: 'Investing experience: none, some, or experienced.' }),
    risk_tolerance: z.enum(RISK_TOLERANCE).meta({ description: 'How much loss the person accepts for a chance of gain: low, medium, or high.' }),
    horizon: z.enum(HORIZON).meta({ description: 'How long the person plans to stay invested: short (under 3 years), medium (3 to 10), long (over 10).' }),
  })
  .meta({ id: 'BrokerageSuitability' });

export const w8benBody = z
  .object({
    legal_name: text().min(1, 'Required').max(200).meta({ description: 'The beneficial owner: your verified name (compared without case or accents).' }),
    country: z.enum(COUNTRIES).meta({ description: 'Country of residence for tax purposes (ISO 3166-1 alpha-2): the one your identity verification names.' }),
    signature: text().min(1, 'Required').max(200).meta({ description: 'The typed signature: your legal name again (compared without case or accents).' }),
    certified: z.literal(true, 'Certify the declaration').meta({ description: 'Under penalties of perjury, the declaration is true, correct and complete.' }),
  })
  .meta({ id: 'BrokerageW8BenBody' });

export const openBrokerageBody = z.object({ suitability: suitabilityBody, w8ben: w8benBody }).meta({ id: 'OpenBrokerageAccountBody' });
export const brokerageAccountParam = z.object({ accountId: uuidId });

export const suitabilityAnswer = suitabilityBody.extend({ answered_at: timestamp }).meta({ id: 'BrokerageSuitabilityAnswers' });
export const w8benAnswer = z
  .object({
    legal_name: z.string(),
    country: z.string(),
    /** The day it was signed (UTC), set by the server. */
    date_signed: z.iso.date(),
    signed_at: timestamp,
  })
  .meta({ id: 'BrokerageW8Ben' });

export const brokerageAccount = z
  .object({
    status: z.enum(BROKERAGE_STATUSES),
    account_id: uuidId,
    /** The brokerage wallet (chain `brokerage`), null until opened. */
    wallet_id: uuidId.nullable(),
    account_number: z.string().nullable(),
    currency: z.literal('USD'),
    /** The USD account's available balance. */
    cash_cents: usdCents,
    /** Held by open buy orders. */
    reserved_cents: usdCents,
    /** What a new buy may spend: cash less reserved. */
    buying_power_cents: usdCents,
    /** The positions' market value at the current prices (the sum of GET .../positions' market_value_cents). */
    long_market_value_cents: usdCents,
    /** Everything the brokerage holds for you: cash + long_market_value_cents. */
    equity_cents: usdCents,
    /** Today's change of the positions' value: the sum of their unrealized_intraday_pl_cents. */
    change_today_cents: usdCents,
    /** Total return of the positions held (a simple return): market value - cost basis. */
    unrealized_pl_cents: usdCents,
    trading_blocked: z.boolean(),
    trading_blocked_reasons: z.array(z.enum(TRADING_BLOCKS)),
    /** The verified name and country the W-8BEN must carry (null fields when not on record). */
    verified_identity: z.object({ legal_name: z.string().nullable(), country: z.string().nullable() }),
    suitability: suitabilityAnswer.nullable(),
    w8ben: w8benAnswer.nullable(),
    created_at: timestamp.nullable(),
  })
  .meta({ id: 'BrokerageAccount' });

export const marketClock = z
  .object({
    timestamp,
    is_open: z.boolean(),
    next_open: timestamp,
    next_close: timestamp,
  })
  .meta({ id: 'MarketClock' });

/** The calendar's longest range: a year, both ends included. */
export const CALENDAR_MAX_DAYS = 366;
/**
 * A day the calendar covers (2026-2028, the exchange's published years: src/core/brokerage/market-clock.ts),
 * as a pattern of real dates only, so that the published document says exactly what is accepted.
 */
export const CALENDAR_DATE =
  /^(?:202[678]-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|2028-02-29)$/;
const isoDate = z
  .string()
  .regex(CALENDAR_DATE, 'Must be a date from 2026-01-01 to 2028-12-31, YYYY-MM-DD')
  .meta({ example: '2026-12-21', description: 'YYYY-MM-DD, 2026-01-01 to 2028-12-31; end not before start, at most 366 days after it' });

export const calendarQuery = z
  .object({ start: isoDate, end: isoDate })
  .refine((q) => q.start <= q.end, { message: 'end must not be before start', path: ['end'] })
  .refine((q) => (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 < CALENDAR_MAX_DAYS, {
    message: `The range must be at most ${CALENDAR_MAX_DAYS} days`,
    path: ['end'],
  });

export const calendarDay = z
  .object({
    date: z.iso.date(),
    /** New York time, HH:MM. */
    open: z.string().regex(/^\d{2}:\d{2}$/),
    close: z.string().regex(/^\d{2}:\d{2}$/),
  })
  .meta({ id: 'MarketCalendarDay' });

export type BrokerageAccount = z.infer<typeof brokerageAccount>;
export type MarketClock = z.infer<typeof marketClock>;
export type OpenBrokerageBody = z.infer<typeof openBrokerageBody>;
