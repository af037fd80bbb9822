// /login and the session in Chromium: the redirects when signed out, both login steps with the
// spec's messages (red errors, green successes), the resend countdown, 'Change number', the signed-in
// redirect away from /login (never off the site, whatever `next` says), and sign-out; in Spanish, the same number after 'Change number' and the
// provider's send limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { at, baseURL, launch, newContext, screenshot, TEST_CODE, testPhone, waitForHydration, waitForRedirect } from './helpers';
import { t } from '../../src/i18n';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const alert = (page: import('playwright-core').Page) => page.locator('[role="alert"]');
const status = (page: import('playwright-core').Page) => page.locator('p[role="status"]');

/**
 * The classes on the page that the app's sheet has a rule for and /login's own sheet
 * (src/styles/login.css, written into the page) has not: each would be unstyled on /login only.
 */
const unstyledClasses = (page: import('playwright-core').Page) =>
  page.evaluate(async () => {
    type Rules = CSSRuleList | readonly CSSRule[];
    const selectors = (rules: Rules): string[] =>
      [...rules].flatMap((r) => [
        ...(r instanceof CSSStyleRule ? [r.selectorText] : []),
        ...('cssRules' in r ? selectors((r as CSSGroupingRule).cssRules) : []),
      ]);
    const href = document.querySelector<HTMLLinkElement>('link[rel="prefetch"][href$=".css"]')?.href;
    if (!href) return ['(no prefetched app sheet)'];
    const app = new CSSStyleSheet();
    app.replaceSync(await (await fetch(href)).text());
    const appSelectors = selectors(app.cssRules).join('\n');
    const own = [...document.styleSheets].flatMap((sheet) => selectors(sheet.cssRules)).join('\n');
    // `.p-4` inside `.p-40` or `.p-4\/5` is not `.p-4`.
    const has = (text: string, cls: string) => {
      const needle = `.${CSS.escape(cls)}`;
      for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) if (!/[\w\\-]/.test(text[i + needle.length] ?? '')) return true;
      return false;
    };
    const classes = new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]));
    return [...classes].filter((c) => has(appSelectors, c) && !has(own, c));
  });

describe('signed out', () => {
  it('sends every protected page to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of [
      '/dashboard',
      '/accounts',
      '/accounts/usd',
      '/onboarding',
      '/settings',
      '/settings/security',
      '/settings/feature-requests',
      '/market',
    ]) {
      await page.goto(path);
      await page.waitForURL(at('/login'));
      expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/login');
    }
    await context.close();
  });
});

describe('the login page', () => {
  it('runs no framework code on a visit until the person uses the form, then hydrates and works', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    // Two idle periods: an island hydrating on idle would have started by then.
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    expect(await page.locator('astro-island').getAttribute('ssr')).not.toBeNull();
    const island = await page.locator('astro-island').evaluate((el) => [el.getAttribute('component-url'), el.getAttribute('renderer-url')]);
    // Preloaded (fetched) is fine; evaluated is not: the island has not rendered.
    expect(await page.evaluate(() => Object.keys(document.querySelector('input[name="phone"]')!).some((k) => k.startsWith('__react')))).toBe(false);
    expect(island.every(Boolean)).toBe(true);
    // The brand icon is named and written into the page: a browser given none asks for /favicon.ico at
    // load, and a named file is a request of its own.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
    // The first paint waits for the end of the page, so the card does not move as the rest is parsed.
    expect(
      await page.evaluate(() => {
        const end = document.querySelector(document.querySelector('link[rel="expect"][blocking="render"]')?.getAttribute('href') ?? '#none');
        return !!end && !!(end.compareDocumentPosition(document.querySelector('main')!) & Node.DOCUMENT_POSITION_PRECEDING);
      }),
    ).toBe(true);
    // Nothing but scripts is fetched before the person starts: the logo is in the page too, and the
    // app's stylesheet waits for the island (/login's own sheet is written into the page).
    expect(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((url) => !/\.m?js(\?|$)/.test(url)),
      ),
    ).toEqual([]);
    await page.getByLabel('Phone number').focus();
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    // The island's own check answers in place (the Worker's would reload the page).
    await page.getByLabel('Phone number').fill('0 123');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(alert(page).textContent()).resolves.toBe('Please enter a valid phone number');
    await context.close();
  });

  it('keeps every key typed and the Enter pressed while the island still waits for its strings', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The page's dictionary is held back until the number is typed and sent: the island's scripts
    // arrive, but it cannot hydrate before its strings are in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/_astro/i18n/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Phone number').focus();
    // Not a test number (one code per 60 s), owned by this test alone.
    await page.keyboard.type('+5');
    // Two idle periods: the island's scripts have loaded by then, and only its strings are missing.
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    await page.keyboard.type('2 55 2468 1357');
    await page.keyboard.press('Enter');
    expect(await page.locator('astro-island[ssr]').count()).toBe(1);
    release();
    await page.getByLabel('Verification code').waitFor();
    expect(await status(page).textContent()).toBe('We sent a code to +525524681357');
    await context.close();
  });

  it('checks the phone, sends the code, counts down, rejects a wrong code and goes back with Change number', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign in');
    expect(await page.title()).toBe('Sign in');

    // Whitespace is removed, then the pattern applies: a leading 0 is not a valid number.
    await page.getByLabel('Phone number').fill('0 123');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(alert(page).textContent()).resolves.toBe('Please enter a valid phone number');
    expect(await alert(page).getAttribute('class')).toContain('red');
    expect(await unstyledClasses(page)).toEqual([]);

    await page.getByLabel('Phone number').fill(testPhone(1));
    await page.getByRole('button', { name: 'Send code' }).click();
    await status(page).waitFor();
    expect(await status(page).textContent()).toBe('We sent a code to +15555550101');
    expect(await status(page).getAttribute('class')).toContain('green');
    expect(await unstyledClasses(page)).toEqual([]);

    // Resend is blocked while the countdown runs.
    await screenshot(page, 'login-code-en');
    const resend = page.getByRole('button', { name: /Resend code in \d+s/ });
    expect(await resend.isDisabled()).toBe(true);

    // Digits only, at most 6; Verify only with exactly 6.
    const code = page.getByLabel('Verification code');
    await code.fill('12a3');
    expect(await code.inputValue()).toBe('123');
    expect(await page.getByRole('button', { name: 'Verify' }).isDisabled()).toBe(true);
    await code.fill('1234567');
    expect(await code.inputValue()).toBe('123456');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(alert(page).textContent()).resolves.toBe('Invalid verification code');
    expect(await unstyledClasses(page)).toEqual([]);

    await page.getByRole('button', { name: 'Change number' }).click();
    await page.getByLabel('Phone number').waitFor();
    // The number stays for editing.
    expect(await page.getByLabel('Phone number').inputValue()).toBe(testPhone(1));
    expect(await alert(page).count()).toBe(0);
    await context.close();
  });

  it('signs in, lands on /transactions through /dashboard, leaves /login when signed in, and signs out', async () => {
    const context = await newContext(browser);
    // A navigation off this origin is recorded and answered here (the test runs offline); other
    // off-site requests (logos) are dropped.
    const offSite: string[] = [];
    const ours = new URL(baseURL()).host;
    await context.route(
      (url) => url.host !== ours,
      (route) => {
        if (!route.request().isNavigationRequest()) return route.abort();
        offSite.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>phished</h1>' });
      },
    );
    const page = await context.newPage();
    // A next that the URL parser turns into `//evil.invalid/phish` is no way back: sign-in lands on the default page.
    await page.goto('/login?next=%2F.%2F%2Fevil.invalid%2Fphish');
    // The island's path (the no-JavaScript one is login-no-js.test.ts's): after hydration.
    await waitForHydration(page);
    /** Waits for the redirects to reach /transactions or leave the site, whichever comes first. */
    const landed = async () => {
      const done = (url: URL) => url.host !== ours || url.pathname.replace(/\/$/, '') === '/transactions';
      await page.waitForURL(done, { waitUntil: 'commit' }).catch(async (err: Error) => {
        if (!err.message.includes('ERR_ABORTED')) throw err;
        await page.waitForURL(done, { waitUntil: 'commit' });
      });
      return new URL(page.url());
    };
    await page.getByLabel('Phone number').fill(testPhone(2));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(TEST_CODE);
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await landed()).host).toBe(ours);
    await waitForRedirect(page, '/transactions');
    await page.locator('#main').waitFor();

    await page.goto('/login');
    await waitForRedirect(page, '/transactions');

    // A signed-in visitor is sent on at once: to the default page whenever next is not a safe path.
    for (const next of [
      '%2F.%2F%2Fevil.invalid%2Fphish',
      '%2F..%2F%2Fevil.invalid',
      '%2F%252e%2F%2Fevil.invalid',
      '%2F.%2F%5Cevil.invalid',
      '%2F%09%2Fevil.invalid',
    ]) {
      await page.goto(`/login?next=${next}`);
      expect((await landed()).host, next).toBe(ours);
      await waitForRedirect(page, '/transactions');
    }
    await page.goto('/login?next=%2Fsettings%2Fsecurity');
    await waitForRedirect(page, '/settings/security');
    expect(offSite).toEqual([]);
    // Interception slows navigations enough that sign-out's two replaces of /login abort each other: the rest runs without it.
    await context.unrouteAll();

    await page.goto('/dashboard');
    await waitForRedirect(page, '/transactions');

    // The session survives a reload.
    await page.goto('/accounts');
    await page.locator('#main h1').waitFor();
    expect(await page.locator('#main h1').textContent()).toBe('Accounts');

    await waitForHydration(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(at('/login'));
    await page.goto('/accounts');
    await page.waitForURL(at('/login'));
    await context.close();
  });

  it.each([
    ['en', 'US', '212 555 1234', '+1 212 555 1234'],
    ['es', 'MX', '55 1234 5678', '+52 55 1234 5678'],
    ['fs', 'FR', '06 12 34 56 78', '+33 6 12 34 56 78'],
  ] as const)(
    '(%s, 390 px) shows the brand logo, starts on the browser region (%s), shows a national number in international form and refuses "12"',
    async (lang, country, typed, international) => {
      const context = await newContext(browser, { lang, width: 390, height: 844 });
      const page = await context.newPage();
      await page.goto('/login');
      const home = page.getByRole('link', { name: t(lang, 'login.home') });
      expect(await home.textContent()).toBe('');
      expect(await home.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
      expect(await home.locator('img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0))).toBe(true);

      const picker = page.getByLabel(t(lang, 'login.country.label'));
      // The picker lists every country once the phone metadata is in.
      await page.waitForFunction(() => document.querySelectorAll('select[name="country"] option').length > 200);
      expect(await picker.inputValue()).toBe(country);
      await page.getByLabel(t(lang, 'login.phone.label')).fill(typed);
      await page.getByText(t(lang, 'login.phone.willSend', { phone: international.replace(/ /g, '\u00a0') })).waitFor();
      await screenshot(page, `login-country-${lang}`);

      await page.getByLabel(t(lang, 'login.phone.label')).fill('12');
      await page.getByRole('button', { name: t(lang, 'login.sendCode') }).click();
      expect(await alert(page).textContent()).toBe(t(lang, 'login.error.invalidPhone'));
      expect(await page.getByLabel(t(lang, 'login.code.label')).count()).toBe(0);
      await context.close();
    },
  );

  it('speaks Spanish to a Spanish browser', async () => {
    const context = await newContext(browser, { lang: 'es', width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('h1').waitFor();
    await screenshot(page, 'login-mobile-es');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('button', { name: 'Enviar código' }).waitFor();
    await page.locator('input[name="phone"]').fill('x');
    await page.locator('form button[type="submit"]').click();
    expect(await alert(page).textContent()).toBe('Por favor ingresa un número de teléfono válido');
    await context.close();
  });
  it("in Spanish: the same number after 'Change number' goes on to the code step; the send limit keeps its seconds", async () => {
    const context = await newContext(browser, { lang: 'es', width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/login');
    // Not a test number: the local service limits real numbers to one code per 60 s, as GoTrue does.
    const phone = '+52 55 1234 5678';
    await page.getByLabel(t('es', 'login.phone.label')).fill(phone);
    await page.getByRole('button', { name: t('es', 'login.sendCode') }).click();
    await page.getByLabel(t('es', 'login.code.label')).waitFor();
    await page.getByRole('button', { name: t('es', 'login.changeNumber') }).click();
    await page.getByLabel(t('es', 'login.phone.label')).fill(phone);
    await page.getByRole('button', { name: t('es', 'login.sendCode') }).click();
    await page.getByLabel(t('es', 'login.code.label')).waitFor();
    expect(await status(page).textContent()).toBe(t('es', 'login.codeStillValid', { phone: '+525512345678' }));
    expect(await page.getByRole('button', { name: /Reenviar/ }).isDisabled()).toBe(true);

    // A fresh page does not know a code was sent: the provider refuses, and says so in Spanish.
    await page.reload();
    await page.getByLabel(t('es', 'login.phone.label')).fill(phone);
    await page.getByRole('button', { name: t('es', 'login.sendCode') }).click();
    await alert(page).waitFor();
    const text = await alert(page).textContent();
    expect(text).toMatch(/^Por motivos de seguridad, podrás pedir un código nuevo en \d+ segundos\.$/);
    expect(text).not.toContain('For security purposes');
    await context.close();
  });
});
