// Where a signed-in page's main-thread time goes while it loads and hydrates: serves the built app
// (dist/, from `npm run bench` or `astro build --config bench/astro.config.mjs`) as the bench does,
// signs in, loads PROFILE_PAGE (default /transactions) in Chromium with the preset's 4x CPU
// slowdown and V8's sampling profiler, and prints the long tasks and the functions (through the
// build's hidden sourcemaps) that took the most time in them. A tool for work on TBT, not a budget.
// PROFILE_RUNS (3), PROFILE_CPU (4).
import { readFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/env.mjs';
import { sessionCookieHeader, sessionCookies } from './lib/lighthouse.mjs';
import { freshDatabase, serve, signIn } from './lib/server.mjs';

const PAGE = process.env.PROFILE_PAGE ?? '/transactions';
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const CPU = Number(process.env.PROFILE_CPU ?? 4);
const persist = mkdtempSync(join(tmpdir(), 'profile-d1-'));
await freshDatabase(persist);
const app = await serve(persist);
const maps = new Map();
const original = (url, line, column) => {
  const file = url.split('/_astro/')[1];
  if (!file) return null;
  if (!maps.has(file)) {
    const path = `dist/client/_astro/${file}.map`;
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  const pos = maps.get(file)?.originalPositionFor({ line: line + 1, column });
  return pos?.source ? `${pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${pos.line}${pos.name ? ` ${pos.name}` : ''}` : null;
};
try {
  const session = await signIn(app.baseURL);
  await fetch(`${app.baseURL}/api/accounts/user/active-account`, { headers: { authorization: `Bearer ${session.access_token}` } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await context.addCookies(sessionCookies(session).map(({ name, value }) => ({ name, value: encodeURIComponent(value), url: app.baseURL })));
    const page = await context.newPage();
    const hydrationErrors = [];
    page.on('console', (m) => m.type() === 'error' && /Hydration|#418|#423|#425/.test(m.text()) && hydrationErrors.push(m.text()));
    // Same origin first, so the page's navigation stays in the renderer the slowdown is set on.
    await page.goto(`${app.baseURL}/api/health`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.goto(`${app.baseURL}${PAGE}`, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Tracing.end');
    await traced;
    if (process.env.PROFILE_LINES === '1' && run === 1)
      writeFileSync(
        'test-results/profile-page.html',
        await (await fetch(`${app.baseURL}${PAGE}`, { headers: { cookie: sessionCookieHeader(session) } })).text(),
      );
    const errors = hydrationErrors.length;
    // Top-level tasks of the renderer's main thread.
    // (the renderer main thread that ran the most; an about:blank renderer may come first)
    const busy = new Map();
    for (const e of events) if (e.name === 'RunTask' && e.ph === 'X') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
    const main = events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
    const tasks = events.filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid && e.dur >= Number(process.env.PROFILE_MIN_MS ?? 30) * 1000,
    );
    const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ?? tasks[0]?.ts ?? 0;
    // Self time per function inside each long task, from the samples.
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let t = profile.startTime;
    const samples = profile.samples.map((id, i) => ({ id, ts: (t += profile.timeDeltas[i]) }));
    const name = (n) => {
      const f = n.callFrame;
      return original(f.url, f.lineNumber, f.columnNumber) ?? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    };
    console.log(`run ${run} ${page.url()} ${tasks.length} tasks${errors ? ` (${errors} hydration errors)` : ''}`);
    for (const task of tasks) {
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
      const self = new Map();
      for (let i = 0; i < inTask.length; i++) {
        const dt = (inTask[i + 1]?.ts ?? task.ts + task.dur) - inTask[i].ts;
        const key = name(nodes.get(inTask[i].id));
        self.set(key, (self.get(key) ?? 0) + dt);
      }
      // and the app's own functions (src/) with their callees' time
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const inclusive = new Map();
      for (let i = 0; i < inTask.length; i++) {
        const dt = (inTask[i + 1]?.ts ?? task.ts + task.dur) - inTask[i].ts;
        const seen = new Set();
        for (let id = inTask[i].id; id !== undefined; id = parent.get(id)) {
          const key = name(nodes.get(id));
          if (key.startsWith('src/') && !seen.has(key)) {
            seen.add(key);
            inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
          }
        }
      }
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
      // Lines of the page's own inline scripts that the samples landed on (PROFILE_LINES=1).
      if (process.env.PROFILE_LINES === '1') {
        const lines = new Map();
        for (const s of inTask) {
          const n = nodes.get(s.id);
          if (n.callFrame.url.endsWith(PAGE)) for (const p of n.positionTicks ?? []) lines.set(p.line, (lines.get(p.line) ?? 0) + p.ticks);
        }
        if (lines.size)
          console.log(
            `    page lines (ticks): ${[...lines.entries()]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 8)
              .map(([l, n]) => `${l}:${n}`)
              .join(' ')}`,
          );
      }
      console.log(`  task ${Math.round(task.dur / 1000)} ms at ${Math.round((task.ts - nav) / 1000)} ms`);
      for (const [k, us] of top) if (us >= 1000) console.log(`    ${(us / 1000).toFixed(1).padStart(6)} ms  ${k}`);
      const app = [...inclusive.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .filter(([, us]) => us >= 1000);
      if (app.length) console.log(`    app (with callees): ${app.map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`).join(', ')}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await app.stop();
}
