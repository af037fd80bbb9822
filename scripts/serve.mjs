// Serves the built app the way `npm start` and the browser tests do: applies the D1 migrations to
// a fresh local state directory and runs `wrangler dev` on a free port with the local-only
// variables of config/local.env. Used by scripts/lighthouse.mjs.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { localDevArgs, offlineEnv, run } from './env.mjs';

// A port the OS will not hand out on its own: below the ephemeral range (Linux: 32768-60999), so
// that between reserving it and listening on it (the remote tier reserves the stand-ins' ports in
// its global setup and listens in each test file, while wrangler dev and workerd open ephemeral
// ports of their own) nobody else is given it. Free when checked; random, so that parallel runs
// rarely try the same one.
const EPHEMERAL_LOW = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
})();

function canListen(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function freePort() {
  const low = 20000;
  const high = Math.max(low + 1000, EPHEMERAL_LOW);
  for (let i = 0; i < 50; i++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  return ephemeralPort();
}

function ephemeralPort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

// Ends a process started detached (its own process group) together with its children.
export function stopGroup(child) {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

/** Builds (unless SKIP_BUILD=1), migrates and serves the app; resolves to { baseURL, stop }. */
export async function startApp({ persist = '.wrangler/serve-state', build = process.env.SKIP_BUILD !== '1' } = {}) {
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  if (build && (await run('astro', ['build'], quiet)) !== 0) throw new Error('astro build failed');
  rmSync(persist, { recursive: true, force: true });
  if ((await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], quiet)) !== 0) {
    throw new Error('D1 migrations failed');
  }
  const { baseURL, stop } = await serveBuilt({ persist, args: localDevArgs() });
  return { baseURL, stop };
}

/**
 * Runs `wrangler dev` on the built app (its own process group, a free loopback port) and resolves
 * once /api/health answers: { baseURL, stop, logs }. `args` adds flags (the local-only
 * variables, --var overrides, --log-level); `onOutput` sees every chunk the server prints. The one
 * way the start script, the Lighthouse run, the browser tier and the remote-mode tier serve the app.
 * `cwd`: the project to serve (default: this one; the content editor's test serves a copy).
 * @param {{ persist: string, args?: string[], onOutput?: (chunk: string) => void, label?: string, cwd?: string }} options
 */
export async function serveBuilt({ persist, args = [], onOutput = () => {}, label = 'wrangler dev', cwd }) {
  const port = await freePort();
  const logs = [];
  const server = spawn(
    'wrangler',
    ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', ...args],
    { env: offlineEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true, cwd },
  );
  const keep = (d) => {
    logs.push(String(d));
    onOutput(String(d));
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  /** Ends the server's process group; resolves when it has exited. */
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    stopGroup(server);
    await exited;
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not start:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, stop, logs };
}
