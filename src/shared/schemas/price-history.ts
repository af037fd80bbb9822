// Price history: the query and answer of GET /market/history/{symbol}. Prices, the change
// and its percent are exact decimal text (never floats); times are ISO 8601 UTC.
import { z } from 'zod';
import { TIMEFRAMES as HISTORY_RANGES } from '../market';
import { timestamp } from './timestamp';

/** `range` (24h, 1w, 1m, 1y or max; 24h when absent, the asset page's default). */
export const historyQuery = z.object({ range: z.enum(HISTORY_RANGES, { error: 'range must be one of 24h, 1w, 1m, 1y, max' }).default('24h') });

const price = z.string().regex(/^\d+(\.\d+)?$/, 'decimal price');
const signed = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal');

export const priceHistory = z
  .object({
    /** The asset's symbol as stored (upper case). */
    symbol: z.string(),
    range: z.enum(HISTORY_RANGES),
    /** Oldest first, at most 300: the first is the price at the range's start. */
    points: z.array(z.object({ time: timestamp, price })).max(300),
    /** Last minus first point, exact; null without points. */
    change: signed.nullable(),
    /** The change in percent of the first point, 2 decimals; null without points or from zero. */
    change_percent: signed.nullable(),
    /** The period's highest and lowest stored price (every stored row, not only the plotted points). */
    high: price.nullable(),
    low: price.nullable(),
  })
  .meta({ id: 'PriceHistory' });
export type PriceHistory = z.infer<typeof priceHistory>;
