// Refuses a production configuration that would ship local-only settings: fixed-code test numbers
// (AUTH_TEST_OTP), APP_MODE=local or demo (demo comes only from `npm run deploy:demo`, which builds
// the pages with the demo banner), a secret written in plain [vars], or the content editor in the
// built Worker (it saves without any sign-in in its local mode: it belongs to the edit server,
// `npm run edit`, never to a deployment; docs/public-site.md). Reads wrangler.toml and, when
// present, the dist/server/wrangler.json the Astro adapter generates from it (what `wrangler deploy`
// really uploads). Run by `npm run check` and `npm run deploy`; scripts/check-deploy-config.test.ts
// runs it inside `npm test`. `node scripts/check-deploy-config.mjs [dir]` prints the problems and
// exits 1 (dir: another project root, for the test).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Variables that must never be in [vars]: set with `wrangler secret put`. */
const SECRETS = ['AUTH_SIGNING_KEY_SECRET', 'SUPABASE_JWT_SECRET', 'KEYSTATIC_SECRET', 'KEYSTATIC_GITHUB_CLIENT_SECRET'];

/** The content editor's route as the Astro build records it in the Worker (Keystatic's integration injects it). */
const EDITOR_ROUTE = '/keystatic/[...params]';

/** The built Worker's files (dist/server) that carry the content editor's routes. */
export function editorInWorker(dir = root) {
  const server = join(dir, 'dist/server');
  if (!existsSync(server)) return [];
  return readdirSync(server, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(m?js|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file, 'utf8').includes(EDITOR_ROUTE))
    .map((file) => relative(dir, file));
}

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
  const editor = editorInWorker(dir).map(
    (file) => `${file}: the content editor (/keystatic) is in the Worker; it runs on the edit server only (\`npm run edit\`), never deployed`,
  );
  return [...(await readDeployConfigs(dir)).flatMap(({ source, rawConfig }) => deployConfigProblems(rawConfig, source)), ...editor];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await checkDeployConfig(process.argv[2] ?? root);
  if (problems.length > 0) {
    console.error(`The production configuration is not safe to deploy:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('deploy configuration: no test numbers, no local or demo mode, no secrets in [vars], no content editor in the Worker');
}
