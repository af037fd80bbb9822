// /accounts, /accounts/usd, /accounts/brokerage and /onboarding in Chromium, in English and Spanish:
// the three cards, the USD and Brokerage cards' 'Open account' leading to identity verification when
// not verified, creating the Digital Assets wallet (toast with the
// party id, the card turns Active, View Details goes to /accounts/digital-assets), the placeholders,
// and the identity verification status (also on /settings/security) in en, es and fs.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../../src/i18n';
import { at, openApp, setAccountLanguage, signedInFile, testPhone } from './helpers';

const { pageIn } = signedInFile(testPhone(4));

const card = (page: Page, kind: string) => page.locator(`[data-card="${kind}"]`);

const STRINGS = {
  en: {
    titles: ['USD Account', 'Brokerage Account', 'Digital Assets'],
    notCreated: 'Not Created',
    active: 'Active',
    create: 'Create wallet',
    created: 'Digital Asset Account Created!',
    partyId: 'Party ID: ',
    viewDetails: 'View Details',
    usd: 'USD Account',
    brokerage: 'Brokerage Account',
  },
  es: {
    titles: ['Cuenta en USD', 'Cuenta de inversión', 'Activos digitales'],
    notCreated: 'No creada',
    active: 'Activa',
    create: 'Crear billetera',
    created: '¡Cuenta de activos digitales creada!',
    partyId: 'ID de parte: ',
    viewDetails: 'Ver detalles',
    usd: 'Cuenta en USD',
    brokerage: 'Cuenta de inversión',
  },
} as const;

describe('the accounts screen', () => {
  it('shows three cards, Not Created with Open account leading to identity verification, and creates the Digital Assets wallet (en)', async () => {
    const s = STRINGS.en;
    const { context, page } = await pageIn('en');
    await openApp(page, '/accounts');
    expect(await page.title()).toBe('Accounts');
    await card(page, 'digital').locator('[data-status]').waitFor();
    expect(await page.locator('[data-card] h2').allTextContents()).toEqual([...s.titles]);
    for (const kind of ['usd', 'brokerage', 'digital']) {
      expect(await card(page, kind).locator('[data-status]').textContent()).toBe(s.notCreated);
    }
    // Not verified: the USD and Brokerage cards' Open account lead to identity verification.
    for (const kind of ['usd', 'brokerage']) {
      expect(
        await card(page, kind)
          .getByRole('link', { name: /^Open account/ })
          .getAttribute('href'),
      ).toBe('/settings/identity');
    }

    await card(page, 'digital').getByRole('button', { name: s.create }).click();
    const toast = page.locator('[data-type="success"]');
    await toast.waitFor();
    expect(await toast.textContent()).toContain(s.created);
    expect(await toast.textContent()).toMatch(/Party ID: [\w-]+::1220[0-9a-f]{64}/);
    await card(page, 'digital').locator('[data-status="active"]').waitFor();
    expect(await card(page, 'digital').locator('[data-status]').textContent()).toBe(s.active);
    const details = card(page, 'digital').getByRole('link', { name: s.viewDetails });
    expect(await details.getAttribute('href')).toBe('/accounts/digital-assets');
    expect(await card(page, 'usd').locator('[data-status]').textContent()).toBe(s.notCreated);

    // It stays created after a reload.
    await page.reload();
    await card(page, 'digital').locator('[data-status="active"]').waitFor();
    await details.click();
    await page.waitForURL(at('/accounts/digital-assets'));
    await context.close();
  });

  it('shows the same screen in Spanish', async () => {
    const s = STRINGS.es;
    const { context, page } = await pageIn('es');
    await setAccountLanguage(page, 'es');
    await openApp(page, '/accounts');
    await card(page, 'digital').locator('[data-status]').waitFor();
    expect(await page.locator('#main h1').textContent()).toBe('Cuentas');
    expect(await page.title()).toBe('Cuentas');
    expect(await page.locator('[data-card] h2').allTextContents()).toEqual([...s.titles]);
    expect(await card(page, 'usd').locator('[data-status]').textContent()).toBe(s.notCreated);
    expect(await card(page, 'digital').locator('[data-status]').textContent()).toBe(s.active);
    for (const kind of ['usd', 'brokerage']) {
      expect(
        await card(page, kind)
          .getByRole('link', { name: /^Abrir cuenta/ })
          .getAttribute('href'),
      ).toBe('/settings/identity');
    }
    expect(await card(page, 'digital').getByRole('link', { name: s.viewDetails }).count()).toBe(1);
    await context.close();
  });
});

describe('the account placeholders and onboarding', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`titles /accounts/usd and /accounts/brokerage, and shows /onboarding (${lang})`, async () => {
      const s = STRINGS[lang];
      const { context, page } = await pageIn(lang);
      await setAccountLanguage(page, lang);
      await openApp(page, '/accounts/usd');
      expect(await page.locator('#main h1').textContent()).toBe(s.usd);
      await openApp(page, '/accounts/brokerage');
      expect(await page.locator('#main h1').textContent()).toBe(s.brokerage);
      // Accounts is the current item under /accounts.
      expect(await page.locator('#app-sidebar [aria-current="page"]').getAttribute('href')).toBe('/accounts');
      await openApp(page, '/onboarding');
      expect(await page.locator('#main h1').textContent()).toBe(lang === 'en' ? 'Welcome! Get started' : '¡Bienvenido! Empieza aquí');
      // The checklist's three steps (each with its state in words), then the four places to explore.
      expect(await page.locator('#main ol > li[data-step]').count()).toBe(3);
      expect(await page.locator('#main ol > li[data-done="false"]').count()).toBe(3);
      expect(await page.locator('#main ul > li > a').count()).toBe(4);
      await context.close();
    });
  }
});

describe('the identity verification status, in each language', () => {
  it('shows "not started" on the accounts overview and in Account Security, in en, es and fs', async () => {
    for (const lang of ['en', 'es', 'fs'] as const) {
      const { context, page } = await pageIn(lang);
      await setAccountLanguage(page, lang);
      for (const path of ['/accounts', '/settings/security']) {
        await openApp(page, path);
        const region = page.getByRole('region', { name: t(lang, 'accounts.kyc.title') });
        await region.getByText(t(lang, 'accounts.kyc.status.none'), { exact: true }).waitFor();
        expect(await region.textContent(), `${path} (${lang})`).toContain(t(lang, 'accounts.kyc.hint.none'));
      }
      await context.close();
    }
  });
});
