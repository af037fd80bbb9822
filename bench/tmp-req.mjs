import { chromium } from 'playwright-core';
import { signIn } from './lib/server.mjs';
import { sessionCookies } from './lib/lighthouse.mjs';
const base = 'http://localhost:8794';
const session = await signIn(base);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of (process.env.P ?? '/accounts,/accounts/usd').split(',')) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addCookies(sessionCookies(session).map(({ name, value }) => ({ name, value, url: base })));
  const page = await ctx.newPage();
  const t0 = Date.now();
  const reqs = [];
  page.on('request', (r) => reqs.push([Date.now() - t0, r.resourceType(), r.url().replace(base, '').slice(0, 60)]));
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  const paint = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime));
  console.log(path, 'FCP', paint, JSON.stringify(reqs.filter((r) => r[0] < paint + 100)));
  await ctx.close();
}
await browser.close();
