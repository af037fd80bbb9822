// ESLint: typed rules (typescript-eslint through the TypeScript project service, so each file is
// checked with the types tsc sees) and React's hooks rules. `npm run lint`; `npm test` and
// `npm run check` run it with --max-warnings 0. Astro files are left to `astro check`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', '.astro/', '.wrangler/', 'bench/results/', 'bench/tmp/', 'test-results/', 'worker-configuration.d.ts']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a binding kept on purpose (a rest sibling that drops a field, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `async` marks functions that meet a Promise-returning interface (Durable Object handlers, stand-ins, defaults).
      '@typescript-eslint/require-await': 'off',
      // Forms and timers take async handlers that catch their own errors; a returned promise is ignored there.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
      // The text validators refuse control characters on purpose, by matching them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.tsx', 'src/islands/**/*.ts', 'src/components/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // The React Compiler's rules: the app does not run the compiler, and their fixes (deriving
      // state instead of resetting it in an effect, no clock read while rendering) change when
      // screens update, so they stay off until the compiler is adopted.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/purity': 'off',
    },
  },
  {
    // Tests read untyped JSON answers and fake objects: the unsafe-any rules would only ask for casts there.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // React's act() returns a thenable that a synchronous callback need not await.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'react' }] }],
      // Hono's app.fetch is typed Response | Promise<Response>; awaiting it is right either way.
      '@typescript-eslint/await-thenable': 'off',
      // Stand-ins reject with the abort signal's reason (typed any), as fetch does.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true }],
      // Headers and fuzzed values are printed into messages as they come.
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Fake request bodies and fuzzed values are stringified on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
      // `expect(obj.method).toHaveBeenCalled()` passes a method without calling it.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript (scripts, the bench, configs): the untyped rules only, as tsc does not check it (checkJs: false).
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
