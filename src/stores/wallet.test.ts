// The wallet's money movements as user intents: one Idempotency-Key per press kept across the
// retries of a lost answer (network error, 502/503/504), 4xx final, busy until the intent ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { $toasts, clearToasts } from './toasts';
import { $wallet, $walletBusy, autoAccept, transfer } from './wallet';

const ACC = '22222222-2222-4222-8222-222222222222';
const PARTY = `ana::1220${'a'.repeat(64)}`;
const TREASURY = `treasury::1220${'b'.repeat(64)}`;

type Answer = Response | Error;
interface Call {
  method: string;
  path: string;
  key: string | null;
}

let posts: Answer[] = [];
const calls: Call[] = [];
const postsTo = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

const ok = (data: unknown, headers?: HeadersInit) => Response.json({ data }, { headers });
const transferred = () => ok({ amount: '100.0000000000', fromPartyId: TREASURY, toPartyId: PARTY, instrument: 'CC', offerId: 'o1', status: 'PENDING' });
const networkError = () => new TypeError('Failed to fetch');

beforeEach(() => {
  vi.useFakeTimers();
  calls.length = 0;
  posts = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  $wallet.set({
    status: 'ready',
    accountId: ACC,
    wallet: { id: 'w1', address: PARTY } as never,
    balance: null,
    assets: [],
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname, key: new Headers(init?.headers).get('idempotency-key') });
    if (method === 'GET') {
      if (url.pathname.includes('/balance/')) return ok({ balance: '0', balance_usd_cents: 0, instrument: 'CC', pendingIncoming: '100' });
      return ok([]);
    }
    const next = posts.shift();
    if (!next) throw new Error(`unplanned ${method} ${url.pathname}`);
    if (next instanceof Error) throw next;
    return next;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
  $walletBusy.set(null);
});

describe('Transfer 100 as one intent', () => {
  it('retries a transfer whose answer was lost with the same Idempotency-Key: exactly 2 calls', async () => {
    posts = [networkError(), transferred()];
    const done = transfer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toBe(true);
    const tries = postsTo('/api/wallets/transfer');
    expect(tries).toHaveLength(2);
    expect(tries[0]!.key).toBeTruthy();
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect($toasts.get()).toEqual([expect.objectContaining({ type: 'info', title: 'Transfer offer received' })]);
  });

  it('waits 1 s, then 2 s between tries and gives up after 3 tries of 502/503/504, all with one key', async () => {
    posts = [
      Response.json({ message: 'Bad gateway' }, { status: 502 }),
      Response.json({ message: 'Unavailable' }, { status: 503 }),
      Response.json({ message: 'Upstream timed out' }, { status: 504 }),
    ];
    const done = transfer();
    await vi.advanceTimersByTimeAsync(999);
    expect(postsTo('/api/wallets/transfer')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(postsTo('/api/wallets/transfer')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(postsTo('/api/wallets/transfer')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe(false);
    const tries = postsTo('/api/wallets/transfer');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((c) => c.key)).size).toBe(1);
    expect($toasts.get()).toEqual([
      expect.objectContaining({ type: 'error', title: 'Transfer failed', description: 'The service is unavailable right now. Please try again later.' }),
    ]);
  });

  it('does not retry a 400: the answer is final', async () => {
    posts = [Response.json({ message: 'Invalid amount' }, { status: 400 })];
    const done = transfer();
    // Past the whole backoff (1 s + 2 s), short of the error toast's 5 s.
    await vi.advanceTimersByTimeAsync(3500);
    expect(await done).toBe(false);
    expect(postsTo('/api/wallets/transfer')).toHaveLength(1);
    expect($toasts.get()).toEqual([expect.objectContaining({ type: 'error', title: 'Transfer failed', description: 'Invalid amount' })]);
  });

  it('does not retry a 429 either', async () => {
    posts = [Response.json({ message: 'Too many requests' }, { status: 429 })];
    const done = transfer();
    // Past the whole backoff (1 s + 2 s), short of the error toast's 5 s.
    await vi.advanceTimersByTimeAsync(3500);
    expect(await done).toBe(false);
    expect(postsTo('/api/wallets/transfer')).toHaveLength(1);
  });

  it('uses a new key for each separate press', async () => {
    posts = [transferred(), transferred()];
    expect(await transfer()).toBe(true);
    expect(await transfer()).toBe(true);
    const [first, second] = postsTo('/api/wallets/transfer');
    expect(first!.key).toBeTruthy();
    expect(second!.key).toBeTruthy();
    expect(second!.key).not.toBe(first!.key);
  });

  it('stays busy for the whole intent, retries included, and ignores a second press meanwhile', async () => {
    posts = [networkError(), transferred()];
    const done = transfer();
    expect($walletBusy.get()).toBe('transfer');
    await vi.advanceTimersByTimeAsync(500);
    expect($walletBusy.get()).toBe('transfer');
    expect(await transfer()).toBe(false);
    expect(await autoAccept()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(await done).toBe(true);
    expect($walletBusy.get()).toBeNull();
    expect(postsTo('/api/wallets/transfer')).toHaveLength(2);
    expect(postsTo('/api/wallets/auto-accept')).toHaveLength(0);
  });

  it('treats a replayed success (idempotent-replayed: true) as the success it is and refetches the balance', async () => {
    const replayed = ok(
      { amount: '100.0000000000', fromPartyId: TREASURY, toPartyId: PARTY, instrument: 'CC', offerId: 'o1', status: 'PENDING' },
      { 'idempotent-replayed': 'true' },
    );
    posts = [networkError(), replayed];
    const done = transfer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toBe(true);
    expect($toasts.get()).toEqual([expect.objectContaining({ type: 'info', title: 'Transfer offer received' })]);
    expect(calls.some((c) => c.method === 'GET' && c.path.startsWith('/api/wallets/canton/balance/'))).toBe(true);
    expect($wallet.get().balance).toMatchObject({ pendingIncoming: '100' });
  });
});

describe('what the wallet toasts say', () => {
  it('says an incoming offer of 100.00 CC from the treasury, named as the offers list names it, waits for acceptance, not that the transfer succeeded', async () => {
    posts = [transferred()];
    expect(await transfer()).toBe(true);
    expect($toasts.get()).toEqual([
      expect.objectContaining({
        type: 'info',
        title: 'Transfer offer received',
        description: '100.00 CC from Dólar treasury (test funds) is waiting for your acceptance. Press Auto-Accept to add it to your balance.',
      }),
    ]);
  });

  it('says how many transfers Auto-Accept accepted and how much, in the plural when more than one', async () => {
    posts = [ok({ contractsAccepted: 3, amountAccepted: '1234.5000000000', offersExpired: 0 })];
    expect(await autoAccept()).toBe(true);
    expect($toasts.get()).toEqual([expect.objectContaining({ type: 'success', title: 'Success!', description: 'Accepted 3 transfers: 1,234.50 CC' })]);
  });

  it('says there was nothing to accept (info) when Auto-Accept finds no pending offer', async () => {
    posts = [ok({ contractsAccepted: 0, offersExpired: 0 })];
    expect(await autoAccept()).toBe(true);
    expect($toasts.get()).toEqual([
      expect.objectContaining({ type: 'info', title: 'Nothing to accept', description: 'There are no pending offers for your wallet.' }),
    ]);
  });
});

describe('Auto-Accept as one intent', () => {
  it('retries after a network error with the same Idempotency-Key', async () => {
    posts = [networkError(), ok({ contractsAccepted: 1, amountAccepted: '15.0000000000', offersExpired: 0 })];
    const done = autoAccept();
    expect($walletBusy.get()).toBe('accept');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toBe(true);
    const tries = postsTo('/api/wallets/auto-accept');
    expect(tries).toHaveLength(2);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect($toasts.get()).toEqual([expect.objectContaining({ type: 'success', title: 'Success!', description: 'Accepted 1 transfer: 15.00 CC' })]);
  });

  it('does not retry a 404 and uses a new key on the next press', async () => {
    posts = [Response.json({ message: 'Account not found' }, { status: 404 }), ok({ contractsAccepted: 0, offersExpired: 0 })];
    expect(await autoAccept()).toBe(false);
    expect(await autoAccept()).toBe(true);
    const [first, second] = postsTo('/api/wallets/auto-accept');
    expect(postsTo('/api/wallets/auto-accept')).toHaveLength(2);
    expect(second!.key).not.toBe(first!.key);
  });
});
