// The wallet pages rendered on the Worker with their data (with their pending transfer offers), in
// Chromium against the built Worker: the document of /accounts/digital-assets already holds the
// balance, its breakdown and an incoming offer (another user's send), in the account's language, with
// no spinner, private and under a strict CSP; Chromium with JavaScript off shows them; after hydration
// (no error, no layout shift, nothing read twice) accepting the offer works and the sender's open
// wallet updates live. The asset page's HTML has the user's real CC holdings and its chart's text for
// the default timeframe (its LCP element), the text the chart then gives once its own read answers.
// Phones 0140-0142.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseDecimal } from '../../src/shared/decimal';
import { formatPrice } from '../../src/shared/format';
import type { PriceHistory } from '../../src/shared/schemas/price-history';
import { apiCall, apiSignIn, type ApiSession, baseURL, layoutShift, pageHtml, s, testPhone, type Lang, pageErrors, saveLanguage, servedFile } from './helpers';

const contextFor = servedFile();

async function activeAccountId(session: ApiSession): Promise<string> {
  const { accounts } = await apiCall<{ accounts: { account_id: string; is_active: boolean }[] }>(session, 'GET', '/api/accounts/user/accounts');
  return accounts.find((a) => a.is_active)!.account_id;
}

/** The chart's summary of a history as the asset page words it (signs as text: +$1.25, -1.49%). */
function summaryText(lang: Lang, h: PriceHistory): string {
  const signed = (v: string) => (parseDecimal(v)!.units > 0n ? `+${formatPrice(v)}` : formatPrice(v));
  return s(lang, 'asset.chart.summary', {
    period: s(lang, 'asset.chart.period.24h'),
    first: formatPrice(h.points[0]!.price),
    last: formatPrice(h.points.at(-1)!.price),
    change: h.change == null ? s(lang, 'common.na') : signed(h.change),
    percent: h.change_percent == null ? s(lang, 'common.na') : h.change_percent.startsWith('-') ? `${h.change_percent}%` : `+${h.change_percent}%`,
    high: formatPrice(h.high),
    low: formatPrice(h.low),
  });
}

const gzipSize = async (html: string) => (await new Response(new Blob([html]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()).byteLength;

/** Page errors, hydration and CSP complaints, and the wallet reads made after the page loaded. */
function watch(page: Page) {
  const errors = pageErrors(page);
  const reads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'GET' && /^\/api\/wallets\/(.+\/categories|canton\/(balance|offers|preapproval|parties)\/)/.test(path)) reads.push(path);
  });
  return { errors, reads };
}

/** Sums the layout shifts the page has recorded since it started (buffered entries included). */

describe('the wallet pages rendered on the Worker', () => {
  let ana: ApiSession;
  let bruno: ApiSession;
  let carla: ApiSession;
  let brunoAccount: string;

  beforeAll(async () => {
    [ana, bruno, carla] = await Promise.all([apiSignIn(testPhone(40)), apiSignIn(testPhone(41)), apiSignIn(testPhone(42))]);
    [, brunoAccount] = await Promise.all([activeAccountId(ana), activeAccountId(bruno)]);
    // Both get a digital-assets wallet; Bruno takes 20 CC of test funds; Ana reads Spanish.
    await Promise.all([apiCall(ana, 'POST', '/api/wallets/canton'), apiCall(bruno, 'POST', '/api/wallets/canton')]);
    await apiCall(bruno, 'POST', '/api/wallets/transfer', { account_id: brunoAccount, amount: '20' });
    await apiCall(bruno, 'POST', '/api/wallets/auto-accept', { account_id: brunoAccount });
    await saveLanguage(ana, 'es');
    // Bruno sends 7 CC to Ana's phone: Ana has no preapproval, so it is an offer waiting for her.
    const receiver = await apiCall<{ partyId: string }>(bruno, 'POST', '/api/wallets/canton/receivers/resolve', {
      account_id: brunoAccount,
      receiver: testPhone(40),
    });
    const sent = await apiCall<{ status: string }>(
      bruno,
      'POST',
      '/api/wallets/canton/send',
      { account_id: brunoAccount, receiver_party: receiver.partyId, amount: '7' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(sent.status).toBe('PENDING');
  });

  it("answers /accounts/digital-assets with the balance, its breakdown and the incoming offer in the HTML, in the account's language, no spinner, private", async () => {
    // The browser asks for English; the account says Spanish, and the account wins.
    const { res, html } = await pageHtml('/accounts/digital-assets', ana);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(s('es', 'wallet.title'));
    expect(html).toContain('data-navbar-name=""');
    expect(html).not.toContain('app-static-spinner');
    expect(html).not.toContain(s('es', 'wallet.loading'));
    expect(html).not.toContain('data-offers-state="loading"');
    // The balance and its breakdown: 7 CC pending, nothing available yet.
    expect(html).toContain('data-wallet-balance=""');
    expect(html).toContain('data-wallet-breakdown=""');
    expect(html).toMatch(/data-wallet-part="pending"[^>]*>7\.00 CC</);
    expect(html).toMatch(/data-wallet-part="available"[^>]*>0\.00 CC</);
    // The incoming offer with Accept and Reject, and the preapproval switch (off).
    expect(html).toContain('data-offer="incoming"');
    expect(html).toMatch(/data-offer-amount="">7\.00 CC</);
    expect(html).toContain('data-action="offer-accept"');
    expect(html).toMatch(/role="switch" aria-checked="false"/);
    expect(await gzipSize(html)).toBeLessThanOrEqual(14 * 1024);

    // Bruno's page: the outgoing offer with Withdraw, 7 CC locked.
    const sender = await pageHtml('/accounts/digital-assets', bruno);
    expect(sender.html).toContain('data-offer="outgoing"');
    expect(sender.html).toContain('data-action="offer-withdraw"');
    expect(sender.html).toMatch(/data-wallet-part="locked"[^>]*>7\.00 CC</);
  });

  it('answers an account without a wallet with its "no account" state, and a signed-out request with /login', async () => {
    const { res, html } = await pageHtml('/accounts/digital-assets', carla);
    expect(res.status).toBe(200);
    expect(html).toContain('data-state="no-account"');
    expect(html).not.toContain('app-static-spinner');
    const out = await fetch(`${baseURL()}/accounts/digital-assets`, { redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login?next=%2Faccounts%2Fdigital-assets');
  });

  it('shows the balance and the offer with JavaScript off in Chromium', async () => {
    const off = await contextFor(ana, { javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto('/accounts/digital-assets');
    expect(await page.locator('#main h1').textContent()).toBe(s('es', 'wallet.title'));
    expect(await page.locator('[data-wallet-part="pending"]').textContent()).toBe('7.00 CC');
    expect(await page.locator('[data-offer="incoming"] [data-offer-amount]').textContent()).toBe('7.00 CC');
    await off.close();
  });

  it('hydrates with no error, no layout shift and no second read; accepting the offer works and the sender sees it live', async () => {
    const a = await contextFor(ana, { lang: 'es' });
    const b = await contextFor(bruno);
    const anaPage = await a.newPage();
    const brunoPage = await b.newPage();
    const anaWatch = watch(anaPage);
    const brunoWatch = watch(brunoPage);
    await Promise.all([anaPage.goto('/accounts/digital-assets'), brunoPage.goto('/accounts/digital-assets')]);
    for (const page of [anaPage, brunoPage]) await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await anaPage.waitForLoadState('networkidle');
    // What the Worker served is not read again on hydration.
    expect(anaWatch.reads).toEqual([]);
    expect(await layoutShift(anaPage)).toBe(0);
    expect(await brunoPage.locator('[data-offer="outgoing"]').count()).toBe(1);

    await anaPage.locator('[data-offer="incoming"] [data-action="offer-accept"]').click();
    await anaPage.locator('[data-type="success"]').waitFor();
    await expect.poll(() => anaPage.locator('[data-wallet-part="available"]').textContent(), { timeout: 10_000 }).toBe('7.00 CC');
    // Bruno's open wallet: the offer is gone and the 7 CC are no longer locked, live (no reload).
    await expect.poll(() => brunoPage.locator('[data-offer="outgoing"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => brunoPage.locator('[data-wallet-part="locked"]').textContent(), { timeout: 10_000 }).toBe('0.00 CC');
    expect(await brunoPage.locator('[data-wallet-part="available"]').textContent()).toBe('13.00 CC');
    expect(anaWatch.errors).toEqual([]);
    expect(brunoWatch.errors).toEqual([]);
    await a.close();
    await b.close();
  });

  it("answers the asset page with the price header and the user's real CC holdings in the HTML, Sell enabled only with something to sell", async () => {
    // Ana accepted Bruno's 7 CC above: her holdings are 7 CC, in Spanish.
    const { res, html } = await pageHtml('/accounts/digital-assets/CC', ana);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(html).toContain('<html lang="es">');
    expect(html).not.toContain('app-static-spinner');
    expect(html).not.toContain(s('es', 'asset.loading'));
    expect(html).toMatch(/data-symbol="">CC</);
    expect(html).toMatch(/data-price="">\$[\d.,]+</);
    expect(html).toContain(s('es', 'asset.holdings.title'));
    expect(html).toContain(s('es', 'wallet.balance.total', { amount: '7.00 CC' }));
    // The chart's first timeframe in text (the page's largest text, its LCP element) is in the HTML,
    // the change line with its arrow too; its points are not (the island reads them).
    expect(html).toMatch(/id="price-chart-summary"[^>]*>[^<]+</);
    expect(html).toMatch(/<span aria-hidden="true">[▲▼] <\/span>[+-]\$/);
    expect(html).not.toContain('"points"');
    expect(await gzipSize(html)).toBeLessThanOrEqual(14 * 1024);
    // It is what GET /api/market/history/CC answers for 24h (the same KV copy the page read).
    const history = await apiCall<PriceHistory>(ana, 'GET', '/api/market/history/CC?range=24h');
    const served = summaryText('es', history);

    // With JavaScript off: the holdings and an enabled Sell for Ana; none and a disabled Sell for Carla.
    for (const [who, lang, enabled] of [
      [ana, 'es', true],
      [carla, 'en', false],
    ] as const) {
      const off = await contextFor(who, { javaScriptEnabled: false });
      const page = await off.newPage();
      await page.goto('/accounts/digital-assets/CC');
      expect(await page.locator('#main h1').textContent()).toBe('CC');
      const holdings = page.locator('section[aria-labelledby="asset-holdings"]');
      if (enabled) expect(await holdings.locator('[data-wallet-total]').textContent()).toBe(s(lang, 'wallet.balance.total', { amount: '7.00 CC' }));
      else expect(await holdings.textContent()).toContain(s(lang, 'asset.holdings.none', { symbol: 'CC' }));
      expect(await page.getByRole('button', { name: s(lang, 'common.sell'), exact: true }).isEnabled()).toBe(enabled);
      // Before any script runs, the chart's summary is there in the account's language.
      expect(await page.locator('#price-chart-summary').textContent()).toBe(summaryText(lang, history));
      await off.close();
    }

    // Hydrated: no error, nothing read again, no layout shift; Sell opens its dialog.
    const on = await contextFor(ana, { lang: 'es' });
    const page = await on.newPage();
    const watched = watch(page);
    const assetReads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/market\/(stocks|assets)\//.test(new URL(r.url()).pathname)) assetReads.push(r.url());
    });
    await page.goto('/accounts/digital-assets/CC');
    expect(await page.locator('#price-chart-summary').textContent()).toBe(served);
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await page.waitForLoadState('networkidle');
    expect(watched.reads).toEqual([]);
    expect(assetReads).toEqual([]);
    // The chart's own read has answered (its points), and its text is the one served.
    await page.locator('[data-chart-range="24h"][data-chart-points]:not([data-chart-points="0"])').waitFor();
    expect(await page.locator('#price-chart-summary').textContent()).toBe(served);
    expect(await layoutShift(page)).toBe(0);
    await page.getByRole('button', { name: s('es', 'common.sell'), exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(watched.errors).toEqual([]);
    await on.close();
  });

  it('leaves a symbol the Worker does not know to the island: the not-found toast, then /market', async () => {
    const { res, html } = await pageHtml('/accounts/digital-assets/NOPE1', ana);
    expect(res.status).toBe(200);
    expect(html).toContain(s('es', 'asset.loading'));
    const on = await contextFor(ana, { lang: 'es' });
    const page = await on.newPage();
    await page.goto('/accounts/digital-assets/NOPE1');
    await page.waitForURL(/\/market$/);
    await on.close();
  });
});
