// The USD account in Chromium, in Spanish at 390 px: a verified person (the verification's decision
// written into the app's D1, as a decided verification leaves the profile) opens the account, adds
// dollars by card, adds a bank account in their verified name, withdraws (pending, reserved at once),
// and the app's clock settles the withdrawal; the person sees it completed and is notified.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/shared/format';
import {
  apiSignIn,
  fileBrowser,
  openApp,
  pageFitsWidth,
  s,
  saveLanguage,
  servedContext,
  servedSql,
  settleWithdrawalsNow,
  testPhone,
  type ApiSession,
} from './helpers';

const PHONE = testPhone(60);

const browser = fileBrowser();
let session: ApiSession;

beforeAll(async () => {
  session = await apiSignIn(PHONE);
  await saveLanguage(session, 'es');
  servedSql(`UPDATE profiles SET idv_status = 'approved', first_name = 'Ana', last_name = 'García' WHERE id = '${session.user.id}'`);
});

describe('the USD account (es, 390 px)', () => {
  it('opens, adds dollars, withdraws to a bank account, shows it pending, and settles it by the clock with a notification', { timeout: 180_000 }, async () => {
    const context = await servedContext(browser(), session, { lang: 'es' });
    const page = await context.newPage();
    await openApp(page, '/accounts/usd');
    expect(await page.locator('#main h1').textContent()).toBe(s('es', 'accounts.usd.title'));
    await page.getByRole('button', { name: s('es', 'usd.open.button') }).click();
    await page.locator('[data-status="active"]').waitFor();
    expect(await page.locator('[data-status="active"]').textContent()).toBe('Activa');

    // Add dollars by card: "250,75" is 250.75 in Spanish.
    await page.getByRole('button', { name: s('es', 'usd.deposit.open') }).click();
    const deposit = page.getByRole('dialog');
    await deposit.getByLabel(s('es', 'usd.amount')).fill('250,75');
    await deposit.getByLabel(s('es', 'usd.rail.card')).check();
    expect(await deposit.textContent()).toContain(s('es', 'usd.simulated'));
    await deposit.getByRole('button', { name: s('es', 'usd.deposit.submit') }).click();
    await deposit.waitFor({ state: 'detached' });
    await page.locator('[data-testid="usd-available"]', { hasText: formatCents(25075) }).waitFor();

    // Withdraw: first a bank account in the verified name, then 40,25 to it.
    await page.getByRole('button', { name: s('es', 'usd.withdraw.open'), exact: true }).click();
    const withdraw = page.getByRole('dialog');
    await withdraw.getByLabel(s('es', 'usd.bank.holder')).fill('ana garcia');
    await withdraw.getByLabel(s('es', 'usd.bank.name')).fill('Banco de Prueba');
    await withdraw.getByLabel(s('es', 'usd.bank.number')).fill('000123456789');
    await withdraw.getByLabel(s('es', 'usd.bank.routing')).fill('021000021');
    await withdraw.getByRole('button', { name: s('es', 'usd.bank.save') }).click();
    await withdraw.getByLabel(s('es', 'usd.amount')).fill('40,25');
    await withdraw.getByRole('button', { name: s('es', 'usd.withdraw.submit') }).click();
    await withdraw.waitFor({ state: 'detached' });
    await page.locator('[data-testid="usd-pending"]', { hasText: formatCents(4025) }).waitFor();
    expect(await page.locator('[data-testid="usd-available"]').textContent()).toBe(formatCents(21050));
    expect(await page.locator('[data-movement="withdrawal"][data-status="pending"]').count()).toBe(1);
    expect(await pageFitsWidth(page)).toBe(true);

    // The clock settles it when due: the withdrawal is made due now, and the next withdrawal's answer
    // wakes the clock, whose alarm then settles what is due (the new one stays pending, and is cancelled).
    await settleWithdrawalsNow(session);

    await page.reload();
    await page.locator('[data-movement="withdrawal"][data-status="settled"]').waitFor();
    expect(await page.locator('[data-testid="usd-pending"]').textContent()).toBe(formatCents(0));
    expect(await page.locator('[data-movement="withdrawal"][data-status="settled"]').textContent()).toContain(s('es', 'usd.activity.status.settled'));
    // The notification: the bell's menu says the withdrawal reached the bank.
    await page.locator('button:has([data-notifications-badge])').click();
    await page.getByText(s('es', 'usd.notification.settled', { amount: formatCents(4025) })).waitFor();
    await context.close();
  });
});
