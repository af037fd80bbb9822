// A new person's first dollars, walked through in Spanish at 390 px as they would: they sign in,
// follow the first screen's pointer to /onboarding, verify their identity through the form (a
// document the rules approve at once), open the USD account, add dollars (the page says it is
// simulated), buy Canton Coin with New Transaction paid from their USD balance (an indicative quote,
// Continue locks it with a countdown, Confirm, a receipt with the Remittance Rule's disclosures),
// see the CC in their wallet and the purchase in the USD activity, withdraw to a bank account in
// their verified name until the app's clock settles it, and find every step of /onboarding done.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCents } from '../../src/shared/format';
import { createWallet, fileBrowser, openApp, pageFitsWidth, s, settleWithdrawalsNow, signInPage, testPhone, waitForHydration } from './helpers';

const PHONE = testPhone(54);
const NAME = { first: 'Lucía', last: 'Fernández Soto' };

const browser = fileBrowser();

/** Follows a link of the page by its words and waits until the page it leads to is interactive. */
async function follow(page: Page, name: string, path: RegExp) {
  await page.getByRole('link', { name, exact: true }).first().click();
  await page.waitForURL(path);
  await page.locator('#main').waitFor();
  await waitForHydration(page);
}

type Key = Parameters<typeof s>[1];
const field = (page: Page, key: Key) => page.getByLabel(s('es', key), { exact: true });
/** A dictionary text with one `{param}` as a pattern: the param any text (captured), the rest as written. */
function pattern(key: Key, param: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [before, after] = s('es', key, { [param]: '\u0000' }).split('\u0000');
  return new RegExp(`^${escape(before!)}(.+)${escape(after!)}$`);
}

describe('a new person’s first dollars (es, 390 px)', () => {
  it('verifies, opens the USD account, adds dollars, buys CC from the balance, withdraws, and finds the checklist done', { timeout: 90_000 }, async () => {
    // Signs in, in Spanish; the first screen points to the checklist, nothing done yet.
    const { context, page, errors, session } = await signInPage(browser(), PHONE, 'es', 390);
    await openApp(page, '/transactions');
    const banner = page.getByRole('region', { name: s('es', 'onboarding.banner.title') });
    expect(await banner.textContent()).toContain(s('es', 'onboarding.progress', { done: 0, total: 3 }));
    await follow(page, s('es', 'onboarding.banner.action'), /\/onboarding$/);
    expect(await page.locator('#main h1').textContent()).toBe(s('es', 'onboarding.title'));

    // 1. Identity, through the form: any document ending other than the test rules' is approved at once.
    await follow(page, s('es', 'onboarding.checklist.verify_identity.action'), /\/settings\/identity$/);
    await field(page, 'identity.firstName').fill(NAME.first);
    await field(page, 'identity.lastName').fill(NAME.last);
    await field(page, 'identity.dateOfBirth').fill('1990-04-12');
    await field(page, 'identity.country').selectOption('UY');
    await field(page, 'identity.documentType').selectOption('passport');
    await field(page, 'identity.documentNumber').fill('AB-1234567');
    await page.getByLabel(s('es', 'identity.consent')).check();
    await page.getByRole('button', { name: s('es', 'identity.submit') }).click();
    await page.getByText(s('es', 'identity.unlocks')).waitFor();

    // 2. The USD account, from the checklist: opened, then dollars added by card (simulated, it says).
    await openApp(page, '/onboarding');
    await follow(page, s('es', 'onboarding.checklist.add_dollars.action'), /\/accounts\/usd$/);
    await page.getByRole('button', { name: s('es', 'usd.open.button') }).click();
    await page.getByRole('button', { name: s('es', 'usd.deposit.open') }).click();
    const deposit = page.getByRole('dialog');
    expect(await deposit.textContent()).toContain(s('es', 'usd.simulated'));
    await deposit.getByLabel(s('es', 'usd.amount')).fill('100');
    await deposit.getByLabel(s('es', 'usd.rail.card')).check();
    await deposit.getByRole('button', { name: s('es', 'usd.deposit.submit') }).click();
    await deposit.waitFor({ state: 'detached' });
    await page
      .getByTestId('usd-available')
      .filter({ hasText: formatCents(10_000) })
      .waitFor();

    // 3. New Transaction paid from the USD balance, into the digital-assets wallet.
    await createWallet(page);
    await openApp(page, '/onboarding');
    await follow(page, s('es', 'onboarding.checklist.first_purchase_or_send.action'), /\/transactions$/);
    await page.getByRole('button', { name: s('es', 'transactions.new.title') }).click();
    // One dialog: the form, the locked quote, then the receipt (its title changes).
    const dialog = page.getByRole('dialog');
    const method = dialog.getByLabel(s('es', 'transactions.new.paymentMethod'));
    const fromBalance = `${s('es', 'transactions.new.provider.usd_balance')} · ${s('es', 'quote.balance.available', { amount: formatCents(10_000) })}`;
    await method.locator('option', { hasText: fromBalance }).waitFor({ state: 'attached' });
    await method.selectOption({ label: fromBalance });
    const wallet = dialog.getByLabel(s('es', 'transactions.new.wallet'), { exact: false });
    await wallet.locator('option').nth(2).waitFor({ state: 'attached' });
    await wallet.selectOption({ index: 1 });
    await dialog.getByLabel(s('es', 'transactions.new.amount')).fill('20');
    // The indicative quote, then Continue locks it: a countdown from 30 s.
    await dialog.getByText(s('es', 'quote.indicative')).waitFor();
    await dialog.getByRole('button', { name: s('es', 'transactions.new.submit') }).click();
    const countdown = dialog.getByText(pattern('quote.expiresIn', 'seconds'));
    await countdown.waitFor();
    const seconds = Number(pattern('quote.expiresIn', 'seconds').exec((await countdown.textContent())!)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
    await dialog.getByRole('button', { name: s('es', 'quote.confirm') }).click();

    // The receipt: what was paid and how, the fee, the rate, what was received and when, the rights.
    await page.getByRole('dialog', { name: s('es', 'quote.receipt.title') }).waitFor();
    const row = (key: Key) => dialog.locator(`xpath=.//dt[normalize-space()="${s('es', key)}"]/following-sibling::dd[1]`);
    expect(await row('quote.receipt.amountPaid').textContent()).toBe('$20.00');
    expect(await row('quote.receipt.fees').textContent()).toBe('$2.50');
    expect(await row('quote.receipt.rate').textContent()).toMatch(/^\d+(\.\d+)? CC\/USD$/);
    expect(await row('quote.receipt.method').textContent()).toBe(s('es', 'transactions.new.provider.usd_balance'));
    expect(await row('quote.receipt.available').textContent()).toMatch(pattern('quote.receipt.availableNow', 'time'));
    const received = (await row('quote.receipt.received').textContent())!;
    expect(received).toMatch(/^\d[\d,]*\.\d{2} CC$/);
    await dialog.getByText(s('es', 'quote.receipt.rights')).waitFor();
    expect(await pageFitsWidth(page)).toBe(true);
    await dialog.getByRole('button', { name: s('es', 'quote.receipt.done') }).click();

    // The CC is in the wallet; the dollars left the balance, as a purchase that links to its transaction.
    await openApp(page, '/accounts/digital-assets');
    await page.getByText(s('es', 'wallet.balance.total', { amount: received }), { exact: true }).waitFor();
    await openApp(page, '/accounts/usd');
    expect(await page.getByTestId('usd-available').textContent()).toBe(formatCents(8_000));
    const purchase = page.getByRole('listitem').filter({ hasText: s('es', 'quote.usdActivity.purchase') });
    expect(await purchase.textContent()).toContain(`−${formatCents(2_000)}`);
    expect(await purchase.getByRole('link', { name: s('es', 'quote.usdActivity.view') }).getAttribute('href')).toMatch(/^\/transactions\?tx=[0-9a-f-]{36}$/);

    // 4. A withdrawal to a bank account in the verified name: pending, then settled by the app's clock.
    await page.getByRole('button', { name: s('es', 'usd.withdraw.open'), exact: true }).click();
    const withdraw = page.getByRole('dialog');
    await withdraw.getByLabel(s('es', 'usd.bank.holder')).fill(`${NAME.first} ${NAME.last}`);
    await withdraw.getByLabel(s('es', 'usd.bank.name')).fill('Banco de Prueba');
    await withdraw.getByLabel(s('es', 'usd.bank.number')).fill('000123456789');
    await withdraw.getByLabel(s('es', 'usd.bank.routing')).fill('021000021');
    await withdraw.getByRole('button', { name: s('es', 'usd.bank.save') }).click();
    await withdraw.getByLabel(s('es', 'usd.amount')).fill('30');
    await withdraw.getByRole('button', { name: s('es', 'usd.withdraw.submit') }).click();
    await withdraw.waitFor({ state: 'detached' });
    await page
      .getByTestId('usd-pending')
      .filter({ hasText: formatCents(3_000) })
      .waitFor();
    await settleWithdrawalsNow(session);
    await page.reload();
    await waitForHydration(page);
    await page
      .getByTestId('usd-pending')
      .filter({ hasText: formatCents(0) })
      .waitFor();
    const withdrawal = page
      .getByRole('listitem')
      .filter({ hasText: s('es', 'usd.activity.withdrawal') })
      .filter({ hasText: formatCents(3_000) });
    expect(await withdrawal.textContent()).toContain(s('es', 'usd.activity.status.settled'));
    expect(await page.getByTestId('usd-available').textContent()).toBe(formatCents(5_000));

    // Every step of the checklist is done, and it says so.
    await openApp(page, '/onboarding');
    expect(await page.getByText(s('es', 'onboarding.complete')).count()).toBe(1);
    for (const step of ['verify_identity', 'add_dollars', 'first_purchase_or_send'] as const) {
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: s('es', `onboarding.checklist.${step}.title`) }) });
      expect(await item.textContent()).toContain(s('es', 'onboarding.step.done'));
    }
    expect(await pageFitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
