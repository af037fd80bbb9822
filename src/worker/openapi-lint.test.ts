// The served document passes two API linters nobody here wrote, as a mobile team would run them:
// Redocly's recommended rules (redocly.yaml) and Spectral's `spectral:oas` (.spectral.yaml), with
// not one error or warning. Node tier: both are Node command-line tools, run on the very document
// /api/openapi.json serves (openApiDocument()), written to test-results/openapi.json.
// `npm run lint:api` runs this file alone.
// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './index';

const DOCUMENT = 'test-results/openapi.json';

/** Runs a linter from node_modules/.bin; its exit code and everything it printed. */
async function lint(bin: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(`node_modules/.bin/${bin}`, args, {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code?: number; stdout?: string; stderr?: string };
    return { code: code ?? 1, output: `${stdout ?? ''}${stderr ?? ''}` };
  }
}

describe('the served OpenAPI document under third-party linters', () => {
  beforeAll(() => {
    mkdirSync('test-results', { recursive: true });
    writeFileSync(DOCUMENT, JSON.stringify(openApiDocument(), null, 2));
  });

  it('has no error or warning under redocly lint (recommended rules)', async () => {
    const { code, output } = await lint('redocly', ['lint', DOCUMENT, '--format=stylish', '--max-problems=1000']);
    // Stylish prints one line per problem, `error` or `warning` in it; a clean run prints none.
    expect(output.split('\n').filter((line) => /\b(error|warning)\b/.test(line))).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('has no error or warning under spectral lint (spectral:oas)', async () => {
    const { code, output } = await lint('spectral', ['lint', DOCUMENT, '--ruleset=.spectral.yaml', '--fail-severity=warn', '--format=text']);
    expect(output.split('\n').filter((line) => /\b(error|warning)\b/.test(line))).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
