// /market and /accounts/digital-assets/{symbol} in Chromium, in English and Spanish: the filter
// buttons and the instant search, opening an asset with the keyboard, the asset screen for a stock
// (its price record) and a Canton asset (the placeholder figures), the order ticket (Buy; Sell without a position is disabled),
// an unknown symbol landing back on /market with the toast, and the table at 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  at,
  historyChange,
  type Lang,
  openApp,
  pageFitsWidth,
  s,
  screenPage,
  screenshot,
  sessionFromCookies,
  signedInState,
  type StorageState,
  testPhone,
  toastText,
  fileBrowser,
} from './helpers';

const browser = fileBrowser();
let state: StorageState;

beforeAll(async () => {
  state = await signedInState(browser(), testPhone(10));
});

const historyPercent = (symbol: string, range: '24h' | '1w' | '1m') => historyChange(sessionFromCookies(state.cookies)!, symbol, range);

const rows = (page: Page) => page.locator('#main tbody tr');
const symbols = (page: Page) => page.locator('#main tbody tr [data-symbol]').allTextContents();
const categories = (page: Page) => page.locator('#main tbody tr [data-category]').evaluateAll((els) => els.map((e) => e.getAttribute('data-category')));

/**
 * Opens /market once it is interactive with the whole list: the server's HTML already holds the first
 * screenful of rows; the island then hydrates and loads the rest, and its live region announces the
 * count.
 */
async function openMarket(page: Page) {
  await openApp(page, '/market');
  await rows(page).first().waitFor();
  await page.waitForFunction(() => (document.querySelector('#main p[role="status"]')?.textContent ?? '') !== '');
}

for (const lang of ['en', 'es'] as const satisfies readonly Lang[]) {
  describe(`the market (${lang})`, () => {
    it('lists stocks and Canton assets with their columns, filters by the four buttons and searches at once', async () => {
      const { context, page, errors } = await screenPage(browser(), state, lang);
      await openMarket(page);
      expect(await page.locator('#main h1').textContent()).toBe(s(lang, 'market.title'));
      expect(await page.locator('#main thead th').allTextContents()).toEqual(
        ['asset', 'price', 'change', 'marketCap', 'volume', 'type'].map((c) => s(lang, `market.column.${c}` as never)),
      );
      await expect.poll(async () => (await symbols(page)).length).toBeGreaterThanOrEqual(50);
      const all = await symbols(page);
      expect(all).toEqual(expect.arrayContaining(['AAPL', 'MSFT', 'CC', 'USDCX', 'USD', 'TBILL']));

      // AAPL: price, a red signed change, market cap in T and volume in M.
      const aapl = rows(page).filter({ has: page.locator('[data-symbol]', { hasText: /^AAPL$/ }) });
      expect(await aapl.locator('[data-symbol]').textContent()).toBe('AAPL');
      // The change is the price history's over 24 h (the asset page and its chart show the same). The
      // list and the history are cached apart (a minute each): when the history's 5-minute bucket has
      // just turned, the list is read again until it agrees.
      let aaplDay = '';
      await expect
        .poll(
          async () => {
            aaplDay = await historyPercent('AAPL', '24h');
            if ((await aapl.locator('td').nth(2).textContent()) === aaplDay) return true;
            await openMarket(page);
            return false;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      expect((await aapl.locator('td').allTextContents()).slice(1)).toEqual([
        '$229.87',
        aaplDay,
        '$3.49T',
        // a share count, not dollars
        '50.67M',
        s(lang, 'market.category.stocks'),
      ]);
      expect(await aapl.locator('[data-tone]').getAttribute('data-tone')).toBe(aaplDay.startsWith('-') ? 'down' : 'up');
      expect(await aapl.locator('[data-tone]').getAttribute('class')).toContain(aaplDay.startsWith('-') ? 'red' : 'green');
      // Logos cannot load offline: they hide themselves and leave the letter.
      await page.waitForFunction(() => document.querySelectorAll('#main tbody tr:first-child img').length === 0);

      const filter = (f: string) => page.locator(`[data-filter="${f}"]`);
      expect(await filter('all').getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('[data-filter]').allTextContents()).toEqual([
        s(lang, 'market.filter.all'),
        s(lang, 'market.filter.securities'),
        s(lang, 'market.filter.currencies'),
        s(lang, 'market.filter.digitalAssets'),
      ]);

      await filter('securities').click();
      expect(await filter('securities').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => new Set(await categories(page))).toEqual(new Set(['stocks', 'bond']));
      await expect.poll(() => symbols(page)).toContain('TBILL');

      await filter('currencies').click();
      await expect.poll(async () => new Set(await categories(page))).toEqual(new Set(['fiat', 'stablecoin']));
      await expect.poll(() => symbols(page)).toEqual(expect.arrayContaining(['USD', 'USDCX']));

      await filter('digitalAssets').click();
      await expect.poll(async () => (await categories(page)).every((c) => c === 'cryptocurrency' || c === 'digitalAssets')).toBe(true);
      await expect.poll(() => symbols(page)).toEqual(expect.arrayContaining(['CC', 'CBTC']));

      // Search answers as you type, by symbol or name, case-insensitive, within the filter (the list
      // re-renders at transition priority, so typing never waits for it: the test waits for the rows).
      const search = page.getByRole('searchbox', { name: s(lang, 'market.search.label') });
      await search.fill('bitcoin');
      await expect.poll(() => symbols(page)).toEqual(['CBTC']);
      await filter('all').click();
      await search.fill('mIcRoSoFt');
      await expect.poll(() => symbols(page)).toEqual(['MSFT']);
      await search.fill('nvda');
      await expect.poll(() => symbols(page)).toEqual(['NVDA']);
      await search.fill('no such asset');
      await page.getByText(s(lang, 'market.empty.title')).waitFor();
      expect(await rows(page).count()).toBe(0);

      // Rows are reachable with Tab and open with Enter.
      await search.fill('msft');
      await search.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TR');
      if (lang === 'en') await screenshot(page, 'market-en');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/accounts/digital-assets/MSFT');
      await page.locator('h1[data-symbol]').waitFor();
      expect(await page.locator('h1[data-symbol]').textContent()).toBe('MSFT');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('shows a stock from its price record, with the timeframes, price chart, holdings, trade dialogs and quick stats', async () => {
      const { context, page, errors } = await screenPage(browser(), state, lang);
      await openApp(page, '/accounts/digital-assets/msft');
      await page.locator('h1[data-symbol]').waitFor();
      const main = page.locator('#main');
      expect(await page.locator('h1[data-symbol]').textContent()).toBe('MSFT');
      expect(await main.getByText('Microsoft Corporation').count()).toBe(1);
      expect(await main.getByText(s(lang, 'asset.network.usStocks')).first().isVisible()).toBe(true);
      expect(await page.locator('[data-price]').textContent()).toBe('$423.46');
      const msftDay = await historyPercent('MSFT', '24h');
      expect(await page.locator('[data-change]').getAttribute('data-change')).toBe(msftDay.startsWith('-') ? 'down' : 'up');
      expect(await page.locator('[data-change]').textContent()).toContain(msftDay);
      expect(await main.getByRole('link', { name: s(lang, 'asset.backToMarket') }).getAttribute('href')).toBe('/market');

      const tf = (k: string) => page.locator(`[data-timeframe="${k}"]`);
      expect(await page.locator('[data-timeframe]').allTextContents()).toEqual(
        (['24h', '1w', '1m', '1y', 'max'] as const).map((k) => s(lang, `asset.timeframe.${k}`)),
      );
      expect(await tf('24h').getAttribute('aria-pressed')).toBe('true');
      await tf('1y').click();
      expect(await tf('1y').getAttribute('aria-pressed')).toBe('true');
      expect(await tf('24h').getAttribute('aria-pressed')).toBe('false');
      // The chart follows the timeframe (tests/browser/price-chart.test.ts checks what it plots).
      await page.locator('[data-chart-range="1y"][data-chart-state="ready"]').waitFor();

      const stats = await main.locator('dl dt, dl dd').allTextContents();
      const stat = (key: Parameters<typeof s>[1]) => stats[stats.indexOf(s(lang, key)) + 1];
      expect(stat('asset.stats.marketCap')).toBe('$3.15T');
      expect(stat('asset.stats.volume24h')).toBe('19.57M');
      expect(stat('asset.stats.totalSupply')).toBe('7.43B');
      // 7 d and 30 d: the price history's change over those ranges.
      expect(stat('asset.stats.change7d')).toBe(await historyPercent('MSFT', '1w'));
      expect(stat('asset.stats.change30d')).toBe(await historyPercent('MSFT', '1m'));
      expect(stat('asset.quickStats.type')).toBe(s(lang, 'asset.type.stock'));
      expect(stat('asset.quickStats.currency')).toBe('USD');

      await main.getByText(s(lang, 'asset.holdings.none', { symbol: 'MSFT' })).waitFor();
      await main.getByText(s(lang, 'asset.holdings.cta')).waitFor();
      expect(await main.getByRole('button', { name: s(lang, 'common.sell'), exact: true }).isDisabled()).toBe(true);
      await main.getByRole('button', { name: s(lang, 'common.buy'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      // The real order ticket: simulated, and for a person without a brokerage account, the way to open one.
      await dialog.getByText(s(lang, 'trade.simulated')).waitFor();
      expect(await dialog.getByRole('heading', { level: 2 }).textContent()).toBe(s(lang, 'trade.title.buy', { symbol: 'MSFT' }));
      await dialog.getByRole('link', { name: s(lang, 'trade.noAccount.link') }).waitFor();
      await dialog.getByRole('button', { name: s(lang, 'common.close') }).click();
      await dialog.waitFor({ state: 'detached' });
      await main.getByRole('button', { name: s(lang, 'common.buy'), exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      if (lang === 'en') await screenshot(page, 'asset-msft-en');
      expect(errors).toEqual([]);
      await context.close();
    });

    it("shows a Canton asset with its real price, its history's changes and N/A for what the ledger lacks, never made-up figures; the symbol is case-insensitive", async () => {
      const { context, page } = await screenPage(browser(), state, lang);
      await openApp(page, '/accounts/digital-assets/cBtC');
      await page.locator('h1[data-symbol]').waitFor();
      expect(await page.locator('h1[data-symbol]').textContent()).toBe('CBTC');
      expect(await page.locator('[data-price]').textContent()).toBe('$97,318.25');
      const cbtcDay = await historyPercent('CBTC', '24h');
      expect(await page.locator('[data-change]').getAttribute('data-change')).toBe(cbtcDay.startsWith('-') ? 'down' : 'up');
      expect(await page.locator('[data-change]').textContent()).toContain(cbtcDay);
      await expect.poll(async () => (await page.locator('#main dl dt, #main dl dd').allTextContents()).includes(s(lang, 'common.na'))).toBe(true);
      await page.locator('[data-chart-state="ready"]').waitFor();
      const stats = await page.locator('#main dl dt, #main dl dd').allTextContents();
      const stat = (key: Parameters<typeof s>[1]) => stats[stats.indexOf(s(lang, key)) + 1];
      for (const key of ['asset.stats.marketCap', 'asset.stats.volume24h', 'asset.stats.totalSupply', 'asset.stats.circulatingSupply'] as const) {
        expect(stat(key), key).toBe(s(lang, 'common.na'));
      }
      await expect.poll(async () => (await page.locator('#main dl dt, #main dl dd').allTextContents()).includes(await historyPercent('CBTC', '1m'))).toBe(true);
      expect(stat('asset.quickStats.type')).toBe(s(lang, 'asset.type.crypto'));
      expect(stat('asset.quickStats.currency')).toBe('BTC');
      await context.close();
    });

    it("sends an unknown symbol back to /market with the 'Asset not found' toast", async () => {
      const { context, page } = await screenPage(browser(), state, lang);
      await page.goto('/accounts/digital-assets/NOPE42');
      await page.waitForURL(at('/market'));
      const text = await toastText(page, 'error', s(lang, 'toast.assetNotFound.title'));
      expect(text).toContain(s(lang, 'toast.assetNotFound.description', { symbol: 'NOPE42' }));
      await rows(page).first().waitFor();
      await context.close();
    });

    for (const width of [390, 360]) {
      it(`fits the table into ${width} px: Asset, Price and Change, no sideways scrolling, rows still open`, async () => {
        const { context, page } = await screenPage(browser(), state, lang, width);
        await openMarket(page);
        expect(await pageFitsWidth(page)).toBe(true);
        const table = await page.locator('#main table').evaluate((el) => ({ width: el.scrollWidth, box: el.parentElement!.clientWidth }));
        expect(table.width).toBeLessThanOrEqual(table.box);
        const visible = await page.locator('#main thead th').evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetParent !== null).length);
        expect(visible).toBe(3);
        if (lang === 'en') await screenshot(page, `market-${width}-en`);
        await rows(page).filter({ hasText: 'AAPL' }).first().click();
        await page.waitForURL('**/accounts/digital-assets/AAPL');
        await context.close();
      });
    }
  });
}

describe('the asset screen in French at 390 px', () => {
  it('keeps the timeframes on one row, draws the chart within the width and fits the page', async () => {
    const { context, page } = await screenPage(browser(), state, 'fs', 390);
    await openApp(page, '/accounts/digital-assets/AAPL');
    const chart = page.locator('[data-chart-state="ready"]');
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The five timeframes stay on one row ("max" does not wrap alone onto a second one).
    const tops = await page
      .getByRole('group', { name: s('fs', 'asset.timeframe.label') })
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops).toHaveLength(5);
    expect(new Set(tops).size).toBe(1);
    expect(await pageFitsWidth(page)).toBe(true);
    await context.close();
  });
});
