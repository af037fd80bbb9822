import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $account,
  $accountStatus,
  $accounts,
  $activeAccount,
  $kyc,
  createAccount,
  deleteAccount,
  kycSummary,
  refreshAccounts,
  refreshActiveAccount,
  saveLanguage,
  setPrimary,
  startAccountSync,
  switchAccount,
  updateMetadata,
  type Account,
} from './account';
import { $auth } from './auth';
import { $lang } from './lang';

const USER = '11111111-1111-4111-8111-111111111111';
const ACC = '22222222-2222-4222-8222-222222222222';

const profile = (over: Partial<Account> = {}): Account => ({
  id: USER,
  name: 'Ana',
  language: 'en',
  first_name: 'Ana',
  last_name: 'Pérez',
  address: null,
  idv: null,
  idv_status: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...over,
});

const link = (id: string, over: Record<string, unknown> = {}) => ({
  id: `link-${id}`,
  account_id: id,
  account_name: `Account ${id.slice(0, 4)}`,
  is_primary: false,
  is_active: false,
  created_at: '2025-01-01T00:00:00Z',
  account: { id, name: `Account ${id.slice(0, 4)}`, account_category: 'personal' },
  ...over,
});

type Route = (method: string, path: string, body: unknown) => Response | undefined;
let route: Route;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    return route(method, url.pathname, body) ?? Response.json({ message: 'Not found' }, { status: 404 });
  });
  $auth.set({ status: 'authenticated', user: { id: USER } as never, session: { access_token: 't', refresh_token: 'r' } as never });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $account.set(null);
  $accounts.set([]);
  $activeAccount.set(null);
  $lang.set('en');
  localStorage.clear();
});

const ok = (data: unknown) => Response.json({ data });

describe('the KYC summary', () => {
  it('is recomputed when the account changes, status from idv_status else idv.status', () => {
    expect($kyc.get()).toBeNull();
    const idv = { id: 'idv-1', status: 'pending', created_at: 'c', updated_at: 'u' };
    $account.set(profile({ idv }));
    expect($kyc.get()).toEqual({ id: 'idv-1', account_id: USER, status: 'pending', created_at: 'c', updated_at: 'u' });
    $account.set(profile({ idv, idv_status: 'approved' }));
    expect($kyc.get()?.status).toBe('approved');
  });
  it('has no status when verification never started', () => {
    expect(kycSummary(profile())).toMatchObject({ id: null, status: null });
  });
});

describe('the account list', () => {
  it('loads the accounts and the active account', async () => {
    route = (m, p) =>
      p === '/api/accounts/user/accounts'
        ? ok({ success: true, accounts: [link(ACC, { is_active: true })] })
        : p === '/api/accounts/user/active-account'
          ? ok({ success: true, account: link(ACC, { is_active: true }) })
          : undefined;
    await refreshAccounts();
    await refreshActiveAccount();
    expect($accounts.get()).toHaveLength(1);
    expect($activeAccount.get()?.account_id).toBe(ACC);
  });
  it('logs a list error and clears the list, also for success false', async () => {
    $accounts.set([link(ACC)] as never);
    route = () => ok({ success: false, error: 'boom' });
    await refreshAccounts();
    expect($accounts.get()).toEqual([]);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch user accounts', 'boom');
  });
  it('uses the fallback text when success false carries no error', async () => {
    route = () => ok({ success: false });
    await refreshActiveAccount();
    expect($activeAccount.get()).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Failed to fetch active account', 'Failed to fetch active account');
  });
});

describe('account operations', () => {
  it('switching refreshes both the list and the active account', async () => {
    route = (m, p) => {
      if (p === '/api/accounts/user/switch-account') return ok({ success: true });
      if (p === '/api/accounts/user/accounts') return ok({ success: true, accounts: [link(ACC, { is_active: true })] });
      if (p === '/api/accounts/user/active-account') return ok({ success: true, account: link(ACC, { is_active: true }) });
    };
    await expect(switchAccount(ACC)).resolves.toBe(true);
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/accounts/user/switch-account', '/api/accounts/user/accounts', '/api/accounts/user/active-account']),
    );
    expect(calls[0]?.body).toEqual({ accountId: ACC });
    expect($activeAccount.get()?.account_id).toBe(ACC);
  });
  it('switch, set-primary, delete and metadata return false on failure', async () => {
    route = () => Response.json({ message: 'Not found' }, { status: 404 });
    await expect(switchAccount(ACC)).resolves.toBe(false);
    await expect(setPrimary(ACC)).resolves.toBe(false);
    await expect(deleteAccount(ACC)).resolves.toBe(false);
    await expect(updateMetadata(ACC, { accountName: 'x' })).resolves.toBe(false);
  });
  it('set-primary, delete and metadata refresh the list on success', async () => {
    route = (m, p) => (p === '/api/accounts/user/accounts' ? ok({ success: true, accounts: [] }) : ok({ success: true }));
    await expect(setPrimary(ACC)).resolves.toBe(true);
    await expect(deleteAccount(ACC)).resolves.toBe(true);
    await expect(updateMetadata(ACC, { accountName: 'x' })).resolves.toBe(true);
    expect(calls.filter((c) => c.path === '/api/accounts/user/accounts')).toHaveLength(3);
  });
  it('create sends the payload, refreshes the list and answers the new id', async () => {
    route = (m, p) => (p === '/api/accounts/user/create-account' ? ok({ success: true, accountId: ACC }) : ok({ success: true, accounts: [link(ACC)] }));
    const body = { accountName: 'Savings', accountType: 'individual', accountCategory: 'savings' } as const;
    await expect(createAccount(body)).resolves.toBe(ACC);
    expect(calls[0]?.body).toEqual(body);
    expect($accounts.get()).toHaveLength(1);
  });
  it('create rethrows the server message, or the fallback for success false', async () => {
    route = () => Response.json({ message: 'accountName: Account name is required' }, { status: 400 });
    await expect(createAccount({ accountName: ' ' })).rejects.toThrow('accountName: Account name is required');
    route = () => ok({ success: false });
    await expect(createAccount({ accountName: 'A' })).rejects.toThrow('Failed to create account');
  });
});

describe('following the auth state', () => {
  it('refreshes all three on sign-in and clears them on sign-out', async () => {
    $auth.set({ status: 'loading', user: null, session: null });
    route = (m, p) => {
      if (p === `/api/accounts/${USER}`) return ok(profile({ language: 'es' }));
      if (p === '/api/accounts/user/accounts') return ok({ success: true, accounts: [link(ACC, { is_active: true })] });
      if (p === '/api/accounts/user/active-account') return ok({ success: true, account: link(ACC, { is_active: true }) });
    };
    const stop = startAccountSync();
    $auth.set({ status: 'authenticated', user: { id: USER } as never, session: { access_token: 't', refresh_token: 'r' } as never });
    expect($accountStatus.get()).toBe('loading');
    await vi.waitFor(() => expect($accountStatus.get()).toBe('ready'));
    expect($account.get()?.id).toBe(USER);
    expect($accounts.get()).toHaveLength(1);
    expect($activeAccount.get()?.account_id).toBe(ACC);
    // The account's language overrides the browser's.
    expect($lang.get()).toBe('es');
    // The next page's HTML may start this user's account reads early (src/lib/prefetch-hints.ts).
    expect(JSON.parse(localStorage.getItem('dolar-active-account') ?? 'null')).toEqual({ user: USER, account: ACC });

    // A token refresh of the same user does not reload.
    const before = calls.length;
    $auth.set({ ...$auth.get(), session: { access_token: 't2', refresh_token: 'r2' } as never });
    expect(calls.length).toBe(before);

    $auth.set({ status: 'unauthenticated', user: null, session: null });
    expect($account.get()).toBeNull();
    expect($accounts.get()).toEqual([]);
    expect($activeAccount.get()).toBeNull();
    expect($accountStatus.get()).toBe('idle');
    expect(localStorage.getItem('dolar-active-account')).toBeNull();
    stop();
  });
  it('clears the account when loading it fails', async () => {
    $account.set(profile());
    route = () => Response.json({ message: 'Not found' }, { status: 404 });
    const { refreshAccount } = await import('./account');
    await refreshAccount();
    expect($account.get()).toBeNull();
  });
});

describe('saving the language', () => {
  it('switches the interface at once and stores it on the account', async () => {
    route = (m, p, body) => (m === 'PATCH' && p === `/api/accounts/${USER}` ? ok(profile(body as never)) : undefined);
    const saving = saveLanguage('es');
    expect($lang.get()).toBe('es');
    await expect(saving).resolves.toBe(true);
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { language: 'es' } });
    expect($account.get()?.language).toBe('es');
    expect(localStorage.getItem('lang')).toBe('es');
  });
  it('goes back to the previous language when the save fails', async () => {
    route = () => Response.json({ message: 'nope' }, { status: 500 });
    await expect(saveLanguage('fs')).resolves.toBe(false);
    expect($lang.get()).toBe('en');
  });
});
