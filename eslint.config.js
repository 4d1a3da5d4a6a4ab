// ESLint: the import boundaries (scripts/lint/boundaries.mjs), TypeScript's recommended
// rules and its two promise rules (type-aware), React's hook rules and jsx-a11y on the PWA. Formatting is Prettier's job.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', '.bench/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      // A closure may read a variable assigned later (run.ts's mail worker): that is not a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Type-aware: a promise nobody awaits or catches loses its error (an unhandled rejection
    // ends the server), and an async handler where a void one is expected runs unobserved.
    // Where firing and forgetting is meant, `void` says so.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    // A function past 100 lines is split into named parts that say what they do. Tests (a
    // describe block is one function), benches and migrations (frozen once landed) are exempt.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['**/*.test.ts', 'tests/**', 'bench/**', 'migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // Tests read JSON bodies whose shape is the assertion.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Kysely's migration guidance: migrations take Kysely<any> and never import app types.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The classic hook rules. The React Compiler rules of recommended-latest are left out:
    // the app does not use the compiler, and set-state-in-effect would forbid the
    // deliberate mount-time reads (hydration, media queries) that keep SSR markup stable.
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['pwa/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['pwa/**/*.tsx'],
    rules: {
      // Formik's <Field> renders the <input> a wrapping <label> names.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Field'], assert: 'either', depth: 3 }],
    },
  },
);
