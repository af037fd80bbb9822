import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceCovers, canSubmit, countdownAnnouncement, requestQuote, secondsLeft, type IndicativeQuote, type QuoteState } from './new-transaction';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const serverQuote = (amount_usd: string): IndicativeQuote => ({
  input_amount_usd: amount_usd,
  fees_usd: '2.50',
  exchange_rate: '6.0471037555',
  price_usd: '0.1571',
  destination_asset: 'CC',
  net_destination_amount: '105.8243157224',
  indicative: true,
});

/** A server whose answers the test releases by hand. */
function fakeServer() {
  const asked: { amount: string; answer: (q: IndicativeQuote) => void; refuse: (e: unknown) => void }[] = [];
  const fetchQuote = (amount: string) =>
    new Promise<IndicativeQuote>((answer, refuse) => {
      asked.push({ amount, answer, refuse });
    });
  return { asked, fetchQuote };
}

describe('the New Transaction quote', () => {
  it("shows 'Getting quote...' for 1 s, then asks the server once and shows its quote", async () => {
    const server = fakeServer();
    const states: QuoteState[] = [];
    requestQuote('20', (s) => states.push(s), 'en', server.fetchQuote);
    expect(states).toEqual([{ status: 'loading' }]);
    vi.advanceTimersByTime(999);
    expect(server.asked).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(server.asked.map((a) => a.amount)).toEqual(['20.00']);
    server.asked[0]!.answer(serverQuote('20.00'));
    await vi.waitFor(() => expect(states).toHaveLength(2));
    expect(states[1]).toEqual({ status: 'ready', quote: serverQuote('20.00') });
  });

  it('asks nothing while the amount keeps changing within the second: only the last amount is asked', () => {
    const server = fakeServer();
    let cancel = requestQuote('2', () => {}, 'en', server.fetchQuote);
    for (const amount of ['20', '20.5']) {
      vi.advanceTimersByTime(400);
      cancel();
      cancel = requestQuote(amount, () => {}, 'en', server.fetchQuote);
    }
    vi.advanceTimersByTime(1000);
    expect(server.asked.map((a) => a.amount)).toEqual(['20.50']);
  });

  it('drops an answer that comes back after the amount changed (a stale quote is never shown)', async () => {
    const server = fakeServer();
    const states: QuoteState[] = [];
    const cancel = requestQuote('10', (s) => states.push(s), 'en', server.fetchQuote);
    vi.advanceTimersByTime(1000);
    cancel();
    server.asked[0]!.answer(serverQuote('10.00'));
    await Promise.resolve();
    await Promise.resolve();
    expect(states).toEqual([{ status: 'loading' }]);
  });

  it('says the quote failed when the server refuses', async () => {
    const server = fakeServer();
    const states: QuoteState[] = [];
    requestQuote('10', (s) => states.push(s), 'en', server.fetchQuote);
    vi.advanceTimersByTime(1000);
    const error = new Error('down');
    server.asked[0]!.refuse(error);
    await vi.waitFor(() => expect(states).toHaveLength(2));
    expect(states[1]).toEqual({ status: 'failed', error });
  });

  it('clears the quote at once when the amount is empty', () => {
    const server = fakeServer();
    const states: QuoteState[] = [];
    requestQuote('', (s) => states.push(s), 'en', server.fetchQuote);
    vi.advanceTimersByTime(2000);
    expect(states).toEqual([{ status: 'none' }]);
    expect(server.asked).toEqual([]);
  });

  it('gives no quote, at once and without asking, with the reason, for 2 (the fee eats it), 0.5, 51, 0, -3 and abc', () => {
    const reasons: Record<string, string> = { '2': 'netNotPositive', '0.5': 'belowMin', '51': 'aboveMax', '0': 'belowMin', '-3': 'belowMin', abc: 'invalid' };
    const server = fakeServer();
    for (const [amount, reason] of Object.entries(reasons)) {
      const states: QuoteState[] = [];
      requestQuote(amount, (s) => states.push(s), 'en', server.fetchQuote);
      vi.advanceTimersByTime(2000);
      expect(states, amount).toEqual([{ status: 'refused', reason }]);
    }
    expect(server.asked).toEqual([]);
  });

  it("reads the amount with the language's decimal comma, and refuses a thousands separator with its own reason", () => {
    const server = fakeServer();
    const settle = (amount: string, lang: 'en' | 'es' | 'fs') => {
      const states: QuoteState[] = [];
      requestQuote(amount, (s) => states.push(s), lang, server.fetchQuote);
      vi.advanceTimersByTime(2000);
      return states.at(-1);
    };
    expect(settle('12,34', 'es')).toEqual({ status: 'loading' });
    expect(settle('12,34', 'fs')).toEqual({ status: 'loading' });
    expect(settle('12.34', 'es')).toEqual({ status: 'loading' });
    expect(server.asked.map((a) => a.amount)).toEqual(['12.34', '12.34', '12.34']);
    expect(settle('12,34', 'en')).toEqual({ status: 'refused', reason: 'invalid' });
    expect(settle('10.000', 'es')).toEqual({ status: 'refused', reason: 'grouping' });
  });
});

describe('the New Transaction submit button', () => {
  const quote = serverQuote('10.00');

  it('is enabled with an amount, a quote and a real wallet', () => {
    expect(canSubmit({ amount: '10', wallet_id: 'w1' }, quote)).toBe(true);
  });

  it('is disabled without a quote, an amount or a wallet, or with the add_new option', () => {
    expect(canSubmit({ amount: '10', wallet_id: 'w1' }, null)).toBe(false);
    expect(canSubmit({ amount: '', wallet_id: 'w1' }, quote)).toBe(false);
    expect(canSubmit({ amount: '10', wallet_id: '' }, quote)).toBe(false);
    expect(canSubmit({ amount: '10', wallet_id: 'add_new' }, quote)).toBe(false);
  });

  it('paid from the USD balance, is enabled only when the balance covers the quote’s amount', () => {
    const fields = { amount: '10', wallet_id: 'w1', onramp_provider: 'usd_balance' as const };
    expect(canSubmit(fields, quote, 1_000)).toBe(true);
    expect(canSubmit(fields, quote, 999)).toBe(false);
    expect(canSubmit(fields, quote, null)).toBe(false);
    // Another method does not look at the balance.
    expect(canSubmit({ ...fields, onramp_provider: 'usdc' }, quote, 0)).toBe(true);
  });
});

describe('whether the USD balance covers an amount', () => {
  it('compares exact cents, and nothing is short before there is an amount', () => {
    expect(balanceCovers('20.00', 2_000)).toBe(true);
    expect(balanceCovers('20.01', 2_000)).toBe(false);
    expect(balanceCovers(null, 0)).toBe(true);
  });

  it('never covers without an open USD account', () => {
    expect(balanceCovers(null, null)).toBe(false);
    expect(balanceCovers('1.00', null)).toBe(false);
  });
});

describe('the locked quote’s countdown', () => {
  const expires = '2026-11-27T12:00:30.000Z';
  const at = (s: number) => Date.parse('2026-11-27T12:00:00.000Z') + s * 1000;

  it('counts whole seconds down to 0 and never below', () => {
    expect(secondsLeft(expires, at(0))).toBe(30);
    expect(secondsLeft(expires, at(0.2))).toBe(30);
    expect(secondsLeft(expires, at(29.5))).toBe(1);
    expect(secondsLeft(expires, at(30))).toBe(0);
    expect(secondsLeft(expires, at(45))).toBe(0);
  });

  it('announces three moments only: locked for 30 s, 10 s left, expired', () => {
    const said = Array.from({ length: 32 }, (_, s) => JSON.stringify(countdownAnnouncement(secondsLeft(expires, at(s)), 30)));
    expect([...new Set(said)]).toEqual([
      JSON.stringify({ phase: 'locked', seconds: 30 }),
      JSON.stringify({ phase: 'soon', seconds: 10 }),
      JSON.stringify({ phase: 'expired' }),
    ]);
    expect(countdownAnnouncement(11, 30).phase).toBe('locked');
    expect(countdownAnnouncement(10, 30).phase).toBe('soon');
  });
});
