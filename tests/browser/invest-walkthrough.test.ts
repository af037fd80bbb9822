// Investing, walked through in Spanish at 390 px: a verified person with dollars and an opened
// brokerage account (set up through the API; tests/browser/brokerage-open.test.ts walks the opening
// form) opens the brokerage, buys $10 of a stock with the order ticket while the market is open (the
// served app's test-only market time), reviews it (fees $0.00, the collar), sees the receipt, the
// position on the asset page and the portfolio's value; places a gtc limit buy that fills when the
// price (set with SQL) crosses it and the app clock runs; places a market buy while the market is
// closed ("executes at the open") that the clock fills at the open; sells all; and finds every fill
// in Transactions and its CSV, and each fill's cash among the USD account's movements. KO's price is held still (the price job's minute is taken) and put
// back after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCents } from '../../src/shared/format';
import {
  apiCall,
  baseURL,
  fileBrowser,
  holdMarketForFile,
  openApp,
  pageFitsWidth,
  s,
  servedSql,
  setMarketTime,
  signInPage,
  testPhone,
  openTradingAccount,
  wakeMarketClock,
} from './helpers';

const PHONE = testPhone(58);
const SYMBOL = 'KO';
const OPEN_TUESDAY = '2026-12-01T15:00:00.000Z';
const SATURDAY = '2026-12-05T15:00:00.000Z';
const MONDAY_OPEN = '2026-12-07T14:30:05.000Z';

const setPrice = (price: string, lastday: string) =>
  servedSql(`UPDATE stock_prices SET price = ${price}, previous_close = ${lastday} WHERE stock_id = (SELECT id FROM stocks WHERE symbol = '${SYMBOL}')`);

const browser = fileBrowser();
holdMarketForFile();
beforeAll(() => setPrice('50', '50'));
afterAll(() => setPrice('64.39', '65.42'));

/** Opens the asset page and its ticket on `side`. */
async function openTicket(page: Page, side: 'buy' | 'sell') {
  await openApp(page, `/accounts/digital-assets/${SYMBOL}`);
  await page.locator(`[data-action="trade-${side}"]`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(s('es', 'trade.simulated')).waitFor();
  return dialog;
}

describe('investing (es, 390 px)', () => {
  it(
    'buys with the ticket, sees the position and portfolio, fills a limit and an at-the-open order, sells all, and finds it all in Transactions',
    { timeout: 280_000 },
    async () => {
      const { context, page, errors, session } = await signInPage(browser(), PHONE, 'es', 390);
      const accountId = await openTradingAccount(session);
      setMarketTime(OPEN_TUESDAY);

      // The brokerage: the portfolio served, nothing held yet.
      await openApp(page, '/accounts/brokerage');
      await page.locator('[data-testid="broker-holdings-empty"]').waitFor();
      expect(await page.locator('[data-testid="portfolio-value"]').textContent()).toContain('$100.00');
      expect(await page.locator('[data-testid="portfolio-chart-empty"]').textContent()).toBe(s('es', 'portfolio.chart.empty'));
      expect(await pageFitsWidth(page)).toBe(true);

      // 1. $10 of KO while the market is open: review (fees $0.00, the collar), then the receipt.
      let dialog = await openTicket(page, 'buy');
      await dialog.getByLabel(s('es', 'trade.amount.notional'), { exact: true }).fill('10');
      await dialog.locator('[data-action="review-order"]').click();
      await dialog.locator('[data-testid="order-review"]').waitFor();
      expect(await dialog.locator('[data-testid="review-fee"]').textContent()).toBe('$0.00');
      // The collar is stated at the price the page shows (the market list's cached one, which an
      // earlier file may have read before KO's price was set here), 5% over it.
      const collar = s('es', 'trade.review.collar', { price: '\u0000' })
        .split('\u0000')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\$[\\d,.]+');
      await dialog.getByText(new RegExp(`^${collar}$`)).waitFor();
      await dialog.locator('[data-action="place-order"]').click();
      await dialog.locator('[data-testid="order-receipt"]').waitFor();
      expect(await dialog.locator('[data-testid="receipt-total"]').textContent()).toBe('$10.00');
      await dialog
        .getByRole('button', { name: s('es', 'common.close') })
        .last()
        .click();
      await dialog.waitFor({ state: 'detached' });
      // Your Holdings: the position, served on the next visit too.
      await page.locator('[data-testid="holding-qty"]').waitFor();
      expect(await page.locator('[data-testid="holding-qty"]').textContent()).toBe('0.2');
      await openApp(page, `/accounts/digital-assets/${SYMBOL}`);
      expect(await page.locator('[data-testid="holding-value"]').textContent()).toBe('$10.00');
      expect(await page.locator('[data-testid="holding-avg-cost"]').textContent()).toBe('$50.00');

      // The portfolio: the position and the value (cash + the position), linked to its page.
      await openApp(page, '/accounts/brokerage');
      await page.locator(`[data-position="${SYMBOL}"]`).waitFor();
      expect(await page.locator('[data-testid="portfolio-value"]').textContent()).toContain('$100.00');
      expect(await page.locator(`[data-position="${SYMBOL}"] a`).getAttribute('href')).toBe(`/accounts/digital-assets/${SYMBOL}`);

      // 2. A gtc limit buy under the price: open; it fills once the price crosses and the clock runs.
      dialog = await openTicket(page, 'buy');
      await dialog.getByLabel(s('es', 'trade.mode.limit'), { exact: true }).check();
      await dialog.getByLabel(s('es', 'trade.amount.qty'), { exact: true }).fill('1');
      await dialog.getByLabel(s('es', 'trade.limit'), { exact: true }).fill('40');
      await dialog.getByLabel(s('es', 'trade.tif.gtc'), { exact: true }).check();
      await dialog.locator('[data-action="review-order"]').click();
      await dialog.getByText(s('es', 'trade.review.limitWait')).waitFor();
      await dialog.locator('[data-action="place-order"]').click();
      await dialog.locator('[data-testid="order-status"][data-status="new"]').waitFor();
      await dialog
        .getByRole('button', { name: s('es', 'common.close') })
        .last()
        .click();
      await openApp(page, '/accounts/brokerage');
      await page.locator('[data-testid="open-orders"] [data-status="new"]').waitFor();
      setPrice('39.5', '50');
      await wakeMarketClock(session, accountId);
      await expect
        .poll(
          async () => {
            await openApp(page, '/accounts/brokerage');
            return page.locator('[data-testid="order-history"] [data-status="filled"]').count();
          },
          { timeout: 100_000, interval: 3_000 },
        )
        .toBe(2);
      expect(await page.locator('[data-testid="open-orders"]').count()).toBe(0);

      // 3. A market buy while the market is closed: it says when it executes, and fills at the open.
      setMarketTime(SATURDAY);
      dialog = await openTicket(page, 'buy');
      await dialog.getByLabel(s('es', 'trade.amount.notional'), { exact: true }).fill('5');
      await dialog.locator('[data-action="review-order"]').click();
      await dialog.locator('[data-testid="review-at-open"]').waitFor();
      await dialog.locator('[data-action="place-order"]').click();
      await dialog.locator('[data-testid="order-status"][data-status="accepted"]').waitFor();
      setMarketTime(MONDAY_OPEN);
      await wakeMarketClock(session, accountId);
      // The open ticket follows the order until its receipt.
      await dialog.locator('[data-testid="order-receipt"]').waitFor({ timeout: 100_000 });
      expect(await dialog.locator('[data-testid="receipt-total"]').textContent()).toBe('$5.00');
      await dialog
        .getByRole('button', { name: s('es', 'common.close') })
        .last()
        .click();

      // 4. Sell all: a confirmation, then the receipt; nothing is held any more.
      dialog = await openTicket(page, 'sell');
      await dialog.locator('[data-action="sell-all"]').click();
      await dialog.locator('[data-action="sell-all-confirm"]').click();
      await dialog.locator('[data-testid="order-receipt"]').waitFor();
      expect(await dialog.locator('[data-testid="receipt-total"]').textContent()).toBe('$52.39');
      await dialog
        .getByRole('button', { name: s('es', 'common.close') })
        .last()
        .click();
      await page.getByText(s('es', 'asset.holdings.none', { symbol: SYMBOL })).waitFor();

      // 5. Every fill in Transactions (its own words) and in the CSV.
      await openApp(page, '/transactions');
      await expect.poll(() => page.locator('[data-tx-order]').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
      expect(await page.locator('[data-tx-order="buy"]:visible').count()).toBe(3);
      expect(await page.locator('[data-tx-order="sell"]:visible').textContent()).toBe(
        s('es', 'trade.tx.sell', { qty: '1.326582', symbol: SYMBOL, price: '$39.49' }),
      );
      const csv = await fetch(`${baseURL()}/api/transactions/account/${accountId}/export?type=stock_order`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(csv.status).toBe(200);
      const lines = (await csv.text()).trim().split('\n').slice(1);
      expect(lines.filter((line) => line.includes(',stock_order,') && line.includes(SYMBOL))).toHaveLength(4);
      expect((await apiCall<{ cash_cents: number }>(session, 'GET', `/api/brokerage/accounts/${accountId}`)).cash_cents).toBe(10000 - 1000 - 3950 - 500 + 5239);
      expect(formatCents(10000 - 1000 - 3950 - 500 + 5239)).toBe('$97.89');

      // 6. The USD account's movements: each fill's cash, a buy or a sell of KO, in its words.
      await openApp(page, '/accounts/usd');
      await page.locator('[data-movement="sell"]').waitFor();
      expect(await page.locator('[data-movement="buy"]').count()).toBe(3);
      expect(await page.locator('[data-movement="sell"]').textContent()).toContain(s('es', 'order.usdActivity.sell', { symbol: SYMBOL }));
      expect(await page.locator('[data-movement="sell"]').textContent()).toContain(`+${formatCents(5239)}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
