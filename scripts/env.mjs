// Runs a command with the offline, no-telemetry environment that wrangler and astro need here.
import { spawn } from 'node:child_process';

export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  ASTRO_TELEMETRY_DISABLED: '1',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
  NO_UPDATE_NOTIFIER: '1',
};

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: offlineEnv, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, ...args] = process.argv.slice(2);
  process.exit(await run(cmd, args));
}
