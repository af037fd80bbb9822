// New Transaction end to end, in Spanish at 390 px, for a verified person: a quote locked on
// Continue lapses after its 30 s (Confirm gives way to 'Get a new quote', and the live region says
// so), a new quote is locked and confirmed, the receipt shows the Remittance Rule's disclosures, and
// the deposit row appears in Transactions.
import { beforeAll, describe, expect, it } from 'vitest';
import { approveIdentity, createWallet, openApp, pageFitsWidth, s, screenPage, signedInState, type StorageState, testPhone, fileBrowser } from './helpers';

const browser = fileBrowser();
let state: StorageState;
const PHONE = testPhone(56);

beforeAll(async () => {
  state = await signedInState(browser(), PHONE);
});

describe('New Transaction with a locked quote', () => {
  it('lets a quote lapse, re-quotes, confirms and shows the receipt and the deposit row (es, 390 px)', async () => {
    const { context, page, errors } = await screenPage(browser(), state, 'es', 390);
    await createWallet(page);
    approveIdentity(PHONE);
    await openApp(page, '/transactions');
    await page.getByRole('button', { name: s('es', 'transactions.new.title') }).click();
    const dialog = page.getByRole('dialog', { name: s('es', 'transactions.new.title') });
    await dialog.waitFor();

    await page.waitForFunction(() => document.querySelectorAll('select[name="wallet_id"] option').length >= 3);
    const wallet = dialog.locator('select[name="wallet_id"]');
    await wallet.selectOption({ index: 1 });
    await dialog.getByLabel(s('es', 'transactions.new.amount')).fill('20');
    await dialog.locator('[data-quote="ready"]').waitFor();
    await dialog.locator('button[type="submit"]').click();

    // Locked: its id and a countdown; after 30 s, Confirm gives way to 'Get a new quote'.
    const first = await dialog.locator('[data-locked-quote]').getAttribute('data-locked-quote');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await dialog.locator('[data-announce]').textContent()).toBe(s('es', 'quote.announce.locked', { seconds: 30 }));
    await dialog.locator('[data-action="confirm-quote"]').waitFor();
    await dialog.locator('[data-announce="soon"]').waitFor({ timeout: 25_000 });
    await dialog.locator('[data-expired]').waitFor({ timeout: 15_000 });
    expect(await dialog.locator('[data-action="confirm-quote"]').count()).toBe(0);
    expect(await dialog.locator('[data-announce]').textContent()).toBe(s('es', 'quote.expired'));
    expect(await pageFitsWidth(page)).toBe(true);

    // Re-quote: a new id, Confirm again.
    await dialog.getByRole('button', { name: s('es', 'quote.requote') }).click();
    await page.waitForFunction((old) => {
      const id = document.querySelector('[data-locked-quote]')?.getAttribute('data-locked-quote');
      return id && id !== old;
    }, first);
    const net = await dialog.locator('[data-net]').textContent();
    await dialog.locator('[data-action="confirm-quote"]').click();

    // The receipt, in Spanish: what was paid, the fee, the rate, what was received, when, the rights.
    const receipt = page.locator('[data-receipt]');
    await receipt.waitFor();
    for (const key of [
      'quote.receipt.amountPaid',
      'quote.receipt.fees',
      'quote.receipt.rate',
      'quote.receipt.received',
      'quote.receipt.available',
      'quote.receipt.method',
    ] as const)
      await receipt.getByText(s('es', key), { exact: true }).waitFor();
    expect(await receipt.locator('[data-received]').textContent()).toBe(net);
    await receipt.getByText(s('es', 'quote.receipt.rights')).waitFor();
    expect(await receipt.getByText('$20.00').count()).toBeGreaterThan(0);
    expect(await pageFitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: s('es', 'quote.receipt.done') }).click();

    // The deposit row in Transactions.
    // (the type filter's option has the same text, hidden: only a visible row counts)
    await page.locator('#main').getByText(s('es', 'transactions.type.deposit')).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
