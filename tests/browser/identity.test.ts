// Identity verification in Chromium, in Spanish at 390 px: a new person opens "Verifica tu identidad"
// from their identity status, is told per field what is missing or too young, submits a document the
// rules reject (the reason in words, "Intentar de nuevo"), then one they approve, and Settings ›
// Security shows the legal name. Another submits one held for review ("Estamos revisando tus
// documentos…") and the page turns approved by itself when the app's clock decides it (the documented
// 2-minute review, made due at once by the test: nobody acts on the review itself).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, cookieSession, openApp, pageFitsWidth, s, servedSql, signedInFile, testPhone, userOfPhone, waitForHydration } from './helpers';

const rejectedFirst = signedInFile(testPhone(52));
const reviewed = signedInFile(testPhone(53));

const field = (page: Page, key: Parameters<typeof s>[1]) => page.getByLabel(s('es', key), { exact: true });

async function fill(page: Page, documentNumber: string, dateOfBirth = '1990-04-12') {
  await field(page, 'identity.firstName').fill('Lucía');
  await field(page, 'identity.lastName').fill('Fernández Soto');
  await field(page, 'identity.dateOfBirth').fill(dateOfBirth);
  await field(page, 'identity.country').selectOption('UY');
  await field(page, 'identity.documentType').selectOption('passport');
  await field(page, 'identity.documentNumber').fill(documentNumber);
  const consent = page.getByLabel(s('es', 'identity.consent'));
  if (!(await consent.isChecked())) await consent.check();
}
const submit = (page: Page) => page.getByRole('button', { name: s('es', 'identity.submit') }).click();

describe('identity verification (es, 390 px)', () => {
  it('reaches the form from the status, shows what is wrong per field, a rejection with its reason, then an approval and the name', async () => {
    const { page } = await rejectedFirst.pageIn('es', 390, 844);
    await openApp(page, '/accounts');
    await page.getByRole('link', { name: s('es', 'identity.title') }).click();
    await page.waitForURL(/\/settings\/identity$/);
    await page.locator('form').waitFor();
    // Reached by a link: the form validates in place once its island has hydrated.
    await waitForHydration(page);
    expect(await pageFitsWidth(page)).toBe(true);
    // The country select names countries in Spanish.
    expect(await field(page, 'identity.country').locator('option[value="MX"]').textContent()).toBe('México');

    // The validator loads on the first focus or submit, so each message is waited for.
    const shows = (text: string) => page.locator('form').getByText(text, { exact: true }).first().waitFor();
    await submit(page);
    await shows(s('es', 'identity.validation.required'));
    await shows(s('es', 'identity.validation.consent'));
    await fill(page, 'AB-1230001', `${new Date().getUTCFullYear() - 16}-06-01`);
    await submit(page);
    await shows('Debes tener 18 años o más.');

    // 0001: rejected at once, name mismatch.
    await fill(page, 'AB-1230001');
    await submit(page);
    const rejected = page.locator('[data-idv="rejected"]');
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain(s('es', 'identity.reason.name_mismatch'));
    await rejected.getByRole('button', { name: s('es', 'identity.tryAgain') }).click();

    // Any other ending: approved at once; what it unlocks is said.
    await fill(page, 'AB-1234567');
    await submit(page);
    const approved = page.locator('[data-idv="approved"]');
    await approved.waitFor();
    expect(await approved.textContent()).toContain(s('es', 'identity.unlocks'));

    await openApp(page, '/settings/security');
    expect(await page.getByLabel(s('es', 'settings.security.fullName')).inputValue()).toBe('Lucía Fernández Soto');
    expect(await page.getByRole('link', { name: s('es', 'identity.title') }).count()).toBe(0);
  });

  it('shows a review in progress, and turns approved by itself when the clock decides it', { timeout: 90_000 }, async () => {
    const { context, page } = await reviewed.pageIn('es', 390, 844);
    await openApp(page, '/settings/identity');
    await fill(page, 'P-99991111');
    await submit(page);
    const pending = page.locator('[data-idv="pending"]');
    await pending.waitFor();
    expect(await pending.textContent()).toContain('Estamos revisando tus documentos, normalmente en menos de 2 minutos.');
    // Served with the page too (a reload shows the same state in the HTML).
    await openApp(page, '/settings/identity');
    await pending.waitFor();
    // Nobody acts on the review: the app's clock decides it when due, and the open page follows. Rather
    // than wait out the delay, the review is made due now and the clock woken, as any money call
    // wakes it (the faucet's, here, once the person has a wallet).
    servedSql(
      `UPDATE identity_verifications SET decide_at = '${new Date().toISOString()}' WHERE status = 'pending' AND user_id = ${userOfPhone(testPhone(53))}`,
    );
    const session = await cookieSession(context);
    if (!session) throw new Error('signed out');
    await apiCall(session, 'POST', '/api/wallets/canton');
    const active = await apiCall<{ account: { account_id: string } }>(session, 'GET', '/api/accounts/user/active-account');
    await apiCall(session, 'POST', '/api/wallets/transfer', { account_id: active.account.account_id, amount: '1' });
    await page.locator('[data-idv="approved"]').waitFor({ timeout: 30_000 });
    await openApp(page, '/settings/security');
    expect(await page.getByLabel(s('es', 'settings.security.fullName')).inputValue()).toBe('Lucía Fernández Soto');
  });
});
