// The account the app opens for a new user is named in the reader's language (stored once as the
// API's default name, translated on display), on /accounts and in the account selector. Phone 0150.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, type ApiSession, openApp, s, servedContext, setAccountLanguage, testPhone, type Lang, fileBrowser } from './helpers';

const browser = fileBrowser();
let session: ApiSession;

beforeAll(async () => {
  session = await apiSignIn(testPhone(50));
});

describe("the default account's name", () => {
  for (const lang of ['en', 'es', 'fs'] as const satisfies readonly Lang[]) {
    it(`is shown in ${lang} on /accounts and in the account selector`, async () => {
      const context = await servedContext(browser(), session, { lang });
      const page = await context.newPage();
      await setAccountLanguage(page, lang);
      await openApp(page, '/accounts');
      const name = s(lang, 'accounts.defaultName');
      await page
        .locator('#main')
        .getByText(s(lang, 'accounts.subtitle', { name }), { exact: true })
        .waitFor();
      expect(await page.locator('[data-account-selector]').first().getByText(name, { exact: true }).count()).toBeGreaterThan(0);
      if (lang !== 'en') expect(await page.locator('[data-account-selector]').first().innerText()).not.toMatch(/\bPersonal\b/);
      await context.close();
    });
  }
});
