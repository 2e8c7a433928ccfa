// ESLint: TypeScript and React hooks rules, and the parts of the import fence that are about syntax or names
// (require, computed dynamic imports, which names machines may take from src/api/http.ts). The fence between
// folders is dependency-cruiser's (.dependency-cruiser.cjs). Why both: docs/decisions/012-house-rules.md.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `import(x)`, `import(\`./${x}\`)`: the bundler and the fence cannot see where these go. */
const computedDynamicImport = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'Dynamic imports take a plain string literal, so the bundler and the import fence can see the module.',
};

/**
 * Everywhere: ES modules only, and superstruct's coerce only through the contract's own (it builds an Error for every
 * value that needs no coercion, decision 074). Listed again where a block adds its own no-restricted-imports (the
 * last block wins).
 */
const restrictedEverywhere = [
  { name: 'node:module', importNames: ['createRequire'], message: 'ES modules only: import the module instead.' },
  { name: 'module', importNames: ['createRequire'], message: 'ES modules only: import the module instead.' },
  {
    name: 'superstruct',
    importNames: ['coerce'],
    message: "Use coerce from src/api/contract/coerce.ts: superstruct's tests its condition by building an Error (decision 074).",
  },
];

export default defineConfig(
  globalIgnores(['dist/', 'dist-server/', 'data/', 'test-results/', 'playwright-report/', 'bench/data-*/', 'scratch/', '.vite/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'house/all',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-require-imports': 'error',
      // `import { type X }` still loads the module under verbatimModuleSyntax; `import type` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', computedDynamicImport],
      'no-restricted-imports': ['error', { paths: restrictedEverywhere }],
    },
  },
  {
    name: 'house/playwright-fixtures',
    files: ['tests/e2e/**/*.ts'],
    // Playwright reads a fixture's dependencies from its first parameter: `async ({}, use) => ...` is the idiom.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    name: 'house/config-files',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    name: 'house/browser',
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'house/react-hooks',
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: 'house/client-no-fetch',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/api talks to the server: views send events to machines, machines call src/api.' },
        { name: 'XMLHttpRequest', message: 'Only src/api talks to the server.' },
      ],
    },
  },
  {
    name: 'house/machines-http',
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: restrictedEverywhere,
          patterns: [
            {
              regex: '(^|/)api/http[.]ts$',
              allowImportNames: ['ApiError', 'Sent'],
              message: 'Machines call the endpoint functions in src/api/*.api.ts, not call() or the token.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'house/views-through-doors',
    files: ['src/views/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: {
      // Views read a machine's state through the selectors its door exports (docs/decisions/032), not its context.
      'no-restricted-syntax': [
        'error',
        computedDynamicImport,
        {
          selector: "MemberExpression[property.name='context']",
          message: "Read state through a selector from the flow's door (src/machines/<flow>/index.ts), e.g. useSelector(actor, selectX).",
        },
        {
          selector: "VariableDeclarator > ObjectPattern > Property[key.name='context']",
          message: "Read state through a selector from the flow's door (src/machines/<flow>/index.ts), not the snapshot's context.",
        },
      ],
      // Views run machines with useActorRef (their lifetime is the component's); app-wide actors start in src/machines/app.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...restrictedEverywhere,
            {
              name: 'xstate',
              importNames: ['createActor'],
              message: 'Views run machines with useActorRef; app-wide actors are started by startAppActors.',
            },
          ],
        },
      ],
    },
  },
);
