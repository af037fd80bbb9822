// Builds and serves the app for the benchmark the way `npm start` does (astro build, local D1
// migrations, wrangler dev on the embedded default with config/local.env's variables), on a free
// loopback port and a D1/KV state directory of its own, so a running `npm start` or test run is
// left alone.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { localDevArgs, offlineEnv } from '../../scripts/env.mjs';
import { freePort } from '../../scripts/serve.mjs';

/** Runs a command quietly; rejects with its output when it fails. */
export function sh(cmd, args, { timeoutMs = 300_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: offlineEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${out.slice(-4000)}`));
    });
  });
}

export { freePort };

/** The production build plus hidden sourcemaps (bench/astro.config.mjs): same JavaScript bytes. */
export const buildApp = () => sh('astro', ['build', '--config', 'bench/astro.config.mjs']);

/** A fresh local D1 (schema and seed data) in its own state directory. */
export async function freshDatabase(persist) {
  rmSync(persist, { recursive: true, force: true });
  await sh('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
}

/** Runs a SQL file against the local D1 of `persist` (the server should be stopped). */
export const d1File = (persist, file) => sh('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', file, '--yes']);

/** Serves the built app with wrangler dev (`extraArgs` added to its own); resolves to { baseURL, stop } once /api/health answers. */
export async function serve(persist, port, extraArgs = []) {
  port ??= await freePort();
  const logs = [];
  const child = spawn(
    'wrangler',
    [
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persist,
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
      ...localDevArgs(),
      ...extraArgs,
    ],
    { env: offlineEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    await exited;
    clearTimeout(killer);
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not start:\n${logs.join('').slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, port, stop, logs };
}

/** The bench's own user: the test number its pages, reads and orders are measured with. */
export const BENCH_PHONE = '+1 555 555 0100';

/** Signs in with a test number through the local sign-in service; answers the GoTrue session JSON. */
export async function signIn(baseURL, phone = BENCH_PHONE, code = '123456') {
  const post = async (path, body) => {
    const res = await fetch(`${baseURL}/auth/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'local' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST /auth/v1${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  await post('/otp', { phone });
  return post('/verify', { phone, token: code, type: 'sms' });
}
