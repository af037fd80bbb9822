// /accounts/digital-assets in Chromium against the embedded default, in English and Spanish (one new
// user each): no account yet, then 'Create Account' on /accounts, Copy Party ID, 'Transfer 100' (a
// pending transaction; the headline is what can be spent, $0.00, the pending 100 CC beside it and in the total), 'Auto-Accept' (100 CC available and the transaction completes), a
// second transfer, and on /transactions the two transactions (pending, then completed) with a hash
// copied. Then exactly-once from the page's side: a transfer whose answer is lost after the server
// committed is retried with the same Idempotency-Key and moves money once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import {
  clipboard,
  createWallet,
  type Lang,
  openApp,
  s,
  screenPage,
  screenshot,
  signedInState,
  type StorageState,
  testPhone,
  toastText,
  fileBrowser,
} from './helpers';

const browser = fileBrowser();
const states: Partial<Record<Lang, StorageState>> = {};

beforeAll(async () => {
  states.en = await signedInState(browser(), testPhone(11));
  states.es = await signedInState(browser(), testPhone(12));
});

const PARTY_SHORT = /^[\w-]{6}\.\.\.[0-9a-f]{6}$/;
// 100 CC at the seeded Canton Coin price of $0.1571.
const USD_100_CC = '$15.71';

for (const lang of ['en', 'es'] as const satisfies readonly Lang[]) {
  describe(`the digital-assets account (${lang})`, () => {
    it('goes from no account through Create Account, Transfer 100 and Auto-Accept to a balance, with both transactions listed', async () => {
      const { context, page, errors } = await screenPage(browser(), states[lang]!, lang);
      const main = page.locator('#main');

      // No wallet yet: the no-account state.
      await openApp(page, '/accounts/digital-assets');
      await main.getByText(s(lang, 'wallet.noAccount.title')).waitFor();
      await main.getByText(s(lang, 'wallet.noAccount.description')).waitFor();
      const noAccount = main.locator('[data-state="no-account"]');
      expect(await noAccount.getByRole('link', { name: s(lang, 'wallet.noAccount.goBack'), exact: true }).getAttribute('href')).toBe('/accounts');
      expect(
        await main
          .getByRole('link', { name: s(lang, 'wallet.backToAccounts'), exact: true })
          .first()
          .getAttribute('href'),
      ).toBe('/accounts');

      await createWallet(page);
      await openApp(page, '/accounts/digital-assets');
      await page.locator('[data-action="transfer"]').waitFor();
      expect(await main.locator('h1').textContent()).toBe(s(lang, 'wallet.title'));
      await main.getByText(s(lang, 'wallet.subtitle')).waitFor();
      expect(await main.locator('[data-status="active"]').textContent()).toBe(s(lang, 'common.active'));
      const shortParty = (await page.locator('[data-party-id]').textContent()) ?? '';
      expect(shortParty).toMatch(PARTY_SHORT);
      const fullParty = (await page.locator('[data-party-id]').getAttribute('title')) ?? '';
      expect(fullParty).toMatch(/^[\w-]+::1220[0-9a-f]{64}$/);
      expect(await page.locator('[data-wallet-balance]').textContent()).toBe('$0.00');
      await main.getByText(s(lang, 'wallet.empty.title')).waitFor();
      await main.getByText(s(lang, 'wallet.empty.description')).waitFor();

      // Copy Party ID: 'Copied!' for 2 s and the toast; the clipboard holds the whole id.
      const copyButton = page.locator('[data-action="copy-party"]');
      expect(await copyButton.textContent()).toBe(s(lang, 'wallet.copyPartyId'));
      await copyButton.click();
      await toastText(page, 'success', s(lang, 'common.copied'));
      expect(await copyButton.textContent()).toBe(s(lang, 'common.copied'));
      expect(await clipboard(page)).toBe(fullParty);
      await page.waitForFunction((label) => document.querySelector('[data-action="copy-party"]')?.textContent === label, s(lang, 'wallet.copyPartyId'), {
        timeout: 3000,
      });

      // Transfer 100: a pending offer, and the toast says so (no 'Transfer Successful!' while the
      // balance is still $0.00): 100.00 CC from the treasury, named as the offers list names it (not
      // by a fragment of its party id), waits for acceptance.
      await page.locator('[data-action="transfer"]').click();
      const transferToast = await toastText(page, 'info', s(lang, 'toast.transferOffered.title'));
      // The old claim, in each language, before the balance had moved.
      expect(transferToast).not.toMatch(/Transfer Successful|Transferencia exitosa|Transfert réussi/);
      const [lead = ''] = s(lang, 'toast.transferOffered.description').split(/\{\w+\}/);
      expect(transferToast).toContain(`${lead}100.00 CC`);
      expect(transferToast).toContain(s(lang, 'toast.transferOffered.description', { amount: '100.00 CC', from: s(lang, 'wallet.offers.treasury') }));
      expect(transferToast).not.toMatch(/[\w-]{6}\.\.\.[0-9a-f]{6}/);
      // The headline is what can be spent (nothing yet: the 100 CC is an offer that can still be
      // rejected or expire); the pending amount is beside it, labelled, and in the total.
      await page.waitForFunction(() => document.querySelector('[data-wallet-part="pending"]')?.textContent === '100.00 CC');
      expect(await page.locator('[data-wallet-balance]').textContent()).toBe('$0.00');
      expect(await page.locator('[data-wallet-total]').textContent()).toBe(s(lang, 'wallet.balance.total', { amount: '100.00 CC' }));
      expect(await page.locator('[data-wallet-part="available"]').textContent()).toBe('0.00 CC');

      // The Digital Assets card on /accounts shows the same headline, and the pending amount beside it.
      await openApp(page, '/accounts');
      const card = page.locator('[data-card="digital"]');
      await card.locator('[data-wallet-pending]').waitFor();
      expect(await card.locator('[data-wallet-balance]').textContent()).toBe('$0.00');
      expect(await card.locator('[data-wallet-total]').textContent()).toBe(s(lang, 'wallet.balance.total', { amount: '100.00 CC' }));
      expect(await card.locator('[data-wallet-pending]').textContent()).toBe(s(lang, 'wallet.balance.pending', { amount: '100.00 CC' }));
      // And so does the asset page of CC, under Your Holdings.
      await openApp(page, '/accounts/digital-assets/CC');
      await page.locator('#main [data-wallet-pending]').waitFor();
      expect(await page.locator('#main [data-wallet-pending]').textContent()).toBe(s(lang, 'wallet.balance.pending', { amount: '100.00 CC' }));

      // The transfer is listed as pending.
      await openApp(page, '/transactions');
      await page.locator('#main tbody tr').first().waitFor();
      expect(await page.locator('#main tbody tr').count()).toBe(1);
      expect(await page.locator('#main tbody [data-status]').getAttribute('data-status')).toBe('pending');
      expect(await page.locator('#main tbody [data-status]').textContent()).toBe(s(lang, 'transactions.status.pending'));
      // Money in: signed, green, and 'Received' for screen readers.
      expect(await page.locator('#main tbody [data-amount]').textContent()).toBe(`${s(lang, 'transactions.direction.in')} +${USD_100_CC}`);
      expect(await page.locator('#main tbody [data-amount]').getAttribute('class')).toContain('green');

      // Auto-Accept: 'Success!' with how many transfers and how much were accepted, then the balance.
      await openApp(page, '/accounts/digital-assets');
      // Beside each other, Auto-Accept (now, once) and the switch (from now on) each say what they do.
      const describedBy = async (selector: string) =>
        page.locator(selector).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
      expect(await describedBy('[data-action="auto-accept"]')).toBe(s(lang, 'wallet.autoAcceptHint'));
      expect(await describedBy('[data-action="preapproval"]')).toBe(s(lang, 'wallet.preapproval.hint'));
      await page.locator('[data-action="auto-accept"]').click();
      const accepted = await toastText(page, 'success', s(lang, 'common.success'));
      expect(accepted).toContain(s(lang, 'toast.autoAccepted.description', { count: 1, amount: '100.00 CC' }));
      await page.waitForFunction(() => document.querySelector('[data-wallet-part="available"]')?.textContent === '100.00 CC');
      expect(await page.locator('[data-wallet-balance]').textContent()).toBe(USD_100_CC);
      expect(await page.locator('[data-wallet-part="pending"]').textContent()).toBe('0.00 CC');
      // Auto-Accept again: nothing was pending, and the info toast says so.
      await page.locator('[data-action="auto-accept"]').click();
      const nothing = await toastText(page, 'info', s(lang, 'toast.nothingToAccept.title'));
      expect(nothing).toContain(s(lang, 'toast.nothingToAccept.description'));
      const assetRow = page.locator('#main tbody tr');
      expect(await assetRow.count()).toBe(1);
      expect(await assetRow.locator('[data-balance]').textContent()).toBe('100.00');
      expect(await assetRow.locator('[data-value]').textContent()).toBe(USD_100_CC);
      expect(await assetRow.getByRole('link').getAttribute('href')).toBe('/accounts/digital-assets/CC');
      expect(await assetRow.getByRole('button').allTextContents()).toEqual([s(lang, 'common.buy'), s(lang, 'common.sell')]);
      if (lang === 'en') await screenshot(page, 'wallet-en');

      // A second transfer: pending again.
      await page.locator('[data-action="transfer"]').click();
      await page.waitForFunction(() => document.querySelector('[data-wallet-part="pending"]')?.textContent === '100.00 CC');

      // Two transactions, newest first: pending, then completed; copy the completed one's hash.
      await openApp(page, '/transactions');
      await page.locator('#main tbody tr').nth(1).waitFor();
      expect(await page.locator('#main tbody [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
        'pending',
        'completed',
      ]);
      const completed = page.locator('#main tbody tr').nth(1);
      const hash = (await completed.locator('code').getAttribute('title')) ?? '';
      expect(hash).toMatch(/^[0-9a-f]{68}$/);
      expect(await completed.locator('code').textContent()).toBe(`${hash.slice(0, 6)}...${hash.slice(-4)}`);
      await completed.locator('[data-copy-hash]').click();
      const copied = await toastText(page, 'success', s(lang, 'toast.hashCopied.title'));
      expect(copied).toContain(hash);
      expect(await completed.locator('[data-copy-hash]').textContent()).toBe(s(lang, 'common.copied'));
      expect(await clipboard(page)).toBe(hash);
      // Back to its label after 2 s.
      await page.waitForFunction((label) => document.querySelectorAll('#main tbody [data-copy-hash]')[1]?.textContent === label, s(lang, 'common.copy'), {
        timeout: 3000,
      });
      if (lang === 'en') await screenshot(page, 'transactions-en');
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe('Transfer 100 when its answer is lost', () => {
  it('retries with the same Idempotency-Key, stays busy meanwhile and moves money once', async () => {
    const { context, page, errors } = await screenPage(browser(), await signedInState(browser(), testPhone(16)), 'en');
    await createWallet(page);
    await openApp(page, '/accounts/digital-assets');
    const button = page.locator('[data-action="transfer"]');
    await button.waitFor();

    const keys: string[] = [];
    let releaseRetry!: () => void;
    const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
    await page.route('**/api/wallets/transfer', async (route: Route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        // The request reaches the Worker and commits; the page sees a network error instead of the answer.
        await route.fetch();
        await route.abort('failed');
        return;
      }
      await retryHeld;
      await route.continue();
    });

    await button.click();
    await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(2);
    // Between the lost answer and the retry's answer the button is still busy and disabled.
    expect(await button.getAttribute('aria-busy')).toBe('true');
    expect(await button.isDisabled()).toBe(true);
    expect(await button.textContent()).toContain(s('en', 'wallet.transferring'));
    releaseRetry();

    await toastText(page, 'info', s('en', 'toast.transferOffered.title'));
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keys[1]).toBe(keys[0]);
    await page.waitForFunction(() => document.querySelector('[data-wallet-part="pending"]')?.textContent === '100.00 CC');
    // A live update may show the pending amount before the intent has ended; then it ends.
    await page.waitForFunction(() => !document.querySelector('[data-action="transfer"]')?.hasAttribute('aria-busy'));
    expect(await page.locator('[data-type="error"]').count()).toBe(0);

    // One transfer on the ledger.
    await page.unroute('**/api/wallets/transfer');
    await openApp(page, '/transactions');
    await page.locator('#main tbody tr').first().waitFor();
    expect(await page.locator('#main tbody tr').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
