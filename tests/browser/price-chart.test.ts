// The asset page's price chart in Chromium: the timeframe buttons switch what is plotted
// (checked on the range the chart's data spans, which the chart box exposes from the history answer),
// with the pressed button, the change over the period and the text alternative; the chart library
// is a lazy chunk, never requested on /market and on the asset page only once the chart scrolls into
// view; a failed load offers Try again; at 390 px by touch the page still scrolls and the chart fits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, openApp, s, screenPage, screenshot, signedInState, type StorageState, testPhone, fileBrowser } from './helpers';

const browser = fileBrowser();
let state: StorageState;

beforeAll(async () => {
  state = await signedInState(browser(), testPhone(26));
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SPANS = { '24h': DAY, '1w': 7 * DAY, '1m': 30 * DAY, '1y': 365 * DAY } as const;
const chartChunk = (url: string) => /\/_astro\/chart-canvas\.[^/]+\.js$/.test(url);

/** The chart's data once the interactive chart has drawn it (a person reaching for the chart brings it). */
async function plotted(page: Page, range: string) {
  await page.locator('[data-chart-range]').hover();
  const box = page.locator(`[data-chart-range="${range}"][data-chart-state="ready"][data-chart-drawing="canvas"]`);
  await box.waitFor();
  const [from, to, points] = await Promise.all(['data-chart-from', 'data-chart-to', 'data-chart-points'].map((a) => box.getAttribute(a)));
  return { from: Date.parse(from!), to: Date.parse(to!), points: Number(points) };
}

describe('the price chart', () => {
  for (const lang of ['en', 'es', 'fs'] as const) {
    it(`switches timeframes and plots each one's range, with the pressed button, the change and the summary (${lang})`, async () => {
      const { context, page, errors } = await screenPage(browser(), state, lang, 390);
      await openApp(page, '/accounts/digital-assets/AAPL');
      const tf = (k: string) => page.locator(`[data-timeframe="${k}"]`);
      for (const range of ['24h', '1w', '1m', '1y', 'max'] as const) {
        if (range !== '24h') await tf(range).click();
        const { from, to, points } = await plotted(page, range);
        expect(await tf(range).getAttribute('aria-pressed'), range).toBe('true');
        expect(await page.locator('[data-timeframe][aria-pressed="true"]').count()).toBe(1);
        expect(points, range).toBeGreaterThan(1);
        expect(points, range).toBeLessThanOrEqual(300);
        // The data ends now and starts where the range does (max: the first stored price, years back).
        expect(Date.now() - to, range).toBeLessThan(DAY);
        if (range === 'max') expect(to - from).toBeGreaterThan(4 * 365 * DAY);
        else expect(Math.abs(to - from - SPANS[range]), range).toBeLessThan(HOUR);
        // The drawing is there, an image named by the summary.
        expect(await page.locator('[data-chart-canvas] canvas').count(), range).toBeGreaterThan(0);
        const summary = (await page.locator('#price-chart-summary').textContent())!;
        expect(summary, range).toContain(s(lang, `asset.chart.period.${range}`));
        expect(summary, range).toMatch(/\$229\.87/);
        // The change: colour plus an arrow and a sign in the text.
        const change = page.locator('[data-chart-change]');
        const tone = await change.getAttribute('data-chart-change');
        expect(['up', 'down']).toContain(tone);
        expect(await change.textContent(), range).toMatch(tone === 'up' ? /^▲ \+\$[\d,.]+ \(\+\d+\.\d{2}%\)/ : /^▼ -\$[\d,.]+ \(-\d+\.\d{2}%\)/);
        expect(await change.getAttribute('class')).toContain(tone === 'up' ? 'green' : 'red');
      }
      await page.locator('[data-timeframe="1m"]').click();
      await plotted(page, '1m');
      await page.locator('[data-timeframe]').first().scrollIntoViewIfNeeded();
      await screenshot(page, `price-chart-${lang}-390`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('never requests the chart library on /market, and on the asset page only once a person reaches for the chart', async () => {
    const { context, page } = await screenPage(browser(), state, 'en', 390);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (chartChunk(r.url())) requested.push(r.url());
    });
    await openApp(page, '/market');
    await page.locator('#main tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);

    // Its data is there and drawn as a line, in view and scrolled to; its library is not.
    await openApp(page, '/accounts/digital-assets/MSFT');
    const box = page.locator('[data-chart-range="24h"]');
    await page.locator('[data-chart-range="24h"][data-chart-points]:not([data-chart-points="0"])').waitFor();
    await box.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    expect(await box.getAttribute('data-chart-state')).toBe('ready');
    expect(await box.getAttribute('data-chart-drawing')).toBe('line');
    expect(await box.locator('svg[data-chart-line] path').count()).toBe(1);

    // A press on it (as a pointer over it) brings the library, and the chart draws.
    await box.click();
    await page.locator('[data-chart-range="24h"][data-chart-state="ready"][data-chart-drawing="canvas"]').waitFor();
    expect(requested).toHaveLength(1);
    await context.close();
  });

  it('shows an error with Try again when the history cannot be loaded, and draws it on retry', async () => {
    const { context, page } = await screenPage(browser(), state, 'es', 390);
    let fail = true;
    await page.route('**/api/market/history/*', (route) => (fail ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.continue()));
    await openApp(page, '/accounts/digital-assets/CC');
    const box = page.locator('[data-chart-range="24h"][data-chart-state="error"]');
    await box.waitFor();
    expect(await box.getByRole('alert').textContent()).toContain(s('es', 'asset.chart.error'));
    fail = false;
    await box.getByRole('button', { name: s('es', 'common.retry') }).click();
    await page.locator('[data-chart-range="24h"][data-chart-state="ready"]').waitFor();
    expect(await page.locator('#price-chart-summary').textContent()).toContain('$0.1571');
    await context.close();
  });

  it('at 390 px by touch: the chart fits the width and a vertical swipe on it still scrolls the page', async () => {
    const context = await browser().newContext({
      baseURL: baseURL(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      storageState: state,
    });
    const page = await context.newPage();
    await openApp(page, '/accounts/digital-assets/AAPL');
    const box = page.locator('[data-chart-state="ready"]');
    await box.scrollIntoViewIfNeeded();
    await box.waitFor();
    const rect = (await box.boundingBox())!;
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(390);
    // The chart neither pans nor zooms: a finger's upward swipe that starts on it scrolls the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    const y = Math.round((await box.boundingBox())!.y + 10);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y }] });
    for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y: y - i * 20 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction(() => window.scrollY > 100);
    // A tap on the line keeps the chart as it is (the crosshair shows that moment's price).
    await box.tap();
    expect(await page.locator('[data-chart-state="ready"]').count()).toBe(1);
    await context.close();
  });
});
