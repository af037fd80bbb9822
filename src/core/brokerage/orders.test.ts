// @vitest-environment node
// What an open order holds (its reservation) and when a limit is reached: pure rules of the engine.
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../../shared/decimal';
import { limitReached, reservationOf } from './orders';

const d = (text: string) => parseDecimal(text)!;

describe('reservationOf', () => {
  it('holds a dollar-based buy’s notional, in cents', () => {
    expect(reservationOf({ side: 'buy', type: 'market', notional: '10.00' }, d('190'))).toBe(1000n);
  });

  it('holds qty x price x 1.05 for a market buy by qty, rounded up to the cent', () => {
    // 3 x 33.33 x 1.05 = 104.9895
    expect(reservationOf({ side: 'buy', type: 'market', qty: '3' }, d('33.33'))).toBe(10499n);
  });

  it('holds qty x limit for a limit buy, rounded up to the cent', () => {
    expect(reservationOf({ side: 'buy', type: 'limit', qty: '0.333333', limit_price: '10.00' }, d('12'))).toBe(334n);
  });

  it('holds the shares of a sell: its qty, or what its notional sells at the price (millionths)', () => {
    expect(reservationOf({ side: 'sell', type: 'limit', qty: '2', limit_price: '110' }, d('100'))).toBe(2_000_000n);
    expect(reservationOf({ side: 'sell', type: 'market', notional: '10.00' }, d('3'))).toBe(3_333_333n);
  });
});

describe('limitReached', () => {
  it('reaches a buy limit at or below it, and a sell limit at or above it', () => {
    expect(limitReached('buy', d('100'), d('100'))).toBe(true);
    expect(limitReached('buy', d('100'), d('100.01'))).toBe(false);
    expect(limitReached('sell', d('100'), d('100'))).toBe(true);
    expect(limitReached('sell', d('100'), d('99.99'))).toBe(false);
  });
});
