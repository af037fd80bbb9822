// The contract of /api/market and /api/health: served by the BFF itself (KV cache, D1), not forwarded.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { digitalAsset, marketSnapshot, stock, symbolParam } from '../schemas/market';
import { answers } from './common';

export const marketList = createRoute({ tags: ['Market'], method: 'get', path: '/', responses: answers(marketSnapshot) });
export const marketStock = createRoute({ tags: ['Market'], method: 'get', path: '/stocks/{symbol}', request: { params: symbolParam }, responses: answers(stock) });
export const marketAsset = createRoute({
  tags: ['Market'],
  method: 'get',
  path: '/assets/{symbol}',
  request: { params: symbolParam },
  responses: answers(digitalAsset),
});
/** The market's reads, served from the KV cache (src/worker/routes/market.ts). */
export const marketContract = [marketList, marketStock, marketAsset] as const;

/** Open (no token): touches KV and D1 so that a broken binding shows up here first. */
export const health = createRoute({ tags: ['Health'], method: 'get', path: '/', security: [], responses: answers(z.object({ ok: z.literal(true) })) });
