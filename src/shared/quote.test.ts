import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fs } from '../i18n/fs';
import { formatLedgerAmount } from './format';
import { MIN_POSITIVE_NET_USD, quoteFor, QUOTE_REFUSAL_KEYS, simulatedQuote } from './quote';

describe('simulatedQuote', () => {
  it('applies rate 0.95 and fee 2.5: net = amount x 0.95 - 2.5', () => {
    expect(simulatedQuote('10')).toEqual({
      input_amount_usd: 10,
      exchange_rate: 0.95,
      fees_usd: 2.5,
      destination_asset: 'cc',
      net_destination_amount: '7.0000',
    });
    expect(simulatedQuote('50')?.net_destination_amount).toBe('45.0000');
  });

  it('is exact where float math is not', () => {
    // 33.33 * 0.95 - 2.5 in floats is 29.163499999999996
    expect(simulatedQuote('33.33')?.net_destination_amount).toBe('29.1635');
    expect(simulatedQuote(25.5)?.net_destination_amount).toBe('21.7250');
  });

  it('shows every net with 2 decimals: 16.50, 7.11, 45.00 CC', () => {
    const shown = (amount: string) => formatLedgerAmount(simulatedQuote(amount)?.net_destination_amount, 'CC');
    expect(shown('20')).toBe('16.50 CC');
    expect(shown('10.12')).toBe('7.11 CC');
    expect(shown('50')).toBe('45.00 CC');
  });

  it('is null when the amount is empty or not a number', () => {
    for (const amount of ['', null, undefined, 'abc']) expect(simulatedQuote(amount), String(amount)).toBeNull();
  });
});

describe('no quote outside 1-50 USD or without a positive net', () => {
  it('gives no quote for 2 (the fee leaves -0.60 CC), 0.5 or 51, and says why', () => {
    expect(quoteFor('2')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteFor('1')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteFor('0.5')).toEqual({ ok: false, reason: 'belowMin' });
    expect(quoteFor('0')).toEqual({ ok: false, reason: 'belowMin' });
    expect(quoteFor('-5')).toEqual({ ok: false, reason: 'belowMin' });
    expect(quoteFor('51')).toEqual({ ok: false, reason: 'aboveMax' });
    expect(quoteFor('50.01')).toEqual({ ok: false, reason: 'aboveMax' });
    expect(quoteFor('10.005')).toEqual({ ok: false, reason: 'step' });
    expect(quoteFor('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(quoteFor('')).toEqual({ ok: false, reason: 'empty' });
  });

  it('starts at $2.64, the first amount that receives something, and ends at $50', () => {
    expect(MIN_POSITIVE_NET_USD).toBe('2.64');
    expect(quoteFor('2.63')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(simulatedQuote('2.64')?.net_destination_amount).toBe('0.0080');
    expect(simulatedQuote('50.00')?.input_amount_usd).toBe(50);
    expect(simulatedQuote('1.500')).toBeNull();
  });

  it('has each reason in English, Spanish and French', () => {
    for (const key of Object.values(QUOTE_REFUSAL_KEYS)) {
      for (const dict of [en, es, fs]) expect(dict[key], key).toBeTruthy();
    }
    expect(en['transactions.new.quote.netNotPositive'].replace('{min}', MIN_POSITIVE_NET_USD)).toBe(
      'The $2.50 fee would take all of it: enter at least $2.64 to receive Canton Coin',
    );
  });
});
