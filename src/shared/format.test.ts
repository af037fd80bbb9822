import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decimalToString, roundDecimal } from './decimal';
import {
  abbreviateHash,
  abbreviateMiddle,
  abbreviatePartyId,
  formatCents,
  formatChangePercent,
  formatCompact,
  formatDate,
  formatDay,
  formatDecimal,
  formatLedgerAmount,
  formatSignedCents,
  formatMarketCap,
  formatMarketTime,
  formatPrice,
  formatUsd,
  formatVolume,
  readTypedAmount,
} from './format';

describe('the module', () => {
  it('builds no Intl formatter until a number or date is formatted: importing it starts no ICU', async () => {
    vi.resetModules();
    const number = vi.spyOn(Intl, 'NumberFormat');
    const date = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const fresh = await import('./format');
      expect(number).not.toHaveBeenCalled();
      expect(date).not.toHaveBeenCalled();
      expect(fresh.formatUsd(1)).toBe('$1.00');
      expect(fresh.formatUsd(2)).toBe('$2.00');
      expect(number).toHaveBeenCalledTimes(1);
    } finally {
      number.mockRestore();
      date.mockRestore();
    }
  });
});

describe('formatUsd', () => {
  it('formats dollars as en-US USD', () => {
    expect(formatUsd(1234.56)).toBe('$1,234.56');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-5)).toBe('-$5.00');
    expect(formatUsd(1_000_000)).toBe('$1,000,000.00');
  });

  it('answers - for a missing or invalid value', () => {
    expect(formatUsd(null)).toBe('-');
    expect(formatUsd(undefined)).toBe('-');
    expect(formatUsd(Number.NaN)).toBe('-');
  });
});

describe('formatCents', () => {
  it('shows cents divided by 100 with 2 decimals', () => {
    expect(formatCents(12345)).toBe('$123.45');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100)).toBe('$1.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('stays exact beyond float precision with bigint cents', () => {
    expect(formatCents(123456789012345678901n)).toBe('$1,234,567,890,123,456,789.01');
  });

  it('rounds a fractional cent half away from zero', () => {
    expect(formatCents(10.5)).toBe('$0.11');
    expect(formatCents(-10.5)).toBe('-$0.11');
  });

  it('answers - for a missing or invalid value', () => {
    expect(formatCents(null)).toBe('-');
    expect(formatCents(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('formatMarketCap', () => {
  it('uses $ and 2 decimals with T/B/M/K', () => {
    expect(formatMarketCap(2.5e12)).toBe('$2.50T');
    expect(formatMarketCap(850e9)).toBe('$850.00B');
    expect(formatMarketCap(21e6)).toBe('$21.00M');
    expect(formatMarketCap(1500)).toBe('$1.50K');
    expect(formatMarketCap(950)).toBe('$950.00');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatMarketCap(999_999)).toBe('$1.00M');
    expect(formatMarketCap(999_994)).toBe('$999.99K');
  });

  it('keeps the sign of a negative value', () => {
    expect(formatMarketCap(-2.5e9)).toBe('-$2.50B');
  });
});

describe('formatVolume', () => {
  it('shows a traded count (AAPL 50,669,652 shares) without a currency sign, 2 decimals with B/M/K', () => {
    expect(formatVolume(50_669_652)).toBe('50.67M');
    expect(formatVolume(18.92e9)).toBe('18.92B');
    expect(formatVolume(3.4e6)).toBe('3.40M');
    expect(formatVolume(12_345)).toBe('12.35K');
  });

  it('has no T: trillions stay in B', () => {
    expect(formatVolume(1.5e12)).toBe('1,500.00B');
  });
});

describe('formatCompact', () => {
  it('gives large counts K/M/B/T with 2 decimals and no currency', () => {
    expect(formatCompact(21e6)).toBe('21.00M');
    expect(formatCompact(19.5e6)).toBe('19.50M');
    expect(formatCompact(2e12)).toBe('2.00T');
    expect(formatCompact(500)).toBe('500.00');
  });
});

describe('formatChangePercent', () => {
  it('shows a signed percent with two decimals', () => {
    expect(formatChangePercent(4.47)).toBe('+4.47%');
    expect(formatChangePercent(2.15)).toBe('+2.15%');
    expect(formatChangePercent(-8.32)).toBe('-8.32%');
    expect(formatChangePercent(1.234)).toBe('+1.23%');
    expect(formatChangePercent(-0.5)).toBe('-0.50%');
  });

  it('shows zero, and anything that rounds to it, as +0.00%', () => {
    expect(formatChangePercent(0)).toBe('+0.00%');
    expect(formatChangePercent(-0)).toBe('+0.00%');
    expect(formatChangePercent(-0.001)).toBe('+0.00%');
  });
});

describe('formatDate', () => {
  it('uses the en-US short format with time', () => {
    expect(formatDate('2026-11-22T15:04:05Z', { timeZone: 'UTC' })).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDate(Date.UTC(2025, 4, 1, 0, 5), { timeZone: 'UTC' })).toBe('May 1, 2025, 12:05 AM');
    expect(formatDate(new Date('2026-01-02T09:30:00Z'), { timeZone: 'America/Mexico_City' })).toBe('Jan 2, 2026, 3:30 AM');
  });

  it('answers - for an empty or invalid date', () => {
    expect(formatDate('')).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(null)).toBe('-');
  });
});

describe('abbreviateMiddle', () => {
  const party = 'alice::1220' + 'ab'.repeat(32);

  it('shortens a party id to its first 6 and last 6 characters', () => {
    expect(abbreviatePartyId(party)).toBe('alice:...ababab');
    expect(abbreviateMiddle(party, 6, 6)).toBe('alice:...ababab');
  });

  it('shortens a hash to its first 6 and last 4 characters', () => {
    expect(abbreviateHash('0x1234567890abcdef')).toBe('0x1234...cdef');
  });

  it('shows N/A when empty, or the given translation', () => {
    expect(abbreviatePartyId('')).toBe('N/A');
    expect(abbreviatePartyId(null)).toBe('N/A');
    expect(abbreviatePartyId(undefined, 'N/D')).toBe('N/D');
  });

  it('keeps a value of head + tail characters or fewer as is', () => {
    expect(abbreviatePartyId('123456789012')).toBe('123456789012');
    expect(abbreviatePartyId('1234567890123')).toBe('123456...890123');
    expect(abbreviateHash('0123456789')).toBe('0123456789');
  });
});

describe('formatDecimal', () => {
  it('groups and rounds a ledger amount without a float', () => {
    expect(formatDecimal('1234567.891234', 4)).toBe('1,234,567.8912');
    expect(formatDecimal('0.00005', 4)).toBe('0.0001');
    expect(formatDecimal('-0.00005', 4)).toBe('-0.0001');
    expect(formatDecimal('100.0000000000', 4)).toBe('100');
  });

  it('keeps digits a float would lose', () => {
    expect(formatDecimal('12345678901234567890.123456789', 9)).toBe('12,345,678,901,234,567,890.123456789');
  });

  it('pads to the minimum fraction digits', () => {
    expect(formatDecimal('5', 4, 2)).toBe('5.00');
    expect(formatDecimal('5.1', 0)).toBe('5');
    expect(formatDecimal('5.5', 0)).toBe('6');
  });

  it('shows exactly the rounded decimal, only grouped, however many digits', () => {
    const decimal = fc.record({ units: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), scale: fc.integer({ min: 0, max: 12 }) });
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 10 }), (value, digits) => {
        const text = formatDecimal(decimalToString(value), digits, digits);
        expect(text.replaceAll(',', '')).toBe(decimalToString(roundDecimal(value, digits)));
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
      }),
    );
  });

  it('shows no sign for a value that rounds to zero', () => {
    expect(formatDecimal('-0.00001', 2)).toBe('0');
  });

  it('answers - for text that is not a decimal', () => {
    expect(formatDecimal('abc', 2)).toBe('-');
    expect(formatDecimal('1.2.3', 2)).toBe('-');
    expect(formatDecimal('', 2)).toBe('-');
    expect(formatDecimal(null, 2)).toBe('-');
  });
});

describe('formatLedgerAmount', () => {
  it('shows every CC amount with exactly 2 decimals, without a float', () => {
    expect(formatLedgerAmount('16.5', 'CC')).toBe('16.50 CC');
    expect(formatLedgerAmount('7.114', 'CC')).toBe('7.11 CC');
    expect(formatLedgerAmount('45', 'CC')).toBe('45.00 CC');
    expect(formatLedgerAmount('100.0000000000', 'CC')).toBe('100.00 CC');
    expect(formatLedgerAmount('1234567.005')).toBe('1,234,567.01');
    expect(formatLedgerAmount('abc', 'CC')).toBe('-');
  });
});

describe('formatSignedCents', () => {
  it('signs money in with + and money out with -, whatever the stored sign', () => {
    expect(formatSignedCents(10000, 'in')).toBe('+$100.00');
    expect(formatSignedCents(1250, 'out')).toBe('-$12.50');
    expect(formatSignedCents(-1250, 'out')).toBe('-$12.50');
    expect(formatSignedCents(null, 'in')).toBe('-');
  });
});

describe('formatPrice', () => {
  it('prices in USD, keeping four decimals under a dollar, without a float', () => {
    expect(formatPrice(229.87)).toBe('$229.87');
    expect(formatPrice('97318.25')).toBe('$97,318.25');
    expect(formatPrice('0.1571')).toBe('$0.1571');
    expect(formatPrice('1.00')).toBe('$1.00');
    expect(formatPrice(null)).toBe('-');
    expect(formatPrice('abc')).toBe('-');
  });
});

describe('readTypedAmount', () => {
  const read = (text: string, locale: string) => readTypedAmount(text, locale);
  it("reads the locale's decimal separator and a dot in every language", () => {
    expect(read('1,5', 'es')).toEqual({ ok: true, amount: '1.5' });
    expect(read('1,5', 'fr')).toEqual({ ok: true, amount: '1.5' });
    expect(read(' 007,50 ', 'fr')).toEqual({ ok: true, amount: '7.50' });
    expect(read('1.5', 'es')).toEqual({ ok: true, amount: '1.5' });
    expect(read('0.125', 'es')).toEqual({ ok: true, amount: '0.125' });
    expect(read('1.0000', 'es')).toEqual({ ok: true, amount: '1.0000' });
    expect(read(',5', 'es')).toEqual({ ok: true, amount: '0.5' });
    expect(read('1.5', 'en')).toEqual({ ok: true, amount: '1.5' });
  });
  it('never takes a thousands separator for a decimal: "1.000" in es is refused, not read as 1', () => {
    expect(read('1.000', 'es')).toEqual({ ok: false, problem: 'grouping' });
    expect(read('1.000,5', 'es')).toEqual({ ok: false, problem: 'grouping' });
    expect(read('1,000', 'en')).toEqual({ ok: false, problem: 'grouping' });
    expect(read('1\u202f000', 'fr')).toEqual({ ok: false, problem: 'grouping' });
    expect(read('1 000,5', 'fr')).toEqual({ ok: false, problem: 'grouping' });
    expect(read('1,5', 'en')).toEqual({ ok: false, problem: 'notNumber' });
  });
  it('tells apart nothing typed, not a number, and zero or less', () => {
    expect(read('  ', 'en')).toEqual({ ok: false, problem: 'empty' });
    for (const text of ['abc', '1e3', '1.2.3', '1,2,3', '--5', '.', '1 5']) expect(read(text, 'es'), text).toEqual({ ok: false, problem: 'notNumber' });
    for (const text of ['-5', '\u22125', '0', '-0,0', '0.000']) expect(read(text, 'es'), text).toEqual({ ok: false, problem: 'notPositive' });
  });
});

describe('formatMarketTime and formatDay', () => {
  it('tells a market instant in New York time in the given language, whatever the zone', () => {
    // 2026-11-30 14:30 UTC is Monday 9:30 EST; 2026-07-06 13:30 UTC is Monday 9:30 EDT.
    expect(formatMarketTime('2026-11-30T14:30:00.000Z', 'en')).toEqual({ day: 'Mon', time: '9:30 AM' });
    expect(formatMarketTime('2026-07-06T13:30:00.000Z', 'en')).toEqual({ day: 'Mon', time: '9:30 AM' });
    expect(formatMarketTime('2026-11-27T21:00:00.000Z', 'es')).toEqual({ day: 'vie', time: '16:00' });
    expect(formatMarketTime('not a date', 'en')).toEqual({ day: '-', time: '-' });
  });

  it('tells a calendar date without a time in the given language', () => {
    expect(formatDay('2026-11-27', 'en')).toBe('Nov 27, 2026');
    expect(formatDay('2026-11-27', 'es')).toBe('27 nov 2026');
  });
});
