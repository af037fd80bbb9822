// Browser tier setup: checks Chromium, builds the app, applies migrations to a fresh local D1 and
// serves it with wrangler dev on a free port, exactly as `npm start` does (config/local.env's
// local-only variables: the test numbers the tests sign in with).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { buildApp } from '../build-app';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { localDevArgs } from '../../scripts/env.mjs';

export const chromePath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  ASTRO_TELEMETRY_DISABLED: '1',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_UPDATE_NOTIFIER: '1',
};
const persist = '.wrangler/test-state';
const serverLog = '.wrangler/test-server.log';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function sh(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

let server: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  if (!existsSync(chromePath())) {
    throw new Error(`Chromium not found at ${chromePath()}: run \`npm run setup:browser\` (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  // One build shared with the remote-mode tier (tests/build-app.ts).
  await buildApp();
  rmSync(persist, { recursive: true, force: true });
  sh('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  const port = await freePort();
  const logs: string[] = [];
  server = spawn('wrangler', ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'info', ...localDevArgs()], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's output also goes to a file the tests can read (tests/browser/api-clients.test.ts
  // checks that hostile paths write no error line).
  writeFileSync(serverLog, '');
  const keep = (d: unknown) => {
    logs.push(String(d));
    appendFileSync(serverLog, String(d));
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('serverLog', serverLog);
  return async () => {
    server?.kill('SIGTERM');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Path of the file that collects wrangler dev's stdout and stderr. */
    serverLog: string;
  }
}
