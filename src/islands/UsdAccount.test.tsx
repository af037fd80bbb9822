// The USD page of a person who has not verified their identity: the sentence about their monthly limit
// says it as money (through the money formatter) in every language, never a bare "0". The activity of
// an open account: a filled order's cash as a buy (out) or a sell (in) of its symbol, linked to its
// transaction.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../i18n';
import { formatCents } from '../shared/format';
import type { UsdAccount } from '../shared/schemas/usd';
import { $lang } from '../stores/lang';
import { Activity, Unverified } from './UsdAccount';

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

describe('the USD account’s activity', () => {
  const fill = (kind: 'buy' | 'sell', id: string, amount_cents: number) => ({
    id,
    kind,
    rail: null,
    amount_cents,
    status: 'settled' as const,
    settle_at: null,
    bank_account_id: null,
    transaction_id: id,
    created_at: '2026-12-01T15:00:00.000Z',
    settled_at: '2026-12-01T15:00:00.000Z',
    symbol: 'AAPL',
  });
  const OPEN: UsdAccount = {
    ...UNVERIFIED,
    status: 'open',
    wallet_id: '33333333-3333-4333-8333-333333333333',
    activity: [fill('sell', '44444444-4444-4444-8444-444444444444', 400), fill('buy', '55555555-5555-4555-8555-555555555555', 1000)],
  };

  it.each([
    ['en', 'Sold AAPL', 'Bought AAPL'],
    ['es', 'Venta de AAPL', 'Compra de AAPL'],
    ['fs', 'Vente de AAPL', 'Achat de AAPL'],
  ] as const)('names a sell and a buy by their symbol, money in and out, each linked to its transaction (%s)', (lang, sold, bought) => {
    $lang.set(lang);
    const { container } = render(<Activity account={OPEN} />);
    const [sell, buy] = [...container.querySelectorAll('li')];
    expect(sell!.textContent).toContain(sold);
    expect(sell!.textContent).toContain(`+${formatCents(400)}`);
    expect(buy!.textContent).toContain(bought);
    expect(buy!.textContent).toContain(`−${formatCents(1000)}`);
    expect(buy!.querySelector('a')!.getAttribute('href')).toContain('55555555-5555-4555-8555-555555555555');
  });
});
