import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fs } from '../i18n/fs';
import { formatSignedCents } from './format';
import { FIRST_HISTORY_DAY, isHistoryDay, LAST_HISTORY_DAY, transactionDirection, transactionDirectionKey } from './transaction-labels';

describe('money in and out', () => {
  const shown = (type: string, amount_usd: number) => {
    const direction = transactionDirection({ type, amount_usd });
    return `${en[transactionDirectionKey(direction)]} ${formatSignedCents(amount_usd, direction)}`;
  };

  it('reads a withdrawal as money out and a deposit as money in', () => {
    expect(shown('withdrawal', 2500)).toBe('Sent -$25.00');
    expect(shown('deposit', 2500)).toBe('Received +$25.00');
    expect(shown('transfer', 1571)).toBe('Received +$15.71');
    expect(shown('stock_order', 10000)).toBe('Sent -$100.00');
    expect(shown('transfer', -500)).toBe('Sent -$5.00');
  });

  it('says Received and Sent in Spanish and French too', () => {
    expect([es['transactions.direction.in'], es['transactions.direction.out']]).toEqual(['Recibida', 'Enviada']);
    expect([fs['transactions.direction.in'], fs['transactions.direction.out']]).toEqual(['Reçu', 'Envoyé']);
  });
});

describe('transaction statuses', () => {
  it('has one list of statuses: the contract checks the same values the screen labels', async () => {
    const { transaction } = await import('./schemas/transaction');
    const { transferOffered } = await import('./schemas/wallet');
    const { TRANSACTION_STATUSES, normalizeTransactionStatus, transactionStatusKey } = await import('./transaction-labels');
    expect(transaction.shape.status.options).toEqual([...TRANSACTION_STATUSES]);
    expect(transferOffered.shape.status.options).toEqual([...TRANSACTION_STATUSES]);
    for (const status of TRANSACTION_STATUSES) {
      const key = transactionStatusKey(normalizeTransactionStatus(status));
      expect(
        [en[key], es[key], fs[key]].every((text) => typeof text === 'string' && text !== ''),
        status,
      ).toBe(true);
    }
  });
});

describe('isHistoryDay (the history filters from/to)', () => {
  it('takes exactly the calendar days from 2000-01-01 to 2999-12-31, as the calendar says (every day checked)', () => {
    const start = Date.parse(`${FIRST_HISTORY_DAY}T00:00:00Z`);
    const end = Date.parse(`${LAST_HISTORY_DAY}T00:00:00Z`);
    let days = 0;
    for (let t = start; t <= end; t += 86_400_000, days++) {
      const day = new Date(t).toISOString().slice(0, 10);
      if (!isHistoryDay(day)) throw new Error(`refused ${day}`);
    }
    expect(days).toBe(365_243);
    // Every well-formed string of the range that is no calendar day is refused.
    for (let y = 2000; y <= 2999; y += 1) {
      for (const md of ['02-29', '02-30', '04-31', '06-31', '09-31', '11-31', '13-01', '00-10', '01-00', '01-32']) {
        const day = `${y}-${md}`;
        const parsed = Date.parse(`${day}T00:00:00Z`);
        const real = !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(day);
        expect(isHistoryDay(day), day).toBe(real);
      }
    }
  });

  it('refuses the days around the range and malformed text', () => {
    for (const day of ['1999-12-31', '3000-01-01', '9999-12-31', '0000-00-00', '2100-02-29', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00:00Z', '']) {
      expect(isHistoryDay(day), day).toBe(false);
    }
    for (const day of ['2000-02-29', '2400-02-29', '2028-02-29', '2026-03-31']) expect(isHistoryDay(day), day).toBe(true);
  });
});
