import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fs } from '../i18n/fs';
import { MIN_POSITIVE_NET_USD, QUOTE_REFUSAL_KEYS, quoteAmount } from './quote';

describe('the amount a quote is asked for', () => {
  it('is the typed amount as whole cents, the API’s amount_usd', () => {
    expect(quoteAmount('20')).toEqual({ ok: true, amount_usd: '20.00' });
    expect(quoteAmount('12.3')).toEqual({ ok: true, amount_usd: '12.30' });
    expect(quoteAmount('50.00')).toEqual({ ok: true, amount_usd: '50.00' });
    expect(quoteAmount('1.500', 'en')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteAmount('2.510')).toEqual({ ok: true, amount_usd: '2.51' });
  });

  it('reads the decimal comma of Spanish and French: "1,5" is 1.5 and "12,34" is 12.34', () => {
    expect(quoteAmount('12,34', 'es')).toEqual({ ok: true, amount_usd: '12.34' });
    expect(quoteAmount('12,34', 'fr')).toEqual({ ok: true, amount_usd: '12.34' });
    expect(quoteAmount('1,5', 'es')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteAmount('12,34', 'en')).toEqual({ ok: false, reason: 'invalid' });
    expect(quoteAmount('10.000', 'es')).toEqual({ ok: false, reason: 'grouping' });
  });

  it('gives no quote for 2 (the 2.50 USD fee leaves nothing), 0.5 or 51, and says why', () => {
    expect(quoteAmount('2')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteAmount('1')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteAmount('2.50')).toEqual({ ok: false, reason: 'netNotPositive' });
    expect(quoteAmount('0.5')).toEqual({ ok: false, reason: 'belowMin' });
    expect(quoteAmount('0')).toEqual({ ok: false, reason: 'belowMin' });
    expect(quoteAmount('-5')).toEqual({ ok: false, reason: 'belowMin' });
    expect(quoteAmount('51')).toEqual({ ok: false, reason: 'aboveMax' });
    expect(quoteAmount('50.01')).toEqual({ ok: false, reason: 'aboveMax' });
    expect(quoteAmount('10.005')).toEqual({ ok: false, reason: 'step' });
    expect(quoteAmount('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(quoteAmount('')).toEqual({ ok: false, reason: 'empty' });
  });

  it('starts at $2.51, the first amount the fee does not eat', () => {
    expect(MIN_POSITIVE_NET_USD).toBe('2.51');
  });

  it('has each reason in English, Spanish and French', () => {
    for (const key of Object.values(QUOTE_REFUSAL_KEYS)) {
      for (const dict of [en, es, fs]) expect(dict[key], key).toBeTruthy();
    }
    expect(en['transactions.new.quote.netNotPositive'].replace('{min}', MIN_POSITIVE_NET_USD)).toBe(
      'The $2.50 fee would take all of it: enter at least $2.51 to receive Canton Coin',
    );
  });
});
