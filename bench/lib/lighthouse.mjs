// Lighthouse 13 through Debian's Chromium: the default config is the mobile preset (Moto G Power
// class device, simulated slow 4G and 4x CPU slowdown). One Chromium serves every run; Lighthouse
// clears the HTTP cache and the origin's service workers, cache storage and file systems before each
// navigation but, by default, not cookies, so a session cookie written once (signIntoBrowser) keeps
// the signed-in pages signed in (the Worker lets them through with it) while every load stays cold.
// The one cookie that describes the cache, the app's sheet's version (src/lib/app-sheet.ts), goes
// with it before each run: left, it would tell the Worker the sheet is cached when it is not.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { createChunks, stringToBase64URL } from '@supabase/ssr';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/env.mjs';
import { freePort } from './server.mjs';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

export async function launchChrome(extraFlags = []) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  const chrome = spawn(CHROMIUM_PATH, [...CHROME_FLAGS, ...extraFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => chrome.on('exit', resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (chrome.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not start (set CHROME_PATH?)');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      if (chrome.exitCode === null && chrome.signalCode === null) {
        try {
          process.kill(-chrome.pid, 'SIGTERM');
        } catch {
          /* gone */
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A minimal Chrome DevTools Protocol client over a target's WebSocket (`init`: the WebSocket's
 * options, such as headers): `send(method, params)` answers the command's result.
 */
export async function cdpSocket(url, init) {
  const ws = new WebSocket(url, init);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, (msg) => (msg.error ? reject(new Error(`${method}: ${msg.error.message}`)) : resolve(msg.result)));
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Opens `url` in a new tab of the Chrome on `port` and runs `fn(evaluate)` once it has loaded. */
async function withPage(port, url, fn) {
  const target = await (await fetch(`http://127.0.0.1:${port}/json/new?${encodeURI(url)}`, { method: 'PUT' })).json();
  const { send, close } = await cdpSocket(target.webSocketDebuggerUrl);
  const evaluate = async (expression) => {
    const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`evaluate failed: ${r.exceptionDetails.text}`);
    return r.result.value;
  };
  try {
    const deadline = Date.now() + 20_000;
    // The new tab starts on about:blank and then navigates: until the page's own document is
    // complete, a call may land between two execution contexts and fail; that only means "not yet".
    const loaded = () =>
      evaluate(`document.readyState === 'complete' && location.href !== 'about:blank'`).catch((e) =>
        /execution context|context was destroyed/i.test(String(e.message)) ? false : Promise.reject(e),
      );
    while (!(url === 'about:blank' ? await evaluate(`document.readyState === 'complete'`) : await loaded())) {
      if (Date.now() > deadline) throw new Error(`${url} did not load`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return await fn(evaluate);
  } finally {
    close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`).catch(() => {});
  }
}

/** The session as @supabase/ssr's cookies: [{ name, value }], one or more chunks. */
export const sessionCookies = (session) => createChunks('dolar-auth', `base64-${stringToBase64URL(JSON.stringify(session))}`);

/** The same cookies as one Cookie request header (a non-browser client: the document size, autocannon). */
export const sessionCookieHeader = (session) =>
  sessionCookies(session)
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');

/**
 * Puts a session where the app keeps it: the cookies @supabase/ssr's browser client writes
 * ('dolar-auth', `base64-` + base64url of the GoTrue session JSON, split into 'dolar-auth.0', '.1'...
 * when long), which the Worker reads on every signed-in page request. Loads a cheap same-origin URL
 * (/api/health) to write them on the origin.
 */
export async function signIntoBrowser(port, baseURL, session) {
  const chunks = sessionCookies(session);
  const secure = baseURL.startsWith('https:') ? '; Secure' : '';
  const writes = chunks.map(
    ({ name, value }) => `document.cookie = ${JSON.stringify(`${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=86400${secure}`)};`,
  );
  await withPage(port, `${baseURL}/api/health`, (evaluate) => evaluate(`${writes.join(' ')} document.cookie.includes('dolar-auth')`));
}

/** Expires the app-sheet cookie (see the header) through the browser's own target: no tab opened. */
async function forgetAppSheet(port) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const { send, close } = await cdpSocket(webSocketDebuggerUrl);
  try {
    const { cookies } = await send('Storage.getCookies', {});
    const stale = cookies.filter((c) => c.name === 'app-sheet').map(({ name, value, domain, path }) => ({ name, value, domain, path, expires: 1 }));
    if (stale.length) await send('Storage.setCookies', { cookies: stale });
  } finally {
    close();
  }
}

/** Lighthouse's own CPU benchmark (the benchmarkIndex of its reports), run in a blank tab now. */
export async function benchmarkIndex(port) {
  return withPage(port, 'about:blank', (evaluate) => evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

/**
 * The preset's 4x CPU slowdown, lowered on a host slower (or busier) than Lighthouse's reference
 * desktop so it still emulates the preset's phone: the formula of Lighthouse's CPU throttling
 * calculator (docs/throttling.md) from the host's benchmarkIndex, 1533 -> 4x, 1300 -> 3x, 800 -> 2x,
 * 150 -> 1x, never above the preset's 4x (the budgets are stated under the preset).
 */
export function calibratedMultiplier(index) {
  const m = index >= 1300 ? 3 + (index - 1300) / 233 : index >= 800 ? 2 + (index - 800) / 500 : 1 + (index - 150) / 650;
  return Math.min(4, Math.max(1, m));
}

/**
 * One Lighthouse run (mobile preset; cpuSlowdownMultiplier replaced when given): the category
 * scores (0-100), LCP, CLS, TBT, FCP, and what cost points.
 */
export async function audit(port, url, categories, { cpuSlowdownMultiplier } = {}) {
  await forgetAppSheet(port);
  const config = cpuSlowdownMultiplier
    ? { extends: 'lighthouse:default', settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier } } }
    : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories }, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const lost = [];
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) lost.push(`${c}: ${ref.id} ${a.displayValue ?? a.score}`);
    }
  }
  const num = (id) => lhr.audits[id]?.numericValue;
  const lcpPath = await lcpCriticalPath(result.artifacts, lhr.configSettings).catch(() => null);
  const observedTasks = await observedLongTasks(result.artifacts.Trace).catch(() => null);
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    url,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    lcpMs: num('largest-contentful-paint') === undefined ? null : Math.round(num('largest-contentful-paint')),
    cls: num('cumulative-layout-shift') === undefined ? null : Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: num('total-blocking-time') === undefined ? null : Math.round(num('total-blocking-time')),
    fcpMs: num('first-contentful-paint') === undefined ? null : Math.round(num('first-contentful-paint')),
    scriptTransferBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    cpuSlowdownMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    lcpPath,
    // The long tasks TBT is made of: Lighthouse's (simulated ms, at their simulated start) and the
    // trace's own main-thread tasks of 12 ms or more (host ms, unthrottled) with what filled them.
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({
      url: shortUrl(t.url),
      startMs: Math.round(t.startTime),
      ms: Math.round(t.duration),
    })),
    observedTasks,
    trace: process.env.BENCH_TRACE === '1' ? result.artifacts.Trace : undefined,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : null,
    lost,
    report: result.report,
  };
}

const shortUrl = (url) => (typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') : String(url));

/**
 * The trace's top-level main-thread tasks of 12 ms or more (host time, before any slowdown: x4 is
 * about what the preset's phone takes), each with its start after navigation, the scripts it ran
 * and the trace events that took most of its own time (EvaluateScript, FunctionCall, Layout...).
 */
async function observedLongTasks(trace) {
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() });
  const long = tasks.filter((t) => !t.parent && t.duration >= 12);
  return long.map((task) => {
    const self = new Map();
    const walk = (node) => {
      const name =
        node.event.name === 'FunctionCall' || node.event.name === 'EvaluateScript'
          ? `${node.event.name} ${shortUrl(node.event.args?.data?.url ?? '')
              .split('/')
              .pop()}`
          : node.event.name;
      self.set(name, (self.get(name) ?? 0) + node.selfTime);
      node.children.forEach(walk);
    };
    walk(task);
    const top = [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .filter(([, ms]) => ms >= 1);
    return {
      startMs: Math.round(task.startTime),
      ms: Math.round(task.duration),
      urls: task.attributableURLs.map((u) => shortUrl(u).split('/').pop()).slice(0, 4),
      top: top.map(([name, ms]) => `${name} ${Math.round(ms)}`),
    };
  });
}

/**
 * What the simulated LCP waits for: Lighthouse's own LCP graph (Lantern, the simulation behind the
 * mobile preset's numbers) replayed, summarised as when the document, the last script and the last
 * API read of that graph end in simulated time, and how many script bytes it downloads.
 */
async function lcpCriticalPath(artifacts, settings) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const lantern = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
  const timings = [...lantern.pessimisticEstimate.nodeTimings.entries()];
  const ends = (pick) => Math.round(Math.max(0, ...timings.filter(([n]) => n.type === 'network' && pick(n.request)).map(([, t]) => t.endTime)));
  const scripts = timings.filter(([n]) => n.type === 'network' && n.request.resourceType === 'Script');
  const cpuMs = timings.filter(([n]) => n.type === 'cpu').reduce((sum, [, t]) => sum + t.duration, 0);
  return {
    lcpMs: Math.round(lantern.timing),
    documentEndMs: ends((r) => r.resourceType === 'Document'),
    lastScriptEndMs: ends((r) => r.resourceType === 'Script'),
    lastFetchEndMs: ends((r) => r.resourceType === 'Fetch' || r.resourceType === 'XHR'),
    lastStylesheetEndMs: ends((r) => r.resourceType === 'Stylesheet'),
    optimisticMs: Math.round(lantern.optimisticEstimate.timeInMs),
    pessimisticMs: Math.round(lantern.pessimisticEstimate.timeInMs),
    scripts: scripts.length,
    scriptKb: Math.round(scripts.reduce((sum, [n]) => sum + (n.request.transferSize ?? 0), 0) / 100) / 10,
    cpuMs: Math.round(cpuMs),
  };
}
