import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fs } from '../i18n/fs';
import { formatSignedCents } from './format';
import { transactionDirection, transactionDirectionKey } from './transaction-labels';

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
    const { transaction, transferOffered } = await import('./schemas/responses');
    const { TRANSACTION_STATUSES, normalizeTransactionStatus, transactionStatusKey } = await import('./transaction-labels');
    expect(transaction.shape.status.options).toEqual([...TRANSACTION_STATUSES]);
    expect(transferOffered.shape.status.options).toEqual([...TRANSACTION_STATUSES]);
    for (const status of TRANSACTION_STATUSES) {
      const key = transactionStatusKey(normalizeTransactionStatus(status));
      expect([en[key], es[key], fs[key]].every((text) => typeof text === 'string' && text !== ''), status).toBe(true);
    }
  });
});
