// Read on one device, read on all: R has two pages open at 390 px (a phone in French, a laptop in
// Spanish, both on /market). S sends R money and both bells count it; R opens the bell on one page,
// and the other page's count drops without a reload (the live channel's notifications.read).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, cookieSession, launch, newContext, openApp, s, signedInState, type Lang, type StorageState, testPhone } from './helpers';

type Session = NonNullable<Awaited<ReturnType<typeof cookieSession>>>;

let browser: Browser;
let stateR: StorageState;
let stateS: StorageState;

beforeAll(async () => {
  browser = await launch();
  stateR = await signedInState(browser, testPhone(68));
  stateS = await signedInState(browser, testPhone(69));
});
afterAll(async () => {
  await browser?.close();
});

/** A page of the user on /market at 390 px in `lang`, once its live socket is open. */
async function onMarket(state: StorageState, lang: Lang): Promise<{ page: Page; session: Session; accountId: string; partyId: string }> {
  const context = await newContext(browser, { lang, width: 390, height: 844, storageState: state });
  const page = await context.newPage();
  const session = (await cookieSession(context))!;
  const accountId = (await apiCall<{ accounts: { account_id: string }[] }>(session, 'GET', '/api/accounts/user/accounts')).accounts[0]!.account_id;
  const wallet = await apiCall<{ cantonPartyId: string }>(session, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
  const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/live?party='), timeout: 15_000 });
  await openApp(page, '/market');
  await socket;
  return { page, session, accountId, partyId: wallet.cantonPartyId };
}

describe('notifications read on one page', () => {
  it("drop the unread count on the person's other open page, without a reload", async () => {
    const sender = await onMarket(stateS, 'en');
    await apiCall(sender.session, 'POST', '/api/wallets/transfer', { account_id: sender.accountId, amount: '5' });
    await apiCall(sender.session, 'POST', '/api/wallets/auto-accept', { account_id: sender.accountId });
    const phone = await onMarket(stateR, 'fs');
    const laptop = await onMarket(stateR, 'es');

    await apiCall(sender.session, 'POST', '/api/wallets/canton/send', { account_id: sender.accountId, receiver_party: phone.partyId, amount: '0.5' });
    const { unread } = await apiCall<{ unread: number }>(phone.session, 'GET', '/api/notifications');
    expect(unread).toBeGreaterThan(0);
    const phoneBell = phone.page.getByRole('button', { name: s('fs', 'shell.notifications.unread', { count: unread }) });
    await phoneBell.waitFor({ timeout: 10_000 });
    await laptop.page.getByRole('button', { name: s('es', 'shell.notifications.unread', { count: unread }) }).waitFor({ timeout: 10_000 });

    const laptopUrl = laptop.page.url();
    await phoneBell.click();
    // The laptop's bell says no unread, with no reload (same page, same document).
    await laptop.page.getByRole('button', { name: s('es', 'shell.notifications.title'), exact: true }).waitFor({ timeout: 10_000 });
    expect(laptop.page.url()).toBe(laptopUrl);
    expect(await laptop.page.locator('[data-notifications-badge]').count()).toBe(0);
  });
});
