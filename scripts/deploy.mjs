// `npm run deploy`: build, refuse a configuration that would ship local-only settings
// (scripts/check-deploy-config.mjs), then `wrangler deploy`. The Worker runs in production mode: it
// needs PUBLIC_SUPABASE_URL and UPSTREAM_API_URL, or it answers 503 on /auth/v1 and /api.
// `npm run deploy:demo` (--demo): the one way to deploy a public demo on the embedded sign-in and
// core. One script sets both halves so they cannot disagree: the pages are built with
// PUBLIC_APP_MODE=demo (the demo banner on every page) and the Worker gets `--var APP_MODE:demo`.
// Further arguments go to `wrangler deploy`.
import { checkDeployConfig } from './check-deploy-config.mjs';
import { browserOnlyIn } from './worker-bundle.mjs';
import { offlineEnv, run } from './env.mjs';

const demo = process.argv.includes('--demo');
const extra = process.argv.slice(2).filter((arg) => arg !== '--demo');

const { PUBLIC_APP_MODE: _ignored, ...buildEnv } = offlineEnv;
if (demo) buildEnv.PUBLIC_APP_MODE = 'demo';
const built = await run('astro', ['build'], { env: buildEnv });
if (built !== 0) process.exit(built);

const problems = await checkDeployConfig();
if (problems.length > 0) {
  console.error(`deploy refused, the production configuration is not safe:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const browserOnly = browserOnlyIn('dist/server');
if (browserOnly.length > 0) {
  console.error(`deploy refused, the Worker's bundle carries code only the browser runs:\n${browserOnly.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
process.exit(await run('wrangler', ['deploy', ...(demo ? ['--var', 'APP_MODE:demo'] : []), ...extra]));
