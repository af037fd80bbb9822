// Runs a command with the offline, no-telemetry environment that wrangler and astro need here, and
// holds the one registry of local-only Worker variables (config/local.env): every local starter
// (npm start, npm run dev, scripts/serve.mjs, the browser tests, the bench, the workerd tests) reads
// them through this module, and nothing that deploys does.
// `node scripts/env.mjs CMD ARGS` runs CMD; `node scripts/env.mjs --local CMD ARGS` also hands CMD's
// Worker the local variables through the process environment (for `astro dev`, whose Cloudflare
// Vite plugin takes no --env-file).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/**
 * Debian's Chromium on these machines, headless or not: no sandbox (root), no GPU, and none of the
 * background connections that this closed network refuses (many at a time). Used by the browser
 * tests, the bench's Lighthouse runs and the image scripts.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  ASTRO_TELEMETRY_DISABLED: '1',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
  NO_UPDATE_NOTIFIER: '1',
  // wrangler dev's local trace collector (on by default) writes every span of every request into a
  // SQLite store under the state directory: ~12% of the Worker process's CPU in a profile of the
  // bench's /market, growing with the store (35 MB after ~5,000 requests). Production has none.
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
};

/** The local-only variables (APP_MODE=local, the fixed-code test numbers, local secrets). */
export const LOCAL_ENV_FILE = fileURLToPath(new URL('../config/local.env', import.meta.url));
/** A developer's own overrides, gitignored, beside wrangler.toml (wrangler's usual place). */
export const DEV_VARS_FILE = fileURLToPath(new URL('../.dev.vars', import.meta.url));

/** config/local.env as an object: the workerd tests pass it to miniflare as bindings. */
export const localVars = () => parseEnv(readFileSync(LOCAL_ENV_FILE, 'utf8'));

/**
 * `wrangler dev` arguments that load the local variables, then .dev.vars when present (later files
 * win). Absolute paths: wrangler resolves relative ones against the generated dist/server config.
 * With --env-file wrangler no longer reads .dev.vars by itself, hence the second file.
 */
export const localDevArgs = () => ['--env-file', LOCAL_ENV_FILE, ...(existsSync(DEV_VARS_FILE) ? ['--env-file', DEV_VARS_FILE] : [])];

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: offlineEnv, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let [cmd, ...args] = process.argv.slice(2);
  let env = offlineEnv;
  if (cmd === '--local') {
    [cmd, ...args] = args;
    // Wrangler (inside the Vite plugin) adds the process environment to the Worker's variables only
    // when no .dev.vars exists; a .dev.vars then replaces these values entirely.
    env = { ...offlineEnv, ...localVars(), CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true' };
  }
  process.exit(await run(cmd, args, { env }));
}
