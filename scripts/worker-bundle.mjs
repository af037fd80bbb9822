// The Worker as `wrangler deploy` would upload it, after `npm run build`: `wrangler deploy --dry-run
// --outdir` writes its modules and reports the upload's size; this reads the modules and refuses a
// bundle that carries a library only the browser runs (the price chart's drawing library: it would
// cost every isolate's start-up and part of the compressed size limit for code the server never
// calls). `npm run check` and `npm run deploy` run it (`node scripts/worker-bundle.mjs [outdir]`
// exits 1 on such a library); the bench reports the sizes and the start-up time
// (bench/lib/worker-size.mjs); tests/remote/worker-bundle.test.ts holds the built bundle to it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { offlineEnv } from './env.mjs';

/** Libraries only the browser runs, each with a text that only its own code contains. */
export const BROWSER_ONLY = [{ library: 'lightweight-charts', marker: 'utm_campaign=lwc-chart' }];

/** Runs wrangler quietly with the offline environment; resolves to its output, rejects with it on failure. */
export function wrangler(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrangler', args, { env: { ...offlineEnv, WRANGLER_LOG: 'log' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(out) : reject(new Error(`wrangler ${args.join(' ')} failed (${code ?? signal}):\n${out.slice(-4000)}`)),
    );
  });
}

/** A "<n> KiB" figure of wrangler's output after `label`, in bytes (1 KiB = 1024 B); null when absent. */
export function kibAfter(output, label) {
  const m = output.match(new RegExp(`${label}:?\\s*([\\d.]+)\\s*KiB`));
  return m ? Math.round(Number(m[1]) * 1024) : null;
}

/**
 * `wrangler deploy --dry-run --outdir outdir`: the upload's size and its gzip as wrangler reports
 * them ("Total Upload: … KiB / gzip: … KiB"), in bytes.
 */
export async function dryRun(outdir) {
  const output = await wrangler(['deploy', '--dry-run', '--outdir', outdir]);
  return { bytes: kibAfter(output, 'Total Upload'), gzip: kibAfter(output, 'gzip'), output };
}

/** Every JavaScript module under `dir` with its size and gzip size in bytes, largest first. */
export function bundleModules(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((file) => /\.(m?js|cjs)$/.test(file))
    .map((file) => {
      const text = readFileSync(join(dir, file));
      return { module: relative(dir, join(dir, file)), bytes: text.length, gzip: gzipSync(text).length, text };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** The browser-only libraries found in the modules under `dir`, as "library in module". */
export function browserOnlyIn(dir) {
  return bundleModules(dir).flatMap(({ module, text }) =>
    BROWSER_ONLY.filter(({ marker }) => text.includes(marker)).map(({ library }) => `${library} in ${module}`),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outdir = process.argv[2] ?? '.wrangler/dry-run';
  const { bytes, gzip } = await dryRun(outdir);
  const found = browserOnlyIn(outdir);
  if (found.length > 0) {
    console.error(`The Worker's bundle carries code only the browser runs:\n${found.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Worker bundle: ${Math.round(bytes / 1024)} KiB, ${Math.round(gzip / 1024)} KiB gzip, no browser-only library`);
}
