import { describe, expect, it } from 'vitest';
import {
  ADD_NEW_WALLET,
  createSupportTicketBodySchema,
  createTicketCommentBodySchema,
  firstIssue,
  isCompleteCode,
  isValidPhone,
  normalizePhone,
  newTransactionFormSchema,
  normalizeTransactionStatus,
  sanitizeCode,
  transactionTypeKey,
} from './validation';

const issueMessages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('phone rule', () => {
  it('accepts an optional +, a first digit 1-9 and 2 to 15 digits after removing whitespace', () => {
    for (const phone of ['+1 555 555 0100', '15555550100', '+52 55 1234 5678', '12', '+123456789012345']) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
    expect(normalizePhone(' +1 555\t555 0100 ')).toBe('+15555550100');
  });

  it('rejects a leading 0, too few or too many digits, and other characters', () => {
    for (const phone of ['', '+', '1', '+0123456', '0123456', '+1234567890123456', '+1-555-555', '(555) 555', 'abc']) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });
});

describe('code rule', () => {
  it('keeps digits only, truncated to 6', () => {
    expect(sanitizeCode('12a3 4-5')).toBe('12345');
    expect(sanitizeCode('123 456 789')).toBe('123456');
    expect(sanitizeCode('')).toBe('');
  });

  it('is complete only with exactly 6 digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});

describe('support ticket body', () => {
  it('defaults category to general and priority to medium, trimming the text', () => {
    expect(createSupportTicketBodySchema.parse({ title: ' Card ', description: ' It was declined ' })).toEqual({
      title: 'Card',
      description: 'It was declined',
      category: 'general',
      priority: 'medium',
    });
  });

  it('requires title and description after trimming', () => {
    expect(issueMessages(createSupportTicketBodySchema.safeParse({ title: ' ', description: '' }))).toEqual([
      'support.ticket.required',
      'support.ticket.required',
    ]);
  });

  it('accepts only the listed categories and priorities', () => {
    const base = { title: 't', description: 'd' };
    expect(createSupportTicketBodySchema.safeParse({ ...base, category: 'bug_report', priority: 'urgent' }).success).toBe(true);
    expect(createSupportTicketBodySchema.safeParse({ ...base, priority: 'critical' }).success).toBe(false);
    expect(createSupportTicketBodySchema.safeParse({ ...base, category: 'other' }).success).toBe(false);
  });

  it("says a form's first problem in the user's language", () => {
    const result = createTicketCommentBodySchema.safeParse({ content: '  ' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(firstIssue('en', result.error)).toBe('Comment cannot be empty');
      expect(firstIssue('es', result.error)).toBe('El comentario no puede estar vacío');
    }
  });

  it('defaults a comment to not internal and requires content', () => {
    expect(createTicketCommentBodySchema.parse({ content: ' Thanks ' })).toEqual({ content: 'Thanks', is_internal: false });
    expect(createTicketCommentBodySchema.safeParse({ content: '  ' }).success).toBe(false);
  });
});

describe('new transaction form', () => {
  const valid = { amount: '25.50', onramp_provider: 'usdc', wallet_id: 'w1' };

  it('accepts an amount of 1 to 50 in steps of 0.01 and fills destination cc', () => {
    expect(newTransactionFormSchema.parse(valid)).toEqual({ ...valid, amount: 25.5, destination_asset: 'cc' });
    for (const amount of ['1', '50', '50.00', 1, 49.99, '1.500']) {
      expect(newTransactionFormSchema.safeParse({ ...valid, amount }).success, String(amount)).toBe(true);
    }
  });

  it('rejects amounts out of range or finer than a cent with the matching message', () => {
    const messageFor = (amount: string | number) => issueMessages(newTransactionFormSchema.safeParse({ ...valid, amount }));
    expect(messageFor('0.99')).toEqual(['transactions.validation.amountMin']);
    expect(messageFor('-5')).toEqual(['transactions.validation.amountMin']);
    expect(messageFor('50.01')).toEqual(['transactions.validation.amountMax']);
    expect(messageFor('10.005')).toEqual(['transactions.validation.amountStep']);
    expect(messageFor('')).toEqual(['transactions.validation.amountRequired']);
    expect(messageFor('ten')).toEqual(['errors.invalidValue']);
  });

  it('requires a wallet that is not the add-new option', () => {
    expect(issueMessages(newTransactionFormSchema.safeParse({ ...valid, wallet_id: '' }))).toEqual(['transactions.validation.walletRequired']);
    expect(issueMessages(newTransactionFormSchema.safeParse({ ...valid, wallet_id: ADD_NEW_WALLET }))).toEqual(['transactions.validation.walletRequired']);
  });

  it('accepts only usdc or apple_pay and only cc as destination', () => {
    expect(newTransactionFormSchema.safeParse({ ...valid, onramp_provider: 'apple_pay' }).success).toBe(true);
    expect(newTransactionFormSchema.safeParse({ ...valid, onramp_provider: 'card' }).success).toBe(false);
    expect(newTransactionFormSchema.safeParse({ ...valid, destination_asset: 'btc' }).success).toBe(false);
  });
});

describe('transaction labels', () => {
  it('reads upstream statuses case-insensitively and falls back to pending', () => {
    expect(normalizeTransactionStatus('COMPLETED')).toBe('completed');
    expect(normalizeTransactionStatus('Failed')).toBe('failed');
    expect(normalizeTransactionStatus('CANCELLED')).toBe('cancelled');
    expect(normalizeTransactionStatus('PROCESSING')).toBe('pending');
    expect(normalizeTransactionStatus(null)).toBe('pending');
  });

  it('maps known types to dictionary keys', () => {
    expect(transactionTypeKey('stock_order')).toBe('transactions.type.stock_order');
    expect(transactionTypeKey('airdrop')).toBeNull();
  });
});
