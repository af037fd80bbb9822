import { describe, expect, it } from 'vitest';
import { detailsRoute } from '../Accounts';
import { fullName } from '../settings/Security';
import { createFeatureRequestBody } from '../../shared/schemas/feature-request';
import { lengthProblem } from '../settings/SubmitFeatureRequestModal';
import { categoryOf } from './AccountSelector';
import { createAccountPayload } from './CreateAccountModal';
import { displayName } from './Navbar';

describe('the Create New Account payload', () => {
  it('trims the name, sends an empty description as absent, type individual', () => {
    expect(createAccountPayload('  Savings  ', '   ', 'savings')).toEqual({ accountName: 'Savings', accountType: 'individual', accountCategory: 'savings' });
    expect(createAccountPayload('A', ' For trips ', 'personal')).toEqual({
      accountName: 'A',
      accountDescription: 'For trips',
      accountType: 'individual',
      accountCategory: 'personal',
    });
  });
});

describe('the feature request limits', () => {
  const { title, description } = createFeatureRequestBody.shape;

  it('wants 5-200 characters of title and 10-2000 of description, after trimming', () => {
    expect(lengthProblem(title, '  abcd  ')).toBe('min');
    expect(lengthProblem(title, 'abcde')).toBeNull();
    expect(lengthProblem(title, 'x'.repeat(200))).toBeNull();
    expect(lengthProblem(title, 'x'.repeat(201))).toBe('max');
    expect(lengthProblem(description, '123456789')).toBe('min');
    expect(lengthProblem(description, 'x'.repeat(2001))).toBe('max');
  });
});

describe("'View Details' routing", () => {
  it('goes by the chain, then the vendor, else /accounts', () => {
    expect(detailsRoute({ chain: 'canton', vendor: 'canton' })).toBe('/accounts/digital-assets');
    expect(detailsRoute({ chain: 'usd' })).toBe('/accounts/usd');
    expect(detailsRoute({ chain: 'brokerage' })).toBe('/accounts/brokerage');
    expect(detailsRoute({ chain: 'ethereum', vendor: 'usd' })).toBe('/accounts/usd');
    expect(detailsRoute({ chain: 'ethereum', vendor: 'metamask' })).toBe('/accounts');
    expect(detailsRoute(null)).toBe('/accounts');
  });
});

describe('names', () => {
  it('joins first and last name, empty when neither is set', () => {
    expect(fullName({ first_name: 'Ana', last_name: 'Pérez' })).toBe('Ana Pérez');
    expect(fullName({ first_name: ' ', last_name: null })).toBe('');
    expect(fullName(null)).toBe('');
  });
  it("shows the account name in the navbar, else 'User'", () => {
    expect(displayName('Ana', 'User')).toBe('Ana');
    expect(displayName('  ', 'User')).toBe('User');
    expect(displayName(null, 'Usuario')).toBe('Usuario');
  });
  it('takes the category icon from the account, personal by default', () => {
    expect(categoryOf({ account: { account_category: 'savings' } })).toBe('savings');
    expect(categoryOf({ account: { account_category: 'weird' } })).toBe('personal');
    expect(categoryOf(null)).toBe('personal');
  });
});
