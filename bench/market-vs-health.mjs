// Benchmark against a running `npm start` (loopback only, bounded): the time to sign in with
// supabase-js (test number) and the request rate of /api/market served from the KV cache against
// /api/health, measured with autocannon in one run, as a ratio.
// Usage: npm start (in another terminal), then `node bench/market-vs-health.mjs [baseURL]`.
import { createClient } from '@supabase/supabase-js';
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';

const base = process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8787';
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error('loopback targets only');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
// Alternating rounds so that background load on a shared machine weighs on both endpoints alike.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function signInOnce() {
  const sb = createClient(base, 'local-publishable-key', { auth: { persistSession: false, autoRefreshToken: false } });
  const started = performance.now();
  const sent = await sb.auth.signInWithOtp({ phone: '+1 555 555 0100' });
  if (sent.error) throw sent.error;
  const { data, error } = await sb.auth.verifyOtp({ phone: '+1 555 555 0100', token: '123456', type: 'sms' });
  if (error) throw error;
  return { ms: performance.now() - started, token: data.session.access_token };
}

const signIns = [];
let token = '';
for (let i = 0; i < 5; i++) {
  const r = await signInOnce();
  signIns.push(Math.round(r.ms * 10) / 10);
  token = r.token;
}

// Prime the cache, then check that it answers from it.
await fetch(`${base}/api/market`, { headers: { authorization: `Bearer ${token}` } });
const probe = await fetch(`${base}/api/market`, { headers: { authorization: `Bearer ${token}` } });
if (probe.status !== 200) throw new Error(`/api/market answered ${probe.status}`);
const cacheState = probe.headers.get('x-cache');
const bytes = (await probe.arrayBuffer()).byteLength;

const run = (path, headers = {}) =>
  autocannon({ url: `${base}${path}`, connections, duration: seconds, headers, timeout: 10 }).then((r) => ({
    requests: r.requests.total,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));

const sum = (runs) => ({
  rps: Math.round(runs.reduce((n, r) => n + r.requests, 0) / runs.reduce((n, r) => n + r.seconds, 0)),
  p50: Math.max(...runs.map((r) => r.p50)),
  p99: Math.max(...runs.map((r) => r.p99)),
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});
const healthRuns = [];
const marketRuns = [];
for (let i = 0; i < rounds; i++) {
  healthRuns.push(await run('/api/health'));
  marketRuns.push(await run('/api/market', { authorization: `Bearer ${token}` }));
}
const health = sum(healthRuns);
const market = sum(marketRuns);
const result = {
  at: new Date().toISOString(),
  base,
  secondsPerRound: seconds,
  rounds,
  connections,
  loadAverage: (await import('node:os')).loadavg().map((n) => Math.round(n * 10) / 10),
  signInMs: { runs: signIns, first: signIns[0], median: [...signIns].sort((a, b) => a - b)[2] },
  marketCache: cacheState,
  marketBytes: bytes,
  health,
  market,
  ratio: Math.round((market.rps / health.rps) * 100) / 100,
};
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/market-vs-health.json', JSON.stringify(result, null, 2) + '\n');
