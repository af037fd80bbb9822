// The public site in Chromium, in English and Spanish: landing sections, legal pages, the language
// toggle, the ?lang= redirect, no framework JavaScript, and the catch-all redirect to /.
// Expected strings come from the content files, so a marketer's edit never breaks these tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, LINKED_PAGES, fileBrowser } from './helpers';

type Lang = 'en' | 'es';
const langs: Lang[] = ['en', 'es'];
const json = (path: string) => JSON.parse(readFileSync(new URL(`../../src/content/${path}`, import.meta.url), 'utf8'));
const landing = { en: json('landing/en.json'), es: json('landing/es.json') };
const site = { en: json('site/en.json'), es: json('site/es.json') };

// Title and `##` section headings of a legal Markdown file.
function legal(lang: Lang, page: 'privacy' | 'terms') {
  const md = readFileSync(new URL(`../../src/content/legal/${lang}/${page}.md`, import.meta.url), 'utf8');
  const title = /^title: (.+)$/m.exec(md)?.[1] ?? '';
  const sections = [...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
  return { title, sections };
}

const home = { en: '/', es: '/es/' } as const;
const legalPath = (lang: Lang, page: 'privacy' | 'terms') => (lang === 'en' ? `/${page}` : `/es/${page}`);
const pathOf = (page: Page) => new URL(page.url()).pathname;

const browser = fileBrowser();

/** Opens a page, recording console errors and every script request. */
async function open(path: string) {
  const page = await browser().newPage({ viewport: { width: 412, height: 915 } });
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const res = await page.goto(baseURL() + path);
  return { page, res, errors, scripts };
}

describe.each(langs)('landing page (%s)', (lang) => {
  const copy = landing[lang];

  it('has the document metadata of its language', async () => {
    const { page, res } = await open(home[lang]);
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.title()).toBe(copy.meta.title);
    expect(await page.getAttribute('meta[name=description]', 'content')).toBe(copy.meta.description);
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toMatch(new RegExp(`${home[lang].replace(/\//g, '\\/')}$`));
    const alternates = await page.$$eval('link[rel=alternate][hreflang]', (ls) =>
      ls.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]),
    );
    expect(alternates).toEqual([
      ['en', '/'],
      ['es', '/es/'],
      ['x-default', '/'],
    ]);
    expect(await page.getAttribute('meta[name=theme-color]', 'content')).toBeTruthy();
    expect(await page.locator('link[rel=icon]').count()).toBe(2);
    await page.close();
  });

  it('offers a way into the app: a sign-in link in its header that opens /login', async () => {
    const { page } = await open(home[lang]);
    const link = page.getByRole('banner').getByRole('link', { name: site[lang].signIn, exact: true });
    expect(await link.getAttribute('href')).toBe('/login');
    await Promise.all([page.waitForURL((u) => u.pathname === '/login'), link.click()]);
    await page.close();
  });

  it('shows the hero with its heading, subheading and App Store button', async () => {
    const { page } = await open(home[lang]);
    const hero = page.getByTestId('hero');
    expect(await page.locator('h1').count()).toBe(1);
    expect((await hero.locator('h1').textContent())?.trim()).toBe(copy.hero.title);
    expect(await hero.textContent()).toContain(copy.hero.subtitle);
    const download = hero.getByRole('link', { name: copy.hero.cta });
    expect(await download.getAttribute('href')).toBe(copy.hero.appStoreUrl);
    expect(copy.hero.appStoreUrl).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(await hero.textContent()).toMatch(/1 (million|millón)/);
    await page.close();
  });

  it('shows the eight country flags with their names and the localized line', async () => {
    const { page } = await open(home[lang]);
    const strip = page.getByTestId('countries');
    const flags = strip.getByRole('img');
    expect(await flags.count()).toBe(8);
    const names = await flags.evaluateAll((els) => els.map((e) => e.querySelector('title')?.textContent));
    expect(names).toEqual(copy.countries.flags.map((f: { name: string }) => f.name));
    expect(names).toEqual(
      lang === 'en'
        ? ['United States', 'Mexico', 'Brazil', 'Argentina', 'Colombia', 'Dominican Republic', 'Puerto Rico', 'Panama']
        : ['Estados Unidos', 'México', 'Brasil', 'Argentina', 'Colombia', 'República Dominicana', 'Puerto Rico', 'Panamá'],
    );
    const line = (await strip.locator('p').textContent())?.trim();
    expect(line).toBe(copy.countries.text);
    expect(line).toMatch(
      lang === 'en' ? /^Empowering users in the United States, .+ and beyond!$/ : /^¡Impulsando a usuarios en Estados Unidos, .+ y más allá!$/,
    );
    await page.close();
  });

  it('shows three features with three bullets and a loaded localized screenshot each', async () => {
    const { page } = await open(home[lang]);
    const features = page.getByTestId('feature');
    expect(await features.count()).toBe(3);
    const titles = await features.locator('h2').allTextContents();
    expect(titles.map((t) => t.trim())).toEqual(
      lang === 'en'
        ? ['Smart Savings', 'Global Investing Made Simple', 'Seamless Crypto Investing']
        : ['Ahorro inteligente', 'Inversión global simplificada', 'Inversión en cripto sin complicaciones'],
    );
    for (let i = 0; i < 3; i++) {
      const feature = features.nth(i);
      const bullets = (await feature.locator('li').allTextContents()).map((b) => b.trim());
      expect(bullets).toEqual(copy.features[i].bullets);
      const img = feature.locator('img');
      expect(await img.getAttribute('src')).toBe(`/images/landing/${lang}/${copy.features[i].id}.webp`);
      expect(await img.getAttribute('alt')).toBe(copy.features[i].image.alt);
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await img.getAttribute('decoding')).toBe('async');
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
    }
    await page.close();
  });

  it('ends with a footer holding the contact e-mail and the copyright year', async () => {
    const { page } = await open(home[lang]);
    const footer = page.getByRole('contentinfo');
    const mail = footer.locator(`a[href="mailto:${site[lang].footer.email}"]`);
    expect(await mail.count()).toBe(1);
    expect((await footer.getByTestId('contact').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `${site[lang].footer.contactBefore}${site[lang].footer.email}${site[lang].footer.contactAfter}`.trim(),
    );
    const copyright = (await footer.getByTestId('copyright').textContent())?.trim();
    expect(copyright).toBe(site[lang].footer.copyright.replace('{year}', String(new Date().getFullYear())));
    await page.close();
  });
});

describe.each(langs)('legal pages (%s)', (lang) => {
  it.each([
    ['privacy', 7],
    ['terms', 18],
  ] as const)('%s has its title, the Coming Soon badge and %i sections', async (name, count) => {
    const expected = legal(lang, name);
    expect(expected.sections).toHaveLength(count);
    const { page, res } = await open(legalPath(lang, name));
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.title()).toBe(`${expected.title} | ${site[lang].brand}`);
    expect((await page.locator('main h1').textContent())?.trim()).toBe(expected.title);
    const headings = (await page.locator('main h2').allTextContents()).map((h) => h.trim());
    expect(headings).toEqual(expected.sections);
    expect(await page.getByRole('banner').textContent()).toContain(lang === 'en' ? 'Coming Soon' : 'Próximamente');
    expect(await page.locator('main').textContent()).toContain(lang === 'en' ? 'May 1, 2025' : '1 de mayo de 2025');
    await page.close();
  });

  it('says what the terms must say', async () => {
    const { page } = await open(legalPath(lang, 'terms'));
    const text = (await page.locator('main').textContent()) ?? '';
    const must =
      lang === 'en'
        ? [
            'self-custody platform',
            'education content',
            'on-ramp and off-ramp',
            'stock and ETF trading',
            'at least 18 years old',
            'does not provide investment, financial',
            'May 1, 2025',
            'the amount you paid to Dólar in the 12 months',
          ]
        : [
            'plataforma de autocustodia',
            'contenido educativo',
            'entrada y salida de dinero',
            'compraventa de acciones',
            'al menos 18 años',
            'no brinda asesoría de inversión, financiera',
            '1 de mayo de 2025',
            'monto que le pagaste a Dólar en los 12 meses',
          ];
    for (const phrase of must) expect(text).toContain(phrase);
    await page.close();
  });
});

describe('language toggle', () => {
  it.each([
    ['/', '/es/'],
    ['/privacy', '/es/privacy'],
    ['/terms', '/es/terms'],
  ])('goes from %s to %s and back', async (en, es) => {
    const { page } = await open(en);
    const toggle = page.getByRole('banner').getByRole('navigation');
    expect(await toggle.locator('a[aria-current=page]').getAttribute('hreflang')).toBe('en');
    await Promise.all([page.waitForURL((u) => u.pathname === es), toggle.getByRole('link', { name: 'Español' }).click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await Promise.all([
      page.waitForURL((u) => u.pathname === en),
      page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'English' }).click(),
    ]);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.close();
  });
});

describe('?lang= on the legal pages', () => {
  it.each([
    ['/privacy?lang=es', '/es/privacy', 'es'],
    ['/terms?lang=es', '/es/terms', 'es'],
    ['/es/privacy?lang=en', '/privacy', 'en'],
    ['/es/terms?lang=en', '/terms', 'en'],
    ['/privacy?lang=en', '/privacy', 'en'],
    ['/terms?lang=fr', '/terms', 'en'],
    ['/es/terms?lang=xx', '/es/terms', 'es'],
  ])('%s shows %s', async (from, to, lang) => {
    const { page } = await open(from);
    await page.waitForURL((u) => u.pathname === to);
    await page.waitForLoadState('load');
    expect(pathOf(page)).toBe(to);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await page.close();
  });
});

describe('no framework JavaScript on public pages', () => {
  it.each(['/', '/es/', '/privacy', '/terms', '/es/privacy', '/es/terms'])('%s loads no script file and no island', async (path) => {
    const { page, scripts, errors } = await open(path);
    await page.waitForLoadState('load');
    expect(scripts).toEqual([]);
    expect(await page.locator('script[src]').count()).toBe(0);
    expect(await page.locator('astro-island').count()).toBe(0);
    // Only the legal pages carry the one inline language-redirect script.
    expect(await page.locator('script').count()).toBe(path.endsWith('privacy') || path.endsWith('terms') ? 1 : 0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Permissions-Policy', () => {
  it.each(['/', '/es/', '/privacy', '/terms', '/es/privacy', '/es/terms'])(
    '%s logs no Permissions-Policy warning (only features Chromium knows are sent)',
    async (path) => {
      const page = await browser().newPage();
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.goto(baseURL() + path);
      await page.waitForLoadState('load');
      expect(logged.filter((text) => text.includes('Permissions-Policy'))).toEqual([]);
      await page.close();
    },
  );
});

describe('layout', () => {
  it.each(['/privacy', '/es/terms'])('%s keeps its prose to a readable measure (at most 75 characters a line) at 1440 px', async (path) => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(baseURL() + path);
    const measure = await page.evaluate(() => {
      const p = document.querySelector('.legal-body p')!;
      const ch = document.createElement('span');
      ch.style.cssText = 'display:inline-block;width:1ch';
      p.appendChild(ch);
      const chars = p.getBoundingClientRect().width / ch.getBoundingClientRect().width;
      ch.remove();
      return chars;
    });
    expect(measure).toBeGreaterThan(45);
    expect(measure).toBeLessThanOrEqual(75);
    await page.close();
  });

  it.each(['/es/', '/es/terms', '/privacy'])(
    '%s at 390 px: no item of the header covers another (the sign-in link and the badge wrap instead)',
    async (path) => {
      const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(baseURL() + path);
      // The header's items: the logo, the badge (legal pages), the language toggle and the sign-in link.
      const boxes = await page.$$eval('header > div > div > *', (els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes.length).toBe(path.includes('terms') || path.includes('privacy') ? 4 : 3);
      const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
      await page.close();
    },
  );

  it.each(['/', '/es/', '/privacy', '/es/terms'])('%s fits a 360 px screen without sideways scrolling', async (path) => {
    const page = await browser().newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(baseURL() + path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.close();
  });
});

describe('routing', () => {
  it('redirects an unknown path to /', async () => {
    const res = await fetch(`${baseURL()}/nope/deeper`, { redirect: 'manual' });
    expect([301, 302]).toContain(res.status);
    expect(new URL(res.headers.get('location')!, baseURL()).pathname).toBe('/');
    const { page } = await open('/nope/deeper');
    expect(pathOf(page)).toBe('/');
    expect((await page.locator('h1').textContent())?.trim()).toBe(landing.en.hero.title);
    await page.close();
  });

  it('serves static files and the API without redirecting them', async () => {
    // Every built file under /_astro, the pages' dictionaries in /_astro/i18n/ among them.
    const astroAssets = readdirSync(new URL('../../dist/client/_astro/', import.meta.url), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/_astro/${relative(fileURLToPath(new URL('../../dist/client/_astro/', import.meta.url)), join(entry.parentPath, entry.name))}`);
    expect(astroAssets.length).toBeGreaterThan(0);
    for (const path of [
      ...astroAssets,
      '/privacy',
      '/es/',
      '/robots.txt',
      '/favicon.svg',
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/images/landing/es/smart-savings.webp',
      '/api/health',
    ]) {
      const res = await fetch(`${baseURL()}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
    }
  });

  it('sends a signed-out visit to a signed-in page to /login from the Worker, in one redirect (signed in: tests/browser/cookie-session.test.ts)', async () => {
    const login = await fetch(`${baseURL()}/login`, { redirect: 'manual' });
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toContain('text/html');
    const paths = [...LINKED_PAGES, '/dashboard', '/accounts/'];
    for (const path of paths) {
      const res = await fetch(`${baseURL()}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  it("serves the build's scripts immutable with nosniff and without the document-only policies pages carry", async () => {
    const script = readdirSync(new URL('../../dist/client/_astro/', import.meta.url)).find((f) => f.endsWith('.js'));
    const asset = await fetch(`${baseURL()}/_astro/${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(asset.headers.get(name), name).toBeNull();
    }
    const page = await fetch(`${baseURL()}/market`);
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-content-type-options']) {
      expect(page.headers.get(name), name).toBeTruthy();
    }
  });

  it('gives keyboard users a skip link to the main content', async () => {
    const { page } = await open('/es/');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect((await focused.textContent())?.trim()).toBe(site.es.skipLink);
    expect(await focused.getAttribute('href')).toBe('#main');
    await page.close();
  });
});
