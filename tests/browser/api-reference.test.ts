// The published contract in Chromium: /api/reference renders as a readable page (every operation of
// /api/openapi.json has its heading) under the API's strict CSP, with no console error or CSP report.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the API reference page', () => {
  it('renders every operation of /api/openapi.json as a heading, with no console error', async () => {
    const doc = await (await fetch(`${baseURL()}/api/openapi.json`)).json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.length).toBeGreaterThan(40);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const res = await page.goto(`${baseURL()}/api/reference`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await page.locator('h1').first().textContent()).toContain('API');
    const headings = (await page.locator('h3 code').allTextContents()).map((text) => text.trim());
    for (const op of operations) expect(headings, op).toContain(op);
    expect(errors).toEqual([]);
    await page.close();
  });
});
