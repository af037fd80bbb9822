// Load on the Worker from this process (the server is wrangler dev/workerd, a separate process) over
// loopback: autocannon rows with the same connections and duration for every row, in alternating
// rounds so that background load on a shared machine weighs on every row alike; and a sequential
// latency probe for the scaling rows.
import autocannon from 'autocannon';

const LOOPBACK = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;

function once(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 10, ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/**
 * rows: [{ name, path, headers?, requests?(connectionIndex), perConnection?, before?() }] where
 * requests() returns an autocannon request list for one connection (each connection runs its own list
 * in a loop). A row with `perConnection` makes exactly that many requests on each connection per round
 * (a count, not a duration: what a rate-limited action needs to stay under its limit at any speed)
 * and answers `expected`, the requests it should have made, beside `requests`, those it made.
 * Answers per row: requests/s over all rounds, the worst round's p50 and p99 (ms), non-2xx, errors.
 */
export async function throughput(base, rows, { connections = 10, seconds = 5, rounds = 3 } = {}) {
  if (!LOOPBACK.test(base)) throw new Error('loopback targets only');
  const runs = new Map(rows.map((r) => [r.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      await row.before?.();
      let client = 0;
      const r = await once({
        url: `${base}${row.path}`,
        connections,
        // A counted row stops at its count; the duration only bounds a stalled server.
        ...(row.perConnection ? { maxConnectionRequests: row.perConnection, duration: 60 } : { duration: seconds }),
        headers: row.headers ?? {},
        ...(row.requests ? { setupClient: (c) => c.setRequests(row.requests(client++)) } : {}),
      });
      runs.get(row.name).push(r);
    }
  }
  return rows.map((row) => {
    const rs = runs.get(row.name);
    const total = rs.reduce((n, r) => n + r.requests.total, 0);
    const secs = rs.reduce((n, r) => n + r.duration, 0);
    return {
      name: row.name,
      path: row.path,
      rps: Math.round(total / secs),
      p50: Math.max(...rs.map((r) => r.latency.p50)),
      p99: Math.max(...rs.map((r) => r.latency.p99)),
      requests: total,
      ...(row.perConnection ? { expected: row.perConnection * connections * rounds } : {}),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      statusCodes: rs.reduce((acc, r) => {
        for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) acc[code] = (acc[code] ?? 0) + count;
        return acc;
      }, {}),
      errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
    };
  });
}

/** Sequential requests (one at a time) after a warm-up; p50/p90 in ms with sub-ms precision. */
export async function latency(url, headers, { warmup = 20, samples = 200 } = {}) {
  const times = [];
  for (let i = 0; i < warmup + samples; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
    if (i >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
  return { p50: at(0.5), p90: at(0.9), samples };
}
