// How the signed-in pages answer a tap on a cheap phone (the CPU slowed 4x through the DevTools
// protocol), measured in Chromium through playwright-core:
//  - taps before hydration: each page's primary control pressed as soon as it is painted, while the
//    island's JavaScript is held back so hydration is surely late; honoured when what the control
//    opens or selects appears (the islands hydrate with client:tap, src/integrations/tap-directive.ts);
//  - INP by the web-vitals definition: event timing entries (PerformanceObserver, durationThreshold
//    16 ms), an interaction lasting as long as its longest event, the worst interaction of each row;
//    entries under 16 ms are not reported by the browser, so 0 means "under 16 ms";
//  - how long the first dialog of a page takes to be on screen after the tap (its chunk, its render);
//  - the bytes of the client:tap directive, which Astro inlines into every page with an island;
//  - sign-in to the first signed-in screen: from the press on Verify at /login to the largest paint of
//    /transactions, on the slowed CPU and Lighthouse's slow 4G network (median of three people).
// The browser test tests/browser/taps-before-hydration.test.ts drives the same taps.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/env.mjs';
import { sessionCookies } from './lighthouse.mjs';

/** The CPU slowdown of a mid-range phone (Lighthouse's mobile preset). */
const CPU_SLOWDOWN = 4;
/** How long every script of the page is held back in the tap rows: hydration surely comes after the tap. */
const SCRIPT_DELAY_MS = 1500;
const DIALOG = '[role="dialog"]';

/** Each page's primary control, tapped at first paint, and what shows that the tap was honoured. */
export const FIRST_PAINT_TAPS = [
  { name: 'wallet Send', path: '/accounts/digital-assets', control: '[data-action="send"]', honoured: DIALOG },
  { name: 'market search', path: '/market', control: 'input[type="search"]', type: 'TBILL', honoured: '#main tbody tr:only-child' },
  { name: 'market filter', path: '/market', control: '[data-filter="securities"]', honoured: '[data-filter="securities"][aria-pressed="true"]' },
  { name: 'transactions row', path: '/transactions', control: '[data-open-detail]:visible', honoured: DIALOG },
  { name: 'New Transaction', path: '/transactions', control: '[data-action="new-transaction"]', honoured: DIALOG },
];

/** Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), applied by DevTools. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** Test numbers (config/local.env) that sign in through /login, one code each; the vote row leaves them out. */
export const SIGN_IN_PHONES = ['+1 555 555 0130', '+1 555 555 0131', '+1 555 555 0132'];

async function slowCpu(page, rate = CPU_SLOWDOWN) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Opens `tap.path` on a slowed CPU with every script held back, taps (and types into) the control as
 * soon as it is painted, and reports whether that was before hydration and whether it was honoured.
 */
export async function tapAtFirstPaint(page, tap, { timeoutMs = 20_000 } = {}) {
  await slowCpu(page);
  await page.route('**/_astro/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue().catch(() => {});
  });
  await page.goto(tap.path, { waitUntil: 'commit' });
  const control = page.locator(tap.control).first();
  await control.waitFor({ state: 'visible', timeout: timeoutMs });
  const beforeHydration = await page.evaluate(() => document.querySelector('astro-island[ssr]') !== null);
  await control.click();
  if (tap.type) await page.keyboard.type(tap.type);
  const honoured = await page
    .locator(tap.honoured)
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return { beforeHydration, honoured };
}

/**
 * Signs `phone` in through /login's forms on a slowed CPU and network; answers the milliseconds from
 * the press on Verify to the largest contentful paint of the first signed-in screen (/transactions).
 */
export async function signInToFirstScreen(browser, base, phone) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await page.goto('/login');
    await page.locator('input[name="phone"]').fill(phone);
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[name="code"]').fill('123456');
    const pressedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.locator('form button[type="submit"]').click();
    const onScreen = (url) => url.pathname === '/transactions';
    // The way there is a chain of navigations (the code form, /dashboard's redirect): one may be cut short.
    await page.waitForURL(onScreen, { waitUntil: 'commit', timeout: 20_000 }).catch(() => page.waitForURL(onScreen, { waitUntil: 'commit' }));
    const paintedAt = await page.evaluate(
      () =>
        new Promise((resolve) =>
          new PerformanceObserver((list) => resolve(performance.timeOrigin + list.getEntries().at(-1).startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    return Math.round(paintedAt - pressedAt);
  } finally {
    await context.close();
  }
}

/**
 * Event timing per interaction, from the page's start (installed before any script of the page): its
 * longest event, split as web-vitals' attribution does into the input delay (the main thread busy
 * before the handlers), the handlers' processing and the presentation delay (rendering up to the paint).
 */
function observeInteractions() {
  const longest = new Map();
  window.__interactions = longest;
  // When the last press began, as the page saw it (the dialogs' time to screen counts from there).
  addEventListener('pointerdown', (e) => (window.__pressedAt = e.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId || (longest.get(e.interactionId)?.duration ?? 0) >= e.duration) continue;
      const processingMs = Math.round(e.processingEnd - e.processingStart);
      const inputDelayMs = Math.round(e.processingStart - e.startTime);
      longest.set(e.interactionId, {
        event: e.name,
        duration: e.duration,
        inputDelayMs,
        processingMs,
        presentationMs: Math.round(e.duration - inputDelayMs - processingMs),
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
}

/**
 * Resolves once every island of the page has hydrated (or mounted). Astro drops `ssr` when it hands
 * the island to React, but React hydrates in a transition (and a page rendered on the Worker waits
 * for its dictionary): a control is live once React has put its props on the element.
 */
export async function waitForHydration(page) {
  await page.waitForFunction(() => {
    // An island under client:tap="press" (/login's phone step) hydrates only when used: a focus event
    // on it starts that, as a person's first touch would, and changes nothing on the page.
    for (const island of document.querySelectorAll('astro-island[ssr]')) island.dispatchEvent(new FocusEvent('focusin'));
    return (
      document.querySelector('astro-island[ssr]') === null &&
      [...document.querySelectorAll('astro-island :is(button, a[href], input, select, textarea):not(astro-slot *)')].every((el) =>
        Object.keys(el).some((k) => k.startsWith('__reactProps$')),
      )
    );
  });
}

/** The interactions people repeat, each on a freshly loaded page; `opens`: the dialog it opens. */
const INTERACTIONS = [
  { name: 'typing in the market search', path: '/market', act: (p) => p.locator('input[type="search"]').pressSequentially('apple', { delay: 120 }) },
  { name: 'a market filter', path: '/market', act: (p) => p.locator('[data-filter="securities"]').click() },
  { name: 'opening Send', path: '/accounts/digital-assets', act: (p) => p.locator('[data-action="send"]').click(), opens: true },
  { name: "opening a transaction's detail", path: '/transactions', act: (p) => p.locator('[data-open-detail]:visible').first().click(), opens: true },
  { name: 'New Transaction (first dialog)', path: '/transactions', act: (p) => p.locator('[data-action="new-transaction"]').click(), opens: true },
  { name: 'a feature vote', path: '/settings/feature-requests', act: (p) => p.locator('[data-vote="up"]:visible').first().click() },
  {
    name: 'submit a feature request (first dialog)',
    path: '/settings/feature-requests',
    act: (p) => p.locator('[data-action="new-feature-request"]').click(),
    opens: true,
  },
  { name: 'a chart timeframe', path: '/accounts/digital-assets/CC', act: (p) => p.locator('[data-timeframe]:not([aria-pressed="true"])').first().click() },
  { name: 'Buy on an asset (first dialog)', path: '/accounts/digital-assets/CC', act: (p) => p.locator('[data-action="trade-buy"]').click(), opens: true },
  { name: 'create an account (first dialog)', path: '/accounts', act: (p) => p.locator('[data-action="create-account"]').click(), opens: true },
  { name: 'new support ticket (first dialog)', path: '/support', act: (p) => p.locator('[data-action="new-ticket"]').click(), opens: true },
  // The account's language, from the keyboard on the Security page's select (and back, unmeasured).
  {
    name: 'the language switch',
    path: '/settings/security',
    act: (p) =>
      p
        .locator('#main select')
        .focus()
        .then(() => p.keyboard.press('ArrowDown')),
    after: (p) => p.locator('#main select').selectOption('en'),
  },
];

/** INP of `act` on `path` (the worst interaction, ms) and, for a dialog, the time from the tap until it is on screen. */
async function measureInteraction(page, { path, act, opens, after }) {
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.evaluate(() => window.__interactions.clear());
  await act(page);
  let openMs = null;
  if (opens) {
    await page.locator(DIALOG).first().waitFor({ state: 'visible' });
    openMs = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(Math.round(performance.now() - window.__pressedAt)))));
  }
  // Event timing entries are delivered after the next paint; give the slowed page time to report.
  await page.waitForTimeout(1000);
  const worst = await page.evaluate(() => [...window.__interactions.values()].sort((a, b) => b.duration - a.duration)[0] ?? null);
  if (after) await after(page);
  return { inpMs: worst?.duration ?? 0, worst, openMs };
}

/** The inline client:tap directive's bytes in a served page (Astro's `Astro.tap = …` script). */
function directiveBytes(html) {
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((s) => /\.tap=|\["tap"\]|"astro:"\+"tap"|astro:tap/.test(s));
  return script ? Buffer.byteLength(script) : null;
}

/** Sets the user up for the rows: a wallet, one transaction (a transfer in) and a feature request to vote on. */
async function prepare(base, session, accountId) {
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.access_token}`, origin: base, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok && res.status !== 409) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  await call('POST', '/api/wallets/digital-asset', { account_id: accountId });
  await call('POST', '/api/wallets/transfer', { account_id: accountId, amount: '100' }, { 'idempotency-key': crypto.randomUUID() });
  await call('POST', '/api/feature-requests', {
    title: 'Benchmark interaction target',
    description: 'A feature request the bench votes on.',
    is_anonymous: false,
  });
}

/**
 * The rows: taps before hydration (honoured yes/no per page), INP per interaction, the first
 * dialogs' time to open, the directive's bytes. `check(name, value, op, limit, unit)` records a budget.
 */
export async function interactions({ base, session, accountId, check, log, budget }) {
  await prepare(base, session, accountId);
  const html = await (
    await fetch(`${base}/market`, {
      headers: {
        cookie: sessionCookies(session)
          .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
          .join('; '),
      },
    })
  ).text();
  const result = { cpuSlowdown: CPU_SLOWDOWN, directiveBytes: directiveBytes(html), taps: [], inp: [] };
  check('client:tap directive inline bytes', result.directiveBytes, '<=', budget.tapDirectiveBytes, 'B');

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const url = new URL(base);
  const newPage = async () => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await context.addCookies(sessionCookies(session).map(({ name, value }) => ({ name, value: encodeURIComponent(value), domain: url.hostname, path: '/' })));
    await context.addInitScript(observeInteractions);
    const page = await context.newPage();
    return { context, page };
  };
  try {
    for (const tap of FIRST_PAINT_TAPS) {
      const { context, page } = await newPage();
      const row = { name: tap.name, path: tap.path, ...(await tapAtFirstPaint(page, tap)) };
      await context.close();
      result.taps.push(row);
      log(`tap at first paint, ${row.name}: ${row.honoured ? 'honoured' : 'LOST'}${row.beforeHydration ? '' : ' (the island had already hydrated)'}`);
      check(`tap before hydration: ${row.name}`, row.honoured && row.beforeHydration ? 1 : 0, '>=', 1);
    }
    for (const interaction of INTERACTIONS) {
      const { context, page } = await newPage();
      await slowCpu(page);
      // A row that cannot be measured (a control missing) is reported as missed, and the others still run.
      const measured = await measureInteraction(page, interaction).catch((err) => ({
        inpMs: null,
        worst: null,
        openMs: null,
        error: String(err.message).split('\n')[0],
      }));
      const row = { name: interaction.name, path: interaction.path, ...measured };
      await context.close();
      result.inp.push(row);
      const { worst } = row;
      const split = worst
        ? ` (${worst.event}: input delay ${worst.inputDelayMs}, processing ${worst.processingMs}, presentation ${worst.presentationMs} ms)`
        : '';
      if (row.error) log(`INP ${row.name}: not measured: ${row.error}`);
      else log(`INP ${row.name}: ${row.inpMs} ms${split}${row.openMs === null ? '' : `, dialog on screen ${row.openMs} ms after the tap`}`);
      check(`INP ${row.name}`, row.inpMs, '<=', budget.inpMs, 'ms');
    }
    const signIns = [];
    for (const phone of SIGN_IN_PHONES) {
      const ms = await signInToFirstScreen(browser, base, phone).catch((err) => {
        log(`sign-in to the first screen: not measured: ${String(err.message).split('\n')[0]}`);
        return null;
      });
      if (ms !== null) signIns.push(ms);
    }
    result.signInToScreenMs = { runs: signIns, median: signIns.length ? [...signIns].sort((a, b) => a - b)[Math.floor(signIns.length / 2)] : null };
    log(`sign-in to the first signed-in screen (Verify to LCP, 4x CPU, slow 4G): ${signIns.join(', ')} ms`);
    check('sign-in to the first signed-in screen', result.signInToScreenMs.median, '<=', budget.signInToScreenMs, 'ms');
  } finally {
    await browser.close();
  }
  return result;
}
