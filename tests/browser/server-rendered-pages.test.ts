// The other signed-in pages rendered on the Worker: /settings and each settings section,
// /onboarding and /support. The first answer's HTML, fetched with the session cookie, already holds
// the shell (navbar with the account), the page's heading and its data, with no spinner, private and
// under a strict CSP; Chromium with JavaScript off shows the same; with JavaScript on the page
// hydrates without an error or a layout shift; the account's language (es, fs) is the first paint's.
// /settings/security's sessions list is in the HTML with this device marked, hydrates with the labels
// of the server's clock (a browser clock 10 minutes ahead changes them only after hydration), reads
// nothing on hydration, and signs another device out. Phones 0143-0145.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TranslationKey } from '../../src/i18n';
import {
  apiCall,
  apiSignIn,
  type ApiSession,
  baseURL,
  pageHtml,
  s,
  testPhone,
  toastText,
  waitForHydration,
  pageErrors,
  saveLanguage,
  servedFile,
} from './helpers';

const contextFor = servedFile();

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** Each page with its heading and what its first screen shows (dictionary keys). */
const PAGES: { path: string; heading: TranslationKey; data: TranslationKey[] }[] = [
  { path: '/settings', heading: 'settings.general.title', data: ['settings.general.comingSoon'] },
  { path: '/settings/notifications', heading: 'settings.notifications.title', data: ['settings.notifications.description'] },
  { path: '/settings/billing', heading: 'settings.billing.title', data: ['settings.billing.description'] },
  { path: '/settings/privacy', heading: 'settings.privacy.title', data: ['settings.privacy.description'] },
  { path: '/settings/collaboration', heading: 'settings.collaboration.title', data: ['settings.collaboration.description'] },
  { path: '/settings/api', heading: 'settings.api.title', data: ['settings.api.description'] },
  // Name, language, KYC and the sessions list (this device marked) are served.
  {
    path: '/settings/security',
    heading: 'settings.security.title',
    data: [
      'settings.security.fullName',
      'settings.security.language',
      'common.language.fs',
      'settings.security.sessions.thisDevice',
      'settings.security.sessions.current',
    ],
  },
  { path: '/settings/feature-requests', heading: 'featureRequests.title', data: ['featureRequests.subtitle', 'featureRequests.submit.title'] },
  { path: '/settings/faq', heading: 'settings.faq.title', data: ['settings.faq.what.question', 'settings.faq.what.answer', 'settings.faq.ideas.question'] },
  { path: '/onboarding', heading: 'onboarding.title', data: ['onboarding.step.account.title', 'onboarding.step.help.description'] },
  {
    path: '/support',
    heading: 'support.title',
    data: ['support.subtitle', 'support.tab.helpCenter', 'support.tab.requests', 'support.tickets.title', 'support.tickets.new'],
  },
];

describe('settings, onboarding and support rendered on the Worker', () => {
  let first: ApiSession;
  let second: ApiSession;
  let third: ApiSession;
  beforeAll(async () => {
    [first, second, third] = await Promise.all([apiSignIn(testPhone(43)), apiSignIn(testPhone(44)), apiSignIn(testPhone(45))]);
    await saveLanguage(first, 'en');
  });

  it('answers each page with the shell, its heading and its text in the HTML, no spinner, private, strict CSP, small', async () => {
    for (const { path, heading, data } of PAGES) {
      const { res, html: doc } = await pageHtml(path, first);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self' 'sha256-");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(doc, path).toContain('<html lang="en">');
      expect(doc, path).toContain(`<title>${html(s('en', heading))}</title>`);
      expect(doc, path).toMatch(new RegExp(`<h1[^>]*>${html(s('en', heading)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
      for (const key of data) expect(doc, `${path}: ${key}`).toContain(html(s('en', key)));
      expect(doc, path).toContain('id="app-sidebar"');
      expect(doc, path).toContain('data-navbar-name=""');
      expect(doc, path).toContain(first.user.id);
      expect(doc, path).not.toContain('app-static-spinner');
      expect(doc, path).not.toContain('role="status"');
      const gzipped = await new Response(new Blob([doc]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
      expect(gzipped.byteLength, path).toBeLessThanOrEqual(14 * 1024);
    }
  });

  it('sends a signed-out document request for each page to /login', async () => {
    for (const { path } of PAGES) {
      const res = await fetch(`${baseURL()}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  it('sends a signed-in request for a settings section that does not exist to / (any other path), Object keys included', async () => {
    for (const path of ['/settings/nope', '/settings/constructor', '/settings/__proto__', '/settings/Billing']) {
      const { res } = await pageHtml(path, first);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/');
    }
  });

  it('shows each page with JavaScript off in Chromium', async () => {
    const off = await contextFor(first, { javaScriptEnabled: false });
    const page = await off.newPage();
    for (const { path, heading, data } of PAGES) {
      await page.goto(path);
      expect(await page.locator('#main h1').first().textContent(), path).toBe(s('en', heading));
      for (const key of data) expect(await page.locator('#main').textContent(), `${path}: ${key}`).toContain(s('en', key));
    }
    // The FAQ's answers open without script.
    await page.goto('/settings/faq');
    await page.getByText(s('en', 'settings.faq.what.question')).click();
    expect(await page.getByText(s('en', 'settings.faq.what.answer')).isVisible()).toBe(true);
    await off.close();
  });

  it('hydrates each page without an error or a layout shift, and its links and controls work', async () => {
    const on = await contextFor(first);
    const page = await on.newPage();
    const errors = pageErrors(page);
    await on.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#main h1').first().textContent(), path).toBe(s('en', heading));
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), path).toBe(0);
    }
    // After hydration the onboarding's steps are links to their screens.
    await page.goto('/onboarding');
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await page.getByRole('link', { name: s('en', 'onboarding.step.help.title') }).click();
    await page.waitForURL(/\/support\/?$/);
    expect(errors).toEqual([]);
    await on.close();
  });

  it("answers /support with the user's tickets in the HTML; they open after hydration, and #requests opens its tab", async () => {
    const titles = ['Card payment declined', 'Question about fees'];
    const created: { id: string }[] = [];
    for (const title of titles)
      created.push(
        await apiCall<{ id: string }>(first, 'POST', '/api/support/tickets', { title, description: `${title}: details of the request.`, priority: 'high' }),
      );
    const { res, html: doc } = await pageHtml('/support', first);
    expect(res.status).toBe(200);
    for (const [i, ticket] of created.entries()) {
      expect(doc).toContain(`data-ticket="${ticket.id}"`);
      expect(doc).toContain(titles[i]);
    }
    expect(doc).toContain('data-priority="high"');
    expect(doc).not.toContain('role="status"');
    // The other user's page has none of them.
    const other = await pageHtml('/support', second);
    for (const ticket of created) expect(other.html).not.toContain(ticket.id);
    expect(other.html).toContain(
      html(s(/* second's language may be es by now */ other.html.includes('<html lang="es">') ? 'es' : 'en', 'support.tickets.empty.title')),
    );

    const off = await contextFor(first, { javaScriptEnabled: false });
    const plain = await off.newPage();
    await plain.goto('/support');
    expect(await plain.locator('#main [data-ticket]').count()).toBe(created.length);
    await off.close();

    const on = await contextFor(first);
    const page = await on.newPage();
    const errors = pageErrors(page);
    await page.goto('/support');
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await page.locator(`[data-ticket="${created[0]!.id}"] button`).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/support#requests');
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await page.locator('[data-tab="requests"][aria-selected="true"]').waitFor();
    await page.locator('[data-tab="help-center"]').click();
    await page.locator(`[data-ticket="${created[1]!.id}"]`).waitFor();
    expect(errors).toEqual([]);
    await on.close();
  });

  it("answers /settings/security with the KYC status and the language select on the account's language, and /settings/feature-requests with the board's first rows and the user's vote", async () => {
    const security = await pageHtml('/settings/security', first);
    expect(security.html).toContain('data-kyc=');
    expect(security.html).toMatch(/<option value="en" selected="">/);
    const board = await apiCall<{ id: string }[]>(first, 'GET', '/api/feature-requests?sortBy=total_score&sortOrder=desc&limit=50');
    expect(board.length).toBeGreaterThan(0);
    const top = board[0]!;
    await apiCall(first, 'POST', `/api/feature-requests/${top.id}/vote`, { vote_type: 'upvote' });
    const { html: doc } = await pageHtml('/settings/feature-requests', first);
    expect(doc).toContain(`data-id="${top.id}"`);
    expect(doc).not.toContain('role="status"');
    // The user's own upvote is pressed in the HTML.
    expect(doc).toMatch(new RegExp(`data-id="${top.id}"[\\s\\S]*?aria-pressed="true"[^>]*data-vote="up"`));
    const on = await contextFor(first);
    const page = await on.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/settings/feature-requests');
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await page.waitForLoadState('networkidle');
    expect(await page.locator(`[data-id="${top.id}"] [data-vote="up"]:visible`).getAttribute('aria-pressed')).toBe('true');
    await page.locator(`[data-id="${top.id}"] [data-vote="up"]:visible`).click();
    await page.locator(`[data-id="${top.id}"] [data-vote="up"][aria-pressed="false"]:visible`).waitFor();
    expect(errors).toEqual([]);
    await on.close();
  });

  it("answers /settings/security with the user's sessions in the HTML, this device marked; it hydrates on the server's clock, reads none again and signs another device out", async () => {
    const sessionIdOf = (session: ApiSession) => JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;
    // Another device of the same user, seen by the BFF just now ("Active now" on the server's clock).
    const other = await apiSignIn(testPhone(43));
    const mine = sessionIdOf(first);
    const theirs = sessionIdOf(other);
    await apiCall(other, 'GET', '/api/sessions');
    const { res, html: doc } = await pageHtml('/settings/security', first);
    expect(res.status).toBe(200);
    expect(doc).toMatch(new RegExp(`<li data-session-id="${mine}" data-current="true"`));
    expect(doc).toMatch(new RegExp(`<li data-session-id="${theirs}" class`));
    const row = (id: string) => new RegExp(`data-session-id="${id}"[\\s\\S]*?</li>`).exec(doc)?.[0] ?? '';
    expect(row(mine)).toContain(html(s('en', 'settings.security.sessions.thisDevice')));
    expect(row(theirs)).toContain(html(s('en', 'settings.security.sessions.activeNow')));
    expect(row(theirs)).toContain('<button');
    expect(row(mine)).not.toContain('<button');
    expect(doc).not.toContain(html(s('en', 'settings.security.sessions.loading')));
    // The head starts no read of the sessions: they came with the page.
    expect(doc).not.toContain('/api/sessions');
    // The other user's page lists neither.
    const stranger = await pageHtml('/settings/security', second);
    expect(stranger.html).not.toContain(mine);
    expect(stranger.html).not.toContain(theirs);
    expect(stranger.html).toMatch(new RegExp(`<li data-session-id="${sessionIdOf(second)}" data-current="true"`));

    // Without JavaScript: the list as served, this device marked.
    const off = await contextFor(first, { javaScriptEnabled: false });
    const plain = await off.newPage();
    await plain.goto('/settings/security');
    expect(await plain.locator(`li[data-session-id="${mine}"][data-current]`).textContent()).toContain(s('en', 'settings.security.sessions.thisDevice'));
    expect(await plain.locator(`li[data-session-id="${theirs}"] button`).count()).toBe(1);
    await off.close();

    // With a browser clock 10 minutes ahead of the server's: hydration keeps the server's labels (no
    // mismatch), then the island shows the browser's.
    const on = await contextFor(first);
    await on.addInitScript(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 10 * 60_000;
    });
    const page = await on.newPage();
    const errors = pageErrors(page);
    const reads: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/sessions')) reads.push(req.method());
    });
    await page.goto('/settings/security');
    await waitForHydration(page);
    const theirRow = page.locator(`li[data-session-id="${theirs}"]`);
    await page.waitForFunction((id) => /10 minutes ago/.test(document.querySelector(`li[data-session-id="${id}"]`)?.textContent ?? ''), theirs);
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);

    // Signing the other device out works on the hydrated list, and that device is refused from then on.
    await theirRow.getByRole('button').click();
    await toastText(page, 'success', s('en', 'settings.security.sessions.ended'));
    await theirRow.waitFor({ state: 'detached' });
    expect(reads).toEqual(['DELETE']);
    const refused = await fetch(`${baseURL()}/api/sessions`, { headers: { authorization: `Bearer ${other.access_token}` } });
    expect(refused.status).toBe(401);
    expect(await page.locator(`li[data-session-id="${mine}"][data-current]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await on.close();
  });

  it("renders in the account's language on first paint (es, fs), whatever the browser asks for", async () => {
    await saveLanguage(second, 'es');
    await saveLanguage(third, 'fs');
    for (const [session, lang, htmlLang] of [
      [second, 'es', 'es'],
      [third, 'fs', 'fr'],
    ] as const) {
      for (const { path, heading, data } of PAGES) {
        const { html: doc } = await pageHtml(path, session, 'en-US,en;q=0.9');
        expect(doc, `${lang} ${path}`).toContain(`<html lang="${htmlLang}">`);
        expect(doc, `${lang} ${path}`).toContain(`<title>${html(s(lang, heading))}</title>`);
        for (const key of [heading, ...data]) expect(doc, `${lang} ${path}: ${key}`).toContain(html(s(lang, key)));
      }
    }
    // In Chromium the first paint is in the account's language (JavaScript off: only the server's HTML).
    const off = await contextFor(third, { javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto('/settings/faq');
    expect(await page.locator('#main h1').first().textContent()).toBe(s('fs', 'settings.faq.title'));
    await off.close();
  });
  // A browser that has not loaded the app's sheet (no app-sheet cookie) gets each page with the rules
  // of what it served written into it, and the sheet only once the islands load
  // (src/worker/pages/critical-css.ts, src/lib/app-sheet.ts). What the app sheet would still change on
  // the page, element by element, must be nothing.
  const restyled = (page: import('playwright-core').Page, appSheet: string) =>
    page.evaluate((text) => {
      const elements = [...document.querySelectorAll('body, body *')];
      const snapshot = () =>
        elements.map((el) => {
          const style = getComputedStyle(el);
          return Object.fromEntries([...style].map((name) => [name, style.getPropertyValue(name)]));
        });
      const before = snapshot();
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      document.adoptedStyleSheets = [sheet];
      const after = snapshot();
      document.adoptedStyleSheets = [];
      return before.flatMap((styles, i) =>
        Object.entries(styles)
          .filter(([name, value]) => after[i]?.[name] !== value)
          .map(([name, value]) => `${elements[i]?.tagName.toLowerCase()}.${elements[i]?.getAttribute('class') ?? ''} ${name}: ${value} -> ${after[i]?.[name]}`),
      );
    }, appSheet);

  const appSheetText = async () => {
    const { html: doc } = await pageHtml('/settings', first);
    const href = /<meta name="app-sheet" content="([^"]+)"/.exec(doc)?.[1];
    expect(href).toMatch(/^\/_astro\/app\.[\w-]+\.css$/);
    return (await fetch(`${baseURL()}${href}`)).text();
  };

  it('styles each page it serves to a browser without the app sheet as the app sheet does, at 390 and 1440 px', async () => {
    const paths = [
      ...PAGES.map((p) => p.path),
      '/market',
      '/transactions',
      '/accounts',
      '/accounts/usd',
      '/accounts/brokerage',
      '/accounts/digital-assets',
      '/accounts/digital-assets/CC',
    ];
    const appSheet = await appSheetText();
    const linked: string[] = [];
    for (const width of [390, 1440]) {
      const context = await contextFor(first, { width });
      // The served document alone: no island loads, so nothing asks for the app's sheet.
      await context.route(/\/_astro\/.*\.(js|css)$/, (route) => route.abort());
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(path);
        const own = await page.evaluate(() => ({
          inline: [...document.querySelectorAll('style')].some((el) => el.textContent?.includes('@layer utilities')),
          named: document.querySelector('meta[name="app-sheet"]') !== null,
          linked: document.querySelector('link[rel="stylesheet"]') !== null,
        }));
        // A page carries its rules, or, over TCP's first window with them, links the sheet instead.
        if (own.linked) {
          expect(own, path).toEqual({ inline: false, named: false, linked: true });
          linked.push(path);
          continue;
        }
        expect(own, path).toEqual({ inline: true, named: true, linked: false });
        expect(await restyled(page, appSheet), `${path} at ${width}px`).toEqual([]);
      }
      await context.close();
    }
    // The settings, onboarding and support pages carry theirs (the feature board lists every request
    // made on this app, so it may be over the window); the market's first screenful and the
    // account pages' data may take theirs over it.
    expect(linked.filter((p) => PAGES.some((page) => page.path === p) && p !== '/settings/feature-requests')).toEqual([]);
    expect(linked.length).toBeLessThan(paths.length);
  });

  it('loads the app sheet before the islands hydrate, so a dialog is styled, and links it from the cache on the next page', async () => {
    const appSheet = await appSheetText();
    const context = await contextFor(first);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const sheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
    });
    await page.goto('/support');
    await waitForHydration(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'app-sheet');
    expect(cookie?.value).toMatch(/^app\.[\w-]+\.css$/);
    expect(sheets).toEqual([`/_astro/${cookie?.value}`]);
    // A dialog drawn after hydration: its rules are the app sheet's, already the page's.
    await page.getByRole('button', { name: s('en', 'support.tickets.new') }).click();
    await page.getByRole('dialog').waitFor();
    expect(await restyled(page, appSheet)).toEqual([]);
    // The next page links the sheet (from the cache) and carries no rules of its own.
    await page.goto('/settings');
    const doc = await page.content();
    expect(doc).toContain(`<link rel="stylesheet" href="/_astro/${cookie?.value}">`);
    expect(doc).not.toContain('name="app-sheet"');
    expect(doc).not.toContain('@layer utilities');
    expect(errors).toEqual([]);
    await context.close();
  });
});
