import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CENTS_SCALE,
  compareDecimals,
  decimalToString,
  divideDecimals,
  formatUnits,
  LEDGER_SCALE,
  multiplyDecimals,
  parseDecimal,
  parseUnits,
  roundDecimal,
  subtractDecimals,
  usdCents,
  type Decimal,
} from './decimal';

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe('decimal', () => {
  it('parses plain, signed, fraction-only and exponent notation', () => {
    expect(parseDecimal('123.45')).toEqual({ units: 12345n, scale: 2 });
    expect(parseDecimal('-0.5')).toEqual({ units: -5n, scale: 1 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDecimal('1e-7')).toEqual({ units: 1n, scale: 7 });
    expect(parseDecimal(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(parseDecimal(7n)).toEqual({ units: 7n, scale: 0 });
  });

  it('rejects text that is not a decimal', () => {
    for (const bad of ['', '.', '-', 'abc', '1,000', '1.2.3', ' - 1']) expect(parseDecimal(bad), bad).toBeNull();
    expect(parseDecimal(Number.NaN)).toBeNull();
  });

  it('rounds half away from zero', () => {
    expect(decimalToString(roundDecimal(d('1.005'), 2))).toBe('1.01');
    expect(decimalToString(roundDecimal(d('-1.005'), 2))).toBe('-1.01');
    expect(decimalToString(roundDecimal(d('1.004'), 2))).toBe('1.00');
    expect(decimalToString(roundDecimal(d('7'), 2))).toBe('7.00');
  });

  it('truncates toward zero when told', () => {
    expect(decimalToString(roundDecimal(d('1.019'), 2, 'trunc'))).toBe('1.01');
    expect(decimalToString(roundDecimal(d('-1.019'), 2, 'trunc'))).toBe('-1.01');
  });

  it("rounds away from zero when told (a buyer's fraction of a cent)", () => {
    expect(decimalToString(roundDecimal(d('1.011'), 2, 'expand'))).toBe('1.02');
    expect(decimalToString(roundDecimal(d('-1.011'), 2, 'expand'))).toBe('-1.02');
    expect(decimalToString(roundDecimal(d('1.010'), 2, 'expand'))).toBe('1.01');
  });

  it('divides to a number of digits, rounded as told, and refuses zero', () => {
    expect(decimalToString(divideDecimals(d('10'), d('3'), 4))).toBe('3.3333');
    expect(decimalToString(divideDecimals(d('2'), d('3'), 2))).toBe('0.67');
    expect(decimalToString(divideDecimals(d('2'), d('3'), 2, 'trunc'))).toBe('0.66');
    expect(decimalToString(divideDecimals(d('-2'), d('0.3'), 1))).toBe('-6.7');
    expect(decimalToString(divideDecimals(d('1'), d('-8'), 3))).toBe('-0.125');
    expect(decimalToString(divideDecimals(d('12.5'), d('0.001'), 0))).toBe('12500');
    expect(() => divideDecimals(d('1'), d('0.00'), 2)).toThrow(RangeError);
  });

  it('multiplies and prints exactly', () => {
    expect(decimalToString(multiplyDecimals(d('0.1'), d('0.2')))).toBe('0.02');
    expect(decimalToString(d('-0.05'))).toBe('-0.05');
  });

  it('compares values of different scales', () => {
    expect(compareDecimals(d('1.50'), d('1.5'))).toBe(0);
    expect(compareDecimals(d('1.49'), d('1.5'))).toBe(-1);
    expect(compareDecimals(d('2'), d('-3'))).toBe(1);
  });
});

describe('amounts at a fixed scale (ledger units, cents)', () => {
  it('parses decimal text into exact 10^-10 units', () => {
    expect(parseUnits('100', LEDGER_SCALE)).toBe(1_000_000_000_000n);
    expect(parseUnits('0.0000000001', LEDGER_SCALE)).toBe(1n);
    expect(parseUnits('1234.5', LEDGER_SCALE)).toBe(12_345_000_000_000n);
  });

  it('formats units with exactly 10 decimals', () => {
    expect(formatUnits(1_000_000_000_000n, LEDGER_SCALE)).toBe('100.0000000000');
    expect(formatUnits('1', LEDGER_SCALE)).toBe('0.0000000001');
    expect(formatUnits('100000000000000000', LEDGER_SCALE)).toBe('10000000.0000000000');
  });

  it('rejects text that is not a ledger amount', () => {
    expect(() => parseUnits('1e3', LEDGER_SCALE)).toThrow();
    expect(() => parseUnits('0.00000000001', LEDGER_SCALE)).toThrow();
  });
});

describe('usdCents', () => {
  const ledger = (text: string): Decimal => ({ units: parseUnits(text, LEDGER_SCALE), scale: LEDGER_SCALE });

  it('prices ledger units in USD cents, rounding half up', () => {
    expect(usdCents(ledger('100'), '0.15')).toBe(1500n);
    expect(usdCents(ledger('0.03'), '0.5')).toBe(2n); // 1.5 cents
    expect(usdCents(ledger('1'), '0.123456')).toBe(12n);
  });

  it('multiplies a balance by the last price exactly, rounded to cents', () => {
    expect(usdCents('100', 0.15)).toBe(1500n);
    expect(usdCents('3.3333333333', '3')).toBe(1000n);
    expect(usdCents('0.1', 0.2)).toBe(2n);
    expect(usdCents('1.005', '1')).toBe(101n);
    expect(usdCents('2', 1e-7)).toBe(0n);
  });

  it('answers null when either side is missing or not a number', () => {
    expect(usdCents(null, 1)).toBeNull();
    expect(usdCents('1', Number.NaN)).toBeNull();
    expect(usdCents('x', 1)).toBeNull();
  });
});

describe('decimal properties', () => {
  const decimal = fc.record({ units: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), scale: fc.integer({ min: 0, max: 12 }) });
  const same = (a: Decimal, b: Decimal) => compareDecimals(a, b) === 0;

  it('prints text that parses back to the same value', () => {
    fc.assert(fc.property(decimal, (x) => same(d(decimalToString(x)), x)));
  });

  it('keeps fixed-scale units through text', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.constantFrom(CENTS_SCALE, 6, LEDGER_SCALE),
        (units, scale) => parseUnits(formatUnits(units, scale), scale) === units,
      ),
    );
  });

  it('rounds to the nearest value, never more than half a step away, ties away from zero', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 12 }), (x, digits) => {
        const rounded = roundDecimal(x, digits);
        const error = subtractDecimals(x, rounded);
        const half: Decimal = { units: 5n, scale: digits + 1 };
        const abs: Decimal = { units: error.units < 0n ? -error.units : error.units, scale: error.scale };
        expect(compareDecimals(abs, half)).toBeLessThanOrEqual(0);
        if (compareDecimals(abs, half) === 0) expect(error.units < 0n).toBe(x.units > 0n);
      }),
    );
  });

  it('truncates toward zero, less than one step from the value', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 12 }), (x, digits) => {
        const cut = roundDecimal(x, digits, 'trunc');
        const rest = subtractDecimals(x, cut);
        // What is cut off has the value's sign (or is zero) and is smaller than one step 10^-digits.
        expect(rest.units === 0n || rest.units < 0n === x.units < 0n).toBe(true);
        const abs: Decimal = { units: rest.units < 0n ? -rest.units : rest.units, scale: rest.scale };
        expect(compareDecimals(abs, { units: 1n, scale: digits })).toBe(-1);
      }),
    );
  });

  it('orders like subtraction and is antisymmetric', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(compareDecimals(a, b)).toBe(-compareDecimals(b, a));
        const diff = subtractDecimals(a, b).units;
        expect(compareDecimals(a, b)).toBe(diff === 0n ? 0 : diff < 0n ? -1 : 1);
      }),
    );
  });

  it('multiplies exactly: the product divided back gives the factor', () => {
    fc.assert(
      fc.property(
        decimal,
        decimal.filter((x) => x.units !== 0n),
        (a, b) => {
          const product = multiplyDecimals(a, b);
          expect(product.units % b.units).toBe(0n);
          expect(same({ units: product.units / b.units, scale: product.scale - b.scale }, a)).toBe(true);
          expect(multiplyDecimals(b, a)).toEqual(product);
        },
      ),
    );
  });

  it('prices ledger units in cents as integer half-up division does', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        decimal.filter((x) => x.units >= 0n),
        (units, price) => {
          // cents = units x price x 100 / 10^(10 + price.scale), rounded half up: (2n + d) / 2d.
          const numerator = units * price.units * 100n;
          const denominator = 10n ** BigInt(LEDGER_SCALE + price.scale);
          const expected = (numerator * 2n + denominator) / (2n * denominator);
          expect(usdCents({ units, scale: LEDGER_SCALE }, price)).toBe(expected);
          expect(usdCents({ units, scale: LEDGER_SCALE }, decimalToString(price))).toBe(expected);
        },
      ),
    );
  });
});
