// Remote-mode tier setup: the BUILT app (what `npm run deploy` ships) on `wrangler dev`, configured
// as production: UPSTREAM_API_URL at a stand-in upstream and PUBLIC_SUPABASE_URL at a second
// loopback origin acting as Supabase (both served by the test files, tests/remote/stand-ins.ts, on
// the ports reserved here). The ES256 key pair of the stand-in Supabase is made here so that every
// test file serves and signs with the same key (the Worker caches the JWKS it fetched for 10 min).
// APP_MODE is left unset: production is exactly what this tier runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { TestProject } from 'vitest/node';
import { offlineEnv } from '../../scripts/env.mjs';
import { freePort, stopGroup } from '../../scripts/serve.mjs';
import { buildApp } from '../build-app';

const persist = '.wrangler/remote-test-state';
/** Small, so that the stall tests end fast; the production default is 10 s. */
export const REMOTE_UPSTREAM_TIMEOUT_MS = 1500;
export const UPSTREAM_BASE_PATH = '/v1';

export interface RemoteContext {
  baseURL: string;
  upstreamPort: number;
  /** The path UPSTREAM_API_URL ends with: every upstream path the BFF builds must stay under it. */
  upstreamBasePath: string;
  supabasePort: number;
  supabaseURL: string;
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
  upstreamTimeoutMs: number;
  /** A file each JWKS request to the stand-in Supabase appends a line to (across test files). */
  jwksLog: string;
}

let server: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `stand-in-${randomUUID()}`;
  const upstreamPort: number = await freePort();
  const supabasePort: number = await freePort();
  const port: number = await freePort();
  const upstreamURL = `http://127.0.0.1:${upstreamPort}${UPSTREAM_BASE_PATH}`;
  const supabaseURL = `http://127.0.0.1:${supabasePort}`;
  const scratch = mkdtempSync(join(tmpdir(), 'remote-tier-'));
  // An empty env file in place of .dev.vars (wrangler reads only the --env-file files then): a
  // developer's local variables (APP_MODE=local, test numbers) must not leak into production mode.
  const envFile = join(scratch, 'production.env');
  writeFileSync(envFile, '');

  await buildApp();
  // No migrations: in production the Worker must not need the embedded core's tables.
  rmSync(persist, { recursive: true, force: true });
  const logs: string[] = [];
  server = spawn(
    'wrangler',
    [
      'dev',
      '--port', String(port),
      '--ip', '127.0.0.1',
      '--persist-to', persist,
      '--show-interactive-dev-session=false',
      '--log-level', 'info',
      '--env-file', envFile,
      '--var', `UPSTREAM_API_URL:${upstreamURL}`,
      '--var', `PUBLIC_SUPABASE_URL:${supabaseURL}`,
      '--var', 'PUBLIC_SUPABASE_PUBLISHABLE_KEY:sb_publishable_remote_tier',
      '--var', `UPSTREAM_TIMEOUT_MS:${REMOTE_UPSTREAM_TIMEOUT_MS}`,
    ],
    { env: offlineEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  server.stdout?.on('data', (d) => logs.push(String(d)));
  server.stderr?.on('data', (d) => logs.push(String(d)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      stopGroup(server);
      throw new Error(`wrangler dev (remote mode) did not start:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  project.provide('remote', {
    baseURL,
    upstreamPort,
    upstreamBasePath: UPSTREAM_BASE_PATH,
    supabasePort,
    supabaseURL,
    kid,
    publicJwk: await exportJWK(publicKey),
    privateJwk: await exportJWK(privateKey),
    upstreamTimeoutMs: REMOTE_UPSTREAM_TIMEOUT_MS,
    jwksLog: join(scratch, 'jwks-fetches.log'),
  } satisfies RemoteContext);

  return async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      stopGroup(server);
      await exited;
    }
    if (process.env.REMOTE_TIER_LOGS === '1') console.log(logs.join(''));
    rmSync(scratch, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    remote: RemoteContext;
  }
}
