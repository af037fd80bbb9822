// /login without JavaScript (a slow connection before any script has run, or none at all): the
// HTML's forms post to the Worker, which sends the code, checks it and signs the visitor in, in
// Spanish and in French; a wrong code, a bad number, 'Change number' and a safe `next` work too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, LOCALE, screenshot, TEST_CODE, testPhone, waitForRedirect, type Lang } from './helpers';
import { t } from '../../src/i18n';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const noScript = (lang: Lang) =>
  browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, locale: LOCALE[lang], viewport: { width: 390, height: 844 } });
const alert = (page: Page) => page.locator('[role="alert"]');
const status = (page: Page) => page.locator('p[role="status"]');

describe('/login with JavaScript disabled', () => {
  it.each([
    ['es', 64, 'MX'],
    ['fs', 65, 'FR'],
  ] as const)('signs in in %s: the phone form, a wrong code refused, the right one, and lands signed in', async (lang, nn, country) => {
    const context = await noScript(lang);
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.locator('h1').textContent()).toBe(t(lang, 'login.title'));
    // The picker is a plain select with every country, on the browser's region.
    expect(await page.locator('select[name="country"] option').count()).toBeGreaterThan(200);
    expect(await page.getByLabel(t(lang, 'login.country.label')).inputValue()).toBe(country);

    await page.getByLabel(t(lang, 'login.phone.label')).fill(testPhone(nn));
    await page.getByRole('button', { name: t(lang, 'login.sendCode') }).click();
    await page.getByLabel(t(lang, 'login.code.label')).waitFor();
    const e164 = testPhone(nn).replace(/ /g, '');
    expect(await status(page).textContent()).toBe(t(lang, 'login.codeSent', { phone: e164 }));
    await screenshot(page, `login-no-js-code-${lang}`);

    await page.getByLabel(t(lang, 'login.code.label')).fill('000000');
    await page.getByRole('button', { name: t(lang, 'login.verify') }).click();
    await alert(page).waitFor();
    expect(await alert(page).textContent()).toBe(t(lang, 'login.error.invalidCode'));
    expect(await alert(page).getAttribute('class')).toContain('red');

    await page.getByLabel(t(lang, 'login.code.label')).fill(TEST_CODE);
    await page.getByRole('button', { name: t(lang, 'login.verify') }).click();
    await waitForRedirect(page, '/transactions');
    // Signed in: the signed-in page is served (rendered on the Worker), its heading in the visitor's language.
    await page.locator('#main h1').waitFor();
    expect(await page.locator('#main h1').textContent()).toBe(t(lang, 'transactions.title'));
    expect((await context.cookies()).some((c) => c.name.startsWith('dolar-auth'))).toBe(true);
    await context.close();
  });

  it("refuses a bad number in place, goes back with 'Change number', and returns to a safe next", async () => {
    const context = await noScript('en');
    const page = await context.newPage();
    await page.goto('/login?next=%2Fsettings%2Fsecurity');
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Send code' }).click();
    await alert(page).waitFor();
    expect(await alert(page).textContent()).toBe('Please enter a valid phone number');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('12');

    await page.getByLabel('Phone number').fill(testPhone(66));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: 'Change number' }).click();
    await page.getByLabel('Phone number').waitFor();
    expect(await page.getByLabel('Phone number').inputValue()).toBe(testPhone(66).replace(/ /g, ''));

    await page.getByLabel('Phone number').fill(testPhone(67));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(TEST_CODE);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForRedirect(page, '/settings/security');
    await context.close();
  });
});
