// Where a signed-in page's Worker CPU goes: serves the built app (dist/, from `npm run bench` or
// `astro build --config bench/astro.config.mjs`, whose hidden sourcemaps name the source modules) as
// the bench does, with wrangler dev's inspector on a free port, signs in, and samples workerd's V8
// profiler over PROFILE_REQUESTS (default 400) sequential requests of PROFILE_PATH (default /market)
// with the session's cookies (an /api path: its bearer token), after 50 to warm the isolate. Prints the self time per source package
// or folder and the functions that took the most, in ms per request. A tool for work on the signed-in
// page's throughput, not a budget.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { cdpSocket, sessionCookieHeader } from './lib/lighthouse.mjs';
import { freePort, freshDatabase, serve, signIn } from './lib/server.mjs';

const PATH = process.env.PROFILE_PATH ?? '/market';
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 400);
const persist = mkdtempSync(join(tmpdir(), 'profile-worker-'));
await freshDatabase(persist);
const inspectorPort = await freePort();
const app = await serve(persist, undefined, ['--inspector-port', String(inspectorPort)]);

/** The source of a position in a built server module, through its hidden sourcemap. */
const maps = new Map();
function original(url, line, column) {
  // workerd names a module by its path under dist/server (entry.mjs, chunks/…), after a prefix.
  const file = decodeURIComponent(url).match(/(chunks\/[^/]+|[^/]+)$/)?.[1] ?? '';
  if (!maps.has(file)) {
    const path = join('dist/server', `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  const pos = maps.get(file)?.originalPositionFor({ line: line + 1, column });
  return pos?.source ? { source: pos.source.replace(/^(\.\.\/)+/, ''), name: pos.name } : { source: file || '(native)', name: null };
}
/** A package (node_modules/<name>) or the app's folder (src/worker/pages). */
const area = (source) => {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const parts = source.split('/');
  return parts.slice(0, Math.min(3, parts.length - 1)).join('/') || source;
};

try {
  const session = await signIn(app.baseURL);
  await fetch(`${app.baseURL}/api/accounts/user/active-account`, { headers: { authorization: `Bearer ${session.access_token}` } });
  // An /api path is called as the API is: with the bearer token (cookies never authorize it).
  const headers = PATH.startsWith('/api/') ? { authorization: `Bearer ${session.access_token}` } : { cookie: sessionCookieHeader(session) };
  const get = async () => {
    const res = await fetch(`${app.baseURL}${PATH}`, { headers, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${PATH} answered ${res.status}`);
  };
  for (let i = 0; i < 50; i++) await get();

  // The inspector proxy accepts a DevTools client from a local origin only.
  const { send, close } = await cdpSocket(`ws://127.0.0.1:${inspectorPort}/ws`, { headers: { origin: 'http://localhost' } });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 50 });
  await send('Profiler.start');
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await get();
  const wall = performance.now() - started;
  const { profile } = await send('Profiler.stop');
  close();

  const self = new Map();
  profile.samples.forEach((node, i) => self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byArea = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const where = url ? original(url, lineNumber, columnNumber) : { source: functionName, name: null };
    const key = area(where.source);
    byArea.set(key, (byArea.get(key) ?? 0) + us);
    const fn = `${where.name ?? functionName ?? '(anonymous)'} ${where.source}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const perRequest = (us) => (us / 1000 / REQUESTS).toFixed(3);
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`${PATH}: ${REQUESTS} sequential requests, ${(wall / REQUESTS).toFixed(2)} ms each (wall); isolate busy ${perRequest(busy)} ms per request`);
  console.log('\nself time by package or folder (ms per request)');
  for (const [k, us] of top(byArea, 25)) console.log(`  ${perRequest(us).padStart(7)}  ${k}`);
  console.log('\nfunctions (ms per request)');
  for (const [k, us] of top(byFunction, 30)) console.log(`  ${perRequest(us).padStart(7)}  ${k}`);
} finally {
  await app.stop();
}
