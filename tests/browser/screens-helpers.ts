// Helpers for the market, wallet, transactions and support browser tests: a signed-in context per
// language and width (logos from the public logo service blocked, since the tests run offline; the
// clipboard allowed so copy buttons can be checked), the interface strings from the dictionaries,
// toasts, and the wallet set-up through the real screens.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { t, type TranslationKey } from '../../src/i18n';
import { LOGO_SERVICE_ORIGIN } from '../../src/shared/market';
import { baseURL } from './browser';
import { newContext, setAccountLanguage, signIn, type Lang } from './app-helpers';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in once with +1 555 555 01NN and returns the storage state to reuse. */
export async function signedInState(browser: Browser, phone: string): Promise<StorageState> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, phone);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * A page of a signed-in user in `lang`. The account's saved language wins over the browser's (spec
 * section 4) and new accounts start in English, so the account is switched to `lang` first, through
 * the Security page.
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

/** Goes to a signed-in page and waits for the shell. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#main').waitFor();
}

/** Creates the Digital Assets account from /accounts (its 'Create Account' button). */
export async function createWallet(page: Page): Promise<void> {
  await open(page, '/accounts');
  const card = page.locator('[data-card="digital"]');
  await card.locator('[data-status]').waitFor();
  if ((await card.locator('[data-status="active"]').count()) === 0) {
    await card.locator('button').last().click();
    await card.locator('[data-status="active"]').waitFor();
  }
}

/** No horizontal scrolling of the page itself (a layout that fits the viewport). */
export async function pageFitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
