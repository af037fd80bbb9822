import { describe, expect, it } from 'vitest';
import { simulatedQuote } from './quote';

describe('simulatedQuote', () => {
  it('applies rate 0.95 and fee 2.5: net = amount x 0.95 - 2.5', () => {
    expect(simulatedQuote('10')).toEqual({
      input_amount_usd: 10,
      exchange_rate: 0.95,
      fees_usd: 2.5,
      destination_asset: 'cc',
      net_destination_amount: 7,
    });
    expect(simulatedQuote('50')?.net_destination_amount).toBe(45);
  });

  it('is exact where float math is not', () => {
    // 1.1 * 0.95 - 2.5 in floats is -1.4550000000000003
    expect(simulatedQuote('1.1')?.net_destination_amount).toBe(-1.455);
    expect(simulatedQuote('33.33')?.net_destination_amount).toBe(29.1635);
    expect(simulatedQuote(25.5)?.net_destination_amount).toBe(21.725);
  });

  it('counts the amount in whole cents', () => {
    expect(simulatedQuote('10.005')?.input_amount_usd).toBe(10.01);
  });

  it('is null when the amount is empty, not a number or not positive', () => {
    for (const amount of ['', null, undefined, 'abc', '0', '-5', '0.001']) {
      expect(simulatedQuote(amount), String(amount)).toBeNull();
    }
  });
});
