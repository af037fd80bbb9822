// What a person sees when they pay someone and read their history, in English, Spanish and French at
// 390 px: the send dialog takes the language's decimal comma and confirms the phone as typed, the
// receiver's name and the party id once; Auto-Accept and the automatic-accept switch each say what
// they do; an impossible date range on /transactions is refused on the screen with no request sent.
// 390 px screenshots of those screens into test-results/screenshots, for a person to look at.
// Phones +1 555 555 0138 (the payer) and 0139 (the receiver) only (tests/test-phones.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createWallet, type Lang, openApp, s, screenPage, screenshot, signedInState, type StorageState, testPhone, fileBrowser } from './helpers';

const browser = fileBrowser();
let payer: StorageState;
const RECEIVER_PHONE = '+1 555 555 0139';

beforeAll(async () => {
  payer = await signedInState(browser(), testPhone(38));
  const receiver = await signedInState(browser(), testPhone(39));
  // The receiver has a wallet; the payer has one with 100 CC (Transfer 100, then Auto-Accept).
  const { context: rc, page: rp } = await screenPage(browser(), receiver, 'en');
  await createWallet(rp);
  await rc.close();
  const { context, page } = await screenPage(browser(), payer, 'en');
  await createWallet(page);
  await openApp(page, '/accounts/digital-assets');
  if ((await page.locator('[data-wallet-part="available"]').textContent()) === '0.00 CC') {
    await page.locator('[data-action="transfer"]').click();
    await page.locator('[data-wallet-pending]').waitFor();
    await page.locator('[data-action="auto-accept"]').click();
    await page.waitForFunction(() => document.querySelector('[data-wallet-part="available"]')?.textContent !== '0.00 CC');
  }
  await context.close();
}, 120_000);

const DECIMAL: Record<Lang, string> = { en: '1.5', es: '1,5', fs: '1,5' };

for (const lang of ['en', 'es', 'fs'] as const satisfies readonly Lang[]) {
  describe(`paying and reading history at 390 px (${lang})`, () => {
    it('says what Auto-Accept and the switch each do, takes the decimal comma and confirms who is paid', async () => {
      const { context, page, errors } = await screenPage(browser(), payer, lang, 390);
      await openApp(page, '/accounts/digital-assets');
      const describedBy = async (selector: string) =>
        page.locator(selector).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
      expect(await describedBy('[data-action="auto-accept"]')).toBe(s(lang, 'wallet.autoAcceptHint'));
      expect(await describedBy('[data-action="preapproval"]')).toBe(s(lang, 'wallet.preapproval.hint'));
      if (lang !== 'en') await screenshot(page, `auto-accept-hints-${lang}-390`);

      await page.locator('[data-action="send"]').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(s(lang, 'wallet.send.receiver.label')).fill(RECEIVER_PHONE);
      const amount = dialog.getByLabel(s(lang, 'wallet.send.amount.label'));
      // Each mistake its own message: a negative amount is not "at most 10 decimals".
      await amount.fill('-5');
      await dialog.locator('[data-action="send-continue"]').click();
      expect(await dialog.locator('[data-error="amount"]').textContent()).toBe(s(lang, 'errors.ccAmountPositive'));
      await amount.fill(DECIMAL[lang]);
      await dialog.locator('[data-action="send-continue"]').click();
      await dialog.locator('[data-send-step="confirm"]').waitFor();
      expect(await dialog.locator('[data-send-amount]').textContent()).toBe('1.50 CC');
      expect(await dialog.locator('[data-send-phone]').textContent()).toBe(RECEIVER_PHONE);
      // The party id once, in the one style (first 6 ... last 6).
      const summary = (await dialog.locator('[data-send-summary]').textContent()) ?? '';
      expect(summary.match(/\w{6}\.\.\.[0-9a-f]{6}/g)).toHaveLength(1);
      expect(summary).not.toContain('…');
      if (lang !== 'en') await screenshot(page, `send-confirm-${lang}-390`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('refuses From after To on the screen, in the language, and asks the server nothing', async () => {
      const { context, page, errors } = await screenPage(browser(), payer, lang, 390);
      await openApp(page, '/transactions');
      const loaded = page.waitForResponse((r) => r.url().includes('/api/transactions/') && r.url().includes('from=2026-11-28'));
      await page.locator('input[name="from"]').fill('2026-11-28');
      await loaded;
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/transactions')) asked.push(r.url());
      });
      await page.locator('input[name="to"]').fill('2026-11-01');
      const alert = page.locator('[data-range-error]');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(s(lang, 'transactions.filters.rangeImpossible'));
      expect(await page.locator('input[name="to"]').getAttribute('aria-invalid')).toBe('true');
      await page.waitForTimeout(500);
      expect(asked).toEqual([]);
      expect(new URL(page.url()).searchParams.get('to')).toBeNull();
      if (lang !== 'en') await screenshot(page, `transactions-range-${lang}-390`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
