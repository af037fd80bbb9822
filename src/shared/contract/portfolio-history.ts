// The contract of the brokerage's portfolio history, beside its orders and positions (./orders.ts)
// under /api/brokerage/accounts/{accountId}: the account's equity per trading day from the daily
// snapshots, in the shape of a brokerage trading API's portfolio history. Scoped to the caller: a
// foreign account id answers 404 like an unknown one.
import { createRoute } from '@hono/zod-openapi';
import * as o from '../schemas/order';
import { DEFAULT_PORTFOLIO_PERIOD, PORTFOLIO_PERIODS } from '../portfolio-periods';
import * as h from '../schemas/portfolio-history';
import { answers } from './common';

export const getPortfolioHistory = createRoute({
  tags: ['Orders and positions'],
  operationId: 'getPortfolioHistory',
  summary: 'Get the portfolio history',
  description: `The brokerage account’s value over \`period\` (${PORTFOLIO_PERIODS.join(', ')}; default ${DEFAULT_PORTFOLIO_PERIOD}), oldest first: one point per trading day from its snapshot, taken after the close (16:00 New York, 13:00 on an early close; none on weekends or holidays), then today’s point computed now at the current prices, so the last point is the current value. \`equity\` is the positions’ market value plus the USD account’s cash, \`profit_loss\` the positions’ return that day (equity - cash - cost basis), \`base_value\` the first point’s equity: exact USD strings. An account without a brokerage account answers no points. Another user’s account is 404. Read-only.`,
  method: 'get',
  path: '/accounts/{accountId}/portfolio/history',
  request: { params: o.orderAccountParam, query: h.portfolioHistoryQuery },
  responses: answers(h.portfolioHistory),
});

export const portfolioHistoryContract = [getPortfolioHistory] as const;
