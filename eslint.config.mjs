import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
import { noImplicitTransaction } from './api/eslint/no-implicit-transaction.mjs';

// The names the front ends share from React Router (scripts/shared-react-router.mjs); importing
// anything else from 'react-router-dom' would be undefined at run time in the built site.
const sharedRouterExports = readFileSync(
  new URL('./scripts/shared-react-router.mjs', import.meta.url),
  'utf8',
)
  .match(/export \{([^}]*)\} from 'react-router'/)[1]
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // The storefront's server-side first paint, built beside dist (a build running with lint).
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.nx/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      // Nest resolves constructor parameters by their runtime type: type-only imports break injection.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // The API's transactions all run through Transactions.run (see the rule), found by type.
    files: ['api/src/**/*.ts', 'api/test/**/*.ts'],
    ignores: ['api/src/database/transaction.ts', 'api/src/database/migrations/**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { api: { rules: { 'no-implicit-transaction': noImplicitTransaction } } },
    rules: { 'api/no-implicit-transaction': 'error' },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'storefront/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              allowImportNames: sharedRouterExports,
              message: 'The front ends share only the names in scripts/shared-react-router.mjs.',
            },
            {
              name: 'react-router',
              message: "Import from 'react-router-dom', the router the front ends share.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests render outside the federated page, with the whole router package.
    files: ['**/*.spec.{ts,tsx}', '**/src/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: { ...globals.node, window: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
