// The application shell in Chromium, in English and Spanish: sidebar links and the current-item
// indicator, the navbar's name, the user menu, the account selector (create an account, switch to
// it), the collapsed desktop sidebar, the mobile slide-in sidebar at 390 px (backdrop and Escape
// close it), the shell fitting 360 px and 1440 px without sideways scrolling, and screenshots of the
// desktop and mobile shell in both languages.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, screenshot, setAccountLanguage, signedInFile, testPhone } from './helpers';

const { pageIn } = signedInFile(testPhone(3));

const sidebar = (page: Page) => page.locator('#app-sidebar');

const STRINGS = {
  en: {
    nav: ['Market', 'Accounts', 'Transactions', 'Support', 'Settings'],
    menu: 'User menu',
    selector: 'Switch account',
    open: 'Open navigation',
    accounts: 'Accounts',
    items: ['My account', 'Security', 'Support', 'Sign out'],
  },
  es: {
    nav: ['Mercado', 'Cuentas', 'Transacciones', 'Soporte', 'Configuración'],
    menu: 'Menú de usuario',
    selector: 'Cambiar de cuenta',
    open: 'Abrir navegación',
    accounts: 'Cuentas',
    items: ['Mi cuenta', 'Seguridad', 'Soporte', 'Cerrar sesión'],
  },
} as const;

describe('accounts in the shell', () => {
  it('creates an account, lists it in the selector beside an enabled Create New Account, and switches to it', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/accounts');

    // The navbar shows the account name, else 'User'.
    const name = await page.locator('[data-navbar-name]').textContent();
    expect(name && name.length > 0).toBe(true);

    // The selector shows the active account.
    const selector = page.getByRole('button', { name: /Switch account/ });
    const before = await selector.textContent();

    await page.getByRole('button', { name: 'Create New Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Account' });
    await dialog.waitFor();
    const create = dialog.getByRole('button', { name: 'Create Account' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Account Name *').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Account Name *').fill('  Ahorros 2026  ');
    await dialog.getByLabel('Description (Optional)').fill('Rainy day');
    await dialog.getByText('Savings', { exact: true }).click();
    expect(await dialog.getByText('Primary', { exact: true }).count()).toBe(1);
    await create.click();
    await dialog.waitFor({ state: 'detached' });

    await selector.click();
    const items = page.getByRole('menuitem');
    await page.getByRole('menuitem', { name: /Ahorros 2026/ }).waitFor();
    // One way to create an account: the selector's entry is enabled, where the spec has it disabled.
    const created = page.getByRole('menuitem', { name: 'Create New Account' });
    expect(await created.isDisabled()).toBe(false);
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('menuitem', { name: /Ahorros 2026/ }).click();
    await page.waitForFunction(() => /Ahorros 2026/.test(document.querySelector('[data-account-selector]')?.textContent ?? ''));
    expect(await selector.textContent()).not.toBe(before);

    // The switch survives a reload (the server's active account).
    await page.reload();
    await page.locator('#main').waitFor();
    expect(await page.getByRole('button', { name: /Switch account/ }).textContent()).toContain('Ahorros 2026');
    await context.close();
  });

  it("fetches the create-account dialog when the selector's menu opens, not while the page is idle, and opens it from the menu", async () => {
    const { context, page } = await pageIn('en');
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/CreateAccountModal\.[\w-]+\.js$/.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    // /market has no create-account button of its own (/accounts fetches its dialog when idle).
    await openApp(page, '/market');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
    expect(fetched).toEqual([]);

    await page.getByRole('button', { name: /Switch account/ }).click();
    await page.getByRole('menuitem', { name: 'Create New Account' }).waitFor();
    await vi.waitFor(() => expect(fetched).toHaveLength(1));
    await page.getByRole('menuitem', { name: 'Create New Account' }).click();
    await page.getByRole('dialog', { name: 'Create New Account' }).waitFor();
    await context.close();
  });

  it('collapses the desktop sidebar to 64 px and indents the main area to match', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/market');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(() => document.querySelector('#app-sidebar')?.getBoundingClientRect().width === 64);
    expect(await sidebar(page).getByRole('link', { name: 'Market' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(() => document.querySelector('#app-sidebar')?.getBoundingClientRect().width === 256);
    await context.close();
  });
});

for (const lang of ['en', 'es'] as const) {
  const s = STRINGS[lang];
  describe(`the desktop shell (${lang})`, () => {
    beforeAll(async () => {
      // The account's language wins over the browser's: set it as a user would.
      const { context, page } = await pageIn(lang);
      await setAccountLanguage(page, lang);
      await context.close();
    });

    it('shows the sidebar links with Accounts current under /accounts, the navbar name and the user menu', async () => {
      const { context, page } = await pageIn(lang);
      await openApp(page, '/accounts/usd');
      const links = sidebar(page).getByRole('navigation').getByRole('link');
      expect(await links.allTextContents()).toEqual([...s.nav]);
      expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual([
        '/market',
        '/accounts',
        '/transactions',
        '/support',
        '/settings',
      ]);
      const current = sidebar(page).locator('[aria-current="page"]');
      expect(await current.textContent()).toBe(s.accounts);
      expect(await current.locator('[data-indicator]').count()).toBe(1);

      // Fixed 256 px sidebar; the main area is indented to match.
      const box = await sidebar(page).boundingBox();
      expect(box?.width).toBe(256);
      expect(await page.locator('#main').evaluate((el) => el.getBoundingClientRect().left)).toBeGreaterThanOrEqual(256);
      expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('oklch(0.967 0.003 264.542)');

      await page.getByRole('button', { name: s.menu }).click();
      // The menu's own chunk may still be on its way on a first open right after load.
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([...s.items]);
      await page.keyboard.press('Escape');
      await context.close();
    });

    it('fits 360 px and 1440 px without sideways scrolling, with the heading, the cards and the navigation in view', async () => {
      for (const width of [360, 1440]) {
        const { context, page } = await pageIn(lang, width, width < 768 ? 844 : 900);
        await openApp(page, '/accounts');
        await page.locator('[data-card="digital"] [data-status]').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
        expect(await page.locator('#main h1').first().isVisible(), `${width} px: heading`).toBe(true);
        for (const kind of ['usd', 'brokerage', 'digital'])
          expect(await page.locator(`[data-card="${kind}"]`).isVisible(), `${width} px: ${kind} card`).toBe(true);
        // The sidebar is in view on a desktop; on a phone the hamburger that opens it is.
        if (width >= 1024) expect(await sidebar(page).isVisible(), `${width} px: sidebar`).toBe(true);
        else expect(await page.getByRole('button', { name: s.open }).isVisible(), `${width} px: hamburger`).toBe(true);
        if (width === 1440) await screenshot(page, `shell-desktop-${lang}`);
        await context.close();
      }
    });
  });

  describe(`the mobile shell at 390 px (${lang})`, () => {
    it('opens the slide-in sidebar with the hamburger and closes it with the backdrop and Escape', async () => {
      const { context, page } = await pageIn(lang, 390, 844);
      await openApp(page, '/accounts');
      expect(await sidebar(page).isVisible()).toBe(false);
      await page.locator('[data-card="digital"] [data-status]').waitFor();
      await screenshot(page, `shell-mobile-${lang}`);

      await page.getByRole('button', { name: s.open }).click();
      await page.waitForFunction(() => document.querySelector('#app-sidebar')?.getBoundingClientRect().left === 0);
      expect((await sidebar(page).boundingBox())?.width).toBe(256);
      await page.getByTestId('sidebar-backdrop').waitFor();
      // The slide-in and the backdrop's fade have ended before the picture.
      await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition));
      await screenshot(page, `shell-mobile-open-${lang}`);

      // A click on the dimmed backdrop (right of the panel) closes it.
      await page.mouse.click(350, 400);
      await page.getByTestId('sidebar-backdrop').waitFor({ state: 'detached' });
      await page.waitForFunction(() => getComputedStyle(document.querySelector('#app-sidebar')!).visibility === 'hidden');

      await page.getByRole('button', { name: s.open }).click();
      await page.getByTestId('sidebar-backdrop').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('sidebar-backdrop').waitFor({ state: 'detached' });
      // Focus goes back to the hamburger.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(s.open);
      await context.close();
    });
  });
}
