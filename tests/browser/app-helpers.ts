// Helpers for the signed-in app's browser tests: sign in through the real /login UI once per file
// (the local sign-in service allows one code per phone per 60 s, so each file uses its own test
// number from AUTH_TEST_OTP in config/local.env), then reuse the context's storage for every page.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL } from './browser';

export const TEST_CODE = '123456';
/** +1 555 555 01NN: 0100 is the README's number, 0101-0109 are the browser tests' own. */
export const testPhone = (n: number) => `+1 555 555 01${String(n).padStart(2, '0')}`;

export type Lang = 'en' | 'es' | 'fs';
/** The browser locale that picks each language (spec section 4: fr gives fs). */
export const LOCALE: Record<Lang, string> = { en: 'en-US', es: 'es-MX', fs: 'fr-FR' };

export async function newContext(browser: Browser, opts: { lang?: Lang; width?: number; height?: number; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {}) {
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
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="code"]').fill(TEST_CODE);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(at('/transactions'));
}

/** Waits until the page's island has passed the gate and the shell is on screen. */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#main').waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** Sets the saved interface language on this origin (what the Security page's select also does). */
export async function setStoredLang(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
}

/** Matches a page URL by its path, with or without the trailing slash the static pages get. */
export const at = (path: string) => new RegExp(`^[^?#]*${path.replace(/[/-]/g, (c) => `\\${c}`)}/?([?#].*)?$`);

const SECURITY_TITLE: Record<Lang, string> = { en: 'Account Security', es: 'Seguridad de la cuenta', fs: 'Sécurité du compte' };

/**
 * Saves the account's language through the Security page's select (the account's language wins over
 * the browser's, spec section 4), and waits until the interface has switched and the save is done.
 */
export async function setAccountLanguage(page: Page, lang: Lang): Promise<void> {
  await openApp(page, '/settings/security');
  await page.locator('#main select').selectOption(lang);
  await page.waitForFunction((title) => document.querySelector('#main h1')?.textContent === title, SECURITY_TITLE[lang]);
  await page.waitForFunction(() => !document.querySelector('#main select')?.hasAttribute('disabled'));
}
