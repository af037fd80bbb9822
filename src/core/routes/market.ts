// Core: GET /market/history/{symbol}, the stored price history of a stock or Canton asset.
// Public market data: the caller only has to be signed in (the core's `x-user-id`). Implements the
// contract's declaration (src/shared/contract/market.ts marketHistory), answer typed against it.
import { contractHono } from '../../platform/contract-hono';
import { errorBody } from '../../platform/errors';
import * as api from '../../shared/contract/market';
import type { CoreEnv } from '../env';
import { knownSymbol, priceHistory } from '../market/history';

export const market = contractHono<CoreEnv>().openapi(api.marketHistory, async (c) => {
  const { symbol } = c.req.valid('param');
  const known = await knownSymbol(c.env.DB, symbol);
  if (!known) return c.json(errorBody(404, `Asset ${symbol} not found`, 'not_found'), 404);
  return c.json({ data: await priceHistory(c.env.DB, known, c.req.valid('query').range) }, 200);
});
