// On a 390 px phone, in English, Spanish and French: every /support tab readable, voting on
// /settings/feature-requests within reach, the main area indented 256 px while the slide-in sidebar
// is open, toasts clear of a dialog's actions, the accounts heading, and the selector's enabled
// 'Create New Account'. One user: +1 555 555 0125.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { t, type TranslationKey } from '../../src/i18n';
import { newContext, openApp, signedInState, type StorageState, testPhone, fileBrowser } from './helpers';

type PhoneLang = 'en' | 'es' | 'fs';
const LANGS: readonly PhoneLang[] = ['en', 'es', 'fs'];
const WIDTH = 390;
const s = (lang: PhoneLang, key: TranslationKey, params?: Record<string, string | number>) => t(lang, key, params);

const browser = fileBrowser();
let state: StorageState;

beforeAll(async () => {
  state = await signedInState(browser(), testPhone(25));
});

/** A 390 x 844 page with the account's language saved as `lang` (the account's language wins). */
async function phone(lang: PhoneLang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), { lang: lang === 'es' ? 'es' : 'en', width: WIDTH, height: 844, storageState: state });
  const page = await context.newPage();
  await openApp(page, '/settings/security');
  await page.locator('#main select').selectOption(lang);
  await page.waitForFunction((title) => document.querySelector('#main h1')?.textContent === title, s(lang, 'settings.security.title'));
  await page.waitForFunction(() => !document.querySelector('#main select')?.hasAttribute('disabled'));
  return { context, page };
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const lang of LANGS) {
  describe(`a 390 px phone (${lang})`, () => {
    it('shows every /support tab whole on screen, its label not cut', async () => {
      const { context, page } = await phone(lang);
      await openApp(page, '/support');
      const tabs = page.getByRole('tab');
      expect(await tabs.allTextContents()).toEqual([s(lang, 'support.tab.helpCenter'), s(lang, 'support.tab.requests'), s(lang, 'support.tab.knowledgeBase')]);
      for (let i = 0; i < 3; i += 1) {
        const tab = tabs.nth(i);
        const b = await box(tab);
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(WIDTH);
        // The label fits its tab (nothing clipped inside it).
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      await context.close();
    });

    it('reaches the vote buttons of /settings/feature-requests and votes', async () => {
      const { context, page } = await phone(lang);
      await openApp(page, '/settings/feature-requests');
      const up = page.getByRole('button', { name: new RegExp(`^${s(lang, 'featureRequests.upvote')}, `) }).first();
      await up.waitFor();
      const b = await box(up);
      expect(b.x + b.width).toBeLessThanOrEqual(WIDTH);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await up.click();
      await page
        .getByRole('button', { name: new RegExp(`^${s(lang, 'featureRequests.unvote')}, `) })
        .first()
        .waitFor();
      // Take it back for the next language.
      await page.waitForFunction(() => !document.querySelector('[data-card="feature-request"] [data-vote="up"]')?.hasAttribute('disabled'));
      await page
        .getByRole('button', { name: new RegExp(`^${s(lang, 'featureRequests.unvote')}, `) })
        .first()
        .click();
      await page
        .getByRole('button', { name: new RegExp(`^${s(lang, 'featureRequests.upvote')}, `) })
        .first()
        .waitFor();
      await context.close();
    });

    it('indents the main area 256 px while the slide-in sidebar is open', async () => {
      const { context, page } = await phone(lang);
      await openApp(page, '/accounts');
      expect((await box(page.locator('#main'))).x).toBe(0);
      await page.getByRole('button', { name: s(lang, 'shell.openNavigation') }).click();
      await page.waitForFunction(() => document.querySelector('#main')!.getBoundingClientRect().left >= 256);
      expect((await box(page.locator('#app-sidebar'))).width).toBe(256);
      // Pushed aside, not squeezed, and the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('#main')!.getBoundingClientRect().left === 0);
      await context.close();
    });

    it('keeps an error toast clear of the open dialog’s buttons', async () => {
      const { context, page } = await phone(lang);
      await openApp(page, '/settings/feature-requests');
      await page.route('**/api/feature-requests', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"nope"}' }) : route.fallback(),
      );
      await page
        .getByRole('button', { name: s(lang, 'featureRequests.submit.title') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: s(lang, 'featureRequests.submit.title') });
      await dialog.waitFor();
      await dialog.getByLabel(`${s(lang, 'featureRequests.form.title')} *`).fill('Dark mode for the app');
      await dialog.getByLabel(`${s(lang, 'featureRequests.form.description')} *`).fill('A dark theme that is easier on the eyes at night.');
      await dialog.locator('button[type="submit"]').click();
      const toast = page.locator('[data-type="error"]');
      await toast.waitFor();
      expect(await toast.textContent()).toContain(s(lang, 'toast.featureRequestSubmitFailed'));
      await dialog.waitFor();
      const t = await box(toast);
      for (const button of await dialog.getByRole('button').all()) {
        expect(overlaps(t, await box(button))).toBe(false);
      }
      await context.close();
    });

    it("names the accounts page's active account and creates an account from the selector", async () => {
      const { context, page } = await phone(lang);
      await openApp(page, '/accounts');
      await page.getByText(s(lang, 'accounts.subtitle', { name: s(lang, 'accounts.defaultName') })).waitFor();
      await page.getByRole('button', { name: s(lang, 'shell.openNavigation') }).click();
      await page.locator('[data-account-selector] button').first().click();
      const create = page.getByRole('menuitem', { name: s(lang, 'shell.accountSelector.createNew') });
      expect(await create.isDisabled()).toBe(false);
      await create.click();
      await page.getByRole('dialog', { name: s(lang, 'shell.createAccount.title') }).waitFor();
      await context.close();
    });
  });
}
