// Signed-in pages rendered on the Worker with their data , in Chromium against the built Worker:
// the first answer's HTML already holds the shell, the page header and the first rows, in the
// account's language (else the browser's), with no spinner, and stays private; Chromium with
// JavaScript off shows the rows; a session about to expire is refreshed by the Worker on the page
// request itself; two users' requests, interleaved, never get each other's page. Phones 0135-0137.
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { formatDate } from '../../src/shared/format';
import {
  apiCall,
  apiSignIn,
  type ApiSession,
  baseURL,
  cookieHeader,
  pageHtml,
  s,
  testPhone,
  waitForHydration,
  pageErrors,
  saveLanguage,
  servedFile,
} from './helpers';

const contextFor = servedFile();

const rowSymbols = (html: string) => [...html.matchAll(/data-symbol="">([^<]+)</g)].map((m) => m[1]);

describe('signed-in pages rendered on the Worker', () => {
  let first: ApiSession;
  let second: ApiSession;
  let third: ApiSession;
  beforeAll(async () => {
    [first, second, third] = await Promise.all([apiSignIn(testPhone(35)), apiSignIn(testPhone(36)), apiSignIn(testPhone(37))]);
  });

  it('answers /market with the shell, the header and the first screenful of rows in the HTML, no spinner, private and small', async () => {
    const { res, html } = await pageHtml('/market', first);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1`);
    expect(html).toContain(s('en', 'market.title'));
    expect(html).toContain('id="app-sidebar"');
    expect(html).toContain('data-navbar-name=""');
    expect(html).toContain('data-account-selector=""');
    expect(rowSymbols(html).length).toBeGreaterThanOrEqual(10);
    // No full-screen spinner: the static fallback is gone from server-rendered pages.
    expect(html).not.toContain('app-static-spinner');
    // The document fits TCP's first window on a fresh connection.
    const gzipped = await new Response(new Blob([html]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
    expect(gzipped.byteLength).toBeLessThanOrEqual(14 * 1024);
  });

  it('shows the rows with JavaScript off in Chromium, and hydrates them with JavaScript on without moving them (filters work, all rows load)', async () => {
    const off = await contextFor(first, { javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto('/market');
    expect(await page.locator('#main h1').textContent()).toBe(s('en', 'market.title'));
    expect(await page.locator('#main tbody tr').count()).toBeGreaterThanOrEqual(10);
    // Where the first row's cells are in the server's HTML (the table's collapsed sizer rows give the
    // columns the whole list's widths): the same after hydration and the full list (no layout shift).
    const firstRowCells = (p: typeof page) =>
      p.locator('#main tbody tr:first-child td').evaluateAll((tds) =>
        tds.map((td) => {
          const r = td.getBoundingClientRect();
          return [Math.round(r.x), Math.round(r.width)];
        }),
      );
    const served = await firstRowCells(page);
    await off.close();

    const on = await contextFor(first);
    const live = await on.newPage();
    const errors = pageErrors(live);
    await live.goto('/market');
    // The full list replaces the first screenful once the island has hydrated and loaded it.
    await live.waitForFunction(() => document.querySelectorAll('#main tbody tr').length > 20);
    expect(await firstRowCells(live)).toEqual(served);
    // The island's useId ids (search, menus) are the same in the HTML and in React's hydrated props:
    // the server renders with the prefix the browser hydrates with (src/integrations/react-server.mjs).
    const ids = await live.evaluate(() =>
      [...document.querySelectorAll('#app-sidebar [id^="_"], #main [id^="_"]')].map((el) => {
        const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
        return { dom: el.id, react: key ? ((el as unknown as Record<string, { id?: string }>)[key]!.id ?? null) : null };
      }),
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((i) => i.react !== i.dom)).toEqual([]);
    await live.locator('[data-filter="digitalAssets"]').click();
    await live.waitForFunction(() => {
      const shown = [...document.querySelectorAll('#main tbody [data-category]')].map((e) => e.getAttribute('data-category'));
      return shown.length > 0 && shown.length < 20 && shown.every((c) => c === 'digitalAssets' || c === 'cryptocurrency');
    });
    expect(errors).toEqual([]);
    await on.close();
  });

  it("answers /transactions with the first screenful of the history (and the address's filters) in the HTML, dates in the browser's zone", async () => {
    const { accounts } = await apiCall<{ accounts: { account_id: string; is_active: boolean }[] }>(second, 'GET', '/api/accounts/user/accounts');
    const accountId = accounts.find((a) => a.is_active)!.account_id;
    // A digital-asset wallet, then two treasury transfers into it: two rows of history.
    await apiCall(second, 'POST', '/api/wallets/canton');
    for (const amount of ['1.5', '2.25']) await apiCall(second, 'POST', '/api/wallets/transfer', { account_id: accountId, amount });
    const listed = await apiCall<{ id: string; created_at: string }[]>(second, 'GET', `/api/transactions/account/${accountId}?limit=100`);
    expect(listed.length).toBeGreaterThanOrEqual(2);

    const { res, html } = await pageHtml('/transactions', second);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(html).not.toContain('app-static-spinner');
    for (const tx of listed) expect(html).toContain(`data-open-detail="${tx.id}"`);
    // No time zone cookie yet: UTC; with the browser's zone in its cookie, that zone.
    expect(html).toContain(formatDate(listed[0]!.created_at, { timeZone: 'UTC' }));
    const zoned = await fetch(`${baseURL()}/transactions`, { headers: { cookie: `${cookieHeader(second)}; tz=Asia%2FTokyo` } });
    expect(await zoned.text()).toContain(formatDate(listed[0]!.created_at, { timeZone: 'Asia/Tokyo' }));
    // A filter in the address applies on the server too.
    const none = await pageHtml('/transactions?status=FAILED', second);
    for (const tx of listed) expect(none.html).not.toContain(`data-open-detail="${tx.id}"`);

    // Chromium with JavaScript off shows the rows; with it on, the page hydrates without an error.
    const off = await contextFor(second, { javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto('/transactions');
    expect(await page.locator('#main [data-open-detail]').count()).toBeGreaterThanOrEqual(2);
    await off.close();
    const on = await contextFor(second);
    const live = await on.newPage();
    const errors: string[] = [];
    live.on('pageerror', (e) => errors.push(e.message));
    await live.goto('/transactions');
    await live.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await live.locator('#main [data-open-detail]:visible').first().click();
    await live.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await on.close();
  });

  it("writes the browser's time zone into the tz cookie on a signed-in page, from Temporal or, without it, from Intl; the next page's dates use it", async () => {
    // A row of history whose date the page shows: a treasury transfer into a new digital wallet.
    const { accounts } = await apiCall<{ accounts: { account_id: string; is_active: boolean }[] }>(third, 'GET', '/api/accounts/user/accounts');
    const accountId = accounts.find((a) => a.is_active)!.account_id;
    await apiCall(third, 'POST', '/api/wallets/canton');
    await apiCall(third, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: '1.5' });
    const [row] = await apiCall<{ id: string; created_at: string }[]>(third, 'GET', `/api/transactions/account/${accountId}?limit=1`);
    for (const [timezoneId, withoutTemporal] of [
      ['America/Bogota', false],
      ['Asia/Kolkata', true],
    ] as const) {
      const context = await contextFor(third, { timezoneId });
      // A browser without Temporal reads the zone from Intl, in a task of its own.
      if (withoutTemporal) await context.addInitScript(() => Reflect.deleteProperty(globalThis, 'Temporal'));
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto('/settings');
      const zone = async () => (await context.cookies()).find((c) => c.name === 'tz')?.value;
      await expect.poll(zone).toBe(encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)));
      expect(decodeURIComponent((await zone())!)).toBe(timezoneId === 'Asia/Kolkata' ? 'Asia/Calcutta' : timezoneId);
      // Rendered on the Worker with the cookie's zone (read before any script runs).
      const served = await (
        await fetch(`${baseURL()}/transactions`, { headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } })
      ).text();
      expect(served).toContain(formatDate(row!.created_at, { timeZone: timezoneId }));
      expect(served).not.toContain(formatDate(row!.created_at, { timeZone: 'UTC' }));
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("answers /accounts with the KYC status, the three wallet cards and the digital wallet's balance in the HTML", async () => {
    // `second` made a digital-assets wallet in the test above.
    const { res, html } = await pageHtml('/accounts', second);
    expect(res.status).toBe(200);
    expect(html).not.toContain('app-static-spinner');
    expect(html).toContain(`<h1`);
    expect(html).toContain(s('en', 'accounts.title'));
    for (const card of ['usd', 'brokerage', 'digital']) expect(html).toContain(`data-card="${card}"`);
    expect(html).toContain('data-status="active"');
    expect(html).toContain('data-wallet-balance=""');
    expect(html).toContain('data-kyc=');
    const on = await contextFor(second);
    const live = await on.newPage();
    const errors: string[] = [];
    live.on('pageerror', (e) => errors.push(e.message));
    await live.goto('/accounts');
    await live.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await live.waitForLoadState('networkidle');
    expect(await live.locator('[data-card="digital"] [data-wallet-balance]').count()).toBe(1);
    expect(errors).toEqual([]);
    await on.close();
  });

  it('sends a signed-out document request to /login', async () => {
    const res = await fetch(`${baseURL()}/market`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fmarket');
  });

  it('refreshes a session about to expire on the page request and renders the page with it', async () => {
    const session = await apiSignIn(testPhone(37));
    const soon = { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 };
    const { res, html } = await pageHtml('/market', soon);
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().filter((c) => c.startsWith('dolar-auth'));
    expect(set.length).toBeGreaterThan(0);
    expect(rowSymbols(html).length).toBeGreaterThanOrEqual(10);
    expect(html).toContain(session.user.id);
  });

  it("never gives one user another's page, however their requests interleave", async () => {
    const rounds = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? second : third)).map(async (session) => ({ session, ...(await pageHtml('/market', session)) })),
    );
    for (const { session, res, html } of rounds) {
      expect(res.status).toBe(200);
      const other = session === second ? third : second;
      expect(html).toContain(session.user.id);
      expect(html).not.toContain(other.user.id);
    }
    // And in two browser contexts side by side.
    const [a, b] = await Promise.all([contextFor(second), contextFor(third)]);
    const [pa, pb] = await Promise.all([a.newPage(), b.newPage()]);
    await Promise.all([pa.goto('/market'), pb.goto('/market')]);
    const props = async (p: typeof pa) => (await p.locator('astro-island').first().getAttribute('props')) ?? '';
    expect(await props(pa)).toContain(second.user.id);
    expect(await props(pa)).not.toContain(third.user.id);
    expect(await props(pb)).toContain(third.user.id);
    expect(await props(pb)).not.toContain(second.user.id);
    await Promise.all([a.close(), b.close()]);
  });

  it("renders in the account's language on first paint, else the browser's (Accept-Language)", async () => {
    const spanish = await pageHtml('/market', first, 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain(`<title>${s('es', 'market.title')}</title>`);
    await saveLanguage(first, 'fs');
    const french = await pageHtml('/market', first, 'es-MX,es;q=0.9');
    expect(french.html).toContain('<html lang="fr">');
    expect(french.html).toContain(s('fs', 'market.filter.all'));
    // In Chromium the first paint is French already (JavaScript off: only the server's HTML).
    const off = await contextFor(first, { javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto('/market');
    expect(await page.locator('#main h1').textContent()).toBe(s('fs', 'market.title'));
    await off.close();
    await saveLanguage(first, 'en');
  });

  it("hydrates in Spanish and French from the page's own dictionary: that language's only, no key shown, none missing, a dialog opened later in it too", async () => {
    const KEYS = Object.keys(en);
    for (const lang of ['es', 'fs'] as const) {
      await saveLanguage(first, lang);
      const on = await contextFor(first, { lang });
      const page = await on.newPage();
      const missing: string[] = [];
      const dictionaries: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /No string for|Hydration|#418|#423|#425/.test(m.text())) missing.push(`${page.url()}: ${m.text()}`);
      });
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/^\/_astro\/(i18n\/|(en|es|fs)\.)/.test(path)) dictionaries.push(path);
      });
      for (const [path, slug, heading] of [
        ['/transactions', 'transactions', ['transactions.title']],
        // The wallet's page, or the invitation to open one when the account has none yet.
        ['/accounts/digital-assets', 'accounts-digital-assets', ['wallet.title', 'wallet.noAccount.title']],
      ] as const) {
        dictionaries.length = 0;
        await page.goto(path);
        await waitForHydration(page);
        // The first paint was already in the language (the server's); hydration keeps it.
        expect(
          heading.map((key) => s(lang, key)),
          path,
        ).toContain(await page.locator('#main h1').first().textContent());
        expect(dictionaries, path).toEqual([expect.stringMatching(new RegExp(`^/_astro/i18n/${slug}\\.${lang}\\.\\w+\\.js$`))]);
        const text = await page.locator('body').innerText();
        expect(
          KEYS.filter((key) => text.includes(key)),
          path,
        ).toEqual([]);
      }
      // A dialog whose code loads on first open shows its strings in the language as well.
      await page.goto('/transactions');
      await waitForHydration(page);
      await page
        .getByRole('button', { name: s(lang, 'transactions.new.title') })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(s(lang, 'transactions.new.title'));
      const text = await dialog.innerText();
      expect(KEYS.filter((key) => text.includes(key))).toEqual([]);
      expect(missing).toEqual([]);
      await on.close();
    }
    await saveLanguage(first, 'en');
  });
});
