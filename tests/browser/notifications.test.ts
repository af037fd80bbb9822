// Notifications on every signed-in page, in Chromium at 390 px: B is on /market (not the wallet) in
// Spanish when A sends B money. B gets a toast saying who sent what, and the navbar's bell counts
// one unread ("Notificaciones, 1 sin leer"); opening it lists the event, which links to its
// transaction's detail, and marks it read on the server. A, on /market in French, is told when B
// accepts. Read on one device, read on all: R has two pages open (a phone in French, a laptop in
// Spanish); R opens the bell on one, and the other's count drops without a reload (the live
// channel's notifications.read). An identity decision is told too: V, on /market in Spanish, has
// their verification rejected at once, gets a toast with the reason in words, and the bell's entry
// links to /settings/identity (it has no transaction).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCents, formatLedgerAmount } from '../../src/shared/format';
import { apiCall, cookieSession, newContext, openApp, s, screenshot, signedInState, type Lang, type StorageState, testPhone, fileBrowser } from './helpers';

type Session = NonNullable<Awaited<ReturnType<typeof cookieSession>>>;
interface Listed {
  notifications: { kind: string; transaction_id: string; counterparty_name: string; asset_amount: string; asset: string; amount_usd: number }[];
  unread: number;
}

const browser = fileBrowser();
let stateA: StorageState;
let stateB: StorageState;
let stateR: StorageState;
let stateS: StorageState;
let stateV: StorageState;

beforeAll(async () => {
  stateA = await signedInState(browser(), testPhone(48));
  stateB = await signedInState(browser(), testPhone(49));
  stateR = await signedInState(browser(), testPhone(68));
  stateS = await signedInState(browser(), testPhone(69));
  stateV = await signedInState(browser(), testPhone(63));
});

/** A page of the user on /market at 390 px in `lang`, once its notifications listen (its live socket is open). */
async function onMarket(state: StorageState, lang: Lang): Promise<{ page: Page; session: Session; accountId: string; partyId: string }> {
  const context = await newContext(browser(), { lang, width: 390, height: 844, storageState: state });
  const page = await context.newPage();
  const session = (await cookieSession(context))!;
  const accountId = (await apiCall<{ accounts: { account_id: string }[] }>(session, 'GET', '/api/accounts/user/accounts')).accounts[0]!.account_id;
  const wallet = await apiCall<{ cantonPartyId: string }>(session, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
  const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/live?party='), timeout: 15_000 });
  await openApp(page, '/market');
  await socket;
  return { page, session, accountId, partyId: wallet.cantonPartyId };
}

/** The newest notification of the user, as the page words it in `lang`. */
const listed = (session: Session) => apiCall<Listed>(session, 'GET', '/api/notifications');
async function newestText(session: Session, lang: Lang, key: Parameters<typeof s>[1]) {
  const n = (await listed(session)).notifications[0]!;
  return { n, text: s(lang, key, { name: n.counterparty_name, amount: `${formatLedgerAmount(n.asset_amount, n.asset)} (${formatCents(n.amount_usd)})` }) };
}

describe('notifications when money moves', () => {
  it('tells B on /market (toast, badge, list in Spanish, link to the transaction) and A when B accepts', async () => {
    const a = await onMarket(stateA, 'fs');
    await apiCall(a.session, 'POST', '/api/wallets/transfer', { account_id: a.accountId, amount: '20' });
    await apiCall(a.session, 'POST', '/api/wallets/auto-accept', { account_id: a.accountId });
    const b = await onMarket(stateB, 'es');
    const unreadBefore = (await listed(b.session)).unread;

    const sent = await apiCall<{ status: string; offerId: string }>(a.session, 'POST', '/api/wallets/canton/send', {
      account_id: a.accountId,
      receiver_party: b.partyId,
      amount: '1.5',
    });
    expect(sent.status).toBe('PENDING');
    const { n, text } = await newestText(b.session, 'es', 'shell.notifications.kind.offerReceived');
    expect(n.kind).toBe('offer_received');
    expect(text).toContain('te envió 1.50 CC');

    await b.page.locator('[data-type="info"]', { hasText: text }).waitFor({ timeout: 10_000 });
    await screenshot(b.page, 'notifications-es-390-toast');
    const count = unreadBefore + 1;
    const bell = b.page.getByRole('button', { name: s('es', 'shell.notifications.unread', { count }) });
    await bell.waitFor();
    await bell.click();
    const item = b.page.getByRole('menuitem', { name: text });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/transactions?tx=${n.transaction_id}`);
    await b.page.getByRole('button', { name: s('es', 'shell.notifications.title'), exact: true }).waitFor();
    await expect.poll(async () => (await listed(b.session)).unread).toBe(0);
    await screenshot(b.page, 'notifications-es-390-open');
    await item.click();
    await b.page.waitForURL(/\/transactions\?tx=/);
    await b.page.getByRole('dialog').waitFor();

    await apiCall(b.session, 'POST', `/api/wallets/canton/offers/${sent.offerId}/accept`, { account_id: b.accountId });
    const accepted = await newestText(a.session, 'fs', 'shell.notifications.kind.offerAccepted');
    expect(accepted.n.kind).toBe('offer_accepted');
    await a.page.locator('[data-type="info"]', { hasText: accepted.text }).waitFor({ timeout: 10_000 });
    await screenshot(a.page, 'notifications-fs-390-toast');
    const unreadA = (await listed(a.session)).unread;
    await a.page.getByRole('button', { name: s('fs', 'shell.notifications.unread', { count: unreadA }) }).click();
    await a.page.getByRole('menuitem', { name: accepted.text }).waitFor();
    await screenshot(a.page, 'notifications-fs-390-open');
  });
});

describe('notifications read on one page', () => {
  it("drop the unread count on the person's other open page, without a reload", async () => {
    const sender = await onMarket(stateS, 'en');
    await apiCall(sender.session, 'POST', '/api/wallets/transfer', { account_id: sender.accountId, amount: '5' });
    await apiCall(sender.session, 'POST', '/api/wallets/auto-accept', { account_id: sender.accountId });
    const phone = await onMarket(stateR, 'fs');
    const laptop = await onMarket(stateR, 'es');

    await apiCall(sender.session, 'POST', '/api/wallets/canton/send', { account_id: sender.accountId, receiver_party: phone.partyId, amount: '0.5' });
    const { unread } = await listed(phone.session);
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

describe('notifications of an identity decision', () => {
  it('toast the rejection with its reason in Spanish, and the bell links it to the verification page', async () => {
    const v = await onMarket(stateV, 'es');
    // Rejected at once (the embedded core's rule for a number ending in 0000), so the person may submit again on the next run.
    const sent = await apiCall<{ status: string; reason: string }>(v.session, 'POST', '/api/identity-verification', {
      first_name: 'Valeria',
      last_name: 'Ríos',
      date_of_birth: '1991-07-30',
      country: 'UY',
      document_type: 'passport',
      document_number: 'P99990000',
      consent: true,
    });
    expect(sent).toMatchObject({ status: 'rejected', reason: 'document_unreadable' });
    const text = s('es', 'identity.notification.rejected', { reason: s('es', 'identity.reason.document_unreadable') });
    await v.page.locator('[data-type="info"]', { hasText: text }).waitFor({ timeout: 10_000 });
    const { notifications, unread } = await listed(v.session);
    expect(notifications[0]).toMatchObject({ kind: 'identity_rejected', transaction_id: null });

    await v.page.getByRole('button', { name: s('es', 'shell.notifications.unread', { count: unread }) }).click();
    const item = v.page.getByRole('menuitem', { name: text });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe('/settings/identity');
    await screenshot(v.page, 'notifications-es-390-identity');
    await item.click();
    await v.page.waitForURL(/\/settings\/identity$/);
    await v.page.locator('[data-idv="rejected"]').waitFor();
  });
});
