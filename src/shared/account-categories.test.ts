import { describe, expect, it } from 'vitest';
import { t } from '../i18n';
import { accountName, DEFAULT_ACCOUNT_NAME } from './account-categories';

const link = (account_name: string, account_category = 'personal') => ({ account_name, account: { account_category } });

describe('accountName', () => {
  it("shows the default account's stored name in the reader's language", () => {
    expect(accountName(link(DEFAULT_ACCOUNT_NAME), (k) => t('es', k))).toBe('Cuenta personal');
    expect(accountName(link(DEFAULT_ACCOUNT_NAME), (k) => t('fs', k))).toBe('Compte personnel');
    expect(accountName(link(DEFAULT_ACCOUNT_NAME), (k) => t('en', k))).toBe('Personal');
  });

  it('shows a name the person typed as typed', () => {
    expect(accountName(link('Ahorros 2026'), (k) => t('es', k))).toBe('Ahorros 2026');
    expect(accountName(link(DEFAULT_ACCOUNT_NAME, 'business'), (k) => t('fs', k))).toBe('Personal');
  });
});
