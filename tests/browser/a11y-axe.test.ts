// axe-core on every public and signed-in screen, with its modals and menus open, in English,
// Spanish and French (fs), at 1440 px and 390 px: 0 violations of WCAG 2.0/2.1 A and AA and best
// practice. The public pages exist in English and Spanish only, so the French pass covers /login
// and the signed-in screens.
// One context per language does it all: the public pages, both steps of /login (which signs the
// user in), then the signed-in screens in the order a new user meets them (the Digital Assets
// account before and after it exists). A failure names the screen, the width and each violation
// (rule id, impact, targets).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LOGO_SERVICE_ORIGIN } from '../../src/shared/asset-links';
import { at, baseURL, createWallet, type Lang, LOCALE, s, setAccountLanguage, TEST_CODE, testPhone, waitForHydration, fileBrowser } from './helpers';
import { htmlLang } from '../../src/i18n';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const WIDTHS = [1440, 390] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 1440: 900, 390: 844 };

/** +1 555 555 0120 (English), 0121 (Spanish) and 0124 (French): the accessibility tests' own users. */
const PHONE: Record<Lang, string> = { en: testPhone(20), es: testPhone(21), fs: testPhone(24) };

const browser = fileBrowser();

/** Runs axe on the whole document; returns one line per violation. */
async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[] }> };
    };
    const result = await w.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, TAGS);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.targets.slice(0, 5).join(' ')}${v.targets.length > 5 ? ` (+${v.targets.length - 5})` : ''}`,
  );
}

/** The page has painted its content: the language is applied, nothing is loading or animating. */
async function settle(page: Page, lang: Lang, ready: string): Promise<void> {
  // Attached, not visible: some content has a desktop and a mobile form (a table and cards).
  await page.locator(ready).first().waitFor({ state: 'attached' });
  await page.waitForFunction(
    (l) =>
      document.documentElement.lang.startsWith(l) &&
      // Loading states (a live region that is a <p> is a message, not a loading state).
      !document.querySelector('[aria-busy="true"], .animate-pulse, .app-static-spinner, #main [role="status"]:not(p), [role="dialog"] [role="status"]:not(p)'),
    htmlLang(lang),
  );
  // Let React commit and the CSS transitions (reduced motion: none) finish painting.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

interface Screen {
  name: string;
  path: string | ((lang: Lang) => string);
  /** What must be on screen before axe runs (default: the signed-in shell's h1). */
  ready?: string;
  /** Opens a modal or a menu once the page settled; it stays open while the window is resized. */
  open?: (page: Page, lang: Lang, width: Width) => Promise<void>;
  /** Reload and open again at each width (what is opened depends on the width). */
  reopen?: boolean;
  /** Only at this width (e.g. the mobile sidebar). */
  only?: Width;
  /** A public page (English and Spanish only: no French version to check). */
  public?: boolean;
  /** Runs once before the screen (e.g. creating the wallet). */
  before?: (page: Page, lang: Lang) => Promise<void>;
}

const menuTrigger = (page: Page, scope: string) => page.locator(`${scope} button[aria-haspopup="menu"]`).first();
async function openMenu(page: Page, scope: string) {
  await menuTrigger(page, scope).click();
  await page.locator('[role="menu"]').waitFor();
}
async function openMobileSidebar(page: Page, lang: Lang) {
  await page.getByRole('button', { name: s(lang, 'shell.openNavigation'), exact: true }).click();
  await page.locator('#app-sidebar a[href]').first().waitFor({ state: 'visible' });
}
async function openDialog(page: Page, trigger: string) {
  await page.locator(trigger).first().click();
  await page.locator('[role="dialog"]').waitFor();
}
async function supportTab(page: Page, tab: string) {
  await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await page.locator(`[role="tab"][data-tab="${tab}"][aria-selected="true"]`).waitFor();
}

const H1 = '#main h1';
const SCREENS: Screen[] = [
  { name: 'landing', path: (l) => (l === 'en' ? '/' : '/es/'), ready: 'h1', public: true },
  { name: 'privacy', path: (l) => (l === 'en' ? '/privacy' : '/es/privacy'), ready: 'h1', public: true },
  { name: 'terms', path: (l) => (l === 'en' ? '/terms' : '/es/terms'), ready: 'h1', public: true },
  // /login's two steps are checked by signIn below.
  { name: 'market', path: '/market', ready: '#main table tbody tr' },
  { name: 'accounts', path: '/accounts', ready: '[data-card="digital"] [data-status]' },
  { name: 'accounts: user menu open', path: '/accounts', ready: '[data-card="digital"] [data-status]', open: (p) => openMenu(p, 'header') },
  {
    name: 'accounts: account selector open',
    path: '/accounts',
    reopen: true,
    ready: '[data-card="digital"] [data-status]',
    open: async (p, l, w) => {
      if (w === 390) await openMobileSidebar(p, l);
      await openMenu(p, '[data-account-selector]');
    },
  },
  {
    name: 'accounts: Create New Account modal',
    path: '/accounts',
    ready: '[data-card="digital"] [data-status]',
    open: (p, l) => openDialog(p, `#main button:has-text("${s(l, 'shell.accountSelector.createNew')}")`),
  },
  {
    name: 'accounts: mobile sidebar open',
    path: '/accounts',
    ready: '[data-card="digital"] [data-status]',
    only: 390,
    open: (p, l) => openMobileSidebar(p, l),
  },
  { name: 'accounts/usd', path: '/accounts/usd' },
  { name: 'accounts/brokerage', path: '/accounts/brokerage' },
  { name: 'digital assets: no account yet', path: '/accounts/digital-assets', ready: '[data-state="no-account"]' },
  {
    name: 'digital assets: after Create Account, Transfer 100 and Auto-Accept',
    path: '/accounts/digital-assets',
    ready: '#main tbody tr',
    before: async (page, lang) => {
      await createWallet(page);
      await page.goto('/accounts/digital-assets');
      // Rendered on the Worker: Transfer 100 is on screen before the island hydrates.
      await waitForHydration(page);
      await page.locator('[data-action="transfer"]').click();
      await page.locator('[data-wallet-pending]').waitFor();
      await page.locator('[data-action="auto-accept"]').click();
      await page.locator('#main tbody tr').waitFor({ state: 'attached' });
      await page.getByText(s(lang, 'common.success')).first().waitFor();
    },
  },
  // Person-to-person transfers: the send dialog, and the action list with an incoming offer (a faucet offer left pending).
  { name: 'digital assets: Send dialog', path: '/accounts/digital-assets', ready: '[data-offers-state]', open: (p) => openDialog(p, '[data-action="send"]') },
  {
    name: 'digital assets: an incoming offer to accept or reject',
    path: '/accounts/digital-assets',
    ready: '[data-offer="incoming"]',
    before: async (page) => {
      await page.goto('/accounts/digital-assets');
      // Rendered on the Worker: Transfer 100 is on screen before the island hydrates.
      await waitForHydration(page);
      await page.locator('[data-action="transfer"]').click();
      await page.locator('[data-offer="incoming"]').waitFor();
    },
  },
  { name: 'asset CC', path: '/accounts/digital-assets/CC', ready: '#asset-title' },
  {
    name: 'asset CC: Buy modal',
    path: '/accounts/digital-assets/CC',
    ready: '#asset-title',
    open: (p, l) => openDialog(p, `#main button:has-text("${s(l, 'common.buy')}")`),
  },
  { name: 'asset AAPL', path: '/accounts/digital-assets/AAPL', ready: '#asset-title' },
  { name: 'transactions', path: '/transactions', ready: '#main tbody tr' },
  {
    name: 'transactions: New Transaction modal',
    path: '/transactions',
    ready: '#main tbody tr',
    open: (p) => openDialog(p, '[data-action="new-transaction"]'),
  },
  { name: 'support: Help Center', path: '/support', ready: '[role="tab"]' },
  { name: 'support: create-ticket form', path: '/support', ready: '[data-action="new-ticket"]', open: (p) => openDialog(p, '[data-action="new-ticket"]') },
  {
    name: 'support: a ticket open',
    path: '/support',
    ready: '[data-action="new-ticket"]',
    before: async (page, lang) => {
      await page.goto('/support');
      await waitForHydration(page);
      await openDialog(page, '[data-action="new-ticket"]');
      const dialog = page.locator('[role="dialog"]');
      await dialog.getByLabel(`${s(lang, 'support.ticket.title')} *`).fill('Card not arriving');
      await dialog.getByLabel(`${s(lang, 'support.ticket.description')} *`).fill('My card has not arrived after two weeks.');
      await dialog.locator('button[type="submit"]').click();
      await dialog.waitFor({ state: 'detached' });
    },
    open: async (p) => {
      await p.locator('[data-ticket] button').first().click();
      await p.locator('[role="dialog"] [data-ticket-view]').waitFor();
    },
  },
  { name: 'support: Requests tab', path: '/support', ready: '[role="tab"]', open: (p) => supportTab(p, 'requests') },
  { name: 'support: Knowledge Base tab', path: '/support', ready: '[role="tab"]', open: (p) => supportTab(p, 'knowledge-base') },
  { name: 'settings', path: '/settings' },
  { name: 'settings/security', path: '/settings/security' },
  { name: 'settings/feature-requests', path: '/settings/feature-requests' },
  {
    name: 'settings/feature-requests: Submit Feature Request modal',
    path: '/settings/feature-requests',
    open: (p, l) => openDialog(p, `#main button:has-text("${s(l, 'featureRequests.submit.title')}")`),
  },
  { name: 'settings/feature-requests: mobile sidebar open', path: '/settings/feature-requests', only: 390, open: (p, l) => openMobileSidebar(p, l) },
  { name: 'settings/faq', path: '/settings/faq' },
  ...['notifications', 'privacy', 'billing', 'api', 'collaboration'].map((p) => ({ name: `settings/${p}`, path: `/settings/${p}` })),
  { name: 'onboarding', path: '/onboarding' },
  { name: 'dashboard', path: '/dashboard' },
];

/** Signs in through /login, checking both steps with axe at both widths. */
async function signIn(page: Page, lang: Lang, check: (name: string) => Promise<void>) {
  await page.goto('/login');
  await page.locator('input[name="phone"]').waitFor();
  await check('login: phone step');
  await page.locator('input[name="phone"]').fill(PHONE[lang]);
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="code"]').waitFor();
  await check('login: code step');
  await page.locator('input[name="code"]').fill(TEST_CODE);
  await page.locator('form button[type="submit"]').click();
  // The sign-in may navigate twice (the form and the auth listener): wait for where it ends.
  await expect.poll(() => at('/transactions').test(page.url()), { timeout: 15_000 }).toBe(true);
  await page.locator('#main h1').waitFor();
}

for (const lang of ['en', 'es', 'fs'] as const satisfies readonly Lang[]) {
  describe(`axe (${lang}), 1440 and 390 px`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser().newContext({
        baseURL: baseURL(),
        locale: LOCALE[lang],
        viewport: { width: 1440, height: 900 },
        reducedMotion: 'reduce',
        bypassCSP: true,
      });
      await context.route(`${LOGO_SERVICE_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    const atWidth = async (width: Width) => page.setViewportSize({ width, height: HEIGHT[width] });

    it('login, both steps', async () => {
      const found: string[] = [];
      await signIn(page, lang, async (name) => {
        for (const width of WIDTHS) {
          await atWidth(width);
          await settle(page, lang, 'form button[type="submit"]');
          for (const v of await axe(page)) found.push(`${name} @${width}: ${v}`);
        }
      });
      if (lang !== 'en') await setAccountLanguage(page, lang);
      expect(found).toEqual([]);
    });

    for (const screen of SCREENS.filter((sc) => !(sc.public && lang === 'fs'))) {
      it(screen.name, async () => {
        await screen.before?.(page, lang);
        const path = typeof screen.path === 'function' ? screen.path(lang) : screen.path;
        const ready = screen.ready ?? H1;
        const found: string[] = [];
        const widths = screen.only ? [screen.only] : WIDTHS;
        for (const [i, width] of widths.entries()) {
          await atWidth(width);
          // Loaded (and its modal or menu opened) once, then resized; `reopen` does it all at each width.
          if (i === 0 || screen.reopen) {
            await page.goto(path);
            await settle(page, lang, ready);
            // A page rendered on the Worker is on screen before its island hydrates: open menus after.
            await waitForHydration(page);
            if (screen.open) await screen.open(page, lang, width);
          }
          await settle(page, lang, ready);
          for (const v of await axe(page)) found.push(`@${width}: ${v}`);
        }
        expect(found, `${screen.name} (${lang}) ${path}`).toEqual([]);
      });
    }
  });
}
