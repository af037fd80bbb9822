import { describe, expect, it } from 'vitest';
import { extremeOf, historySummary, periodChange } from './price-history';

describe('periodChange', () => {
  it('answers the exact difference at the finer scale and the percent rounded half away from zero', () => {
    expect(periodChange('0.1571', '0.16')).toEqual({ change: '0.0029', percent: '1.85' });
    expect(periodChange('97318.25', '21276.79')).toEqual({ change: '-76041.46', percent: '-78.14' });
    // 1/8 = 12.5 % exactly; 1/800 = 0.125 % rounds to 0.13, -0.125 % to -0.13.
    expect(periodChange('8', '9')!.percent).toBe('12.50');
    expect(periodChange('800', '801')!.percent).toBe('0.13');
    expect(periodChange('800', '799')!.percent).toBe('-0.13');
    expect(periodChange('1.00', '1.00')).toEqual({ change: '0.00', percent: '0.00' });
  });

  it('has no percent from zero and refuses what is not a decimal', () => {
    expect(periodChange('0', '1.5')).toEqual({ change: '1.5', percent: null });
    expect(periodChange('abc', '1')).toBeNull();
  });
});

describe('extremeOf', () => {
  it('compares decimal text exactly and answers it as given', () => {
    expect(extremeOf(['0.10000000000000001', '0.1', '0.09'], 1)).toBe('0.10000000000000001');
    expect(extremeOf(['2.50', '10', '9.99'], -1)).toBe('2.50');
    expect(extremeOf([], 1)).toBeNull();
  });
});

describe('historySummary', () => {
  const history = {
    symbol: 'CC',
    range: '24h' as const,
    points: [
      { time: '2026-11-24T10:00:00.000Z', price: '0.1571' },
      { time: '2026-11-24T22:00:00.000Z', price: '0.1702' },
      { time: '2026-11-25T10:00:00.000Z', price: '0.16' },
    ],
    change: '0.0029',
    change_percent: '1.85',
    high: '0.1702',
    low: '0.1571',
  };

  it("takes the chart's text from a history: first and last point, change, percent, high and low as given, its line, no points", () => {
    expect(historySummary(history)).toEqual({
      symbol: 'CC',
      range: '24h',
      first: '0.1571',
      last: '0.16',
      change: '0.0029',
      change_percent: '1.85',
      high: '0.1702',
      low: '0.1571',
      line: 'M0 950L500 50L1000 751',
    });
  });

  it('has nothing to say without points or without a history', () => {
    expect(historySummary({ ...history, points: [], change: null, change_percent: null, high: null, low: null })).toBeNull();
    expect(historySummary(null)).toBeNull();
  });
});
