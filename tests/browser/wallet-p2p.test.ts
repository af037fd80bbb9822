// Person-to-person transfers in Chromium against the embedded default: two users in two
// browser contexts (Ana in English, Bruno in Spanish) send to each other both ways. Bruno turns on
// "accept incoming transfers automatically", so Ana's send settles at once; Ana has no preapproval,
// so Bruno's two sends are offers. Ana's open wallet sees them LIVE (no reload: the live branch's
// WebSocket), accepts one and rejects the other; both balances and both transaction lists agree.
// Then 390 px screenshots of the wallet with the send dialog and with the action list in en, es and
// fs (a third user, Chloé, in French) into test-results/screenshots, for a person to look at.
// Phones +1 555 555 0130, 0131, 0132 only (tests/test-phones.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createWallet,
  toastText,
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
let ana: StorageState;
let bruno: StorageState;
let chloe: StorageState;

beforeAll(async () => {
  // One after the other: the sign-in's redirects are timing-sensitive on a busy machine.
  ana = await signedInState(browser(), testPhone(30));
  bruno = await signedInState(browser(), testPhone(31));
  chloe = await signedInState(browser(), testPhone(32));
}, 60_000);

const ANA_PHONE = testPhone(30);
const BRUNO_PHONE = testPhone(31);

/** Waits until the element's text is exactly `text` (no reload: live updates or the page's own refetch). */
async function textIs(page: Page, selector: string, text: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want, [selector, text] as const, { timeout });
}

/** Transfer 100 (test funds) then Auto-Accept: 100 CC available. */
async function fund(page: Page): Promise<void> {
  await createWallet(page);
  await openApp(page, '/accounts/digital-assets');
  await page.locator('[data-action="transfer"]').click();
  await page.locator('[data-wallet-pending]').waitFor();
  await page.locator('[data-action="auto-accept"]').click();
  await textIs(page, '[data-wallet-part="available"]', '100.00 CC');
}

/** Opens Send, fills it, continues to the confirmation and returns what it says happens next. */
async function sendTo(page: Page, lang: Lang, receiver: string, amount: string): Promise<{ next: string; name: string }> {
  await page.locator('[data-action="send"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(s(lang, 'wallet.send.receiver.label')).fill(receiver);
  await dialog.getByLabel(s(lang, 'wallet.send.amount.label')).fill(amount);
  await dialog.locator('[data-action="send-continue"]').click();
  await dialog.locator('[data-send-step="confirm"]').waitFor();
  const next = (await dialog.locator('[data-send-next]').getAttribute('data-send-next')) ?? '';
  const name = (await dialog.locator('[data-send-name]').textContent()) ?? '';
  return { next, name };
}

async function confirmSend(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('[data-action="send-submit"]').click();
  await dialog.locator('[data-send-step="done"]').waitFor();
  const status = (await dialog.locator('[data-send-step="done"]').getAttribute('data-send-status')) ?? '';
  await dialog.locator('[data-action="send-done"]').click();
  await dialog.waitFor({ state: 'detached' });
  return status;
}

interface Row {
  direction: string | null;
  status: string | null;
  reason: string | null;
  counterparty: string | null;
}

/** The transactions of the person-to-person kind (direction shown), newest first. */
async function p2pRows(page: Page): Promise<Row[]> {
  await openApp(page, '/transactions');
  await page.locator('#main tbody tr').first().waitFor();
  return page.locator('#main tbody tr').evaluateAll((trs) =>
    trs
      .filter((tr) => tr.querySelector('[data-tx-direction]'))
      .map((tr) => ({
        direction: tr.querySelector('[data-tx-direction]')!.getAttribute('data-tx-direction'),
        status: tr.querySelector('[data-status]')?.getAttribute('data-status') ?? null,
        reason: tr.querySelector('[data-status-reason]')?.getAttribute('data-status-reason') ?? null,
        counterparty: tr.querySelector('[data-tx-counterparty]')?.textContent ?? null,
      })),
  );
}

/** Closes the toasts (they would cover the top of a screenshot). */
async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('[data-type] button');
  while ((await close.count()) > 0) await close.first().click();
}

describe('sending CC between two people', () => {
  it('settles at once under a preapproval, makes offers otherwise (seen live), accepts one, rejects one; both sides agree', async () => {
    const a = await screenPage(browser(), ana, 'en');
    const b = await screenPage(browser(), bruno, 'es');
    await Promise.all([fund(a.page), fund(b.page)]);

    // Bruno accepts incoming transfers automatically.
    const toggle = b.page.locator('[data-action="preapproval"]');
    expect(await toggle.getAttribute('role')).toBe('switch');
    await b.page.waitForFunction(() => !document.querySelector('[data-action="preapproval"]')?.hasAttribute('disabled'));
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await b.page.waitForFunction(() => document.querySelector('[data-action="preapproval"]')?.getAttribute('aria-checked') === 'true');

    // Ana -> Bruno, 10 CC by phone: the confirmation says it settles at once, and it does.
    const toBruno = await sendTo(a.page, 'en', BRUNO_PHONE.replace(/(\d{3})(\d{3})(\d{4})$/, ' $1 $2-$3'), '10');
    expect(toBruno.next).toBe('instant');
    expect(await confirmSend(a.page)).toBe('COMPLETED');
    await textIs(a.page, '[data-wallet-part="available"]', '90.00 CC');
    // Bruno's open wallet shows it without a reload (live).
    await textIs(b.page, '[data-wallet-part="available"]', '110.00 CC');

    // Bruno -> Ana, 5 then 2 CC: offers (Ana has no preapproval); Bruno's CC is locked meanwhile.
    const toAna = await sendTo(b.page, 'es', ANA_PHONE, '5');
    expect(toAna.next).toBe('offer');
    expect(await b.page.getByRole('dialog').locator('[data-send-next]').textContent()).toBe(s('es', 'wallet.send.confirm.offer', { name: toAna.name }));
    expect(await confirmSend(b.page)).toBe('PENDING');
    await sendTo(b.page, 'es', ANA_PHONE, '2');
    expect(await confirmSend(b.page)).toBe('PENDING');
    await textIs(b.page, '[data-wallet-part="available"]', '103.00 CC');
    await textIs(b.page, '[data-wallet-part="locked"]', '7.00 CC');
    // The balance and the offers are fetched side by side: wait for the list too.
    await expect.poll(() => b.page.locator('[data-offer="outgoing"]').count(), { timeout: 10_000 }).toBe(2);

    // Ana's open wallet lists both offers LIVE (no reload), with Accept and Reject.
    const incoming = a.page.locator('[data-offer="incoming"][data-offer-kind="person"]');
    await expect.poll(() => incoming.count(), { timeout: 10_000 }).toBe(2);
    await textIs(a.page, '[data-wallet-part="pending"]', '7.00 CC');
    await closeToasts(a.page);
    await a.page.locator('[data-offers]').scrollIntoViewIfNeeded();
    await screenshot(a.page, 'wallet-p2p-offers-1440-en');
    const five = incoming.filter({ has: a.page.locator('[data-offer-amount]', { hasText: '5.00 CC' }) });
    const two = incoming.filter({ has: a.page.locator('[data-offer-amount]', { hasText: '2.00 CC' }) });
    await five.locator('[data-action="offer-accept"]').click();
    await expect.poll(() => incoming.count(), { timeout: 10_000 }).toBe(1);
    await two.locator('[data-action="offer-reject"]').click();
    await expect.poll(() => incoming.count(), { timeout: 10_000 }).toBe(0);

    // Balances: Ana 100 - 10 + 5 = 95; Bruno 100 + 10 - 5 = 105 (the rejected 2 came back), nothing locked.
    await textIs(a.page, '[data-wallet-part="available"]', '95.00 CC');
    await textIs(a.page, '[data-wallet-part="pending"]', '0.00 CC');
    await textIs(b.page, '[data-wallet-part="available"]', '105.00 CC', 15_000);
    await textIs(b.page, '[data-wallet-part="locked"]', '0.00 CC');
    await expect.poll(() => b.page.locator('[data-offer="outgoing"]').count(), { timeout: 10_000 }).toBe(0);

    // Both transaction lists tell the same story from each side.
    const anaRows = await p2pRows(a.page);
    const brunoRows = await p2pRows(b.page);
    const shape = (rows: Row[]) => rows.map((r) => `${r.direction} ${r.status} ${r.reason ?? '-'}`).sort();
    expect(shape(anaRows)).toEqual(['received completed -', 'received failed rejected', 'sent completed -']);
    expect(shape(brunoRows)).toEqual(['received completed -', 'sent completed -', 'sent failed rejected']);
    expect(anaRows.every((r) => r.counterparty && r.counterparty.length > 0)).toBe(true);
    const rejected = b.page.locator('#main tbody [data-status-reason="rejected"]');
    expect(await rejected.textContent()).toBe(s('es', 'transactions.reason.rejected'));
    // A rejected transfer moved no money: no sign, no Received/Sent, for the sender and the receiver;
    // the CC amount is beside the USD value.
    for (const page of [a.page, b.page]) {
      const row = page.locator('#main tbody tr', { has: page.locator('[data-status-reason="rejected"]') });
      expect(await row.locator('[data-amount]').textContent()).toMatch(/^\$\d+\.\d\d$/);
      expect(await row.locator('[data-asset-amount]').textContent()).toBe('2.00 CC');
    }
    expect(await a.page.locator('#main tbody [data-status-reason="rejected"]').textContent()).toBe(s('en', 'transactions.reason.rejected'));
    await screenshot(b.page, 'wallet-p2p-transactions-1440-es');
    // At 390 px the cards say the same.
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.locator('[data-card="transaction"] [data-status-reason="rejected"]').first().waitFor();
    expect(await pageFitsWidth(b.page)).toBe(true);
    await screenshot(b.page, 'wallet-p2p-transactions-390-es');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 120_000);
});

describe('the wallet at 390 px', () => {
  for (const [lang, state, receiver] of [
    ['en', () => ana, BRUNO_PHONE],
    ['es', () => bruno, ANA_PHONE],
    ['fs', () => chloe, ANA_PHONE],
  ] as const) {
    it(`fits the width with the send dialog and the action list (${lang}); screenshots`, async () => {
      const { context, page, errors } = await screenPage(browser(), state(), lang, 390);
      await createWallet(page);
      await openApp(page, '/accounts/digital-assets');
      // A pending faucet offer, so the action list has a row (the treasury, named as test funds).
      await page.locator('[data-action="transfer"]').click();
      const treasury = page.locator('[data-offer="incoming"][data-offer-kind="treasury"]').first();
      await treasury.waitFor();
      expect(await treasury.locator('[data-offer-name]').textContent()).toBe(s(lang, 'wallet.offers.from', { name: s(lang, 'wallet.offers.treasury') }));
      expect(await page.locator('[data-test-funds]').textContent()).toBe(s(lang, 'wallet.testFunds'));
      // The spec's button text once the intent has ended.
      await textIs(page, '[data-action="transfer"]', s(lang, 'wallet.transfer'));
      expect(await pageFitsWidth(page)).toBe(true);
      await closeToasts(page);
      await page.locator('[data-offers]').scrollIntoViewIfNeeded();
      await screenshot(page, `wallet-p2p-offers-${lang}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `wallet-p2p-top-${lang}`);

      // Accept it (test funds to send with), then the send dialog: validation, then its confirmation.
      await treasury.locator('[data-action="offer-accept"]').click();
      await toastText(page, 'success', s(lang, 'wallet.offers.accepted'));
      await closeToasts(page);
      await page.locator('[data-action="send"]').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(s(lang, 'wallet.send.amount.label')).fill('100000');
      await dialog.locator('[data-action="send-continue"]').click();
      expect(await dialog.locator('[data-error="amount"]').textContent()).toBe(s(lang, 'errors.ccAmountMax'));
      expect(await dialog.locator('[data-error="receiver"]').textContent()).toBe(s(lang, 'wallet.send.error.receiverRequired'));
      expect(await pageFitsWidth(page)).toBe(true);
      await screenshot(page, `wallet-p2p-send-${lang}`);
      await dialog.getByLabel(s(lang, 'wallet.send.receiver.label')).fill(receiver);
      await dialog.getByLabel(s(lang, 'wallet.send.amount.label')).fill('1000');
      expect(await dialog.locator('[data-error="amount"]').textContent()).toBe(s(lang, 'wallet.send.error.moreThanAvailable'));
      await dialog.getByLabel(s(lang, 'wallet.send.amount.label')).fill('1.5');
      await dialog.locator('[data-action="send-continue"]').click();
      await dialog.locator('[data-send-step="confirm"]').waitFor();
      expect(await pageFitsWidth(page)).toBe(true);
      await screenshot(page, `wallet-p2p-confirm-${lang}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Focus is back on Send.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('send');
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
