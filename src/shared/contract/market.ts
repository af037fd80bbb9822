// The contract of /api/market and /api/health: served by the BFF itself (KV cache, D1), not forwarded,
// except the price history, which the BFF caches in KV but reads from the upstream.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { digitalAsset, marketSnapshot, stock, symbolParam } from '../schemas/market';
import { historyQuery, priceHistory } from '../schemas/price-history';
import { answers } from './common';

export const marketList = createRoute({
  tags: ['Market'],
  operationId: 'marketList',
  summary: 'List market prices',
  description:
    "Every stock, ETF and Canton asset the app lists, with its latest price (exact decimal strings) and daily change. Served from the Worker's cache (refreshed about every minute). Read-only.",
  method: 'get',
  path: '/',
  responses: answers(marketSnapshot),
});
export const marketStock = createRoute({
  tags: ['Market'],
  operationId: 'marketStock',
  summary: 'Get a stock',
  description: 'One stock or ETF by its symbol, with its latest price and daily change. Unknown symbol 404. Read-only.',
  method: 'get',
  path: '/stocks/{symbol}',
  request: { params: symbolParam },
  responses: answers(stock),
});
export const marketAsset = createRoute({
  tags: ['Market'],
  operationId: 'marketAsset',
  summary: 'Get a digital asset',
  description: 'One Canton digital asset by its symbol, with its latest price and daily change. Unknown symbol 404. Read-only.',
  method: 'get',
  path: '/assets/{symbol}',
  request: { params: symbolParam },
  responses: answers(digitalAsset),
});
/** The market's reads, served from the KV cache (src/worker/routes/market.ts). */
export const marketContract = [marketList, marketStock, marketAsset] as const;

/**
 * A stock's or Canton asset's prices over a range (24h, 1w, 1m, 1y, max), at most 300 points, with
 * the period's change, high and low as exact decimals. Unknown symbol 404, bad range 400.
 */
export const marketHistory = createRoute({
  tags: ['Market'],
  operationId: 'marketHistory',
  summary: 'Get price history',
  description:
    "A stock's or Canton asset's prices over a range (24h, 1w, 1m, 1y, max), at most 300 points, with the period's change, high and low as exact decimal strings. Unknown symbol 404, unknown range 400. Read-only.",
  method: 'get',
  // history before the symbol: a symbol never shares a position with a route word (stocks, assets).
  path: '/history/{symbol}',
  request: { params: symbolParam, query: historyQuery },
  responses: answers(priceHistory),
});
/** The market calls forwarded to the upstream (mounted at /market there too). */
export const marketForwardedContract = [marketHistory] as const;
/** Open (no token): touches KV and D1 so that a broken binding shows up here first. */
export const health = createRoute({
  tags: ['Health'],
  operationId: 'health',
  summary: 'Check the service',
  description: 'Answers `{ok: true}` when the Worker can reach its storage (KV and D1). Open: no token needed. For monitoring.',
  method: 'get',
  path: '/',
  security: [],
  responses: answers(z.object({ ok: z.literal(true) }).meta({ id: 'Health' })),
});
