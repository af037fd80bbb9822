// Core: GET /market/{symbol}/history (issue 18), the stored price history of a stock or Canton asset.
// Public market data: the caller only has to be signed in (the core's `x-user-id`).
import { Hono } from 'hono';
import { validate } from '../../platform/validate';
import { symbolParam } from '../../shared/schemas/market';
import { historyQuery } from '../../shared/schemas/price-history';
import type { CoreEnv } from '../env';
import { knownSymbol, priceHistory } from '../market/history';

export const market = new Hono<CoreEnv>().get('/:symbol/history', validate('param', symbolParam), validate('query', historyQuery), async (c) => {
  const { symbol } = c.req.valid('param');
  const known = await knownSymbol(c.env.DB, symbol);
  if (!known) return c.json({ message: `Asset ${symbol} not found` }, 404);
  return c.json({ data: await priceHistory(c.env.DB, known, c.req.valid('query').range) }, 200);
});
