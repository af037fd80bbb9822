// Net worth and the portfolio's value chart, in English at 1440 px and in French at 390 px: a verified
// person with dollars buys $10 of a stock while the market is open (the served app's test-only market
// time), the app clock's snapshot job writes that day's snapshot after the close, and the next
// morning /accounts serves the net worth (the USD account plus the investments, each a link to its
// screen, today's change signed and named) and /accounts/brokerage the value chart: the snapshot and
// today's value, a static line in the HTML until the chart is reached. Prices are held still.
import { beforeAll, describe, expect, it } from 'vitest';
import { calendar, newYorkDate } from '../../src/core/brokerage/market-clock';
import { formatCents } from '../../src/shared/format';
import {
  apiCall,
  apiSignIn,
  fileBrowser,
  holdMarketForFile,
  openApp,
  openTradingAccount,
  pageFitsWidth,
  s,
  servedContext,
  setMarketTime,
  testPhone,
  waitForHydration,
  wakeMarketClock,
  type ApiSession,
} from './helpers';

const PHONE = testPhone(71);
const DAY_MS = 86_400_000;

interface History {
  timestamp: number[];
  equity: string[];
}
interface Brokerage {
  cash_cents: number;
  long_market_value_cents: number;
  change_today_cents: number;
}

const browser = fileBrowser();
holdMarketForFile();
let session: ApiSession;
let accountId: string;
beforeAll(async () => {
  session = await apiSignIn(PHONE);
  accountId = await openTradingAccount(session);
  // The next two trading days after today (the account is opened now, so earlier closes are not its).
  const today = newYorkDate(Date.now());
  const [buyDay, nextDay] = calendar(newYorkDate(Date.now() + DAY_MS), newYorkDate(Date.now() + 14 * DAY_MS)).filter((d) => d.date > today);
  // The buy, while the market is open.
  setMarketTime(new Date(buyDay!.openAt + 30 * 60_000).toISOString());
  await apiCall(
    session,
    'POST',
    `/api/brokerage/accounts/${accountId}/orders`,
    {
      symbol: 'AAPL',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      notional: '10.00',
    },
    {},
    201,
  );
  // The next morning before the open: the clock's snapshot job takes the buy day's close.
  setMarketTime(new Date(nextDay!.openAt - 90 * 60_000).toISOString());
  await wakeMarketClock(session, accountId);
  const deadline = Date.now() + 30_000;
  while ((await apiCall<History>(session, 'GET', `/api/brokerage/accounts/${accountId}/portfolio/history?period=1M`)).timestamp.length < 2) {
    if (Date.now() > deadline) throw new Error('the snapshot job wrote no snapshot');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 120_000);

describe('net worth and the portfolio’s value chart', () => {
  for (const [lang, width] of [
    ['en', 1440],
    ['fs', 390],
  ] as const) {
    it(
      `shows the total, its parts and today’s change on /accounts, and the chart on /accounts/brokerage (${lang}, ${width} px)`,
      { timeout: 90_000 },
      async () => {
        const brokerage = await apiCall<Brokerage>(session, 'GET', `/api/brokerage/accounts/${accountId}`);
        expect(brokerage.long_market_value_cents).toBeGreaterThan(0);
        const context = await servedContext(browser(), session, { lang, width, height: 900 });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (err) => errors.push(err.message));

        await openApp(page, '/accounts');
        const worth = page.locator('[data-testid="net-worth"]');
        expect(await worth.getByRole('heading', { name: s(lang, 'networth.title') }).count()).toBe(1);
        expect(await page.locator('[data-testid="net-worth-total"]').textContent()).toBe(formatCents(brokerage.cash_cents + brokerage.long_market_value_cents));
        const usd = page.locator('[data-net-worth-part="usd"]');
        expect(await usd.getAttribute('href')).toBe('/accounts/usd');
        expect(await usd.textContent()).toBe(`${s(lang, 'networth.usd')}${formatCents(brokerage.cash_cents)}`);
        const investments = page.locator('[data-net-worth-part="investments"]');
        expect(await investments.getAttribute('href')).toBe('/accounts/brokerage');
        expect(await investments.textContent()).toBe(`${s(lang, 'networth.investments')}${formatCents(brokerage.long_market_value_cents)}`);
        expect(await page.locator('[data-net-worth-part="digital"]').count()).toBe(0);
        expect(await page.locator('[data-testid="net-worth-today"]').getAttribute('data-sign')).toBe(String(Math.sign(brokerage.change_today_cents)));
        expect(await worth.getByText(s(lang, 'networth.changeNote')).count()).toBe(1);
        expect(await pageFitsWidth(page)).toBe(true);

        // Into the brokerage through its part: the chart's static line, the snapshot and today.
        await investments.click();
        await page.waitForURL(/\/accounts\/brokerage$/);
        await waitForHydration(page);
        const chart = page.locator('[data-testid="portfolio-chart"] [data-chart-state]');
        await chart.and(page.locator('[data-chart-drawing="line"]')).waitFor();
        expect(await chart.getAttribute('data-chart-points')).toBe('2');
        expect(await chart.getAttribute('data-chart-range')).toBe('1M');
        expect(await page.locator('#portfolio-chart-summary').textContent()).toContain(formatCents(brokerage.cash_cents + brokerage.long_market_value_cents));
        expect(await page.getByRole('button', { name: s(lang, 'snapshot.period.long.1M') }).getAttribute('aria-pressed')).toBe('true');
        expect(await pageFitsWidth(page)).toBe(true);
        // Reached (a pointer over it, once hydrated), the chart draws with the library.
        await chart.hover();
        await page.locator('[data-testid="portfolio-chart"] [data-chart-drawing="canvas"]').waitFor();
        // Another period by keyboard.
        await page.getByRole('button', { name: s(lang, 'snapshot.period.long.all') }).focus();
        await page.keyboard.press('Enter');
        await page.locator('[data-testid="portfolio-chart"] [data-chart-range="all"][data-chart-points="2"]').waitFor();
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  }
});
