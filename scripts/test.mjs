// `npm test`: type check (astro check + tsc), lint (ESLint, zero warnings), format (Prettier) and dead code (knip), then every vitest tier (unit, worker in workerd,
// browser in Chromium). The API linters (redocly, spectral) run on the served document in the unit tier
// (src/worker/openapi-lint.test.ts, which needs the Worker's TypeScript), so not as a step of their own here.
// Ends with one plain summary line so a run with no tests is visible.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { run } from './env.mjs';

const typecheck = await run('astro', ['check', '--minimumFailingSeverity', 'error']);
if (typecheck !== 0) {
  console.error('npm test: astro check failed');
  process.exit(typecheck);
}
const tsc = await run('tsc', ['--noEmit', '-p', 'tsconfig.json']);
if (tsc !== 0) {
  console.error('npm test: tsc failed');
  process.exit(tsc);
}
const lint = await run('eslint', ['--max-warnings', '0', 'src', 'tests', 'scripts', 'bench']);
if (lint !== 0) {
  console.error('npm test: eslint failed');
  process.exit(lint);
}
const format = await run('prettier', ['--check', '--log-level', 'warn', '.']);
if (format !== 0) {
  console.error('npm test: files not formatted as .prettierrc.json says (npm run format writes them)');
  process.exit(format);
}
const knip = await run('knip', []);
if (knip !== 0) {
  console.error('npm test: knip found unused files, exports or dependencies');
  process.exit(knip);
}

mkdirSync('test-results', { recursive: true });
const code = await run('vitest', ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...process.argv.slice(2)]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code !== 0 ? code : passed === 0 ? 1 : 0);
