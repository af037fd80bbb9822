// Builds the app (`astro build`, what `npm run deploy` ships) once per vitest run for every tier
// that serves the built app: the browser tier and the remote-mode tier share one build. Vitest
// runs the projects' global setups one after another in the same process, so a promise kept on
// globalThis is enough to make the second caller reuse the first build instead of starting one.
// SKIP_BUILD=1 reuses the existing dist/ (for repeated runs while editing tests).
import { spawnSync } from 'node:child_process';
import { offlineEnv } from '../scripts/env.mjs';

/** Runs a tool with the offline environment; throws with its output when it fails. */
export function sh(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { env: offlineEnv, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

const KEY = Symbol.for('dolar-app.tests.build');
type Holder = { [KEY]?: Promise<void> };

/** `astro build`, at most once per process (SKIP_BUILD=1: never). */
export function buildApp(): Promise<void> {
  const holder = globalThis as Holder;
  holder[KEY] ??= Promise.resolve().then(() => {
    if (process.env.SKIP_BUILD !== '1') sh('astro', ['build']);
  });
  return holder[KEY];
}
