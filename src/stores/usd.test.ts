import { describe, expect, it } from 'vitest';
import { usdAmountOf } from './usd';

describe('the typed USD amount', () => {
  it('reads the decimal comma in es and fs and the point in en', () => {
    expect(usdAmountOf('1,5', 'es')).toEqual({ ok: true, amount: '1.5' });
    expect(usdAmountOf('250,75', 'fs')).toEqual({ ok: true, amount: '250.75' });
    expect(usdAmountOf('40.25', 'en')).toEqual({ ok: true, amount: '40.25' });
  });

  it('refuses an empty, non-positive, grouped or too precise amount with its own text', () => {
    expect(usdAmountOf('', 'en')).toEqual({ ok: false, error: 'usd.amount.empty' });
    expect(usdAmountOf('0', 'es')).toEqual({ ok: false, error: 'usd.amount.notPositive' });
    expect(usdAmountOf('1.000,50', 'es')).toEqual({ ok: false, error: 'usd.amount.grouping' });
    expect(usdAmountOf('1,005', 'es')).toEqual({ ok: false, error: 'usd.amount.decimals' });
    expect(usdAmountOf('abc', 'en')).toEqual({ ok: false, error: 'usd.amount.notNumber' });
  });
});
