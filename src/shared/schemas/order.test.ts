import { describe, expect, it } from 'vitest';
import { orderBody } from './order';

const market = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day' } as const;
const refusal = (body: unknown) => {
  const parsed = orderBody.safeParse(body);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

describe('an order body', () => {
  it('takes a dollar-based market buy from $1, a market order by shares to a millionth, and a limit order by shares', () => {
    expect(refusal({ ...market, notional: '1.00' })).toBeNull();
    expect(refusal({ ...market, notional: '10', client_order_id: 'my-order-1' })).toBeNull();
    expect(refusal({ ...market, side: 'sell', qty: '0.000001' })).toBeNull();
    expect(refusal({ ...market, type: 'limit', qty: '2', limit_price: '185.50', time_in_force: 'gtc' })).toBeNull();
    expect(refusal({ ...market, type: 'limit', qty: '100', limit_price: '0.1571' })).toBeNull();
  });

  it('needs exactly one of qty and notional', () => {
    expect(refusal(market)).toBe('qty: Send exactly one of qty and notional');
    expect(refusal({ ...market, qty: '1', notional: '10.00' })).toBe('qty: Send exactly one of qty and notional');
  });

  it('refuses a dollar amount under $1 or over the bound, and a finer amount than a cent', () => {
    expect(refusal({ ...market, notional: '0.99' })).toBe('notional: notional must be at least 1.00');
    expect(refusal({ ...market, notional: '1000000.01' })).toBe('notional: notional must be at most 1000000.00');
    expect(refusal({ ...market, notional: '1.001' })).toContain('at most 2 decimals');
  });

  it('refuses zero shares, a seventh decimal, a sign or an exponent', () => {
    expect(refusal({ ...market, qty: '0.000000' })).toBe('qty: qty must be more than 0');
    expect(refusal({ ...market, qty: '0.0000001' })).toContain('at most 6 decimals');
    for (const qty of ['-1', '1e3', ' 1', '1,5', '']) expect(refusal({ ...market, qty }), qty).toContain('at most 6 decimals');
  });

  it('places a limit order by quantity with a price on the tick, and a market order without a price', () => {
    expect(refusal({ ...market, type: 'limit', notional: '10.00', limit_price: '10' })).toBe('qty: A limit order is placed by qty, not notional');
    expect(refusal({ ...market, type: 'limit', qty: '1' })).toBe('limit_price: A limit order needs a limit_price');
    expect(refusal({ ...market, type: 'limit', qty: '1', limit_price: '0' })).toBe('limit_price: limit_price must be more than 0');
    expect(refusal({ ...market, type: 'limit', qty: '1', limit_price: '185.505' })).toBe('limit_price: limit_price has at most 2 decimals from 1.00 (4 below)');
    expect(refusal({ ...market, qty: '1', limit_price: '185.50' })).toBe('limit_price: A market order has no limit_price');
  });

  it('keeps dollar-based and fractional orders to the day', () => {
    expect(refusal({ ...market, notional: '10.00', time_in_force: 'gtc' })).toBe('time_in_force: Dollar-based and fractional orders are day orders');
    expect(refusal({ ...market, type: 'limit', qty: '0.5', limit_price: '10', time_in_force: 'gtc' })).toBe(
      'time_in_force: Dollar-based and fractional orders are day orders',
    );
    expect(refusal({ ...market, qty: '2.000', time_in_force: 'gtc' })).toBeNull();
  });

  it('refuses what it does not know rather than dropping it (a stop order is never placed as a market order)', () => {
    expect(refusal({ ...market, qty: '1', stop_price: '150' })).toContain('stop_price');
    expect(refusal({ ...market, type: 'stop', qty: '1' })).toContain('type');
    expect(refusal({ ...market, time_in_force: 'ioc', qty: '1' })).toContain('time_in_force');
    expect(refusal({ ...market, qty: '1', client_order_id: 'x'.repeat(129) })).toContain('client_order_id');
    expect(refusal({ ...market, qty: '1', symbol: 'AAPL;DROP' })).toContain('symbol');
  });
});
