// The session in cookies , in Chromium against the built Worker: a signed-out visit is redirected
// by the Worker to /login and comes back to the page after sign-in; sign-out clears the cookies and
// the back button shows no signed-in data; two users in two browser contexts only ever get their
// own pages; a session today's app left in localStorage is moved into the cookies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { at, cookieSession, launch, LINKED_PAGES, newContext, signIn, TEST_CODE, testPhone, waitForHydration } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const GUARDED = [
  '/market',
  '/transactions',
  '/accounts',
  '/accounts/digital-assets',
  '/accounts/digital-assets/BTC',
  '/support',
  '/settings/security',
  '/onboarding',
];

/** Signs in through /login as `signIn` does, from whatever /login address the page is on. */
async function signInHere(page: Page, phone: string) {
  await waitForHydration(page);
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="code"]').fill(TEST_CODE);
  await page.locator('form button[type="submit"]').click();
}

describe('the session in cookies', () => {
  it('sends a signed-out visit to /login from the Worker, and back to the page after signing in, with Lax, Path=/ cookies', async () => {
    const context = await newContext(browser);
    for (const path of GUARDED) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers()['location'], path).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    const page = await context.newPage();
    await page.goto('/settings/security');
    await page.waitForURL(/\/login\?next=%2Fsettings%2Fsecurity$/);
    const started = Date.now();
    await signInHere(page, testPhone(7));
    await page.waitForURL(at('/settings/security'));
    await page.locator('#main h1').waitFor();
    console.log(`sign-in to first signed-in screen: ${Date.now() - started} ms`);
    const cookie = (await context.cookies()).find((c) => c.name === 'dolar-auth');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
    // Local http origin: not Secure (the Worker and the client set Secure on https).
    expect(cookie!.secure).toBe(false);

    // Signed in, every page is served at the path the app links to, without a redirect (one round
    // trip fewer on 4G), private and never stored; the trailing-slash spelling is one redirect away.
    const linked = LINKED_PAGES;
    for (const path of linked) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toContain('text/html');
      expect(res.headers()['cache-control'], path).toBe('private, no-store');
      expect(res.headers()['content-security-policy'], path).not.toContain('unsafe-inline');
    }
    // /dashboard, where sign-in goes, is the Worker's redirect to the first signed-in screen.
    const dashboard = await context.request.get('/dashboard', { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
    expect(dashboard.headers()['location']).toBe('/transactions');
    const slashed = await context.request.get('/accounts/', { maxRedirects: 0 });
    expect(slashed.status()).toBe(307);
    expect(new URL(slashed.headers()['location'] ?? '', 'http://x').pathname).toBe('/accounts');

    // Sign-out: cookies gone, the session ended (the old access token no longer opens the API).
    const token = (await cookieSession(context))!.access_token;
    await page.goto('/accounts');
    await page.locator('#main h1').waitFor();
    // Rendered on the Worker, the menu is on screen before its island hydrates.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(at('/login'));
    expect(await cookieSession(context)).toBeNull();
    expect((await context.request.get('/api/accounts/user/accounts', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

    // The back button shows no signed-in data: the Worker sends the page to /login again.
    await page.goBack();
    await page.waitForURL(at('/login'));
    await page.locator('input[name="phone"]').waitFor();
    expect(await page.locator('#main').count()).toBe(0);
    await context.close();
  });

  it('gives two users in two browser contexts only their own pages', async () => {
    const users = await Promise.all(
      [testPhone(9), testPhone(29)].map(async (phone) => {
        const context = await newContext(browser);
        const page = await context.newPage();
        await signIn(page, phone);
        const session = await cookieSession(context);
        return { context, page, id: session!.user.id, asked: [] as string[] };
      }),
    );
    expect(users[0]!.id).not.toBe(users[1]!.id);
    for (const u of users) {
      u.page.on('request', (req) => {
        const m = /\/api\/accounts\/([0-9a-f-]{36})$/.exec(new URL(req.url()).pathname);
        if (m) u.asked.push(m[1]!);
      });
    }
    // Interleaved loads of the same pages: each document is private, and each page reads its own user
    // (rendered on the Worker: the island's props are that user's; in the browser: its API reads).
    for (const path of ['/accounts', '/market', '/settings/security']) {
      for (const [i, u] of users.entries()) {
        const res = await u.page.goto(path);
        expect(res!.headers()['cache-control'], path).toBe('private, no-store');
        await u.page.locator('#main h1').waitFor();
        const props = (await u.page.locator('astro-island').first().getAttribute('props')) ?? '';
        expect(props, path).toContain(u.id);
        expect(props, path).not.toContain(users[1 - i]!.id);
      }
    }
    for (const [i, u] of users.entries()) {
      if (u.asked.length > 0) expect(new Set(u.asked)).toEqual(new Set([u.id]));
      expect((await cookieSession(u.context))!.user.id).not.toBe(users[1 - i]!.id);
    }
    await Promise.all(users.map((u) => u.context.close()));
  });

  it("moves a session today's app kept in localStorage into the cookies and opens the page", async () => {
    const context = await newContext(browser);
    // A session as today's app stored it (auth-js, localStorage 'dolar-auth'): verify with the test code.
    const verify = await context.request.post('/auth/v1/verify', {
      headers: { 'content-type': 'application/json' },
      data: { phone: testPhone(29).replace(/\s/g, ''), token: TEST_CODE, type: 'sms' },
    });
    expect(verify.status()).toBe(200);
    const session = await verify.json();
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.evaluate((s) => localStorage.setItem('dolar-auth', s), JSON.stringify(session));

    await page.goto('/market');
    await page.waitForURL(at('/market'), { timeout: 20_000 });
    await page.locator('#main h1').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('dolar-auth'))).toBeNull();
    expect((await cookieSession(context))?.user.id).toBe(session.user.id);
    await context.close();
  });
});
