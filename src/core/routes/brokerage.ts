// Core: the upstream's brokerage calls (/brokerage/...): the contract's declarations
// (src/shared/contract/brokerage.ts, orders.ts, recurring.ts) implemented. The account, its orders and positions
// and recurring buys are scoped to the caller (a foreign account, order or plan id answers 404);
// opening and creating a recurring buy honour Idempotency-Key, placing an order its client_order_id. The clock and calendar are the market
// clock's (../brokerage/market-clock.ts) at the market's time (../brokerage/market-time.ts).
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/brokerage';
import * as orders from '../../shared/contract/orders';
import * as recurring from '../../shared/contract/recurring';
import * as history from '../../shared/contract/portfolio-history';
import { openBrokerageAccount, readBrokerageAccount } from '../brokerage/account';
import { CALENDAR_COVERS, calendar } from '../brokerage/market-clock';
import { marketNow } from '../brokerage/market-time';
import { cancelOrder, closePosition, getOrder, listOrders, placeOrder } from '../brokerage/orders';
import { getPosition, listPositions } from '../brokerage/positions';
import { createRecurringBuy, deleteRecurringBuy, getRecurringBuy, listRecurringBuys, updateRecurringBuy } from '../brokerage/recurring';
import { portfolioHistory } from '../brokerage/snapshots';
import { fail } from '../db';
import type { CoreEnv } from '../env';
import { idempotent } from '../idempotency';

export const brokerage = contractHono<CoreEnv>()
  .openapi(api.getBrokerageAccount, async (c) => c.json({ data: await readBrokerageAccount(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(api.openBrokerageAccount, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    // Opened now: 201, as its stored Idempotency-Key answer says; an existing account: 200.
    const outcome = { created: false };
    const res = await idempotent(c, `POST /brokerage/accounts/${accountId}`, body, async (scope) => {
      const result = await openBrokerageAccount(c.env.DB, c.var.userId, accountId, body, scope);
      outcome.created = result.created;
      return result.account;
    });
    return outcome.created ? created(res) : res;
  })
  .openapi(api.getMarketClock, async (c) => c.json({ data: (await marketNow(c.env.DB, Date.now())).clock }, 200))
  .openapi(api.getMarketCalendar, (c) => {
    const { start, end } = c.req.valid('query');
    if (start < CALENDAR_COVERS.first || end > CALENDAR_COVERS.last) {
      fail(400, `The calendar covers ${CALENDAR_COVERS.first} to ${CALENDAR_COVERS.last}`, 'validation_failed');
    }
    return c.json({ data: calendar(start, end).map(({ date, open, close }) => ({ date, open, close })) }, 200);
  })
  .openapi(orders.placeOrder, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    // Placed now: 201, as its stored Idempotency-Key answer says; the order a client_order_id placed before: 200.
    const outcome = { created: false };
    const res = await idempotent(c, `POST /brokerage/accounts/${accountId}/orders`, body, async (scope) => {
      const result = await placeOrder(c.env.DB, c.var.userId, accountId, body, Date.now(), scope);
      outcome.created = result.created;
      return result.order;
    });
    return outcome.created ? created(res) : res;
  })
  .openapi(orders.listOrders, async (c) => {
    const { accountId } = c.req.valid('param');
    return c.json({ data: await listOrders(c.env.DB, c.var.userId, accountId, c.req.valid('query')) }, 200);
  })
  .openapi(orders.getOrder, async (c) => {
    const { accountId, orderId } = c.req.valid('param');
    return c.json({ data: await getOrder(c.env.DB, c.var.userId, accountId, orderId) }, 200);
  })
  .openapi(orders.cancelOrder, async (c) => {
    const { accountId, orderId } = c.req.valid('param');
    return c.json({ data: await cancelOrder(c.env.DB, c.var.userId, accountId, orderId, Date.now()) }, 200);
  })
  .openapi(orders.listPositions, async (c) => c.json({ data: await listPositions(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(orders.getPosition, async (c) => {
    const { accountId, symbol } = c.req.valid('param');
    return c.json({ data: await getPosition(c.env.DB, c.var.userId, accountId, symbol) }, 200);
  })
  .openapi(orders.closePosition, async (c) => {
    const { accountId, symbol } = c.req.valid('param');
    const outcome = { created: false };
    const res = await idempotent(c, `DELETE /brokerage/accounts/${accountId}/positions/${symbol}`, {}, async (scope) => {
      const result = await closePosition(c.env.DB, c.var.userId, accountId, symbol, Date.now(), scope);
      outcome.created = result.created;
      return result.order;
    });
    return outcome.created ? created(res) : res;
  })
  .openapi(recurring.listRecurringBuys, async (c) => c.json({ data: await listRecurringBuys(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(recurring.createRecurringBuy, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    const res = await idempotent(c, `POST /brokerage/accounts/${accountId}/recurring-buys`, body, (scope) =>
      createRecurringBuy(c.env.DB, c.var.userId, accountId, body, Date.now(), scope),
    );
    return created(res);
  })
  .openapi(recurring.getRecurringBuy, async (c) => {
    const { accountId, planId } = c.req.valid('param');
    return c.json({ data: await getRecurringBuy(c.env.DB, c.var.userId, accountId, planId) }, 200);
  })
  .openapi(recurring.updateRecurringBuy, async (c) => {
    const { accountId, planId } = c.req.valid('param');
    return c.json({ data: await updateRecurringBuy(c.env.DB, c.var.userId, accountId, planId, c.req.valid('json'), Date.now()) }, 200);
  })
  .openapi(recurring.deleteRecurringBuy, async (c) => {
    const { accountId, planId } = c.req.valid('param');
    return c.json({ data: await deleteRecurringBuy(c.env.DB, c.var.userId, accountId, planId) }, 200);
  })
  .openapi(history.getPortfolioHistory, async (c) => {
    const { accountId } = c.req.valid('param');
    return c.json({ data: await portfolioHistory(c.env.DB, c.var.userId, accountId, c.req.valid('query').period, Date.now()) }, 200);
  });
