import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulatedQuote } from '../../shared/quote';
import { canSubmit, requestQuote, type QuoteState } from './new-transaction';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the New Transaction quote', () => {
  it("shows 'Getting quote...' for 1 s, then rate 0.95, fee 2.5 USD and net = amount x 0.95 - 2.5", () => {
    const states: QuoteState[] = [];
    requestQuote('20', (s) => states.push(s));
    expect(states).toEqual([{ status: 'loading' }]);
    vi.advanceTimersByTime(999);
    expect(states).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(states[1]).toEqual({
      status: 'ready',
      quote: { input_amount_usd: 20, exchange_rate: 0.95, fees_usd: 2.5, destination_asset: 'cc', net_destination_amount: '16.5000' },
    });
  });

  it('gives the spec numbers where a quote is given', () => {
    expect(simulatedQuote('50')?.net_destination_amount).toBe('45.0000');
    expect(simulatedQuote('12.34')?.net_destination_amount).toBe('9.2230');
  });

  it('clears the quote at once when the amount is empty', () => {
    const states: QuoteState[] = [];
    requestQuote('', (s) => states.push(s));
    vi.advanceTimersByTime(2000);
    expect(states).toEqual([{ status: 'none' }]);
  });

  it('gives no quote, at once, with the reason, for 2 (net -0.60 CC), 0.5, 51, 0 and -3', () => {
    const reasons: Record<string, string> = { '2': 'netNotPositive', '0.5': 'belowMin', '51': 'aboveMax', '0': 'belowMin', '-3': 'belowMin', abc: 'invalid' };
    for (const [amount, reason] of Object.entries(reasons)) {
      const states: QuoteState[] = [];
      requestQuote(amount, (s) => states.push(s));
      vi.advanceTimersByTime(2000);
      expect(states, amount).toEqual([{ status: 'refused', reason }]);
    }
  });

  it("reads the amount with the language's decimal comma, and refuses a thousands separator with its own reason", () => {
    const settle = (amount: string, lang: 'en' | 'es' | 'fs') => {
      const states: QuoteState[] = [];
      requestQuote(amount, (s) => states.push(s), lang);
      vi.advanceTimersByTime(2000);
      return states.at(-1);
    };
    expect(settle('12,34', 'es')).toEqual(settle('12.34', 'en'));
    expect(settle('12,34', 'fs')).toMatchObject({ status: 'ready', quote: { net_destination_amount: '9.2230' } });
    expect(settle('12.34', 'es')).toMatchObject({ status: 'ready', quote: { net_destination_amount: '9.2230' } });
    expect(settle('12,34', 'en')).toEqual({ status: 'refused', reason: 'invalid' });
    expect(settle('10.000', 'es')).toEqual({ status: 'refused', reason: 'grouping' });
  });

  it('drops a quote that was cancelled because the amount changed', () => {
    const states: QuoteState[] = [];
    const cancel = requestQuote('10', (s) => states.push(s));
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(states).toEqual([{ status: 'loading' }]);
  });
});

describe('the New Transaction submit button', () => {
  it('stays disabled for 2, 0.5 and 51: they get no quote', () => {
    for (const amount of ['2', '0.5', '51']) expect(canSubmit({ amount, wallet_id: 'w1' }, simulatedQuote(amount)), amount).toBe(false);
  });

  const quote = simulatedQuote('10');

  it('is enabled with an amount, a quote and a real wallet', () => {
    expect(canSubmit({ amount: '10', wallet_id: 'w1' }, quote)).toBe(true);
  });

  it('is disabled without a quote, an amount or a wallet, or with the add_new option', () => {
    expect(canSubmit({ amount: '10', wallet_id: 'w1' }, null)).toBe(false);
    expect(canSubmit({ amount: '', wallet_id: 'w1' }, quote)).toBe(false);
    expect(canSubmit({ amount: '10', wallet_id: '' }, quote)).toBe(false);
    expect(canSubmit({ amount: '10', wallet_id: 'add_new' }, quote)).toBe(false);
  });
});
