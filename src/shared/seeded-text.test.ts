// The core's own transaction descriptions are shown in the user's language; a user's text as written.
import { describe, expect, it } from 'vitest';
import { t } from '../i18n';
import { transactionDescription } from './seeded-text';

describe('transactionDescription', () => {
  it("shows the core's treasury offer description in the user's language", () => {
    expect(transactionDescription((k) => t('es', k), 'Transfer offer from the treasury')).toBe('Oferta de transferencia de la tesorería');
    expect(transactionDescription((k) => t('fs', k), 'Transfer offer from the treasury')).toBe('Offre de virement de la trésorerie');
    expect(transactionDescription((k) => t('en', k), 'Transfer offer from the treasury')).toBe('Transfer offer from the treasury');
  });

  it('shows any other description exactly as written', () => {
    expect(transactionDescription((k) => t('es', k), 'Rent for March')).toBe('Rent for March');
  });
});
