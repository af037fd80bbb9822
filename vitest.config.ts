// Test tiers: unit (beside the code, happy-dom), worker (integration inside workerd with real
// local D1 and KV), browser (Chromium through playwright-core against the built app on wrangler),
// remote (the built app in production mode against stand-in upstream and Supabase on loopback).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { localVars } from './scripts/env.mjs';

const migrations = await readD1Migrations('./migrations');

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        // No `main` here: the plugin takes wrangler.toml's, the production entry (src/worker/entry.ts).
        // Astro's pages handler (and astro/fetch) needs Astro's build (its virtual modules), so these tests swap in a
        // stand-in that only marks what reached it (tests/worker/astro-pages-stub.ts).
        resolve: {
          alias: Object.fromEntries(
            ['@astrojs/cloudflare/handler', '@astrojs/cloudflare/fetch', 'astro/fetch'].map((name) => [
              name,
              fileURLToPath(new URL('./tests/worker/astro-pages-stub.ts', import.meta.url)),
            ]),
          ),
        },
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // The local-only variables (config/local.env: APP_MODE=local, the test numbers), as
              // `npm start` has them. FUZZ_RUNS: cases per route in tests/worker/bff/fuzz.test.ts
              // (`npm run fuzz` sets 10000). CONTRACT_CHECK: every error answer of a declared route must be
              // one its declaration lists (src/worker/middleware/declared-errors.ts). MIGRATIONS_DB: an empty
              // database beside DB, where a test applies the migrations step by step (a table rebuild keeps its rows).
              bindings: { ...localVars(), TEST_MIGRATIONS: migrations, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '', CONTRACT_CHECK: '1' },
              d1Databases: { MIGRATIONS_DB: 'migrations-test' },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['./tests/worker/apply-migrations.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/browser/global-setup.ts'],
          // The tests read the interface strings through t(): every dictionary loaded, as in unit tests.
          setupFiles: ['./src/test-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Remote mode (production configuration): the built app on wrangler dev with the upstream and
          // Supabase as stand-ins on loopback (tests/remote/global-setup.ts); shares the browser tier's build.
          name: 'remote',
          include: ['tests/remote/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/remote/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One Worker and one pair of stand-in ports: the files take turns.
          fileParallelism: false,
        },
      },
    ],
  },
});
