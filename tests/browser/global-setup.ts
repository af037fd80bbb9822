// Browser tier setup: checks Chromium, builds the app, applies migrations to a fresh local D1 and
// serves it with wrangler dev on a free port, exactly as `npm start` does (config/local.env's
// local-only variables: the test numbers the tests sign in with).
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, localDevArgs } from '../../scripts/env.mjs';
import { serveBuilt } from '../../scripts/serve.mjs';
import { buildApp, sh } from '../build-app';

/** The served app's local D1 (and other storage). */
export const TEST_STATE = '.wrangler/test-state';
const persist = TEST_STATE;
const serverLog = '.wrangler/test-server.log';

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`npm run setup:browser\` (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  // One build shared with the remote-mode tier (tests/build-app.ts).
  await buildApp();
  rmSync(persist, { recursive: true, force: true });
  sh('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  // The server's output also goes to a file the tests can read (tests/browser/api-clients.test.ts
  // checks that hostile paths write no error line).
  writeFileSync(serverLog, '');
  const { baseURL, stop } = await serveBuilt({
    persist,
    args: ['--log-level', 'info', ...localDevArgs()],
    onOutput: (chunk: string) => appendFileSync(serverLog, chunk),
  });
  project.provide('baseURL', baseURL);
  project.provide('serverLog', serverLog);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Path of the file that collects wrangler dev's stdout and stderr. */
    serverLog: string;
  }
}
