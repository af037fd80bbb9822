// The Create account body as the contract checks it; its messages are the dictionary's English texts.
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { createAccountBody } from './account';

const issueMessages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('create account body', () => {
  it('sends the trimmed name, individual type and personal category by default', () => {
    expect(createAccountBody.parse({ accountName: '  Savings pot  ' })).toEqual({
      accountName: 'Savings pot',
      accountType: 'individual',
      accountCategory: 'personal',
    });
  });

  it('drops an empty description and trims a real one', () => {
    const empty = createAccountBody.parse({ accountName: 'A', accountDescription: '   ' });
    expect(empty.accountDescription).toBeUndefined();
    expect(JSON.stringify(empty)).not.toContain('accountDescription');
    expect(createAccountBody.parse({ accountName: 'A', accountDescription: ' For rent ' }).accountDescription).toBe('For rent');
  });

  it('rejects a blank name', () => {
    expect(issueMessages(createAccountBody.safeParse({ accountName: '   ' }))).toEqual([t('en', 'errors.accountNameRequired')]);
  });

  it('accepts only the five categories', () => {
    for (const accountCategory of ['personal', 'business', 'trading', 'savings', 'investment']) {
      expect(createAccountBody.safeParse({ accountName: 'A', accountCategory }).success).toBe(true);
    }
    expect(createAccountBody.safeParse({ accountName: 'A', accountCategory: 'joint' }).success).toBe(false);
    expect(createAccountBody.safeParse({ accountName: 'A', accountType: 'business' }).success).toBe(false);
  });
});
