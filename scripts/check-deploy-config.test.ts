// @vitest-environment node
// The production configuration ships no local-only settings: the committed wrangler.toml (and the
// generated dist/server/wrangler.json after a build) pass, and each kind of leak is caught.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDeployConfig, deployConfigProblems } from './check-deploy-config.mjs';

describe('the production configuration', () => {
  it('ships no test numbers, no APP_MODE=local or demo and no secrets (wrangler.toml, dist/server/wrangler.json when built)', async () => {
    expect(await checkDeployConfig()).toEqual([]);
  });

  it('is refused when wrangler.toml [vars] carries AUTH_TEST_OTP or APP_MODE=local', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-config-'));
    try {
      const toml = readFileSync('wrangler.toml', 'utf8').replace('[vars]\n', '[vars]\nAPP_MODE = "local"\nAUTH_TEST_OTP = "15555550100=123456"\n');
      writeFileSync(join(dir, 'wrangler.toml'), toml);
      const problems = await checkDeployConfig(dir);
      expect(problems).toHaveLength(2);
      expect(problems.join('\n')).toMatch(/wrangler\.toml vars: AUTH_TEST_OTP ships fixed-code test numbers/);
      expect(problems.join('\n')).toMatch(/wrangler\.toml vars: APP_MODE=local/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused when the generated dist/server/wrangler.json or an [env.*] carries them', () => {
    expect(deployConfigProblems({ vars: { AUTH_TEST_OTP: '15555550100=123456' } }, 'dist/server/wrangler.json')).toEqual([
      'dist/server/wrangler.json vars: AUTH_TEST_OTP ships fixed-code test numbers; they belong in config/local.env only',
    ]);
    expect(deployConfigProblems({ vars: {}, env: { staging: { vars: { APP_MODE: 'local' } } } }, 'wrangler.toml')).toEqual([
      'wrangler.toml [env.staging] vars: APP_MODE=local would serve the embedded sign-in and core; leave APP_MODE unset (production)',
    ]);
  });

  it('is refused with APP_MODE=demo in [vars] (only npm run deploy:demo builds the banner) or a secret in plain [vars]', () => {
    const problems = deployConfigProblems({ vars: { APP_MODE: 'demo', AUTH_SIGNING_KEY_SECRET: 'x'.repeat(32) } }, 'wrangler.toml');
    expect(problems).toEqual([
      'wrangler.toml vars: APP_MODE=demo; deploy a demo with `npm run deploy:demo` so its pages carry the demo banner',
      'wrangler.toml vars: AUTH_SIGNING_KEY_SECRET is a secret; set it with `wrangler secret put AUTH_SIGNING_KEY_SECRET`',
    ]);
  });

  it('is refused when the built Worker carries the content editor, or its GitHub secrets sit in plain [vars]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-config-editor-'));
    try {
      writeFileSync(join(dir, 'wrangler.toml'), 'name = "x"\n[vars]\nKEYSTATIC_SECRET = "s"\n');
      mkdirSync(join(dir, 'dist/server/chunks'), { recursive: true });
      writeFileSync(join(dir, 'dist/server/chunks/manifest.mjs'), 'const routes = [{ route: "/keystatic/[...params]", prerender: false }];\n');
      writeFileSync(join(dir, 'dist/server/entry.mjs'), 'export default {};\n');
      expect(await checkDeployConfig(dir)).toEqual([
        'wrangler.toml vars: KEYSTATIC_SECRET is a secret; set it with `wrangler secret put KEYSTATIC_SECRET`',
        'dist/server/chunks/manifest.mjs: the content editor (/keystatic) is in the Worker; it runs on the edit server only (`npm run edit`), never deployed',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('accepts APP_MODE=production and empty values', () => {
    expect(deployConfigProblems({ vars: { APP_MODE: 'production', AUTH_TEST_OTP: '', PUBLIC_SUPABASE_URL: '' } }, 'wrangler.toml')).toEqual([]);
  });

  it('fails the command line check (npm run check) on a leak', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-config-cli-'));
    try {
      writeFileSync(join(dir, 'wrangler.toml'), 'name = "x"\n[vars]\nAUTH_TEST_OTP = "15555550100=123456"\n');
      expect(() => execFileSync(process.execPath, ['scripts/check-deploy-config.mjs', dir], { stdio: 'pipe' })).toThrow(
        /AUTH_TEST_OTP ships fixed-code test numbers/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
