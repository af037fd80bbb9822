// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, loginLocation, safeNext } from './safe-next';

describe('safeNext (where /login may send a visitor back to)', () => {
  const attacks = [
    '/./%2F%2Fevil.invalid/phish',
    '/.//evil.invalid/phish',
    '/..//host',
    '/%2e//host',
    '/%2E%2E//host',
    '/./\\host',
    '/%5Chost',
    '/%5C%5Chost',
    '/%5chost',
    '\\\\host',
    '//host',
    '///host',
    '/\t/host',
    '/\n/host',
    '/\t/\t/host',
    '/%09/host',
    '/%0A/host',
    'https://evil.invalid',
    'http:/evil.invalid',
    'javascript:alert(1)',
    'market',
    ' /market',
    '',
  ];
  for (const next of attacks) {
    it(`refuses ${JSON.stringify(next)} and falls back to the default destination`, () => {
      expect(safeNext(next)).toBe(DEFAULT_AFTER_SIGN_IN);
    });
  }

  it('falls back on a missing next', () => {
    expect(safeNext(null)).toBe('/dashboard');
    expect(safeNext(undefined)).toBe('/dashboard');
  });

  it('keeps a same-origin path with its query and fragment, as normalised', () => {
    expect(safeNext('/accounts/digital-assets?x=1#h')).toBe('/accounts/digital-assets?x=1#h');
    expect(safeNext('/settings/security')).toBe('/settings/security');
    expect(safeNext('/market?tab=crypto')).toBe('/market?tab=crypto');
    expect(safeNext('/')).toBe('/');
    expect(safeNext('/settings/./security')).toBe('/settings/security');
  });

  it('keeps a query that carries encoded slashes (only the path is held to the rule)', () => {
    expect(safeNext('/transactions?q=a%2F%2Fb')).toBe('/transactions?q=a%2F%2Fb');
  });
});

describe('loginLocation (the /login address a signed-out visit is sent to)', () => {
  it('carries the page, path and query, as next', () => {
    expect(loginLocation(new URL('https://app.test/market?tab=crypto'))).toBe('/login?next=%2Fmarket%3Ftab%3Dcrypto');
    expect(loginLocation(new URL('https://app.test/settings/security'))).toBe('/login?next=%2Fsettings%2Fsecurity');
  });

  it('puts no next in the address when the path would not be a safe one', () => {
    expect(loginLocation(new URL('https://app.test//evil.invalid/phish'))).toBe('/login');
    expect(loginLocation(new URL('https://app.test/settings/%5Cevil.invalid'))).toBe('/login');
  });
});
