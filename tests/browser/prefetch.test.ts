// The signed-in pages are rendered on the Worker with their first reads: the HTML starts
// no read of its own (src/layouts/AppLayout.astro's head reads are for a page that names some), and
// the island repeats none of what the Worker read. The active account this device remembers is the
// user's own; one remembered for another user is never read.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cookieSession, openApp, screenPage, signedInState, type StorageState, testPhone, fileBrowser } from './helpers';

const settled = (page: Page) => page.waitForLoadState('networkidle');

const browser = fileBrowser();
let state: StorageState;

beforeAll(async () => {
  state = await signedInState(browser(), testPhone(23));
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

const hint = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('dolar-active-account') ?? 'null') as { user: string; account: string } | null);

describe('reads started by the HTML', () => {
  it('remembers the active account for the signed-in user; pages rendered on the Worker start no read from the head and repeat none of theirs', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    // A page rendered on the Worker remembers the account it was rendered with.
    await openApp(page, '/market');
    const remembered = await hint(page);
    expect(remembered?.account).toMatch(/[0-9a-f-]{36}/);
    const userId = (await cookieSession(context))!.user.id;
    expect(remembered?.user).toBe(userId);

    // The wallet came with the account reads and its own (categories, balance, offers): none again.
    const calls = recordApiCalls(page);
    await openApp(page, '/accounts/digital-assets');
    await settled(page);
    expect(calls.filter((c) => c.startsWith('GET /api/accounts/'))).toEqual([]);
    expect(calls.filter((c) => c === `GET /api/wallets/${remembered?.account}/categories`)).toEqual([]);
    expect(await page.evaluate(() => Object.keys(window.__apiPrefetch?.responses ?? {}))).toEqual([]);

    // /transactions came with the account reads and its first rows: it starts nothing from the head,
    // and its island completes the list with one read.
    calls.length = 0;
    await openApp(page, '/transactions');
    await settled(page);
    expect(calls.filter((c) => c.startsWith('GET /api/accounts/'))).toEqual([]);
    expect(calls.filter((c) => c === `GET /api/transactions/account/${remembered?.account}?limit=100`)).toHaveLength(1);
    expect(await page.evaluate(() => Object.keys(window.__apiPrefetch?.responses ?? {}))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does not read an account remembered for another user: the page is rendered with the user's own", async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    await openApp(page, '/market');
    const own = (await hint(page))?.account;
    const other = '00000000-0000-4000-8000-000000000000';
    await page.evaluate((account) => localStorage.setItem('dolar-active-account', JSON.stringify({ user: 'someone-else', account })), other);
    const calls = recordApiCalls(page);
    await openApp(page, '/accounts/digital-assets');
    await settled(page);
    expect(calls.filter((c) => c.includes(other))).toEqual([]);
    // The hint is the user's own account again.
    expect(await hint(page)).toMatchObject({ account: own });
    expect((await hint(page))?.user).not.toBe('someone-else');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads no cookie and no stored value from the early script of a page rendered on the Worker with no first reads: its user and zone come with the page', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    // Counts what the early script itself (the one script that reads the session) asks the browser for.
    await context.addInitScript(() => {
      const counts = ((window as unknown as { __gateReads: Record<string, number> }).__gateReads = { cookie: 0, localStorage: 0 });
      const early = () => !!document.currentScript?.textContent?.includes('readSession');
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      Object.defineProperty(Document.prototype, 'cookie', {
        ...cookie,
        get(this: Document) {
          if (early()) counts.cookie++;
          return cookie.get!.call(this) as string;
        },
      });
      const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
      Object.defineProperty(window, 'localStorage', {
        ...storage,
        get(this: Window) {
          if (early()) counts.localStorage++;
          return storage.get!.call(this) as Storage;
        },
      });
    });
    const userId = (await cookieSession(context))!.user.id;
    for (const path of ['/transactions', '/accounts/digital-assets', '/settings']) {
      await openApp(page, path);
      expect(await page.evaluate(() => (window as unknown as { __gateReads: Record<string, number> }).__gateReads), path).toEqual({
        cookie: 0,
        localStorage: 0,
      });
      expect(await page.locator('script[data-user]').getAttribute('data-user'), path).toBe(userId);
    }
    // The zone the page was sent is on the script too (the browser wrote it on the first page).
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await page.locator('script[data-user]').getAttribute('data-tz')).toBe(zone);
    expect(errors).toEqual([]);
    await context.close();
  });
});
