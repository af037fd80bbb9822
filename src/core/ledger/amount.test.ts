import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, usdCents } from './amount';

describe('ledger amounts', () => {
  it('parses decimal text into exact 10^-10 units', () => {
    expect(parseAmount('100')).toBe(1_000_000_000_000n);
    expect(parseAmount('0.0000000001')).toBe(1n);
    expect(parseAmount('1234.5')).toBe(12_345_000_000_000n);
  });

  it('formats units with exactly 10 decimals', () => {
    expect(formatAmount(1_000_000_000_000n)).toBe('100.0000000000');
    expect(formatAmount('1')).toBe('0.0000000001');
    expect(formatAmount('100000000000000000')).toBe('10000000.0000000000');
  });

  it('rejects text that is not a ledger amount', () => {
    expect(() => parseAmount('1e3')).toThrow();
    expect(() => parseAmount('0.00000000001')).toThrow();
  });

  it('prices units in USD cents, rounding half up', () => {
    expect(usdCents(parseAmount('100'), '0.15')).toBe(1500n);
    expect(usdCents(parseAmount('0.03'), '0.5')).toBe(2n); // 1.5 cents
    expect(usdCents(parseAmount('1'), '0.123456')).toBe(12n);
  });
});
