// Market data: stocks with their price record, and digital assets.
import { z } from 'zod';
import { marketSymbol } from './ids';
import { timestamp } from './timestamp';

export const stockPrice = z
  .object({
    price: z.number(),
    change: z.number(),
    change_percent: z.number(),
    market_cap: z.number(),
    volume: z.number(),
    high: z.number(),
    low: z.number(),
    open: z.number(),
    previous_close: z.number(),
    weighted_shares_outstanding: z.number(),
    updated_at: timestamp,
  })
  .meta({ id: 'StockPrice' });

export const stock = z
  .object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    logo_url: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    price: stockPrice.nullable(),
  })
  .meta({ id: 'Stock' });
export type Stock = z.infer<typeof stock>;

export const digitalAsset = z
  .object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    asset_type: z.string(),
    currency: z.string().nullable(),
    network: z.string().nullable(),
    caip2: z.string().nullable(),
    /** Exact decimal as text (never a float). */
    last_price: z.string().nullable(),
    logo_url: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'DigitalAsset' });
export type DigitalAsset = z.infer<typeof digitalAsset>;

/** GET /api/market */
export const marketSnapshot = z
  .object({
    stocks: z.array(stock),
    assets: z.array(digitalAsset),
    /**
     * Each symbol's (upper case) change over the last 24 h in percent, exact decimal text, from the
     * price history: the figure the asset page and its chart show. Null for a symbol without history;
     * absent when the source has no price history to read in bulk.
     */
    changes_24h: z.record(z.string(), z.string().nullable()).optional(),
  })
  .meta({ id: 'MarketSnapshot' });
export type MarketSnapshot = z.infer<typeof marketSnapshot>;

/** Path parameter of the detail calls: letters, digits, one inner '.' or '-' (BRK.B, BF-B); exact, no trim. */
export const symbolParam = z.object({ symbol: marketSymbol });
