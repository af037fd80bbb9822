// /transactions in Chromium, in English and Spanish: the title, subtitle and empty state, the New
// Transaction modal (amount field rules, payment methods, wallet with 'Add new wallet', destination
// Canton Coin, 'Getting quote...' for 1 s then the server's quote, Continue that locks it), and the
// card layout at 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  approveIdentity,
  createWallet,
  type Lang,
  openApp,
  pageFitsWidth,
  s,
  screenPage,
  screenshot,
  signedInState,
  type StorageState,
  testPhone,
  fileBrowser,
} from './helpers';

const browser = fileBrowser();
let state: StorageState;

beforeAll(async () => {
  state = await signedInState(browser(), testPhone(13));
  // Continue (locking a quote) is offered to a verified person.
  approveIdentity(testPhone(13));
});

async function openModal(page: Page, lang: Lang) {
  await page.getByRole('button', { name: s(lang, 'transactions.new.title') }).click();
  const dialog = page.getByRole('dialog', { name: s(lang, 'transactions.new.title') });
  await dialog.waitFor();
  return dialog;
}

describe('the transactions screen', () => {
  it('starts empty: title, subtitle and No transactions yet (en)', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'en');
    await openApp(page, '/transactions');
    expect(await page.locator('#main h1').textContent()).toBe('Transactions');
    await page.getByText('View your transaction history and status.').waitFor();
    await page.getByText('No transactions yet').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of ['en', 'es'] as const satisfies readonly Lang[]) {
    it(`gets the server's quote in the New Transaction modal and locks it on Continue (${lang})`, async () => {
      const { context, page, errors } = await screenPage(browser(), state, lang);
      if (lang === 'en') await createWallet(page);
      await openApp(page, '/transactions');
      const dialog = await openModal(page, lang);

      const amount = dialog.getByLabel(s(lang, 'transactions.new.amount'));
      expect(await amount.getAttribute('type')).toBe('number');
      expect(await amount.getAttribute('min')).toBe('1');
      expect(await amount.getAttribute('max')).toBe('50');
      expect(await amount.getAttribute('step')).toBe('0.01');
      expect(await amount.getAttribute('placeholder')).toBe(s(lang, 'transactions.new.amountPlaceholder'));
      if (lang === 'en') expect(await amount.getAttribute('placeholder')).toBe('Enter amount between $1 - $50');
      expect(await dialog.getByLabel(s(lang, 'transactions.new.paymentMethod')).locator('option').allTextContents()).toEqual([
        s(lang, 'transactions.new.provider.usdc'),
        s(lang, 'transactions.new.provider.apple_pay'),
      ]);
      expect(await dialog.getByLabel(s(lang, 'transactions.new.destinationAsset')).locator('option').allTextContents()).toEqual([
        s(lang, 'transactions.new.asset.cc'),
      ]);
      const wallet = dialog.locator('select[name="wallet_id"]');
      await page.waitForFunction(() => document.querySelectorAll('select[name="wallet_id"] option').length >= 3);
      const options = await wallet.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      expect(options[0]).toBe('');
      expect(options.at(-1)).toBe('add_new');
      const submit = dialog.locator('button[type="submit"]');
      expect(await submit.isDisabled()).toBe(true);

      // A positive amount: 'Getting quote...' for about a second, then the server's quote: the fee
      // first, then 95% of CC's market rate.
      await amount.fill('20');
      await dialog.getByText(s(lang, 'transactions.new.gettingQuote')).waitFor();
      const started = Date.now();
      await dialog.locator('[data-quote="ready"]').waitFor();
      expect(Date.now() - started).toBeGreaterThan(600);
      const quote = await dialog.locator('[data-quote="ready"] dd').allTextContents();
      expect(quote).toEqual(['$20.00', expect.stringMatching(/^\d+\.\d{1,4} CC\/USD$/), '$2.50', expect.stringMatching(/^\d{2,3}\.\d{2} CC$/)]);
      const [rate, net] = [parseFloat(quote[1]!), parseFloat(quote[3]!)];
      expect(Math.abs(17.5 * rate - net)).toBeLessThan(0.01);
      if (lang === 'en') await screenshot(page, 'new-transaction-en');

      // No wallet, then the 'add_new' option: still disabled.
      expect(await submit.isDisabled()).toBe(true);
      await wallet.selectOption('add_new');
      expect(await submit.isDisabled()).toBe(true);
      await wallet.selectOption(options[1]!);
      expect(await submit.isDisabled()).toBe(false);

      // No quote and no Continue outside 1-50 USD or when the fee leaves nothing: the reason instead.
      const refused = {
        '2': s(lang, 'transactions.new.quote.netNotPositive', { min: '2.51' }),
        '0.5': s(lang, 'transactions.validation.amountMin'),
        '51': s(lang, 'transactions.validation.amountMax'),
      };
      for (const [value, reason] of Object.entries(refused)) {
        await amount.fill(value);
        await dialog.locator('[data-quote="refused"]').waitFor();
        expect(await dialog.locator('[data-quote="refused"]').textContent(), value).toBe(reason);
        expect(await dialog.locator('[data-net]').count()).toBe(0);
        expect(await submit.isDisabled()).toBe(true);
      }
      if (lang === 'en') expect(refused['2']).toBe('The $2.50 fee would take all of it: enter at least $2.51 to receive Canton Coin');
      await amount.fill('');
      await dialog.locator('[data-quote="none"]').waitFor();
      // Every CC amount with 2 decimals.
      await amount.fill('12.34');
      await dialog.locator('[data-quote="ready"]').waitFor();
      expect(await dialog.locator('[data-net]').textContent()).toMatch(/^\d{2}\.\d{2} CC$/);
      expect(await submit.isDisabled()).toBe(false);

      // Continue locks the quote: its id, a countdown from 30 s, the payment method marked simulated.
      await submit.click();
      const lockedQuote = dialog.locator('[data-locked-quote]');
      await lockedQuote.waitFor();
      expect(await lockedQuote.getAttribute('data-locked-quote')).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(await dialog.locator('[data-countdown]').getAttribute('data-countdown'))).toBeGreaterThan(25);
      await dialog.getByText(`${s(lang, 'transactions.new.provider.usdc')} (${s(lang, 'quote.simulated')})`).waitFor();

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const lang of ['en', 'es'] as const satisfies readonly Lang[]) {
    it(`shows cards instead of the table at 390 px (${lang})`, async () => {
      const { context, page } = await screenPage(browser(), state, lang, 390);
      if (lang === 'en') {
        // One transaction: a transfer to the wallet made in the test above.
        await openApp(page, '/accounts/digital-assets');
        await page.locator('[data-action="transfer"]').click();
        await page.locator('[data-wallet-pending]').waitFor();
      }
      await openApp(page, '/transactions');
      const card = page.locator('[data-card="transaction"]').first();
      await card.waitFor();
      expect(await page.locator('#main table').isVisible()).toBe(false);
      expect(await card.isVisible()).toBe(true);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(s(lang, 'transactions.type.transfer'));
      expect(text).toContain(`${s(lang, 'transactions.direction.in')} +$15.71`);
      expect(await card.locator('[data-amount]').getAttribute('class')).toContain('green');
      expect(text).toContain(s(lang, 'transactions.status.pending'));
      expect(await card.locator('code').textContent()).toMatch(/^[0-9a-f]{6}\.\.\.[0-9a-f]{4}$/);
      expect(await pageFitsWidth(page)).toBe(true);
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      if (lang === 'en') await screenshot(page, 'transactions-390-en');
      await context.close();
    });
  }
});
