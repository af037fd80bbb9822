// Keyboard only: no mouse and no element.click(), just Tab, Shift+Tab, Enter, Space and
// Escape. A new user signs in, goes from /accounts through creating the Digital Assets account,
// 'Transfer 100' and 'Auto-Accept' to the transactions list and sees the completed transfer. Every
// focus stop must be visible (an outline or a box-shadow ring), and modals opened from the keyboard
// give focus back to their trigger when Escape closes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOGO_SERVICE_ORIGIN } from '../../src/shared/asset-links';
import { at, launch, newContext, s, TEST_CODE, testPhone, waitForHydration } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Focused {
  /** A short description for failure messages: tag, name or text, href. */
  label: string;
  visible: boolean;
  tag: string;
  text: string;
  href: string | null;
  action: string | null;
}

/** The focused element and whether its focus indicator shows (outline or box-shadow ring). */
const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const css = getComputedStyle(el);
    const outline = css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0;
    const ring = css.boxShadow !== 'none' && css.boxShadow !== '';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return {
      label: `${el.tagName.toLowerCase()} "${text}"${el.getAttribute('href') ? ` -> ${el.getAttribute('href')}` : ''}`,
      visible: outline || ring,
      tag: el.tagName.toLowerCase(),
      text,
      href: el.getAttribute('href'),
      action: el.getAttribute('data-action'),
    };
  });

describe('keyboard only', () => {
  it('signs in and goes from /accounts through the wallet, Transfer 100 and Auto-Accept to the transactions, focus always visible', async () => {
    const lang = 'en';
    const context = await newContext(browser, { lang });
    await context.route(`${LOGO_SERVICE_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    const invisible: string[] = [];
    const stops: string[] = [];

    /** Presses Tab (or Shift+Tab) until `match` holds for the focused element, checking every stop. */
    async function tabTo(match: (f: Focused) => boolean, { back = false, max = 80 } = {}): Promise<Focused> {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        const f = await focused(page);
        if (!f) continue;
        stops.push(`${page.url()} ${f.label}`);
        if (!f.visible) invisible.push(`${new URL(page.url()).pathname}: ${f.label}`);
        if (match(f)) return f;
      }
      throw new Error(`no focus stop matched after ${max} presses on ${page.url()}; stops:\n${stops.slice(-max).join('\n')}`);
    }
    /** Marks the focused element as the trigger `id`, to check later that focus came back to it. */
    const markTrigger = (id: string) => page.evaluate((v) => document.activeElement?.setAttribute('data-kb-trigger', v), id);
    const isTrigger = (id: string) => page.evaluate((v) => document.activeElement?.getAttribute('data-kb-trigger') === v, id);
    /** Presses a key and checks the focus stop it lands on. */
    async function press(key: string): Promise<Focused | null> {
      await page.keyboard.press(key);
      const f = await focused(page);
      if (f) {
        stops.push(`${page.url()} ${f.label}`);
        if (!f.visible) invisible.push(`${new URL(page.url()).pathname}: ${f.label}`);
      }
      return f;
    }

    // Sign in: Tab to the phone field, type, Enter; the code field takes focus; type, Enter.
    await page.goto('/login');
    await page.locator('input[name="phone"]').waitFor();
    await tabTo((f) => f.tag === 'input');
    await page.keyboard.type(testPhone(22));
    await page.keyboard.press('Enter');
    await page.locator('input[name="code"]').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'code');
    await page.keyboard.type(TEST_CODE);
    await page.keyboard.press('Enter');
    // The sign-in may navigate twice (the form and the auth listener): wait for where it ends.
    await expect.poll(() => at('/transactions').test(page.url()), { timeout: 15_000 }).toBe(true);
    await page.locator('#main h1').waitFor();

    // The sidebar's Accounts link.
    await tabTo((f) => f.href === '/accounts' && f.text === s(lang, 'shell.nav.accounts'));
    await page.keyboard.press('Enter');
    await page.waitForURL(at('/accounts'));
    const digital = page.locator('[data-card="digital"]');
    await digital.locator('[data-status]').waitFor();
    // Rendered on the Worker, the page shows its controls before its island hydrates.
    await waitForHydration(page);

    // Create New Account opens its modal from the keyboard; Escape closes it and focus is back on it.
    await tabTo((f) => f.tag === 'button' && f.text === s(lang, 'shell.accountSelector.createNew'));
    await markTrigger('create-account');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: s(lang, 'shell.createAccount.title') }).waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    expect(await isTrigger('create-account')).toBe(true);

    // 'Create Account' on the Digital Assets card (Space), then its 'View Details' (Enter).
    await tabTo((f) => f.tag === 'button' && f.text === s(lang, 'accounts.createAccount'));
    await page.keyboard.press('Space');
    await digital.locator('[data-status="active"]').waitFor();
    await digital.locator('a[href="/accounts/digital-assets"]').waitFor();
    await tabTo((f) => f.href === '/accounts/digital-assets', { back: true, max: 40 }).catch(() => tabTo((f) => f.href === '/accounts/digital-assets'));
    await page.keyboard.press('Enter');
    await page.waitForURL(at('/accounts/digital-assets'));
    await page.locator('[data-action="transfer"]').waitFor();
    // Rendered on the Worker: the buttons are on screen before the island hydrates.
    await waitForHydration(page);

    // 'Transfer 100', then 'Auto-Accept': the balance is 100 CC.
    await tabTo((f) => f.action === 'transfer');
    await page.keyboard.press('Enter');
    await page.locator('[data-wallet-pending]').waitFor();
    await tabTo((f) => f.action === 'auto-accept');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-wallet-units]')?.textContent?.endsWith('100.00 CC'));

    // To /transactions by the sidebar link (backwards: the sidebar comes before the content).
    await tabTo((f) => f.href === '/transactions', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(at('/transactions'));
    await page.locator('#main tbody [data-status="completed"]').waitFor();
    expect(await page.locator('#main tbody [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['completed']);
    await waitForHydration(page);

    // New Transaction opens from the keyboard; Escape closes it and focus is back on the trigger.
    await tabTo((f) => f.action === 'new-transaction');
    await markTrigger('new-transaction');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: s(lang, 'transactions.new.title') }).waitFor();
    // Tab stays inside the dialog, and its stops are visible too.
    for (let i = 0; i < 4; i++) {
      await tabTo(() => true, { max: 1 });
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    expect(await isTrigger('new-transaction')).toBe(true);

    // The user menu: Enter opens it on its first item, the arrows move through the items (each one
    // showing focus), Escape closes it and focus is back on its button.
    await tabTo((f) => f.tag === 'button' && f.text.includes(s(lang, 'shell.userMenu.label')), { back: true });
    await markTrigger('user-menu');
    await page.keyboard.press('Enter');
    await page.locator('[role="menu"]').waitFor();
    for (let i = 0; i < 4; i++) {
      const f = await press(i === 0 ? 'Home' : 'ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      expect(f?.text).toBe(s(lang, (['shell.userMenu.myAccount', 'shell.userMenu.security', 'shell.userMenu.support', 'shell.userMenu.signOut'] as const)[i]!));
    }
    await page.keyboard.press('Escape');
    await page.locator('[role="menu"]').waitFor({ state: 'detached' });
    expect(await isTrigger('user-menu')).toBe(true);

    if (process.env.A11Y_DEBUG) console.log(stops.join('\n'));
    expect(stops.length).toBeGreaterThan(10);
    expect(invisible, `focus stops without a visible indicator (of ${stops.length})`).toEqual([]);
    await context.close();
  });
});
