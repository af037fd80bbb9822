// The published contract in Chromium: /api/reference renders as a readable page (every operation of
// /api/openapi.json has its heading, its summary and its status table) under the API's strict CSP,
// with no console error or CSP report, and leads to the sign-in's own page.
import { describe, expect, it } from 'vitest';
import { baseURL, fileBrowser } from './helpers';

const browser = fileBrowser();

describe('the API reference page', () => {
  it('renders every operation of /api/openapi.json as a heading, with no console error', async () => {
    const doc = await (await fetch(`${baseURL()}/api/openapi.json`)).json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.length).toBeGreaterThan(40);

    const page = await browser().newPage();
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

  it("shows the Sign-in section, an operation's summary and status list, and the sign-in page it links", async () => {
    const doc = await (
      await fetch(`${baseURL()}/api/openapi.json`)
    ).json<{ paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>> }>();
    const market = doc.paths['/api/market']!.get!;

    const page = await browser().newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${baseURL()}/api/reference`);
    const signIn = page.getByRole('region', { name: 'Sign-in' });
    await expect(signIn.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Sign-in');
    expect(await signIn.textContent()).toContain('access_token');

    const operation = page.locator('[id="get-/api/market"]');
    if (market.summary) expect(await operation.locator('p strong').first().textContent()).toBe(market.summary);
    const statuses = await operation.locator('table').last().locator('tbody th[scope="row"]').allTextContents();
    expect(statuses).toEqual(Object.keys(market.responses));

    await signIn.getByRole('link', { name: 'POST /verify' }).click();
    await page.waitForURL(/\/api\/reference\/auth#post-\/verify$/);
    expect(await page.locator('[id="post-/verify"] p strong').first().textContent()).toBe('Trade the code for a session');
    const verifyStatuses = await page.locator('[id="post-/verify"] table').last().locator('tbody th[scope="row"]').allTextContents();
    expect(verifyStatuses).toEqual(['200', '400', '403', '429', '500']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
