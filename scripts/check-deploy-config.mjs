// Refuses a production configuration that would ship local-only settings: fixed-code test numbers
// (AUTH_TEST_OTP), APP_MODE=local or demo (demo comes only from `npm run deploy:demo`, which builds
// the pages with the demo banner), or a secret written in plain [vars]. Reads wrangler.toml and, when
// present, the dist/server/wrangler.json the Astro adapter generates from it (what `wrangler deploy`
// really uploads). Run by `npm run check` and `npm run deploy`; scripts/check-deploy-config.test.ts
// runs it inside `npm test`. `node scripts/check-deploy-config.mjs [dir]` prints the problems and
// exits 1 (dir: another project root, for the test).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Variables that must never be in [vars]: set with `wrangler secret put`. */
const SECRETS = ['AUTH_SIGNING_KEY_SECRET', 'SUPABASE_JWT_SECRET'];

/** The problems of one raw wrangler configuration (top level and every [env.*]), named after `source`. */
export function deployConfigProblems(rawConfig, source) {
  const problems = [];
  const scopes = [['', rawConfig], ...Object.entries(rawConfig.env ?? {}).map(([name, env]) => [`[env.${name}] `, env])];
  for (const [scope, config] of scopes) {
    const vars = config?.vars ?? {};
    const where = `${source} ${scope}vars`;
    if (String(vars.AUTH_TEST_OTP ?? '').trim()) {
      problems.push(`${where}: AUTH_TEST_OTP ships fixed-code test numbers; they belong in config/local.env only`);
    }
    const mode = String(vars.APP_MODE ?? '').trim();
    if (mode && mode !== 'production') {
      problems.push(
        mode === 'demo'
          ? `${where}: APP_MODE=demo; deploy a demo with \`npm run deploy:demo\` so its pages carry the demo banner`
          : `${where}: APP_MODE=${mode} would serve the embedded sign-in and core; leave APP_MODE unset (production)`,
      );
    }
    for (const name of SECRETS) {
      if (String(vars[name] ?? '').trim()) problems.push(`${where}: ${name} is a secret; set it with \`wrangler secret put ${name}\``);
    }
  }
  return problems;
}

/** The production configurations on disk: wrangler.toml and, after a build, dist/server/wrangler.json. */
export async function readDeployConfigs(dir = root) {
  const { experimental_readRawConfig } = await import('wrangler');
  return ['wrangler.toml', 'dist/server/wrangler.json']
    .filter((file) => existsSync(`${dir}/${file}`))
    .map((file) => ({ source: file, rawConfig: experimental_readRawConfig({ config: `${dir}/${file}` }).rawConfig }));
}

export async function checkDeployConfig(dir = root) {
  return (await readDeployConfigs(dir)).flatMap(({ source, rawConfig }) => deployConfigProblems(rawConfig, source));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await checkDeployConfig(process.argv[2] ?? root);
  if (problems.length > 0) {
    console.error(`The production configuration is not safe to deploy:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('deploy configuration: no test numbers, no local or demo mode, no secrets in [vars]');
}
