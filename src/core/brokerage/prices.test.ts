// @vitest-environment node
// The embedded market's price step: at most 0.5% either way, to the cent from $1 (4 decimals below),
// never to zero, exact decimals throughout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalToString, multiplyDecimals, parseDecimal, subtractDecimals, type Decimal } from '../../shared/decimal';
import { MAX_MOVE_BP, movedPrice } from './prices';

const d = (text: string) => parseDecimal(text)!;
/** Whether `moved` is within 0.5% of `price`, give or take half a cent of rounding. */
const within = (price: Decimal, moved: Decimal) => {
  const diff = subtractDecimals(moved, price);
  const bound = addHalfCent(multiplyDecimals(price, { units: BigInt(MAX_MOVE_BP), scale: 4 }));
  return compareDecimals(diff.units < 0n ? { ...diff, units: -diff.units } : diff, bound) <= 0;
};
const addHalfCent = (value: Decimal): Decimal => subtractDecimals(value, { units: -5n, scale: 3 });

describe('movedPrice', () => {
  it('moves by the step and rounds to the cent from $1', () => {
    expect(decimalToString(movedPrice(d('190'), 50))).toBe('190.95');
    expect(decimalToString(movedPrice(d('190'), -50))).toBe('189.05');
    expect(decimalToString(movedPrice(d('190.01'), 1))).toBe('190.03');
    expect(decimalToString(movedPrice(d('190'), 0))).toBe('190.00');
  });

  it('keeps 4 decimals below $1, and never reaches zero', () => {
    expect(decimalToString(movedPrice(d('0.1571'), 50))).toBe('0.1579');
    expect(decimalToString(movedPrice(d('0.0001'), -50))).toBe('0.0001');
  });

  it('refuses a step over 0.5%', () => {
    expect(() => movedPrice(d('10'), MAX_MOVE_BP + 1)).toThrow(RangeError);
    expect(() => movedPrice(d('10'), 0.5)).toThrow(RangeError);
  });

  it('stays within 0.5% plus half a tick of the price it moved, for any price and step', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 100n, max: 10_000_000n }), fc.integer({ min: -MAX_MOVE_BP, max: MAX_MOVE_BP }), (cents, bp) => {
        const price: Decimal = { units: cents, scale: 2 };
        const moved = movedPrice(price, bp);
        expect(within(price, moved)).toBe(true);
        expect(moved.units > 0n).toBe(true);
        expect(moved.scale).toBe(2);
      }),
    );
  });
});
