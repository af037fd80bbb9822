// Remote-mode tier setup: the BUILT app (what `npm run deploy` ships) on `wrangler dev`, configured
// as production: UPSTREAM_API_URL at a stand-in upstream and PUBLIC_SUPABASE_URL at a second
// loopback origin acting as Supabase (both served by the test files, tests/remote/stand-ins.ts, on
// the ports reserved here). The ES256 key pair of the stand-in Supabase is made here so that every
// test file serves and signs with the same key (the Worker caches the JWKS it fetched for 10 min).
// APP_MODE is left unset: production is exactly what this tier runs.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { TestProject } from 'vitest/node';
import { run } from '../../scripts/env.mjs';
import { freePort, serveBuilt } from '../../scripts/serve.mjs';
import { buildApp } from '../build-app';

const persist = '.wrangler/remote-test-state';
/** The migrations of tables the BFF itself keeps in production (README, Deploy applies them all). */
export const BFF_MIGRATIONS = ['0023_session_activity.sql'];
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

export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `stand-in-${randomUUID()}`;
  const upstreamPort: number = await freePort();
  const supabasePort: number = await freePort();
  const upstreamURL = `http://127.0.0.1:${upstreamPort}${UPSTREAM_BASE_PATH}`;
  const supabaseURL = `http://127.0.0.1:${supabasePort}`;
  const scratch = mkdtempSync(join(tmpdir(), 'remote-tier-'));
  // An empty env file in place of .dev.vars (wrangler reads only the --env-file files then): a
  // developer's local variables (APP_MODE=local, test numbers) must not leak into production mode.
  const envFile = join(scratch, 'production.env');
  writeFileSync(envFile, '');

  await buildApp();
  // Only the BFF's own tables (the sessions list's activity notes and ended sessions): in production
  // the Worker must not need the embedded core's tables, so the core's migrations are not applied.
  rmSync(persist, { recursive: true, force: true });
  for (const file of BFF_MIGRATIONS) {
    const code = await run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', `migrations/${file}`]);
    if (code !== 0) throw new Error(`remote tier: applying migrations/${file} failed (${code})`);
  }
  const served = await serveBuilt({
    persist,
    label: 'wrangler dev (remote mode)',
    args: [
      '--log-level',
      'info',
      '--env-file',
      envFile,
      '--var',
      `UPSTREAM_API_URL:${upstreamURL}`,
      '--var',
      `PUBLIC_SUPABASE_URL:${supabaseURL}`,
      '--var',
      'PUBLIC_SUPABASE_PUBLISHABLE_KEY:sb_publishable_remote_tier',
      '--var',
      `UPSTREAM_TIMEOUT_MS:${REMOTE_UPSTREAM_TIMEOUT_MS}`,
    ],
  });
  const { baseURL } = served;

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
    await served.stop();
    if (process.env.REMOTE_TIER_LOGS === '1') console.log(served.logs.join(''));
    rmSync(scratch, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    remote: RemoteContext;
  }
}
