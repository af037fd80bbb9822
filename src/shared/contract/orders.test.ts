// @vitest-environment node
// The orders contract's own rules: every write is limited by RL_ORDERS, an Order answer holds money
// as integer cents and quantities as exact decimal text, and open statuses are the ones that hold.
import { describe, expect, it } from 'vitest';
import { OPEN_ORDER_STATUSES, ORDER_STATUSES, order, position } from '../schemas/order';
import { limiterOf } from './common';
import { ordersContract } from './orders';

const anOrder = {
  id: '0b8f5a52-7c1e-4c39-9a53-5d3f3d0f2a11',
  client_order_id: 'ticket-1',
  account_id: '6f1c2a4e-8a1b-4c3d-9e2f-7a6b5c4d3e2f',
  symbol: 'AAPL',
  asset_class: 'us_equity',
  side: 'buy',
  type: 'market',
  time_in_force: 'day',
  qty: null,
  notional: '10.00',
  limit_price: null,
  status: 'filled',
  filled_qty: '0.052631',
  filled_avg_price: '190',
  filled_cents: 1000,
  reserved_cents: 0,
  reserved_qty: '0',
  fee_cents: 0,
  estimated_price: '190',
  estimated_qty: '0.052631',
  estimated_cents: 1000,
  executes_at: null,
  transaction_id: '1d6c0a8e-3b7f-4e51-8c2a-9f0e1d2c3b4a',
  created_at: '2026-11-27T15:00:00.000Z',
  updated_at: '2026-11-27T15:00:00.000Z',
  filled_at: '2026-11-27T15:00:00.000Z',
  canceled_at: null,
  expired_at: null,
};

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
