// The asset page's chart at first paint, in Chromium against the built Worker: before any script
// (JavaScript off) the chart box already holds the default timeframe's line as an SVG drawn on the
// Worker from the same price history, an image named by the summary in the visitor's language, as
// large as the box; with scripts on, loading the page never loads the drawing library (the line is the
// chart until a person reaches for it), the interactive chart then takes over from it without moving
// anything, and a timeframe still loading keeps the box's size with its placeholder. Phone 0170.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chartLine } from '../../src/shared/chart-line';
import type { PriceHistory } from '../../src/shared/schemas/price-history';
import { apiCall, apiSignIn, type ApiSession, layoutShift, type Lang, s, testPhone, waitForHydration, servedFile } from './helpers';

const contextFor = servedFile();
let session: ApiSession;
beforeAll(async () => {
  session = await apiSignIn(testPhone(70));
});

const PAGE = '/accounts/digital-assets/CC';

/** The box's and the static line's rectangles on screen. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const rect = (el: Element | null) => (el ? (({ x, y, width, height }) => ({ x, y, width, height }))(el.getBoundingClientRect()) : null);
    const box = document.querySelector('[data-chart-range]');
    return {
      box: rect(box),
      line: rect(box?.querySelector('svg[data-chart-line]') ?? null),
      inner: box ? { width: box.clientWidth, height: box.clientHeight } : null,
    };
  });

describe("the asset page's chart at first paint", () => {
  for (const lang of ['es', 'fs'] as const satisfies Lang[]) {
    it(`shows the default timeframe's line drawn on the Worker, named by its summary in the visitor's language, before any script (${lang})`, async () => {
      const context = await contextFor(session, { lang, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(PAGE);
      const history = await apiCall<PriceHistory>(session, 'GET', '/api/market/history/CC?range=24h');
      const line = page.locator('[data-chart-range="24h"] svg[data-chart-line]');
      expect(await line.count()).toBe(1);
      // An image whose name is the summary, in the visitor's language.
      expect(await line.getAttribute('role')).toBe('img');
      expect(await line.getAttribute('aria-labelledby')).toBe('price-chart-summary');
      const summary = await page.locator('#price-chart-summary').textContent();
      expect(summary).toContain(s(lang, 'asset.chart.period.24h'));
      expect(await page.getByRole('img', { name: summary!, exact: true }).count()).toBe(1);
      // The same history's line the chart then plots.
      expect(await line.locator('path').getAttribute('d')).toBe(chartLine(history.points.map((p) => p.price)));
      // It fills the chart's box, and no "loading" placeholder covers it.
      const { line: drawn, inner } = await boxes(page);
      expect(Math.round(drawn!.width)).toBe(inner!.width);
      expect(Math.round(drawn!.height)).toBe(inner!.height);
      expect(await page.locator('[data-chart-range] [role="status"]').count()).toBe(0);
      await context.close();
    });
  }

  it('hands over to the interactive chart without a layout shift, and keeps the box while another timeframe loads', async () => {
    const context = await contextFor(session, { lang: 'en' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(PAGE);
    const chunks: string[] = [];
    page.on('request', (req) => {
      if (/\/_astro\/chart-canvas\.[^/]+\.js$/.test(req.url())) chunks.push(req.url());
    });
    const before = await boxes(page);
    expect(before.line).not.toBeNull();
    // Loaded, hydrated and idle, the page has not loaded the drawing library: the line is the chart.
    await waitForHydration(page);
    await page.locator('[data-chart-range="24h"][data-chart-state="ready"]').waitFor();
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    expect(await page.locator('[data-chart-range="24h"]').getAttribute('data-chart-drawing')).toBe('line');
    expect(chunks).toEqual([]);
    // A person reaching for the chart (a pointer over it) gets the interactive chart: the line gives way to it.
    await page.locator('[data-chart-range="24h"]').hover();
    await page.locator('[data-chart-range="24h"][data-chart-state="ready"][data-chart-drawing="canvas"]').waitFor();
    expect(chunks).toHaveLength(1);
    expect(await page.locator('[data-chart-canvas] canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('svg[data-chart-line]').count()).toBe(0);
    const after = await boxes(page);
    expect(after.box).toEqual(before.box);
    expect(await layoutShift(page)).toBe(0);
    // One image for the chart at a time, named by the summary.
    expect(await page.locator('[data-chart-range] [role="img"]:not([aria-hidden="true"])').count()).toBe(1);

    // A timeframe whose history is late (one the page's figures do not read): its placeholder takes the same box.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/api/market/history/') && url.searchParams.get('range') === '1y',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.locator('[data-timeframe="1y"]').click();
    await page.locator('[data-chart-range="1y"][data-chart-state="loading"] [role="status"]').waitFor();
    expect((await boxes(page)).box).toEqual(before.box);
    release();
    await page.locator('[data-chart-range="1y"][data-chart-state="ready"][data-chart-drawing="canvas"]').waitFor();
    expect((await boxes(page)).box).toEqual(before.box);
    expect(errors).toEqual([]);
    await context.close();
  });
});
