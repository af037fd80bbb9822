// The Worker's own cost, as wrangler reports it, from the build in dist/: the upload's size and its
// compressed size (`wrangler deploy --dry-run`, "Total Upload: … / gzip: …"; the compressed figure is
// what Cloudflare's Worker size limit counts), its modules (the ten largest, and no library only the
// browser runs: scripts/worker-bundle.mjs), and its start-up time: the CPU time of evaluating the
// Worker's modules, from `wrangler check startup` (a CPU profile of the first import of the main
// module in a local workerd, "Active: … ms"; the median of STARTUP_RUNS). That is the work Cloudflare
// limits as "Worker startup time" (parsing and running the global scope), measured on this machine's
// CPU rather than Cloudflare's, so it is read as a trend against the budget, not as the deployed figure.
//
// Budgets, from Cloudflare's limits (developers.cloudflare.com/workers/platform/limits: Worker size
// 3 MB compressed on Workers Free, 10 MB on Workers Paid; Worker startup time 1 s on both) and the
// figures of the day these rows were added (docs/bench.md: 0.98 MB gzip in 93 modules with the chart
// library, 0.95 MB without it; start-up 180 ms on a 2-core host at load 16): the compressed size at
// most 1.2 MB, today's plus a quarter for what the roadmap adds and 40 % of the free plan's limit, so
// the Worker deploys on either plan and a dependency that grows it by a fifth shows here first; the
// start-up at most 400 ms, 40 % of the limit, as this machine's CPU under load is slower than
// Cloudflare's and a start-up that nears the limit here is one to split before it nears it there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserOnlyIn, bundleModules, dryRun, wrangler } from '../../scripts/worker-bundle.mjs';

export const WORKER_BUDGET = {
  gzipBytes: 1_200_000, // the upload's compressed size (Workers Free: 3 MB, Paid: 10 MB)
  startupMs: 400, // script evaluation, local CPU profile (Cloudflare's limit: 1 s)
};
const STARTUP_RUNS = 3;

/** One `wrangler check startup`: the active (non-idle) CPU time of the start-up, in ms. */
async function startupMsOnce(dir) {
  const out = await wrangler(['check', 'startup', '--outfile', join(dir, 'startup.cpuprofile')]);
  const active = out.match(/Active:\s*([\d.]+)\s*ms/);
  return active ? Number(active[1]) : null;
}

/**
 * The Worker's size, modules and start-up time; `check(name, value, op, limit, unit)` records the
 * budgets (bench/run.mjs). Needs the build in dist/.
 */
export async function workerSize(check) {
  const dir = mkdtempSync(join(tmpdir(), 'worker-size-'));
  try {
    const outdir = join(dir, 'out');
    const { bytes, gzip } = await dryRun(outdir);
    const modules = bundleModules(outdir);
    const browserOnly = browserOnlyIn(outdir);
    const startupRunsMs = [];
    for (let i = 0; i < STARTUP_RUNS; i++) startupRunsMs.push(await startupMsOnce(dir));
    const startupMs = [...startupRunsMs].sort((a, b) => a - b)[Math.floor(STARTUP_RUNS / 2)];
    const kib = (b) => `${Math.round(b / 1024)} KiB`;
    console.log(
      `[bench] Worker: ${kib(bytes)}, ${kib(gzip)} gzip in ${modules.length} modules; start-up ${startupRunsMs.join(', ')} ms; largest: ${modules
        .slice(0, 10)
        .map((m) => `${m.module} ${kib(m.bytes)}`)
        .join(', ')}`,
    );
    check('Worker size (gzip, wrangler)', gzip, '<=', WORKER_BUDGET.gzipBytes, 'B');
    check('Worker start-up (wrangler check startup, CPU)', startupMs, '<=', WORKER_BUDGET.startupMs, 'ms');
    check('browser-only libraries in the Worker', browserOnly.length, '<=', 0);
    return {
      bytes,
      gzip,
      modules: modules.length,
      largest: modules.slice(0, 10).map(({ module, bytes: b, gzip: g }) => ({ module, bytes: b, gzip: g })),
      browserOnly,
      startupMs,
      startupRunsMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
