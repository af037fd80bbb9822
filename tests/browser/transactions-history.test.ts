// /transactions as a history you can find and keep, in Chromium against the built app: filters and
// search kept in the URL (a reload shows the same view), the no-match state and Clear filters, the
// CSV export of a date range compared with the API's list for the same filters, and the transaction
// detail (full hash, counterparty, the offer) opened from a row and from a card at 390 px, its id
// in the URL so reload and Back work.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/shared/format';
import {
  baseURL,
  waitForHydration,
  createWallet,
  fileBrowser,
  openApp,
  pageFitsWidth,
  s,
  screenPage,
  screenshot,
  sessionFromCookies,
  signedInState,
  type StorageState,
  testPhone,
} from './helpers';

const browser = fileBrowser();
let state: StorageState;
let mobileState: StorageState;

/** The signed-in session's access token, from the session cookie of the stored state. */
function tokenOf(st: StorageState): string {
  const session = sessionFromCookies(st.cookies);
  if (!session?.access_token) throw new Error('no stored session');
  return session.access_token;
}

async function api<T>(st: StorageState, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(baseURL() + path, {
    method,
    headers: { authorization: `Bearer ${tokenOf(st)}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<{ data: T }>()).data;
}

interface Tx {
  id: string;
  tx_hash: string | null;
  amount_usd: number;
  asset_amount: string | null;
  counterparty?: string | null;
}

/** The user's active account id, after three treasury transfers to it (PENDING transfer offers). */
async function withTransfers(st: StorageState): Promise<string> {
  const { accounts } = await api<{ accounts: { account_id: string; is_active: boolean }[] }>(st, 'GET', '/api/accounts/user/accounts');
  const accountId = (accounts.find((a) => a.is_active) ?? accounts[0]!).account_id;
  const existing = await api<Tx[]>(st, 'GET', `/api/transactions/account/${accountId}?type=transfer`);
  for (const amount of ['1.5', '2.25', '3'].slice(existing.length)) await api(st, 'POST', '/api/wallets/transfer', { account_id: accountId, amount });
  return accountId;
}

beforeAll(async () => {
  state = await signedInState(browser(), testPhone(17));
  mobileState = await signedInState(browser(), testPhone(18));
});

describe('transaction history', () => {
  it('filters in the URL survive a reload, and no match offers Clear filters (en)', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    await createWallet(page);
    await withTransfers(state);
    await openApp(page, '/transactions');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);

    await page.getByLabel('Type').selectOption('deposit');
    await page.getByText('No transactions match').waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('deposit');
    await page.reload();
    await waitForHydration(page);
    await page.getByText('No transactions match').waitFor();
    expect(await page.getByLabel('Type').inputValue()).toBe('deposit');

    await page.locator('[data-empty="no-match"]').getByRole('button', { name: 'Clear filters' }).click();
    await rows.first().waitFor();
    expect(new URL(page.url()).search).toBe('');

    await page.getByLabel('Status').selectOption('PENDING');
    await page.getByLabel('Type').selectOption('transfer');
    await page.waitForURL((u) => u.searchParams.get('status') === 'PENDING' && u.searchParams.get('type') === 'transfer');
    expect(await page.locator('tbody [data-status="pending"]').count()).toBe(await rows.count());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches by hash prefix, and exports a date range as the CSV of the same list the API answers', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    const accountId = await withTransfers(state);
    const today = new Date().toISOString().slice(0, 10);
    const list = await api<Tx[]>(state, 'GET', `/api/transactions/account/${accountId}?from=${today}&to=${today}&type=transfer`);
    expect(list.length).toBeGreaterThanOrEqual(3);

    await openApp(page, `/transactions?type=transfer&from=${today}&to=${today}`);
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe(today);

    // Search: the second one's hash prefix finds it alone.
    const target = list[1]!;
    await page.getByLabel('Search').fill(target.tx_hash!.slice(0, 14));
    await page.waitForURL((u) => u.searchParams.get('q') === target.tx_hash!.slice(0, 14));
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.getByLabel('Search').fill('');
    await page.waitForURL((u) => !u.searchParams.has('q'));
    await page.waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, list.length);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`transactions-from-${today}-to-${today}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,id,type,status,amount,currency,asset_amount,asset,network,tx_hash,counterparty,description,direction,counterparty_name,status_reason,moved_money',
    );
    const records = lines.slice(1).map((l) => l.split(','));
    expect(records.map((r) => r[1])).toEqual(list.map((t) => t.id));
    expect(records.map((r) => [r[4], r[5], r[6], r[9], r[10]])).toEqual(
      list.map((t) => [(t.amount_usd / 100).toFixed(2), 'USD', t.asset_amount, t.tx_hash, t.counterparty]),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a detail from a row: full hash, counterparty and offer, kept in the URL across a reload; Escape closes it', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    const accountId = await withTransfers(state);
    const [tx] = await api<Tx[]>(state, 'GET', `/api/transactions/account/${accountId}?type=transfer&limit=1`);
    await openApp(page, '/transactions');
    await page.locator(`tbody [data-open-detail="${tx!.id}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Transaction details' });
    await dialog.locator('[data-detail-hash]').waitFor();
    expect(await dialog.locator('[data-detail-hash]').textContent()).toBe(tx!.tx_hash);
    expect(await dialog.locator('[data-detail-counterparty]').textContent()).toBe(tx!.counterparty);
    expect(await dialog.locator('[data-detail-offer]').getAttribute('data-detail-offer')).toBe('pending');
    expect(await dialog.locator('[data-detail-asset-amount]').textContent()).toBe(`${formatDecimal(tx!.asset_amount, 10, 2)} CC`);
    expect(new URL(page.url()).searchParams.get('tx')).toBe(tx!.id);
    await screenshot(page, 'transaction-detail-en');

    await page.reload();
    await dialog.locator('[data-detail-hash]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('tx')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a detail from a card at 390 px, and Back closes it (fs)', async () => {
    const { context, page, errors } = await screenPage(browser(), mobileState, 'fs', 390);
    await createWallet(page);
    await withTransfers(mobileState);
    await openApp(page, '/transactions');
    const card = page.locator('[data-card="transaction"]').first();
    await card.waitFor();
    // A long list's cards cost nothing to paint while off screen (content-visibility), each keeping
    // a placeholder height until first rendered.
    expect(
      await card.evaluate((el) => {
        const li = el.closest('li')!;
        const style = getComputedStyle(li);
        return [style.contentVisibility, style.containIntrinsicHeight];
      }),
    ).toEqual(['auto', 'auto 96px']);
    await card.locator('[data-open-detail]').click();
    const dialog = page.getByRole('dialog', { name: s('fs', 'transactions.detail.title') });
    await dialog.locator('[data-detail-hash]').waitFor();
    expect(await pageFitsWidth(page)).toBe(true);
    await screenshot(page, 'transaction-detail-fs-390');
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('tx')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
