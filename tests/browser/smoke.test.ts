import { describe, expect, it } from 'vitest';
import { baseURL, fileBrowser } from './helpers';

const browser = fileBrowser();

describe('the served app', () => {
  it('serves the home page in Chromium', async () => {
    const page = await browser().newPage();
    const res = await page.goto(baseURL() + '/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });
});
