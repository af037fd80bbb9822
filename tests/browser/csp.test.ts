// The browser policy in Chromium: walks every page the build produced (read from dist/client, so a
// page added later is walked too), signed out and signed in, and fails on any Content-Security-Policy
// violation — reported through `securitypolicyviolation` events (recorded by a listener installed
// before any page script) or as a console error. Each document must arrive with the CSP header
// (frame-ancestors 'none', no 'unsafe-inline') and the other security headers.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseURL, fileBrowser, newContext, signIn, testPhone, waitForHydration } from './helpers';

const CLIENT_DIR = 'dist/client';

/** Every built page as the path it is served at ('/', '/login/', '/es/privacy' …). */
function builtPages(dir = CLIENT_DIR): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_astro') out.push(...builtPages(path));
    } else if (entry.name.endsWith('.html') && entry.name !== '404.html') {
      const rel = relative(CLIENT_DIR, path).split(sep).join('/');
      out.push(`/${rel.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`);
    }
  }
  return out.sort();
}

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample?: string;
}

/** Records violations in the page (the listener runs before any page script, outside the CSP). */
function watch(context: BrowserContext, violations: Violation[]) {
  void context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: unknown[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /content security policy/i.test(msg.text())) {
      violations.push({ page: msg.location().url, directive: 'console', blocked: msg.text() });
    }
  });
}

async function collect(page: Page, path: string, violations: Violation[]) {
  const found = await page.evaluate<Violation[]>(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);
  violations.push(...found.map((v) => ({ ...v, page: path })));
}

const norm = (p: string) => p.replace(/\/$/, '') || '/';

/** Opens a page, lets its islands run, checks the document's headers, records violations. */
async function walk(page: Page, path: string, violations: Violation[], signedIn = false) {
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  expect(res?.status(), path).toBe(200);
  // Signed in, the document is the page itself (the Worker's cookie guard let it through), not a
  // server redirect to /login (islands may move on by themselves afterwards).
  if (signedIn) {
    expect(res!.request().redirectedFrom(), path).toBeNull();
    expect(norm(new URL(res!.url()).pathname), path).toBe(norm(path));
  }
  const headers = (await res!.allHeaders()) as Record<string, string>;
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, `${path}: CSP header`).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBeTruthy();
  expect(headers['permissions-policy'], path).toMatch(/camera=\(\)/);
  // The page's own policy narrows script-src to its hashes, without 'unsafe-inline': a static page's
  // <meta>, or, for a page rendered on the Worker, the header itself, which then names exactly that
  // answer's hashes.
  const metas = page.locator('meta[http-equiv="content-security-policy"]');
  const meta = (await metas.count()) > 0 ? await metas.getAttribute('content') : null;
  if (meta === null) expect(csp, `${path}: no CSP <meta>, so the header is the page's own policy`).toMatch(/script-src 'self' 'sha256-/);
  expect(meta ?? csp, `${path}: the page's own policy`).toMatch(/script-src 'self'/);
  expect(meta ?? csp).not.toMatch(/unsafe-inline/);
  // The islands have run (their violations, if any, were reported as they happened).
  await waitForHydration(page);
  await collect(page, path, violations);
}

const browser = fileBrowser();
/**
 * Every built page, plus the pages rendered on demand: /login, the asset page for any symbol, and
 * the signed-in pages the Worker renders per request with the user's data.
 */
const SERVER_RENDERED = [
  '/login',
  '/market',
  '/transactions',
  '/accounts',
  '/settings',
  '/settings/notifications',
  '/settings/billing',
  '/settings/privacy',
  '/settings/collaboration',
  '/settings/api',
  '/settings/faq',
  '/settings/security',
  '/settings/feature-requests',
  '/onboarding',
  '/support',
];
const pages = [...builtPages(), '/accounts/digital-assets/CC', ...SERVER_RENDERED];

describe('Content-Security-Policy in Chromium', () => {
  it('finds the built pages', () => {
    expect(pages).toContain('/');
    expect(pages.some((p) => /^\/login\/?$/.test(p))).toBe(true);
    expect(pages.some((p) => /^\/es\/privacy\/?$/.test(p))).toBe(true);
  });

  it('reports no violation on any page signed out', async () => {
    const violations: Violation[] = [];
    const context = await newContext(browser());
    watch(context, violations);
    const page = await context.newPage();
    for (const path of pages) await walk(page, path, violations);
    await context.close();
    expect(violations).toEqual([]);
  });

  it('reports no violation on any page signed in (sign-in through /login included)', async () => {
    const violations: Violation[] = [];
    const context = await newContext(browser());
    watch(context, violations);
    const page = await context.newPage();
    await signIn(page, testPhone(6));
    await collect(page, '/login (sign-in)', violations);
    for (const path of pages) {
      // A signed-in visit to /login is sent on by the Worker (303) to the first signed-in screen.
      if (norm(path) === '/login') {
        const res = await page.goto(path);
        expect(res!.request().redirectedFrom(), path).not.toBeNull();
        expect(norm(new URL(res!.url()).pathname), path).toBe('/transactions');
        continue;
      }
      await walk(page, path, violations, true);
    }
    await context.close();
    expect(violations).toEqual([]);
  });

  it('would catch one: an injected inline script is blocked and reported', async () => {
    const violations: Violation[] = [];
    const context = await newContext(browser());
    watch(context, violations);
    const page = await context.newPage();
    await page.goto(`${baseURL()}/`);
    // Asked once the browser has reported the block: an inline script that ran would have run by then.
    const ran = await page.evaluate(() => {
      const reported = new Promise<void>((r) => document.addEventListener('securitypolicyviolation', () => r(), { once: true }));
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      (document.body as unknown as { appendChild(node: unknown): void }).appendChild(s);
      return reported.then(() => (window as unknown as { __injected?: boolean }).__injected === true);
    });
    expect(ran).toBe(false);
    await collect(page, '/', violations);
    await context.close();
    expect(violations.map((v) => v.directive)).toContain('script-src-elem');
  });
});
