import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the served app', () => {
  it('serves the home page in Chromium', async () => {
    const page = await browser.newPage();
    const res = await page.goto(baseURL() + '/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });
});
