// @vitest-environment node
// The orders contract's own rules: every write is limited by RL_ORDERS, an Order answer holds money
// as integer cents and quantities as exact decimal text, and open statuses are the ones that hold.
import { describe, expect, it } from 'vitest';
import { OPEN_ORDER_STATUSES, ORDER_STATUSES, order, position } from '../schemas/order';
import { limiterOf } from './common';
import recorded from './examples.json';
import { ordersContract } from './orders';

/** A filled order as the embedded core answered it (npm run examples). */
const anOrder = recorded.placeOrder.response.body.data;

describe('the orders contract', () => {
  it('limits every write by RL_ORDERS and leaves reads unlimited', () => {
    for (const route of ordersContract) expect(limiterOf(route), route.operationId).toBe(route.method === 'get' ? undefined : 'RL_ORDERS');
  });

  it('takes an order with cents as integers and shares as decimal text, and refuses a float amount', () => {
    expect(order.safeParse(anOrder).success).toBe(true);
    expect(order.safeParse({ ...anOrder, filled_cents: 10.5 }).success).toBe(false);
    expect(order.safeParse({ ...anOrder, filled_qty: 0.052631 }).success).toBe(false);
    expect(order.safeParse({ ...anOrder, filled_qty: '0.0526311' }).success).toBe(false);
  });

  it('counts only new, accepted and partially filled orders as open', () => {
    expect(OPEN_ORDER_STATUSES.every((s) => ORDER_STATUSES.includes(s))).toBe(true);
    expect(ORDER_STATUSES.filter((s) => !(OPEN_ORDER_STATUSES as readonly string[]).includes(s))).toEqual(['filled', 'canceled', 'expired', 'rejected']);
  });

  it('takes a position with a negative return as decimal text', () => {
    const held = {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      asset_class: 'us_equity',
      qty: '2',
      qty_available: '1.5',
      avg_entry_price: '190.0000',
      cost_basis_cents: 38000,
      current_price: '180.5',
      lastday_price: '181',
      change_today: '-0.0028',
      market_value_cents: 36100,
      unrealized_pl_cents: -1900,
      unrealized_plpc: '-0.0500',
      unrealized_intraday_pl_cents: -100,
    };
    expect(position.safeParse(held).success).toBe(true);
    expect(position.safeParse({ ...held, market_value_cents: '36100' }).success).toBe(false);
  });
});
