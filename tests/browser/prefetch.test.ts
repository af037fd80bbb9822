// The signed-in pages start their first reads from the HTML, with the stored session, while their
// JavaScript downloads (src/layouts/AppLayout.astro); the island then uses those answers instead of
// asking again. Account-scoped reads use the active account this device remembers for that user.
// A page rendered on the Worker (issue 16) came with the account reads: it starts only its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cookieSession, launch, openApp, screenPage, signedInState, type StorageState, testPhone } from './helpers';

const settled = (page: Page) => page.waitForLoadState('networkidle');

let browser: Browser;
let state: StorageState;

beforeAll(async () => {
  browser = await launch();
  state = await signedInState(browser, testPhone(23));
});
afterAll(async () => {
  await browser?.close();
});

/** Every /api request the page makes from now on, as method + path + query. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${req.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

const hint = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('dolar-active-account') ?? 'null') as { user: string; account: string } | null);

describe('reads started by the HTML', () => {
  it('remembers the active account for the signed-in user and reads each of the gate and page reads once', async () => {
    const { context, page, errors } = await screenPage(browser, state, 'en');
    // A page rendered on the Worker remembers the account it was rendered with.
    await openApp(page, '/market');
    const remembered = await hint(page);
    expect(remembered?.account).toMatch(/[0-9a-f-]{36}/);
    const userId = (await cookieSession(context))!.user.id;
    expect(remembered?.user).toBe(userId);

    const calls = recordApiCalls(page);
    await openApp(page, '/accounts/digital-assets');
    await settled(page);
    const reads = [`GET /api/accounts/${userId}`, 'GET /api/accounts/user/accounts', 'GET /api/accounts/user/active-account', `GET /api/wallets/${remembered?.account}/categories`];
    for (const read of reads) expect(calls.filter((c) => c === read), read).toHaveLength(1);
    // The HTML started them: the page script recorded the promises it handed over.
    expect(await page.evaluate(() => Object.keys(window.__apiPrefetch?.responses ?? {}).length)).toBe(4);

    // Rendered on the Worker, /transactions came with the account reads and its first rows: it starts
    // nothing from the head, and its island completes the list with one read.
    calls.length = 0;
    await openApp(page, '/transactions');
    await settled(page);
    expect(calls.filter((c) => c.startsWith('GET /api/accounts/'))).toEqual([]);
    expect(calls.filter((c) => c === `GET /api/transactions/account/${remembered?.account}?limit=100`)).toHaveLength(1);
    expect(await page.evaluate(() => Object.keys(window.__apiPrefetch?.responses ?? {}))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does not start a read for an account remembered for another user", async () => {
    const { context, page, errors } = await screenPage(browser, state, 'en');
    await openApp(page, '/market');
    const other = '00000000-0000-4000-8000-000000000000';
    await page.evaluate((account) => localStorage.setItem('dolar-active-account', JSON.stringify({ user: 'someone-else', account })), other);
    const calls = recordApiCalls(page);
    await openApp(page, '/accounts/digital-assets');
    await settled(page);
    expect(calls.filter((c) => c.includes(other))).toEqual([]);
    // The page still reads its own account's wallets, once, and remembers that account again.
    expect(calls.filter((c) => /^GET \/api\/wallets\/[^/]+\/categories$/.test(c))).toHaveLength(1);
    expect((await hint(page))?.user).not.toBe('someone-else');
    expect(errors).toEqual([]);
    await context.close();
  });
});
