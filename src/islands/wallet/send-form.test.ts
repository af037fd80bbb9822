// The send dialog's rules: receiver and amount checked as exact text (never a float), never above
// the available balance, the USD value in integer cents, and an offer's time left.
import { describe, expect, it } from 'vitest';
import { checkSend, usdCentsOf } from './send-form';

const PARTY = `ana::1220${'a'.repeat(64)}`;

describe('checkSend', () => {
  it('asks for both fields when they are empty', () => {
    expect(checkSend({ receiver: ' ', amount: '' }, '10')).toEqual({
      ok: false,
      errors: { receiver: 'wallet.send.error.receiverRequired', amount: 'wallet.send.error.amountRequired' },
    });
  });

  it('accepts a phone with spaces and dashes (as sign-in does) and a party id, and sends them canonical', () => {
    expect(checkSend({ receiver: '+1 555-555 0131', amount: '1.5' }, '10')).toEqual({ ok: true, receiver: '+15555550131', amount: '1.5' });
    expect(checkSend({ receiver: PARTY, amount: '007.50' }, '10')).toEqual({ ok: true, receiver: PARTY, amount: '7.50' });
  });

  it('refuses a receiver that is neither a phone nor a party id', () => {
    expect(checkSend({ receiver: 'ana', amount: '1' }, '10')).toMatchObject({ ok: false, errors: { receiver: 'errors.receiverInvalid' } });
  });

  it('refuses amounts that are not positive decimals with at most 10 decimals, or above the maximum', () => {
    const problem = (amount: string) => (checkSend({ receiver: PARTY, amount }, '100000') as { errors?: { amount?: string } }).errors?.amount;
    expect(problem('abc')).toBe('errors.amountNotNumber');
    expect(problem('1e3')).toBe('errors.amountNotNumber');
    expect(problem('-1')).toBe('errors.ccAmountPositive');
    expect(problem('1.12345678901')).toBe('errors.ccAmountInvalid');
    expect(problem('0.0000000000')).toBe('errors.ccAmountPositive');
    expect(problem('10000.0000000001')).toBe('errors.ccAmountMax');
    expect(problem('100000')).toBe('errors.ccAmountMax');
  });

  it("reads the language's decimal comma and a dot in every language, and refuses a thousands separator", () => {
    const send = (amount: string, lang: 'en' | 'es' | 'fs') => checkSend({ receiver: PARTY, amount }, '5000', lang);
    expect(send('1,5', 'es')).toMatchObject({ ok: true, amount: '1.5' });
    expect(send('1,5', 'fs')).toMatchObject({ ok: true, amount: '1.5' });
    expect(send('1.5', 'es')).toMatchObject({ ok: true, amount: '1.5' });
    expect(send('1,5', 'en')).toMatchObject({ ok: false, errors: { amount: 'errors.amountNotNumber' } });
    expect(send('1.000', 'es')).toMatchObject({ ok: false, errors: { amount: 'errors.amountGrouping' } });
    expect(send('1,000', 'en')).toMatchObject({ ok: false, errors: { amount: 'errors.amountGrouping' } });
    expect(send('1 000', 'fs')).toMatchObject({ ok: false, errors: { amount: 'errors.amountGrouping' } });
  });

  it('gives each mistake its own message', () => {
    const problem = (amount: string, available = '100') =>
      (checkSend({ receiver: PARTY, amount }, available, 'es') as { errors?: { amount?: string } }).errors?.amount;
    expect(
      new Set([problem(''), problem('uno'), problem('-5'), problem('1,12345678901'), problem('0,05'), problem('10001'), problem('101'), problem('1.000')]).size,
    ).toBe(8);
    expect(problem('-5')).toBe('errors.ccAmountPositive');
    expect(problem('0')).toBe('errors.ccAmountPositive');
    expect(problem('0,05')).toBe('errors.ccAmountMin');
    expect(problem('101')).toBe('wallet.send.error.moreThanAvailable');
  });

  it('refuses dust: an amount below the minimum send of 0.1 CC, while exactly 0.1 CC passes', () => {
    const problem = (amount: string) => (checkSend({ receiver: PARTY, amount }, '100') as { errors?: { amount?: string } }).errors?.amount;
    expect(problem('0.0000000001')).toBe('errors.ccAmountMin');
    expect(problem('0.0999999999')).toBe('errors.ccAmountMin');
    expect(problem('0.1')).toBeUndefined();
    expect(problem('0.1000000000')).toBeUndefined();
    expect(problem('00.10')).toBeUndefined();
  });

  it('compares with the available balance exactly: one unit of the 10th decimal over is refused', () => {
    expect(checkSend({ receiver: PARTY, amount: '15.0000000001' }, '15.0000000000')).toMatchObject({
      ok: false,
      errors: { amount: 'wallet.send.error.moreThanAvailable' },
    });
    expect(checkSend({ receiver: PARTY, amount: '15' }, '15.0000000000')).toMatchObject({ ok: true, amount: '15' });
    // 0.1 + 0.2 style amounts where a float comparison would be wrong.
    expect(checkSend({ receiver: PARTY, amount: '0.3' }, '0.3000000000')).toMatchObject({ ok: true });
    expect(checkSend({ receiver: PARTY, amount: '1' }, null)).toMatchObject({ ok: false, errors: { amount: 'wallet.send.error.moreThanAvailable' } });
  });
});

describe('usdCentsOf', () => {
  it('multiplies exactly and rounds half away from zero to cents', () => {
    expect(usdCentsOf('100', '0.15')).toBe(1500n);
    expect(usdCentsOf('0.03', '0.5')).toBe(2n);
    expect(usdCentsOf('9999.9999999999', '0.1571')).toBe(157100n);
  });
  it('is null without a price or for an amount that is not valid', () => {
    expect(usdCentsOf('1', null)).toBeNull();
    expect(usdCentsOf('abc', '0.15')).toBeNull();
  });
});
