// One asset, one set of numbers: in Spanish at 390 px, the asset page's header (24 h change), its
// chart's summary and the market table show the same 24 h change, and the 7 d and 30 d statistics
// are the price history's over those ranges, for a stock (MELI) and for Canton Coin (CC), whose
// market record has no 24 h figure of its own. Each asset names its real network. The market's
// symbols are links to their asset pages. Phone 0151.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, historyChange, type ApiSession, openApp, s, servedContext, setAccountLanguage, testPhone, fileBrowser } from './helpers';

const browser = fileBrowser();
let session: ApiSession;

beforeAll(async () => {
  session = await apiSignIn(testPhone(51));
});

const historyPercent = (symbol: string, range: '24h' | '1w' | '1m') => historyChange(session, symbol, range);

describe('one asset, one set of numbers (es, 390 px)', () => {
  for (const [symbol, network] of [
    ['MELI', 'asset.network.usStocks'],
    ['CC', 'asset.network.canton'],
  ] as const) {
    it(`${symbol}: the header, the chart summary and the market table show the history's 24 h change; 7 d and 30 d are the history's; its network is its own`, async () => {
      const [day, week, month] = await Promise.all([historyPercent(symbol, '24h'), historyPercent(symbol, '1w'), historyPercent(symbol, '1m')]);
      const context = await servedContext(browser(), session, { lang: 'es' });
      const page = await context.newPage();
      await setAccountLanguage(page, 'es');
      await openApp(page, `/accounts/digital-assets/${symbol}`);
      const main = page.locator('#main');

      // The page and this test read the history at different moments: when its 5-minute bucket turns
      // in between (or a cached copy is a minute old), the page is opened again and both read anew.
      let current = day;
      await expect
        .poll(
          async () => {
            const header = await page.locator('[data-change]').textContent();
            current = await historyPercent(symbol, '24h');
            if (header === `${s('es', 'asset.change24h')} ${current} ${s('es', 'asset.change24h.period')}`) return true;
            await openApp(page, `/accounts/digital-assets/${symbol}`);
            return false;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await page.locator('[data-chart-range="24h"][data-chart-state="ready"]').waitFor();
      expect(await page.locator('#price-chart-summary').textContent()).toContain(`(${current})`);
      expect(await page.locator('[data-chart-change]').textContent()).toContain(`(${current})`);

      const stat = async (key: Parameters<typeof s>[1]) => {
        const stats = await main.locator('dl dt, dl dd').allTextContents();
        return stats[stats.indexOf(s('es', key)) + 1];
      };
      await expect.poll(() => stat('asset.stats.change7d')).toBe(week);
      await expect.poll(() => stat('asset.stats.change30d')).toBe(month);
      expect(await stat('asset.quickStats.network')).toBe(s('es', network));
      expect(await page.locator('[data-network]').textContent()).toBe(s('es', network));

      // The list and the history are cached apart (fresh 60 s each, a stale copy served while one
      // request refreshes): when a 5-minute bucket has just turned, the next read of the list agrees.
      const row = page.locator('#main tbody tr').filter({ has: page.getByRole('link', { name: symbol, exact: true }) });
      await expect
        .poll(
          async () => {
            await openApp(page, '/market');
            return (await row.locator('[data-tone]').textContent()) === (await historyPercent(symbol, '24h'));
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await context.close();
    });
  }

  it('names each market symbol as a link to its asset page, and following it opens that page', async () => {
    const context = await servedContext(browser(), session, { lang: 'es' });
    const page = await context.newPage();
    await setAccountLanguage(page, 'es');
    await openApp(page, '/market');
    for (const symbol of ['AAPL', 'MELI', 'CC']) {
      const link = page.locator('#main table').getByRole('link', { name: symbol, exact: true });
      expect(await link.getAttribute('href'), symbol).toBe(`/accounts/digital-assets/${symbol}`);
    }
    await page.locator('#main table').getByRole('link', { name: 'MELI', exact: true }).click();
    await page.waitForURL('**/accounts/digital-assets/MELI');
    await context.close();
  });
});
