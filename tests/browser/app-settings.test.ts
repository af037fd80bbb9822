// /settings/* in Chromium: the settings navigation, the placeholders, FAQ, Security (read-only name,
// the Language select that switches the whole interface at once and after a reload), the Feature
// Requests table (voting, unvoting, rollback when the server refuses, the empty state, submitting),
// and Logout.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { at, newContext, openApp, screenshot, setAccountLanguage, signedInFile, testPhone } from './helpers';

const { browser, pageIn } = signedInFile(testPhone(5));

const heading = (page: Page) => page.locator('#main h1').first();

const NAV = {
  en: ['General', 'Account Security', 'Notifications', 'Billing', 'Data & Privacy', 'Collaboration', 'API', 'Feature Requests', 'FAQ'],
  es: [
    'General',
    'Seguridad de la cuenta',
    'Notificaciones',
    'Facturación',
    'Datos y privacidad',
    'Colaboración',
    'API',
    'Solicitudes de funciones',
    'Preguntas frecuentes',
  ],
};
const PAGES = [
  ['/settings', 'General'],
  ['/settings/security', 'Account Security'],
  ['/settings/notifications', 'Notifications'],
  ['/settings/billing', 'Billing'],
  ['/settings/privacy', 'Data & Privacy'],
  ['/settings/collaboration', 'Collaboration'],
  ['/settings/api', 'API'],
  ['/settings/feature-requests', 'Feature Requests'],
  ['/settings/faq', 'FAQ'],
] as const;

describe('the settings pages (en)', () => {
  it('list the settings navigation with Back and Logout, and each page has its heading and sentence', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/settings');
    const nav = page.locator('#app-sidebar');
    expect(await nav.getByRole('navigation').getByRole('link').allTextContents()).toEqual(NAV.en);
    expect(await nav.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/accounts');
    await nav.getByRole('button', { name: 'Logout' }).waitFor();
    for (const [path, title] of PAGES) {
      await openApp(page, path);
      expect(await heading(page).textContent()).toBe(title);
      expect(await nav.locator('[aria-current="page"]').textContent()).toBe(title);
    }
    await openApp(page, '/settings');
    expect(await page.locator('#main').textContent()).toContain('General settings are coming soon.');
    await openApp(page, '/settings/billing');
    expect(await page.locator('#main p').first().textContent()).toBe('Manage your plan and payment methods. Coming soon.');
    await openApp(page, '/settings/faq');
    const questions = page.locator('#main summary');
    expect(await questions.count()).toBe(8);
    await questions.first().click();
    expect(await page.locator('#main details[open] p').textContent()).toContain('Hold US dollars');
    await context.close();
  });

  it('shows Security with the read-only name, the language select and the real sessions list, this device first', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/settings/security');
    const name = page.getByLabel('Full Name');
    expect(await name.inputValue()).toBe('Not set');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    const select = page.getByLabel('Language');
    expect(await select.inputValue()).toBe('en');
    expect(await select.locator('option').allTextContents()).toEqual(['English (US)', 'Español', 'Français']);
    expect(await page.getByRole('heading', { name: 'Active Sessions & Devices' }).count()).toBe(1);
    // The real list (tests/browser/sessions.test.ts covers ending sessions): this browser, marked, no sign-out button.
    await page.locator('li[data-current]').filter({ hasText: 'This device' }).waitFor();
    expect(await page.locator('li[data-current] button').count()).toBe(0);
    await screenshot(page, 'settings-security-en');
    await context.close();
  });
});

describe('feature requests', () => {
  const row = (page: Page) => page.locator('tbody tr').first();
  const counts = async (page: Page) => ({
    up: Number(await row(page).locator('[data-count="up"]').textContent()),
    down: Number(await row(page).locator('[data-count="down"]').textContent()),
    score: Number(await row(page).locator('[data-score]').textContent()),
  });

  it('shows the table sorted by score, votes, unvotes, moves a downvote and rolls back a refused vote', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/settings/feature-requests');
    await row(page).waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Title', 'Description', 'Status', 'Priority', 'Category', 'Date', 'Votes']);
    const scores = (await page.locator('tbody [data-score]').allTextContents()).map(Number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await row(page).locator('td:nth-child(2) p').getAttribute('class')).toContain('line-clamp-2');

    const start = await counts(page);
    const up = row(page).locator('[data-vote="up"]');
    const down = row(page).locator('[data-vote="down"]');
    await up.click();
    expect(await counts(page)).toEqual({ up: start.up + 1, down: start.down, score: start.score + 1 });
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => !document.querySelector('tbody tr [data-vote="up"]')?.hasAttribute('disabled'));

    // Upvote again removes the vote (Unvote).
    await up.click();
    expect(await counts(page)).toEqual(start);
    await page.waitForFunction(() => !document.querySelector('tbody tr [data-vote="up"]')?.hasAttribute('disabled'));

    // Downvote, then upvote moves the count across.
    await down.click();
    expect(await counts(page)).toEqual({ up: start.up, down: start.down + 1, score: start.score - 1 });
    await page.waitForFunction(() => !document.querySelector('tbody tr [data-vote="up"]')?.hasAttribute('disabled'));
    await up.click();
    expect(await counts(page)).toEqual({ up: start.up + 1, down: start.down, score: start.score + 1 });
    await page.waitForFunction(() => !document.querySelector('tbody tr [data-vote="up"]')?.hasAttribute('disabled'));

    // The server kept it.
    await page.reload();
    await row(page).waitFor();
    await screenshot(page, 'settings-feature-requests-en');

    // A refused vote rolls back and says so.
    const before = await counts(page);
    await page.route('**/api/feature-requests/*/vote', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"nope"}' }));
    await row(page).locator('[data-vote="down"]').click();
    const toast = page.locator('[data-type="error"]');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Failed to vote on feature request');
    expect(await toast.textContent()).toContain('Please try again later');
    expect(await counts(page)).toEqual(before);
    await context.close();
  });

  it('shows the empty state', async () => {
    const { context, page } = await pageIn('en');
    await page.route('**/api/feature-requests?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":[]}' }));
    await openApp(page, '/settings/feature-requests');
    await page.getByText('No feature requests').waitFor();
    expect(await page.getByText('Be the first to submit a feature request!').count()).toBe(1);
    await context.close();
  });

  it('submits a feature request through the modal with live counters and validation', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/settings/feature-requests');
    await row(page).waitFor();
    await page.getByRole('button', { name: 'Submit Feature Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Feature Request' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit', exact: true });
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByLabel('Title *').fill('Dark');
    expect(await dialog.getByText('Title must be at least 5 characters').count()).toBe(1);
    expect(await dialog.getByText('4/200').count()).toBe(1);
    await dialog.getByLabel('Title *').fill('x'.repeat(201));
    expect(await dialog.getByText('Title must be 200 characters or less').count()).toBe(1);
    await dialog.getByLabel('Title *').fill('Dark mode for the app');
    await dialog.getByLabel('Description *').fill('Too short');
    expect(await dialog.getByText('Description must be at least 10 characters').count()).toBe(1);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Description *').fill('A dark theme that is easier on the eyes at night.');
    expect(await dialog.getByText('49/2000').count()).toBe(1);
    await dialog.getByLabel('Category').selectOption('UI/UX');
    await dialog.getByLabel('Submit anonymously').check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    const toast = page.locator('[data-type="success"]');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Feature request submitted successfully!');
    await page.getByRole('cell', { name: 'Dark mode for the app' }).waitFor();
    const mine = page.locator('tbody tr', { hasText: 'Dark mode for the app' });
    expect(await mine.locator('td:nth-child(5)').textContent()).toBe('UI/UX');
    await context.close();
  });
});

describe('the language select', () => {
  it('switches the whole interface at once, keeps it after a reload, and walks the settings in Spanish', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/settings/security');
    await page.getByLabel('Language').selectOption('es');
    // At once, without a reload: the heading, the navigation and the title.
    await page.waitForFunction(() => document.querySelector('#main h1')?.textContent === 'Seguridad de la cuenta');
    expect(await page.locator('#app-sidebar nav a').allTextContents()).toEqual(NAV.es);
    expect(await page.title()).toBe('Seguridad de la cuenta');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.waitForFunction(() => !document.querySelector('#main select')?.hasAttribute('disabled'));

    await page.reload();
    await page.locator('#main h1').waitFor();
    expect(await heading(page).textContent()).toBe('Seguridad de la cuenta');
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Sin definir');
    await screenshot(page, 'settings-security-es');

    // The account's language wins in a fresh browser too (even an English one).
    const fresh = await newContext(browser(), {
      lang: 'en',
      storageState: {
        cookies: (await context.storageState()).cookies,
        origins: (await context.storageState()).origins.map((o) => ({ ...o, localStorage: o.localStorage.filter((i) => i.name !== 'lang') })),
      },
    });
    const other = await fresh.newPage();
    await openApp(other, '/settings/faq');
    await other.waitForFunction(() => document.querySelector('#main h1')?.textContent === 'Preguntas frecuentes');
    await fresh.close();

    await openApp(page, '/settings/feature-requests');
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Título', 'Descripción', 'Estado', 'Prioridad', 'Categoría', 'Fecha', 'Votos']);
    await screenshot(page, 'settings-feature-requests-es');

    // Back to English for the other tests.
    await openApp(page, '/settings/security');
    await page.getByLabel('Idioma').selectOption('en');
    await page.waitForFunction(() => document.querySelector('#main h1')?.textContent === 'Account Security');
    await page.waitForFunction(() => !document.querySelector('#main select')?.hasAttribute('disabled'));
    await context.close();
  });

  it('walks every settings page in Spanish', async () => {
    const { context, page } = await pageIn('es');
    await setAccountLanguage(page, 'es');
    for (const [path] of PAGES) {
      await openApp(page, path);
      const i = PAGES.findIndex(([p]) => p === path);
      const title = NAV.es[i];
      expect(await page.locator('#app-sidebar [aria-current="page"]').textContent()).toBe(title);
    }
    await openApp(page, '/settings/notifications');
    expect(await heading(page).textContent()).toBe('Notificaciones');
    await setAccountLanguage(page, 'en');
    await context.close();
  });
});

describe('feature requests in Spanish', () => {
  it("shows the product's sample requests and the server's categories in Spanish", async () => {
    const { context, page } = await pageIn('es');
    await setAccountLanguage(page, 'es');
    await openApp(page, '/settings/feature-requests');
    const main = page.locator('#main');
    await main.getByText('Modo oscuro', { exact: true }).first().waitFor();
    expect(await main.getByText('Pagos', { exact: true }).count()).toBeGreaterThan(0);
    expect(await main.getByText('Activos digitales', { exact: true }).count()).toBeGreaterThan(0);
    expect(await main.getByText('Dark mode', { exact: true }).count()).toBe(0);
    expect(await main.getByText('Payments', { exact: true }).count()).toBe(0);
    await setAccountLanguage(page, 'en');
    await context.close();
  });
});

describe('logout', () => {
  it('logs out from the settings navigation and goes to /login', async () => {
    const { context, page } = await pageIn('en');
    await openApp(page, '/settings');
    await page.locator('#app-sidebar').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(at('/login'));
    await page.goto('/settings/security');
    await page.waitForURL(at('/login'));
    await context.close();
  });
});
