// `npm start`: build, apply local D1 migrations (schema and seed data), serve the whole app with
// wrangler on http://localhost:8787 (PORT overrides) on the embedded default, with the local-only
// variables of config/local.env (test numbers, APP_MODE=local). No network needed.
import { localDevArgs, run } from './env.mjs';

const port = process.env.PORT ?? '8787';
const step = async (name, cmd, args) => {
  const code = await run(cmd, args);
  if (code !== 0) {
    console.error(`npm start: ${name} failed (exit ${code})`);
    process.exit(code);
  }
};

if (process.env.SKIP_BUILD !== '1') await step('build', 'astro', ['build']);
await step('migrations', 'wrangler', ['d1', 'migrations', 'apply', 'DB', '--local']);
console.log(`Serving on http://localhost:${port}  (test sign-in: +1 555 555 0100, code 123456)`);
process.exit(await run('wrangler', ['dev', '--port', port, '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...localDevArgs()]));
