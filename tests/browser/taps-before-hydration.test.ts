// A tap before hydration is honoured (client:tap, src/integrations/tap-directive.ts): at 390 px, with
// the CPU slowed 4x and every script of the page held back so the island surely hydrates after the
// tap, a control pressed as soon as it is painted does what it says once the island has hydrated.
// The taps and how they are made are the bench's (bench/lib/interactions.mjs, its tap rows).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FIRST_PAINT_TAPS, tapAtFirstPaint } from '../../bench/lib/interactions.mjs';
import { createWallet, openApp, s, screenPage, signedInFile, signedInState, testPhone } from './helpers';

const user = signedInFile(testPhone(61));
const tap = (name: string) => FIRST_PAINT_TAPS.find((t) => t.name === name)!;
const phonePage = (browser: Browser = user.browser(), state?: Parameters<typeof screenPage>[1]) =>
  state ? screenPage(browser, state, 'en', 390) : user.pageIn('en', 390, 844).then((p) => ({ ...p, errors: [] as string[] }));

beforeAll(async () => {
  // A wallet with one transaction (a transfer in): the wallet's Send is enabled and /transactions has a row.
  const { context, page } = await user.pageIn('en', 390, 844);
  await createWallet(page);
  await openApp(page, '/accounts/digital-assets');
  await page.locator('[data-action="transfer"]').click();
  await page.locator('[data-wallet-pending]').waitFor();
  await context.close();
});

describe('a tap at first paint, before the island has hydrated', () => {
  const dialogs = [
    ["opens the Send dialog from the wallet's Send", 'wallet Send', 'wallet.send.title'],
    ["opens a transaction's detail from the first row of /transactions", 'transactions row', 'transactions.detail.title'],
  ] as const;
  for (const [behaviour, name, title] of dialogs) {
    it(behaviour, async () => {
      const { context, page } = await phonePage();
      expect(await tapAtFirstPaint(page, tap(name))).toEqual({ beforeHydration: true, honoured: true });
      await page.getByRole('dialog', { name: s('en', title) }).waitFor();
      await context.close();
    });
  }

  it("applies the market's filter", async () => {
    const { context, page } = await phonePage();
    expect(await tapAtFirstPaint(page, tap('market filter'))).toEqual({ beforeHydration: true, honoured: true });
    expect(await page.locator('[data-filter="all"]').getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it("keeps what was typed into the market's search and filters by it", async () => {
    const { context, page } = await phonePage();
    expect(await tapAtFirstPaint(page, tap('market search'))).toEqual({ beforeHydration: true, honoured: true });
    expect(await page.locator('input[type="search"]').inputValue()).toBe('TBILL');
    expect(await page.locator('#main tbody tr').first().textContent()).toContain('TBILL');
    await context.close();
  });

  it('opens New Transaction on the first signed-in screen of a new user', async () => {
    const state = await signedInState(user.browser(), testPhone(62));
    const { context, page, errors } = await phonePage(user.browser(), state);
    expect(await tapAtFirstPaint(page, tap('New Transaction'))).toEqual({ beforeHydration: true, honoured: true });
    await page.getByRole('dialog', { name: s('en', 'transactions.new.title') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
