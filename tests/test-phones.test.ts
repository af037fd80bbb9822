// Keeps the test phone numbers in one place: no number has two owners, every file in tests/, scripts/
// and bench/ (and the README, docs/ and config/local.env) signs in only with registered numbers, files on
// the shared running app only with their own, and AUTH_TEST_OTP lists exactly the registry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { digits, OWN_STORAGE, TEST_CODE, TEST_PHONES, testPhone, type TestPhone } from './test-phones';

const ROOT = join(import.meta.dirname, '..');
const SELF = ['tests/test-phones.ts', 'tests/test-phones.test.ts'];
/** Text that only describes the numbers: they must be registered, whoever owns them. */
const DOCS = readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`);
const DESCRIBES = ['README.md', ...DOCS, 'config/local.env'];

/** The test numbers a source text uses: `testPhone(NN)` calls and +1 555 555 01NN in any spacing. */
function numbersIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/testPhone\((\d+)\)/g)) found.add(`15555550${100 + Number(m[1])}`);
  for (const m of text.matchAll(/(?<!\d)\+?1[ -]?555[ -]?555[ -]?(01\d\d)(?!\d)/g)) found.add(`1555555${m[1]}`);
  return [...found].sort();
}

/** Everything wrong with a registry, the files' uses of it and an AUTH_TEST_OTP value. */
function phoneProblems(registry: readonly TestPhone[], files: Record<string, string>, authTestOtp: string): string[] {
  const problems: string[] = [];
  const byNumber = new Map<string, TestPhone>();
  for (const entry of registry) {
    const key = digits(entry.phone);
    const earlier = byNumber.get(key);
    if (earlier) problems.push(`${entry.phone} has two owners: ${earlier.owner} and ${entry.owner}`);
    else byNumber.set(key, entry);
  }
  for (const [path, text] of Object.entries(files)) {
    for (const number of numbersIn(text)) {
      const entry = byNumber.get(number);
      if (!entry) problems.push(`${path} uses +${number}, which is not registered`);
      else if (![...OWN_STORAGE, ...DESCRIBES].some((p) => path.startsWith(p)) && entry.owner !== path && !entry.users?.includes(path))
        problems.push(`${path} uses +${number}, which belongs to ${entry.owner}`);
    }
  }
  const pairs = new Map(
    authTestOtp
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const number of byNumber.keys()) {
    if (!pairs.has(number)) problems.push(`AUTH_TEST_OTP lacks +${number}`);
    else if (pairs.get(number) !== TEST_CODE) problems.push(`AUTH_TEST_OTP gives +${number} another code than ${TEST_CODE}`);
  }
  for (const number of pairs.keys()) if (!byNumber.has(number)) problems.push(`AUTH_TEST_OTP has +${number}, which is not registered`);
  return problems;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name === 'results') continue;
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) walk(path, out);
    else if (/\.(ts|mjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

function repoFiles(): Record<string, string> {
  const paths = [...walk('tests'), ...walk('scripts'), ...walk('bench'), 'README.md', ...DOCS].filter((p) => !SELF.includes(p));
  const files = Object.fromEntries(paths.map((p) => [relative(ROOT, join(ROOT, p)), readFileSync(join(ROOT, p), 'utf8')]));
  // config/local.env: its comments are checked like any file; the value itself against the registry.
  files['config/local.env'] = readFileSync(join(ROOT, 'config/local.env'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .join('\n');
  return files;
}

const localOtp = () => parseEnv(readFileSync(join(ROOT, 'config/local.env'), 'utf8')).AUTH_TEST_OTP ?? '';

describe('test phone registry (tests/test-phones.ts)', () => {
  it('finds nothing wrong with the repository: one owner per number, only registered numbers, AUTH_TEST_OTP complete', () => {
    expect(phoneProblems(TEST_PHONES, repoFiles(), localOtp())).toEqual([]);
  });

  it('sees the browser tests and scripts sign in (the scan is not empty)', () => {
    const files = repoFiles();
    expect(numbersIn(files['tests/browser/screens-wallet.test.ts']!)).toEqual(['15555550111', '15555550112', '15555550116']);
    expect(numbersIn(files['scripts/screenshots.mjs']!)).toEqual(['15555550119']);
  });

  it('reports a number registered for two owners', () => {
    const registry = [...TEST_PHONES, { phone: '+15555550103', owner: 'tests/browser/new.test.ts' }];
    expect(phoneProblems(registry, {}, localOtp())).toEqual(['+15555550103 has two owners: tests/browser/app-shell.test.ts and tests/browser/new.test.ts']);
  });

  it("reports a test file that signs in with an unregistered number or another file's number", () => {
    const files = {
      'tests/browser/new.test.ts': "await signIn(page, '+1 555 555 0190'); await signIn(page, testPhone(3));",
      'tests/worker/core/x.test.ts': "signIn('+15555550103'); signIn('+1 555 555 0199')",
    };
    expect(phoneProblems(TEST_PHONES, files, localOtp())).toEqual([
      'tests/browser/new.test.ts uses +15555550103, which belongs to tests/browser/app-shell.test.ts',
      'tests/browser/new.test.ts uses +15555550190, which is not registered',
      'tests/worker/core/x.test.ts uses +15555550199, which is not registered',
    ]);
  });

  it('reports an AUTH_TEST_OTP that lacks a registered number, has an unregistered one or another code', () => {
    const otp = localOtp().replace('15555550107=123456,', '').replace('15555550108=123456', '15555550108=654321') + ',15555550190=123456';
    expect(phoneProblems(TEST_PHONES, {}, otp)).toEqual([
      'AUTH_TEST_OTP lacks +15555550107',
      'AUTH_TEST_OTP gives +15555550108 another code than 123456',
      'AUTH_TEST_OTP has +15555550190, which is not registered',
    ]);
  });

  it('refuses testPhone() for a number outside the registry', () => {
    expect(testPhone(25)).toBe('+1 555 555 0125');
    expect(() => testPhone(90)).toThrow('+1 555 555 0190 is not in tests/test-phones.ts');
  });
});
