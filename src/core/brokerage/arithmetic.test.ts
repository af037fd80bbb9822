import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalToString, parseDecimal, type Decimal } from '../../shared/decimal';
import {
  MIN_NOTIONAL_CENTS,
  NO_POSITION,
  applyBuy,
  applySell,
  averageCost,
  buyCost,
  marketBuyCollar,
  notionalQty,
  positionFigures,
  sellProceeds,
  type Position,
} from './arithmetic';

const d = (text: string): Decimal =>
  parseDecimal(text) ??
  (() => {
    throw new Error(text);
  })();
const str = (value: Decimal | null) => (value ? decimalToString(value) : null);
/** A price from $0.0001 to $100,000 with up to 4 decimals. */
const price = fc.bigInt({ min: 1n, max: 1_000_000_000n }).map((units): Decimal => ({ units, scale: 4 }));
/** Shares: a millionth to 10,000. */
const qty = fc.bigInt({ min: 1n, max: 10_000_000_000n });

// The value of qty millionths at a price of scale 4, in cents, as an exact fraction n / 10^8.
const exactCentsTimes1e8 = (q: bigint, p: Decimal) => q * p.units;
const E8 = 100_000_000n;

describe('brokerage arithmetic', () => {
  it('buys $10 of a $187.33 share as 0.053381 shares, costing $10.00', () => {
    const q = notionalQty(1000n, d('187.33'));
    expect(q).toBe(53_381n);
    expect(buyCost(q, d('187.33'))).toBe(1000n);
  });

  it('never spends more than the dollar amount, and buys every millionth it can afford', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_NOTIONAL_CENTS, max: 100_000_000n }), price, (notional, p) => {
        const q = notionalQty(notional, p);
        // q x price <= notional < (q + 1 millionth) x price, exactly.
        expect(exactCentsTimes1e8(q, p) <= notional * E8).toBe(true);
        expect(exactCentsTimes1e8(q + 1n, p) > notional * E8).toBe(true);
        expect(buyCost(q, p) <= notional).toBe(true);
      }),
    );
  });

  it('charges a buy its value rounded up to the cent and pays a sell its value rounded down', () => {
    expect(buyCost(1n, d('0.0001'))).toBe(1n); // a fraction of a cent is a cent to the buyer
    expect(sellProceeds(1n, d('0.0001'))).toBe(0n);
    fc.assert(
      fc.property(qty, price, (q, p) => {
        const exact = exactCentsTimes1e8(q, p);
        const cost = buyCost(q, p);
        const paid = sellProceeds(q, p);
        expect(cost * E8 >= exact && (cost - 1n) * E8 < exact).toBe(true);
        expect(paid * E8 <= exact && (paid + 1n) * E8 > exact).toBe(true);
      }),
    );
  });

  it('collars a market buy at 5% over the price it was placed at', () => {
    expect(str(marketBuyCollar(d('100')))).toBe('105.00');
    expect(compareDecimals(d('105.01'), marketBuyCollar(d('100')))).toBe(1);
    expect(compareDecimals(d('104.99'), marketBuyCollar(d('100')))).toBe(-1);
  });

  it('keeps the average cost across buys and sells, and starts again when the position closes', () => {
    let p = applyBuy(NO_POSITION, 2_000_000n, 20_000n); // 2 shares for $200
    p = applyBuy(p, 2_000_000n, 30_000n); // 2 more for $300: average $125
    expect(str(averageCost(p))).toBe('125.0000');
    const sold = applySell(p, 1_000_000n); // sell 1: $125 of cost leaves with it
    expect(sold.costRemoved).toBe(12_500n);
    expect(sold.position).toEqual({ qty: 3_000_000n, costBasis: 37_500n });
    expect(str(averageCost(sold.position))).toBe('125.0000');
    const closed = applySell(sold.position, 3_000_000n);
    expect(closed.position).toEqual(NO_POSITION);
    expect(averageCost(closed.position)).toBeNull();
    // A new position after a close has the new price as its average cost, not the old one's.
    expect(str(averageCost(applyBuy(closed.position, 1_000_000n, 9_000n)))).toBe('90.0000');
  });

  it('refuses to sell shares the position does not hold, or none', () => {
    const p: Position = { qty: 1_000_000n, costBasis: 100n };
    expect(() => applySell(p, 1_000_001n)).toThrow(RangeError);
    expect(() => applySell(p, 0n)).toThrow(RangeError);
    expect(() => applySell(NO_POSITION, 1n)).toThrow(RangeError);
  });

  it('reports total return as market value minus cost basis, equal to (price - average cost) x shares', () => {
    // Robinhood's example: 10 shares at an average cost of $20, now $25: a $50 total return, 25%.
    const p = applyBuy(NO_POSITION, 10_000_000n, 20_000n);
    const f = positionFigures(p, d('25'), d('24'));
    expect(f).toMatchObject({ marketValue: 25_000n, costBasis: 20_000n, unrealizedPl: 5_000n, changeToday: 1_000n });
    expect(str(f.unrealizedPlRatio)).toBe('0.2500');
    expect(positionFigures(NO_POSITION, d('25'), d('24'))).toMatchObject({ marketValue: 0n, unrealizedPl: 0n, unrealizedPlRatio: null, changeToday: 0n });
  });

  it('agrees with an exact reference model over any sequence of buys and sells (average cost, conservation of cost)', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('buy' as const), q: qty, p: price }),
      fc.record({ kind: fc.constant('sell' as const), part: fc.bigInt({ min: 1n, max: 1000n }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let ours: Position = NO_POSITION;
        // The reference keeps the cost basis as an exact fraction (num / den cents), never rounded.
        let refQty = 0n;
        let refNum = 0n;
        let refDen = 1n;
        let paid = 0n;
        let removed = 0n;
        let sellsSinceOpen = 0n;
        for (const s of steps) {
          if (s.kind === 'buy') {
            const cost = buyCost(s.q, s.p);
            ours = applyBuy(ours, s.q, cost);
            paid += cost;
            refQty += s.q;
            refNum += cost * refDen;
          } else {
            if (ours.qty === 0n) continue;
            const q = (ours.qty * s.part + 999n) / 1000n; // a part of the holding, 1/1000 to all of it
            const out = applySell(ours, q);
            removed += out.costRemoved;
            ours = out.position;
            sellsSinceOpen += 1n;
            refNum *= refQty - q;
            refDen *= refQty;
            refQty -= q;
          }
          // Shares agree exactly; no figure goes negative; every cent paid is either still in the
          // basis or left with a sell.
          expect(ours.qty).toBe(refQty);
          expect(ours.costBasis >= 0n).toBe(true);
          expect(ours.costBasis + removed).toBe(paid);
          if (ours.qty === 0n) {
            expect(ours.costBasis).toBe(0n);
            refNum = 0n;
            refDen = 1n;
            sellsSinceOpen = 0n;
          } else {
            // Within half a cent per sell of the exact average-cost basis.
            const diff = ours.costBasis * refDen - refNum;
            expect((diff < 0n ? -diff : diff) * 2n <= sellsSinceOpen * refDen).toBe(true);
          }
        }
      }),
    );
  });
});
