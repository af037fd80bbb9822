import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalToString, multiplyDecimals, parseDecimal, roundDecimal } from './decimal';

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
