// Sessions you control in Chromium: one user signed in in two browsers ends the other browser's
// session from Account Security's list, and that browser's next call is refused; the list in
// en/es/fs at 390 px (current session marked, fits the width, confirmation before "all others").
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseURL,
  cookieSession,
  newContext,
  openApp,
  pageFitsWidth,
  s,
  screenPage,
  screenshot,
  signIn,
  signedInState,
  testPhone,
  toastText,
  type Lang,
  fileBrowser,
} from './helpers';

const browser = fileBrowser();

const list = (page: Page) => page.getByTestId('sessions-list');

/** Opens Account Security and waits for the sessions list; answers the current session's id. */
async function openSessions(page: Page): Promise<string> {
  await openApp(page, '/settings/security');
  const current = list(page).locator('li[data-current]');
  await current.waitFor();
  return (await current.getAttribute('data-session-id'))!;
}

describe('Account Security: active sessions', () => {
  it("ends another browser's session from the list, and that browser's next call is refused", async () => {
    const phone = testPhone(27);
    const a = await newContext(browser(), { width: 390, height: 844 });
    const pageA = await a.newPage();
    await signIn(pageA, phone);
    const idA = await openSessions(pageA);
    // Earlier runs on the same app may have left sessions of this number: start from this one alone.
    if ((await list(pageA).locator('li').count()) > 1) {
      await pageA.getByRole('button', { name: s('en', 'settings.security.sessions.signOutOthers') }).click();
      await pageA
        .getByRole('dialog')
        .getByRole('button', { name: s('en', 'settings.security.sessions.confirmAction') })
        .click();
      await toastText(pageA, 'success', s('en', 'settings.security.sessions.endedOthers'));
    }

    const b = await newContext(browser());
    const pageB = await b.newPage();
    await signIn(pageB, phone);
    const idB = await openSessions(pageB);
    expect(idB).not.toBe(idA);

    await openSessions(pageA);
    const rowB = list(pageA).locator(`li[data-session-id="${idB}"]`);
    await rowB.waitFor();
    expect(await list(pageA).locator('li').count()).toBe(2);
    expect(await list(pageA).locator('li[data-current]').textContent()).toContain(s('en', 'settings.security.sessions.thisDevice'));
    expect(await list(pageA).locator('li[data-current] button').count()).toBe(0);
    expect(await pageFitsWidth(pageA)).toBe(true);
    await screenshot(pageA, 'sessions-390-en-two');

    // By keyboard: focus the other session's sign-out button and press Enter.
    const signOutB = rowB.getByRole('button');
    expect(await signOutB.getAttribute('aria-label')).toMatch(/^Sign out /);
    await signOutB.focus();
    await pageA.keyboard.press('Enter');
    await toastText(pageA, 'success', s('en', 'settings.security.sessions.ended'));
    await rowB.waitFor({ state: 'detached' });

    // B's (unexpired) access token is refused from the next call on, and B's next page request is
    // refused by the Worker's page guard: back to sign-in, its session cookies cleared.
    const tokenB = (await cookieSession(b))!.access_token;
    const res = await pageB.request.get(`${baseURL()}/api/sessions`, { headers: { authorization: `Bearer ${tokenB}` } });
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ message: 'Session has ended', code: 'unauthorized' });
    await pageB.reload();
    await pageB.waitForURL((url) => url.pathname === '/login');
    expect(await cookieSession(b)).toBeNull();

    // A's own session goes on.
    expect(await openSessions(pageA)).toBe(idA);
    await a.close();
    await b.close();
  });

  it.each(['en', 'es', 'fs'] as const)(
    'shows the list in %s at 390 px, the current session marked, with a confirmation before signing out the others',
    async (lang: Lang) => {
      const state = await signedInState(browser(), testPhone(28));
      // A second session of the same user, so that the list has another device.
      await signedInState(browser(), testPhone(28));
      const { context, page, errors } = await screenPage(browser(), state, lang, 390);
      await openSessions(page);
      expect(await list(page).locator('li').count()).toBeGreaterThanOrEqual(2);
      expect(await list(page).locator('li[data-current]').textContent()).toContain(s(lang, 'settings.security.sessions.thisDevice'));
      expect(await page.getByRole('heading', { name: s(lang, 'settings.security.sessions.title') }).count()).toBe(1);
      expect(await pageFitsWidth(page)).toBe(true);
      await screenshot(page, `sessions-390-${lang}`);
      await page.getByRole('button', { name: s(lang, 'settings.security.sessions.signOutOthers') }).click();
      const dialog = page.getByRole('dialog', { name: s(lang, 'settings.security.sessions.confirmTitle') });
      await dialog.waitFor();
      await screenshot(page, `sessions-390-${lang}-confirm`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await list(page).locator('li').count()).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
