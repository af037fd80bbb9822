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
      // Stand-ins for async interfaces (fetch, bindings) are async without awaiting anything.
      '@typescript-eslint/require-await': 'off',
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
