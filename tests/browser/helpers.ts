// The one helper module of the browser tests (Chromium through playwright-core, against the built app
// that global-setup.ts serves on wrangler dev):
// - launching Chromium with the flags this network needs (a fresh, empty profile per launch), once per
//   file (fileBrowser, and signedInFile or servedFile around it); a trading file's held prices
//   (holdMarketForFile) and the person it trades as (openTradingAccount);
// - signing in through the real /login UI once per file with a test number the file owns (the local
//   sign-in service allows one code per phone per 60 s; the numbers and their owners are registered
//   in tests/test-phones.ts), then reusing the context's storage (the session cookies) for every page;
// - a signed-in page per language and width for the screen tests (logos from the public logo service
//   blocked, since the tests run offline; the clipboard allowed so copy buttons can be checked), the
//   interface strings from the dictionaries, toasts, and the wallet set-up through the real screens.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createChunks, stringToBase64URL } from '@supabase/ssr';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { t, type TranslationKey } from '../../src/i18n';
import { LOGO_SERVICE_ORIGIN } from '../../src/shared/asset-links';
import { formatChangePercent } from '../../src/shared/format';
import type { PriceHistory } from '../../src/shared/schemas/price-history';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/env.mjs';
import { sh } from '../build-app';
import { TEST_STATE } from './global-setup';
import { TEST_CODE } from '../test-phones';
import { waitForHydration } from '../../bench/lib/interactions.mjs';
import ANA_GARCIA from '../identity-ana-garcia.json';

export { TEST_CODE, waitForHydration };
export { testPhone } from '../test-phones';
export const baseURL = () => inject('baseURL');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

export type Lang = 'en' | 'es' | 'fs';
/** The browser locale that picks each language (es gives es, fr gives fs, anything else en). */
export const LOCALE: Record<Lang, string> = { en: 'en-US', es: 'es-MX', fs: 'fr-FR' };

export async function newContext(
  browser: Browser,
  opts: { lang?: Lang; width?: number; height?: number; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {},
) {
  const lang = opts.lang ?? 'en';
  return browser.newContext({
    baseURL: baseURL(),
    locale: LOCALE[lang],
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    storageState: opts.storageState,
  });
}

/** Signs in through /login with the phone number and the fixed test code; ends on /transactions. */
export async function signIn(page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  // The island's sign-in, after hydration: a tap before it is the no-JavaScript path, which
  // login-no-js.test.ts covers (a tap during hydration on a loaded host is not yet reliable).
  await waitForHydration(page);
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="code"]').fill(TEST_CODE);
  await page.locator('form button[type="submit"]').click();
  await waitForRedirect(page, '/transactions');
  await page.locator('#main').waitFor();
}

/**
 * Waits until a chain of redirects (/login -> /dashboard -> /transactions) has reached `path`.
 * 'commit': /dashboard moves on before its own load event; on a loaded machine that cuts its
 * navigation short, which Playwright reports as ERR_ABORTED while the page is already on its way to
 * the destination: then wait for the destination once more.
 */
export async function waitForRedirect(page: Page, path: string): Promise<void> {
  await page.waitForURL(at(path), { waitUntil: 'commit' }).catch(async (err: Error) => {
    if (!err.message.includes('ERR_ABORTED')) throw err;
    await page.waitForURL(at(path), { waitUntil: 'commit' });
  });
}

/**
 * The session in the context's cookies, where the app keeps it (@supabase/ssr's format: `base64-` +
 * base64url JSON, split into 'dolar-auth.0', '.1'... when long), or null when signed out.
 */
export async function cookieSession(context: BrowserContext): Promise<CookieSessionValue | null> {
  return sessionFromCookies(await context.cookies());
}

type CookieSessionValue = { access_token: string; refresh_token: string; user: { id: string } };

/** The session @supabase/ssr keeps in the `dolar-auth` cookie (or its `.0`, `.1`... chunks), decoded. */
export function sessionFromCookies(all: readonly { name: string; value: string }[]): CookieSessionValue | null {
  const cookies = all.filter((c) => c.name === 'dolar-auth' || /^dolar-auth\.\d+$/.test(c.name));
  if (!cookies.length) return null;
  const whole =
    cookies.find((c) => c.name === 'dolar-auth')?.value ??
    [...cookies]
      .sort((a, b) => Number(a.name.split('.')[1]) - Number(b.name.split('.')[1]))
      .map((c) => c.value)
      .join('');
  const value = decodeURIComponent(whole);
  return JSON.parse(value.startsWith('base64-') ? Buffer.from(value.slice(7), 'base64url').toString('utf8') : value);
}

/**
 * Waits until the page's island has passed the gate and the shell is on screen, and is interactive:
 * a page rendered on the Worker shows its shell before its island hydrates, and Astro drops an
 * island's `ssr` attribute once it has.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#main').waitFor();
  await waitForHydration(page);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** Matches a page URL by its path, with or without the trailing slash the static pages get. */
export const at = (path: string) => new RegExp(`^[^?#]*${path.replace(/[/-]/g, (c) => `\\${c}`)}/?([?#].*)?$`);

const SECURITY_TITLE: Record<Lang, string> = { en: 'Account Security', es: 'Seguridad de la cuenta', fs: 'Sécurité du compte' };

/**
 * Saves the account's language through the Security page's select (the account's language wins over
 * the browser's), and waits until the interface has switched and the save is done.
 */
export async function setAccountLanguage(page: Page, lang: Lang): Promise<void> {
  await openApp(page, '/settings/security');
  await page.locator('#main select').selectOption(lang);
  await page.waitForFunction((title) => document.querySelector('#main h1')?.textContent === title, SECURITY_TITLE[lang]);
  await page.waitForFunction(() => !document.querySelector('#main select')?.hasAttribute('disabled'));
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in once with a test number (testPhone(NN)) and returns the storage state to reuse. */
export async function signedInState(browser: Browser, phone: string): Promise<StorageState> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, phone);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One browser for a whole test file: launched before its tests (beforeAll), closed after them. */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * One signed-in user for a whole test file: launches the browser and signs in once (beforeAll),
 * closes the browser after (afterAll). `pageIn` opens a page of that user in `lang` at `width` x
 * `height` (newContext's defaults when left out).
 */
export function signedInFile(phone: string) {
  const browser = fileBrowser();
  let state: StorageState;
  beforeAll(async () => {
    state = await signedInState(browser(), phone);
  });
  return {
    browser,
    async pageIn(lang: Lang = 'en', width?: number, height?: number): Promise<{ context: BrowserContext; page: Page }> {
      const context = await newContext(browser(), { lang, width, height, storageState: state });
      return { context, page: await context.newPage() };
    },
  };
}

/**
 * A page of a signed-in user in `lang`. The account's saved language wins over the browser's and
 * new accounts start in English, so the account is switched to `lang` first, through the Security
 * page.
 */
export async function screenPage(
  browser: Browser,
  state: StorageState,
  lang: Lang,
  width = 1440,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, { lang, width, height: width < 768 ? 844 : 900, storageState: state });
  // Offline: the logo service is unreachable; the images must hide themselves.
  await context.route(`${LOGO_SERVICE_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  const page = await context.newPage();
  // Script errors other than failed resource loads (logos offline, expected 404s) fail the tests.
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  await setAccountLanguage(page, lang);
  return { context, page, errors };
}

/**
 * A new person's first visit: signs `phone` in through /login in a new context in `lang` at `width`
 * (a phone's height under 768 px), saves the account's language (new accounts start in English) and
 * answers the page, the script errors it has thrown from then on, and the session of its cookies.
 */
export async function signInPage(
  browser: Browser,
  phone: string,
  lang: Lang,
  width = 1440,
): Promise<{ context: BrowserContext; page: Page; errors: string[]; session: CookieSessionValue }> {
  const context = await newContext(browser, { lang, width, height: width < 768 ? 844 : 900 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await signIn(page, phone);
  await setAccountLanguage(page, lang);
  return { context, page, errors, session: (await cookieSession(context))! };
}

/**
 * The signed-in pages at the paths the app links to (the guard's tests, signed in and out); /dashboard,
 * where sign-in goes, is not a page but the Worker's redirect to /transactions.
 */
export const LINKED_PAGES = [
  '/onboarding',
  '/market',
  '/transactions',
  '/support',
  '/accounts',
  '/accounts/usd',
  '/accounts/brokerage',
  '/accounts/digital-assets',
  '/settings',
  '/settings/security',
  '/settings/faq',
  '/settings/feature-requests',
] as const;

/** The interface string in `lang`, as the screens show it. */
export const s = (lang: Lang, key: TranslationKey, params?: Record<string, string | number>) => t(lang, key, params);

export const toast = (page: Page, type: 'success' | 'error' | 'info' | 'warning') => page.locator(`[data-type="${type}"]`);

/** Waits for a toast of `type` whose text contains `title` and returns its text. */
export async function toastText(page: Page, type: 'success' | 'error' | 'info', title: string): Promise<string> {
  const item = toast(page, type).filter({ hasText: title }).last();
  await item.waitFor();
  return (await item.textContent()) ?? '';
}

/**
 * The clipboard's text. The app's Permissions-Policy turns clipboard-read off (it only ever writes),
 * so it is read from a blank same-origin page the test serves itself, without that header.
 */
export async function clipboard(page: Page): Promise<string> {
  const context = page.context();
  const url = `${baseURL()}/__test-clipboard-reader`;
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>clipboard</title>' }));
  const reader = await context.newPage();
  try {
    await reader.goto(url);
    await reader.bringToFront();
    return await reader.evaluate(() => navigator.clipboard.readText());
  } finally {
    await reader.close();
    await page.bringToFront();
    await context.unroute(url);
  }
}

/** Creates the Digital Assets account from /accounts (its 'Create Account' button). */
export async function createWallet(page: Page): Promise<void> {
  await openApp(page, '/accounts');
  const card = page.locator('[data-card="digital"]');
  await card.locator('[data-status]').waitFor();
  if ((await card.locator('[data-status="active"]').count()) === 0) {
    await card.locator('button').last().click();
    await card.locator('[data-status="active"]').waitFor();
  }
}

/**
 * Marks the signed-in user of `phone` identity-verified (profiles.idv_status = 'approved') in the
 * served app's local D1, as an approved verification would: what buying with a quote needs.
 */
export function approveIdentity(phone: string): void {
  servedSql(`UPDATE profiles SET idv_status = 'approved' WHERE id = ${userOfPhone(phone)}`);
}

/** The SQL that names the user of a fixed-code `phone` (as auth_users keeps it: digits only). */
export const userOfPhone = (phone: string) => `(SELECT id FROM auth_users WHERE phone = '${phone.replace(/\D/g, '')}')`;

/** Runs one SQL statement on the served app's local D1 (what a test cannot reach through the app). */
export function servedSql(command: string): void {
  sh('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', TEST_STATE, '--command', command]);
}

/**
 * Puts the served app's market clock at `iso` (its New York hours decide whether the market is open;
 * null: back to the real time). It is an offset from the real time in the served D1's market_settings,
 * a test-only row no API writes, honoured only where the ledger is embedded; the clock endpoint, the
 * order engine and the app clock's market job all read it. The app clock keeps the alarm it set
 * before: after moving the time, a call that wakes it (placing or cancelling an order) brings its
 * market work due at the new time (at most a minute later while the market is open).
 */
export function setMarketTime(iso: string | null): void {
  servedSql(
    iso === null
      ? `DELETE FROM market_settings WHERE key = 'test_time_offset_ms'`
      : `INSERT OR REPLACE INTO market_settings (key, value) VALUES ('test_time_offset_ms', '${Date.parse(iso) - Date.now()}')`,
  );
}

/**
 * Holds the served market's prices still (the price job's minute taken for good) or lets them move
 * again: a test file that trades holds them for its run, so that prices other files read stay the
 * seeded ones (the job moves every price while anyone holds a position or an open order).
 */
export function holdPrices(held: boolean): void {
  servedSql(
    held
      ? `INSERT OR REPLACE INTO market_settings (key, value) VALUES ('prices_moved_at', '9999')`
      : `DELETE FROM market_settings WHERE key = 'prices_moved_at'`,
  );
}

/**
 * For a test file that trades: the served market's prices held still for its run, and after it the
 * market time back to the real one and the prices free to move again.
 */
export function holdMarketForFile(): void {
  beforeAll(() => holdPrices(true));
  afterAll(() => {
    setMarketTime(null);
    holdPrices(false);
  });
}

/**
 * Wakes the served app's clock by an order call (a limit buy far under the price, placed and
 * cancelled at once): its market work then comes due at the market time just set (setMarketTime).
 */
export async function wakeMarketClock(session: SessionOf, accountId: string): Promise<void> {
  const orders = `/api/brokerage/accounts/${accountId}/orders`;
  const wake = await apiCall<{ id: string }>(
    session,
    'POST',
    orders,
    {
      symbol: 'MSFT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'day',
      qty: '1',
      limit_price: '1.00',
    },
    {},
    201,
  );
  await apiCall(session, 'DELETE', `${orders}/${wake.id}`);
}

/**
 * Submits the person's identity verification as Ana García of Argentina with a document the local
 * service approves at once (ending 5678): the verified name and country a W-8BEN then carries.
 */
export async function verifyAsAnaOfArgentina(session: SessionOf): Promise<void> {
  await apiCall(session, 'POST', '/api/identity-verification', ANA_GARCIA);
}

/**
 * Makes the signed-in person a trader: verified as Ana García of Argentina, with the USD account
 * opened, $100.00 added and the brokerage account opened (suitability answers and the W-8BEN).
 * Answers the account's id.
 */
export async function openTradingAccount(session: SessionOf): Promise<string> {
  const accountId = (await apiCall<{ accounts: { account_id: string }[] }>(session, 'GET', '/api/accounts/user/accounts')).accounts[0]!.account_id;
  await verifyAsAnaOfArgentina(session);
  await apiCall(session, 'POST', '/api/usd/accounts', { account_id: accountId });
  await apiCall(session, 'POST', `/api/usd/accounts/${accountId}/deposits`, { amount: '100.00', rail: 'bank' });
  await apiCall(session, 'POST', `/api/brokerage/accounts/${accountId}`, {
    suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
    w8ben: { legal_name: 'Ana García', country: 'AR', signature: 'Ana García', certified: true },
  });
  return accountId;
}

/** No horizontal scrolling of the page itself (a layout that fits the viewport). */
export async function pageFitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

// ---- Sessions outside the browser (the pages rendered on the Worker) --------------------------------

export type ApiSession = { access_token: string; refresh_token: string; expires_at: number; user: { id: string } };
/** What an API call as the person needs of a session (the API's or the cookies'). */
type SessionOf = Pick<ApiSession, 'access_token' | 'user'>;

/** Saves the account's language through the API (the account's language wins over the browser's). */
export const saveLanguage = (session: SessionOf, language: Lang) => apiCall(session, 'PATCH', `/api/accounts/${session.user.id}`, { language });

/** Signs in through the sign-in service's phone-code calls (what /login does), answering the session. */
export async function apiSignIn(phone: string): Promise<ApiSession> {
  const headers = { 'content-type': 'application/json', apikey: 'local' };
  const otp = await fetch(`${baseURL()}/auth/v1/otp`, { method: 'POST', headers, body: JSON.stringify({ phone }) });
  expect(otp.status).toBe(200);
  const verify = await fetch(`${baseURL()}/auth/v1/verify`, { method: 'POST', headers, body: JSON.stringify({ phone, token: TEST_CODE, type: 'sms' }) });
  expect(verify.status).toBe(200);
  return await verify.json<ApiSession>();
}

/** The session as @supabase/ssr's browser client stores it (its own chunking): `base64-` + base64url JSON. */
export const sessionCookies = (session: ApiSession) => createChunks('dolar-auth', `base64-${stringToBase64URL(JSON.stringify(session))}`);

/** The same cookies as one Cookie request header. */
export const cookieHeader = (session: ApiSession) =>
  sessionCookies(session)
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join('; ');

type ServedOptions = { lang?: Lang; width?: number; height?: number; javaScriptEnabled?: boolean; timezoneId?: string };

/**
 * A context with the session's cookies, in `lang` at `width` x `height` (390 x 844 unless told);
 * `javaScriptEnabled: false` for the HTML alone; `timezoneId`: the browser's zone (the host's unless told).
 */
export async function servedContext(browser: Browser, session: ApiSession, opts: ServedOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: LOCALE[opts.lang ?? 'en'],
    viewport: { width: opts.width ?? 390, height: opts.height ?? 844 },
    ...(opts.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  await context.addCookies(sessionCookies(session).map((c) => ({ ...c, value: encodeURIComponent(c.value), url: baseURL() })));
  return context;
}

/** A test file of pages served to API sessions: one browser for the file, and a session's contexts (servedContext). */
export function servedFile(): (session: ApiSession, opts?: ServedOptions) => Promise<BrowserContext> {
  const browser = fileBrowser();
  return (session, opts) => servedContext(browser(), session, opts);
}

/**
 * What a page must never log, collected as it happens: the script errors it throws, and the
 * console's complaints of a script the CSP blocked or a failed hydration (React's #418, #423, #425),
 * each with the page's URL.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Hydration|hydrat|#418|#423|#425/.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
  });
  return errors;
}

/** An API call as the session's user; asserts a 200 and answers its `data`. */
export async function apiCall<T>(
  session: SessionOf,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  status = 200,
): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'x-user-id': session.user.id, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(status);
  return (await res.json<{ data: T }>()).data;
}

/**
 * Settles the person's pending USD withdrawals now, through the app's clock: their settle_at is moved
 * to now in the served app's D1 (their 2 minutes made to have passed), and the clock is woken as any
 * withdrawal wakes it: a 0.01 withdrawal to their first bank account, cancelled once the clock has
 * settled what was due (it alone is then pending).
 */
export async function settleWithdrawalsNow(session: SessionOf): Promise<void> {
  const { accounts } = await apiCall<{ accounts: { account_id: string }[] }>(session, 'GET', '/api/accounts/user/accounts');
  const accountId = accounts[0]!.account_id;
  const usd = await apiCall<{ bank_accounts: { id: string }[] }>(session, 'GET', `/api/usd/accounts/${accountId}`);
  servedSql(`UPDATE usd_movements SET settle_at = '${new Date().toISOString()}' WHERE user_id = '${session.user.id}' AND status = 'pending'`);
  const wake = await apiCall<{ id: string }>(session, 'POST', `/api/usd/accounts/${accountId}/withdrawals`, {
    amount: '0.01',
    bank_account_id: usd.bank_accounts[0]!.id,
  });
  await expect
    .poll(async () => (await apiCall<{ pending_cents: number }>(session, 'GET', `/api/usd/accounts/${accountId}`)).pending_cents, { timeout: 30_000 })
    .toBe(1);
  await apiCall(session, 'POST', `/api/usd/accounts/${accountId}/withdrawals/${wake.id}/cancel`);
}

/** The page's HTML as the Worker answers the document request with the session cookie. */
export async function pageHtml(path: string, session: ApiSession, acceptLanguage = 'en-US,en;q=0.9') {
  const res = await fetch(`${baseURL()}${path}`, { headers: { cookie: cookieHeader(session), 'accept-language': acceptLanguage }, redirect: 'manual' });
  return { res, html: await res.text() };
}

/** A symbol's price history change over `range` as the screens write it (+0.63%, -3.02%): the one source of every change figure. */
export async function historyChange(session: SessionOf, symbol: string, range: '24h' | '1w' | '1m'): Promise<string> {
  const h = await apiCall<PriceHistory>(session, 'GET', `/api/market/history/${symbol}?range=${range}`);
  expect(h.change_percent, `${symbol} ${range}`).not.toBeNull();
  return formatChangePercent(Number(h.change_percent));
}

/** Layout shifts (not after input) since the page started, summed. */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
