// The New Transaction modal's states against a stubbed API: the indicative quote after 1 s, Continue
// locking it (id, figures, the payment method marked simulated, a countdown announced at its
// moments), 'Get a new quote' once it lapsed, Confirm executing it with one Idempotency-Key kept
// across a retry, the receipt's disclosures, a person not verified pointed to verification, and the
// USD balance offered with its available dollars (disabled with the reason when it falls short).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t as translate, type TranslationKey } from '../../i18n';
import { $account, $activeAccount, type Account } from '../../stores/account';
import { $auth } from '../../stores/auth';
import { $lang } from '../../stores/lang';
import NewTransactionModal from './NewTransactionModal';

const ACC = '22222222-2222-4222-8222-222222222222';
const WALLET = '33333333-3333-4333-8333-333333333333';
const QUOTE = '44444444-4444-4444-8444-444444444444';
const TX = '55555555-5555-4555-8555-555555555555';
const T0 = Date.parse('2026-11-27T12:00:00.000Z');

interface Call {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}
let calls: Call[] = [];
let executeAnswers: (() => Response)[] = [];
let locks = 0;
/** The USD account's available cents; null: not opened. */
let usdAvailable: number | null = null;

const s = (key: TranslationKey, params?: Record<string, string | number>) => translate($lang.get(), key, params);
const figures = {
  input_amount_usd: '20.00',
  fees_usd: '2.50',
  exchange_rate: '6.0471037555',
  price_usd: '0.1571',
  destination_asset: 'CC',
  net_destination_amount: '105.8243157224',
};
const locked = (onramp_provider = 'apple_pay') => {
  const created = Date.now();
  locks += 1;
  return {
    id: locks === 1 ? QUOTE : `4444444${locks}-4444-4444-8444-444444444444`,
    ...figures,
    onramp_provider,
    wallet_id: WALLET,
    created_at: new Date(created).toISOString(),
    expires_at: new Date(created + 30_000).toISOString(),
  };
};
const receipt = (onramp_provider = 'apple_pay') =>
  Response.json({
    data: {
      quote_id: QUOTE,
      transaction_id: TX,
      amount_paid_usd: '20.00',
      fees_usd: '2.50',
      exchange_rate: figures.exchange_rate,
      amount_received: figures.net_destination_amount,
      destination_asset: 'CC',
      wallet_id: WALLET,
      onramp_provider,
      simulated: true,
      executed_at: new Date().toISOString(),
      funds_available_at: new Date().toISOString(),
      affectedParties: [`ana::1220${'a'.repeat(64)}`],
    },
  });

const profile = (idv_status: string | null): Account => ({
  id: 'u1',
  name: 'Ana',
  language: 'en',
  first_name: 'Ana',
  last_name: 'Pérez',
  address: null,
  idv: null,
  idv_status,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: T0 });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  calls = [];
  executeAnswers = [];
  locks = 0;
  usdAvailable = null;
  $lang.set('en');
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  $account.set(profile('approved'));
  $activeAccount.set({ id: 'l1', account_id: ACC, account_name: 'Ana', is_primary: true, is_active: true } as never);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname + url.search,
      key: new Headers(init?.headers).get('idempotency-key'),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (url.pathname === `/api/wallets/${ACC}`)
      return Response.json({
        data: [
          {
            id: WALLET,
            account_id: ACC,
            kind: 'digital_asset',
            chain: 'canton',
            vendor: 'canton',
            address: `ana::1220${'a'.repeat(64)}`,
            label: 'Digital Assets',
            network: 'canton',
            is_active: true,
            created_at: 'c',
            updated_at: 'u',
          },
          {
            id: 'ext',
            account_id: ACC,
            kind: 'external',
            chain: 'ethereum',
            vendor: 'external',
            address: '0xabc',
            label: 'MetaMask',
            network: 'ethereum',
            is_active: true,
            created_at: 'c',
            updated_at: 'u',
          },
        ],
      });
    if (url.pathname === '/api/quotes/indicative')
      return Response.json({ data: { ...figures, input_amount_usd: url.searchParams.get('amount_usd'), indicative: true } });
    if (url.pathname === `/api/usd/accounts/${ACC}`)
      return Response.json({ data: { status: usdAvailable === null ? 'closed' : 'open', available_cents: usdAvailable ?? 0 } });
    if (url.pathname === '/api/quotes') return Response.json({ data: locked((JSON.parse(String(init?.body)) as { onramp_provider: string }).onramp_provider) });
    if (url.pathname.endsWith('/execute')) {
      const next = executeAnswers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }
    throw new Error(`unexpected ${url.pathname}`);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const byData = (attr: string) => document.querySelector(`[${attr}]`);

async function fillForm(amount = '20', provider = 'apple_pay') {
  render(<NewTransactionModal onClose={() => {}} />);
  await flush();
  fireEvent.change(screen.getByLabelText(s('transactions.new.wallet'), { exact: false }), { target: { value: WALLET } });
  fireEvent.change(screen.getByLabelText(s('transactions.new.paymentMethod')), { target: { value: provider } });
  fireEvent.change(screen.getByLabelText(s('transactions.new.amount')), { target: { value: amount } });
}

async function lockIt() {
  await fillForm();
  await flush(1000);
  fireEvent.submit(screen.getByRole('button', { name: s('transactions.new.submit') }).closest('form')!);
  await flush();
}

describe('the New Transaction modal', () => {
  it("shows 'Getting quote...' then the server's indicative quote, and lists only wallets that can receive CC", async () => {
    await fillForm();
    expect(screen.getByText(s('transactions.new.gettingQuote'))).toBeTruthy();
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: s('transactions.new.submit') });
    expect(submit.disabled).toBe(true);
    await flush(1000);
    expect(calls.filter((c) => c.path.startsWith('/api/quotes/indicative')).map((c) => c.path)).toEqual([
      '/api/quotes/indicative?amount_usd=20.00&destination_asset=CC',
    ]);
    expect(byData('data-net')?.textContent).toBe('105.82 CC');
    expect(screen.getByText(s('quote.indicative'))).toBeTruthy();
    expect(submit.disabled).toBe(false);
    const options = [...document.querySelectorAll('select[name="wallet_id"] option')].map((o) => o.getAttribute('value'));
    expect(options).toEqual(['', WALLET, 'add_new']);
  });

  it('locks the quote on Continue: its id, figures, the method marked simulated and a 30 s countdown', async () => {
    await lockIt();
    expect(calls.find((c) => c.path === '/api/quotes')?.body).toEqual({
      amount_usd: '20.00',
      onramp_provider: 'apple_pay',
      wallet_id: WALLET,
      destination_asset: 'CC',
    });
    expect(byData('data-locked-quote')?.getAttribute('data-locked-quote')).toBe(QUOTE);
    expect(screen.getByText(QUOTE)).toBeTruthy();
    expect(screen.getByText(`${s('transactions.new.provider.apple_pay')} (${s('quote.simulated')})`)).toBeTruthy();
    expect(byData('data-countdown')?.textContent).toBe(s('quote.expiresIn', { seconds: 30 }));
    expect(byData('data-announce')?.textContent).toBe(s('quote.announce.locked', { seconds: 30 }));
    await flush(5000);
    expect(byData('data-countdown')?.textContent).toBe(s('quote.expiresIn', { seconds: 25 }));
    // The live region has not changed: nothing is announced every second.
    expect(byData('data-announce')?.textContent).toBe(s('quote.announce.locked', { seconds: 30 }));
    await flush(15_000);
    expect(byData('data-announce')?.textContent).toBe(s('quote.announce.soon', { seconds: 10 }));
  });

  it("replaces Confirm by 'Get a new quote' when the quote lapses, and re-quotes", async () => {
    await lockIt();
    await flush(30_000);
    expect(screen.queryByRole('button', { name: s('quote.confirm') })).toBeNull();
    expect(byData('data-expired')?.textContent).toBe(s('quote.expired'));
    expect(byData('data-announce')?.textContent).toBe(s('quote.expired'));
    fireEvent.click(screen.getByRole('button', { name: s('quote.requote') }));
    await flush();
    expect(calls.filter((c) => c.path === '/api/quotes')).toHaveLength(2);
    expect(byData('data-countdown')?.textContent).toBe(s('quote.expiresIn', { seconds: 30 }));
    expect(screen.getByRole('button', { name: s('quote.confirm') })).toBeTruthy();
  });

  it('confirms with one Idempotency-Key kept across retries, then shows the receipt with its disclosures', async () => {
    await lockIt();
    executeAnswers = [() => new Response('{}', { status: 503 })];
    fireEvent.click(screen.getByRole('button', { name: s('quote.confirm') }));
    // Three tries (1 s and 2 s apart), all lost: the user tries again.
    await flush(5000);
    executeAnswers = [receipt];
    fireEvent.click(screen.getByRole('button', { name: s('quote.confirm') }));
    await flush(5000);
    const keys = calls.filter((c) => c.path.endsWith('/execute')).map((c) => c.key);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
    expect(byData('data-receipt')?.getAttribute('data-receipt')).toBe(QUOTE);
    for (const key of [
      'quote.receipt.amountPaid',
      'quote.receipt.fees',
      'quote.receipt.rate',
      'quote.receipt.received',
      'quote.receipt.available',
      'quote.receipt.method',
    ] as const)
      expect(screen.getByText(s(key))).toBeTruthy();
    expect(byData('data-received')?.textContent).toBe('105.82 CC');
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByText(TX)).toBeTruthy();
    expect(screen.getByText(s('quote.receipt.rights'))).toBeTruthy();
  });

  it('points a person whose identity is not verified to verification instead of Continue', async () => {
    $account.set(profile(null));
    await fillForm();
    await flush(1000);
    expect(screen.queryByRole('button', { name: s('transactions.new.submit') })).toBeNull();
    expect(screen.getByText(s('quote.verifyFirst'))).toBeTruthy();
    expect(screen.getByRole('link', { name: s('quote.verifyLink') }).getAttribute('href')).toBe('/settings/identity');
  });

  it('offers the USD balance only with an open USD account, showing its available dollars', async () => {
    await fillForm();
    const methods = () => [...document.querySelectorAll('select[name="onramp_provider"] option')].map((o) => o.getAttribute('value'));
    expect(methods()).toEqual(['usdc', 'apple_pay']);
    cleanup();
    usdAvailable = 12_550;
    await fillForm();
    expect(methods()).toEqual(['usdc', 'apple_pay', 'usd_balance']);
    const option = document.querySelector<HTMLOptionElement>('option[value="usd_balance"]')!;
    expect(option.textContent).toBe(`${s('transactions.new.provider.usd_balance')} · ${s('quote.balance.available', { amount: '$125.50' })}`);
    expect(option.disabled).toBe(false);
  });

  it('disables the USD balance with the reason when the amount is more than it, and Continue with it', async () => {
    usdAvailable = 1_999;
    await fillForm('20', 'usd_balance');
    await flush(1000);
    expect(document.querySelector<HTMLOptionElement>('option[value="usd_balance"]')!.disabled).toBe(true);
    expect(screen.getByText(s('quote.balance.short', { amount: '$19.99' }))).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: s('transactions.new.submit') }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(s('transactions.new.amount')), { target: { value: '19.99' } });
    await flush(1000);
    expect(document.querySelector<HTMLOptionElement>('option[value="usd_balance"]')!.disabled).toBe(false);
    expect(screen.queryByText(s('quote.balance.short', { amount: '$19.99' }))).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: s('transactions.new.submit') }).disabled).toBe(false);
  });

  it('pays from the USD balance: the lock asks for it and the receipt names it', async () => {
    usdAvailable = 10_000;
    await fillForm('20', 'usd_balance');
    await flush(1000);
    fireEvent.submit(screen.getByRole('button', { name: s('transactions.new.submit') }).closest('form')!);
    await flush();
    expect(calls.find((c) => c.path === '/api/quotes')?.body).toMatchObject({ onramp_provider: 'usd_balance' });
    executeAnswers = [() => receipt('usd_balance')];
    fireEvent.click(screen.getByRole('button', { name: s('quote.confirm') }));
    await flush(100);
    expect(byData('data-receipt')).toBeTruthy();
    const method = screen.getByText(s('quote.receipt.method')).nextElementSibling;
    expect(method?.textContent).toBe(s('transactions.new.provider.usd_balance'));
  });

  it('shows the receipt in Spanish', async () => {
    $lang.set('es');
    await lockIt();
    executeAnswers = [receipt];
    fireEvent.click(screen.getByRole('button', { name: s('quote.confirm') }));
    await flush(100);
    expect(screen.getByText('Monto pagado')).toBeTruthy();
    expect(screen.getByText(s('quote.receipt.rights'))).toBeTruthy();
  });
});
