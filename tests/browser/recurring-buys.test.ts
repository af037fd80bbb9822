// Recurring buys, walked through in Spanish at 390 px: a verified person with dollars and an opened
// brokerage account (set up through the API) creates a weekly $10 plan of a stock from the
// portfolio's "Recurring buys" on a Saturday (the served app's test-only market time), sees it listed
// with its next run on Monday, lets the app clock run it at Monday's open, finds the filled order in
// the portfolio's history and in Transactions, then pauses the plan and deletes it after a
// confirmation. Prices are held still for the run (the price job would move them).
import { describe, expect, it } from 'vitest';
import { htmlLang } from '../../src/i18n';
import { formatDay } from '../../src/shared/format';
import {
  apiCall,
  fileBrowser,
  holdMarketForFile,
  openApp,
  pageFitsWidth,
  s,
  setMarketTime,
  signInPage,
  testPhone,
  openTradingAccount,
  wakeMarketClock,
} from './helpers';

const PHONE = testPhone(59);
const SYMBOL = 'PEP';
const SATURDAY = '2026-12-05T15:00:00.000Z';
const MONDAY_OPEN = '2026-12-07T14:30:05.000Z';

const browser = fileBrowser();
holdMarketForFile();

describe('recurring buys (es, 390 px)', () => {
  it(
    'creates a weekly $10 plan, sees it run at Monday’s open as a filled order in the portfolio and Transactions, pauses and deletes it',
    { timeout: 240_000 },
    async () => {
      const { context, page, errors, session } = await signInPage(browser(), PHONE, 'es', 390);
      const accountId = await openTradingAccount(session);
      setMarketTime(SATURDAY);

      // The portfolio's section, served in the HTML: no plan yet. The form's chunk is no part of the
      // first load; held back here, a press on "new" before it has arrived opens the form once it has.
      let releaseForm!: () => void;
      const formHeld = new Promise<void>((resolve) => (releaseForm = resolve));
      let formAsked = false;
      await page.route(/\/_astro\/RecurringPlanForm\.[\w-]+\.js$/, async (route) => {
        formAsked = true;
        await formHeld;
        await route.continue();
      });
      await openApp(page, '/accounts/brokerage');
      const section = page.getByRole('region', { name: s('es', 'recurring.title') });
      await section.getByText(s('es', 'recurring.empty')).waitFor();

      // A weekly $10 plan from today (Saturday): its first run is Monday.
      await section.locator('[data-action="recurring-new"]').click();
      await expect.poll(() => formAsked, { timeout: 10_000 }).toBe(true);
      const dialog = page.getByRole('dialog');
      expect(await dialog.count()).toBe(0);
      releaseForm();
      await dialog.waitFor();
      await page.unrouteAll();
      const symbol = dialog.getByLabel(s('es', 'recurring.symbol'), { exact: true });
      await symbol.locator(`option[value="${SYMBOL}"]`).waitFor({ state: 'attached' });
      await symbol.selectOption(SYMBOL);
      await dialog.getByLabel(s('es', 'trade.amount.notional'), { exact: true }).fill('10');
      await dialog.getByLabel(s('es', 'recurring.frequency'), { exact: true }).selectOption('weekly');
      expect(await dialog.getByLabel(s('es', 'recurring.start'), { exact: true }).inputValue()).toBe('2026-12-05');
      await dialog.locator('[data-action="recurring-submit"]').click();
      await dialog.waitFor({ state: 'detached' });
      const what = s('es', 'recurring.row', { amount: '$10.00', symbol: SYMBOL });
      const plan = section.locator(`[data-plan="${SYMBOL}"]`);
      await plan.getByText(what).waitFor();
      const monday = formatDay('2026-12-07', htmlLang('es'));
      expect(await plan.textContent()).toContain(s('es', 'recurring.nextRun', { date: monday }));
      expect(await plan.textContent()).toContain(s('es', 'recurring.frequency.weekly'));
      expect(await plan.textContent()).toContain(s('es', 'recurring.status.active'));
      expect(await pageFitsWidth(page)).toBe(true);

      // Monday's open: the app clock places the run, which fills at the open's price.
      setMarketTime(MONDAY_OPEN);
      await wakeMarketClock(session, accountId);
      await expect
        .poll(
          async () => {
            await openApp(page, '/accounts/brokerage');
            return page.locator(`[data-testid="order-history"] [data-status="filled"]`).count();
          },
          { timeout: 100_000, interval: 3_000 },
        )
        .toBe(1);
      expect(await page.locator('[data-testid="order-history"] [data-status="filled"]').textContent()).toContain(SYMBOL);
      const next = formatDay('2026-12-14', htmlLang('es'));
      expect(await page.locator(`[data-plan="${SYMBOL}"]`).textContent()).toContain(s('es', 'recurring.nextRun', { date: next }));

      // The run's fill in Transactions.
      await openApp(page, '/transactions');
      await expect.poll(() => page.locator('[data-tx-order="buy"]:visible').count(), { timeout: 20_000 }).toBe(1);

      // Pause (by keyboard), then delete after a confirmation.
      await openApp(page, '/accounts/brokerage');
      const pause = page.getByRole('button', { name: `${s('es', 'recurring.pause')}: ${what}` });
      await pause.focus();
      await page.keyboard.press('Enter');
      await page.locator(`[data-plan="${SYMBOL}"]`).getByText(s('es', 'recurring.status.paused'), { exact: true }).waitFor();
      expect(await page.locator(`[data-plan="${SYMBOL}"]`).textContent()).toContain(s('es', 'recurring.noNextRun'));
      await page.getByRole('button', { name: `${s('es', 'recurring.delete')}: ${what}` }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(s('es', 'recurring.delete.confirm', { what })).waitFor();
      await confirm.locator('[data-action="recurring-delete-confirm"]').click();
      await page
        .getByRole('region', { name: s('es', 'recurring.title') })
        .getByText(s('es', 'recurring.empty'))
        .waitFor();
      expect(await apiCall<unknown[]>(session, 'GET', `/api/brokerage/accounts/${accountId}/recurring-buys`)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
