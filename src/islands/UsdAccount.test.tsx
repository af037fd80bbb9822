// The USD page of a person who has not verified their identity: the sentence about their monthly limit
// says it as money (through the money formatter) in every language, never a bare "0".
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../i18n';
import { formatCents } from '../shared/format';
import type { UsdAccount } from '../shared/schemas/usd';
import { $lang } from '../stores/lang';
import { Unverified } from './UsdAccount';

const UNVERIFIED: UsdAccount = {
  status: 'unverified',
  account_id: '22222222-2222-4222-8222-222222222222',
  wallet_id: null,
  available_cents: 0,
  pending_cents: 0,
  monthly_limit_cents: 0,
  used_this_month_cents: 0,
  remaining_this_month_cents: 0,
  resets_at: '2026-12-01T00:00:00.000Z',
  bank_accounts: [],
  activity: [],
};

beforeAll(async () => {
  await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
});
afterEach(() => {
  cleanup();
  $lang.set('en');
});

describe('the USD page before identity verification', () => {
  it.each(['en', 'es', 'fs'] as const)('says the monthly limit as money (%s)', (lang) => {
    $lang.set(lang);
    const { container } = render(<Unverified account={UNVERIFIED} />);
    const text = container.querySelector('p')!.textContent;
    expect(text).toContain(formatCents(0));
    expect(text).not.toMatch(/\{limit\}|(?<![\d$.,])0(?![\d.,])/);
    expect(container.querySelector('a')!.getAttribute('href')).toBe('/settings/identity');
  });
});
