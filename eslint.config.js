import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What no part of the API's kernel imports (README, Architecture). */
const KERNEL_PATTERNS = [
  {
    group: ['**/domains/**'],
    message: 'The kernel knows no domain: move what both need into the kernel, or pass it in.',
  },
  {
    group: ['**/app', '**/endpoint-groups', '**/openapi', '**/runtime', '**/main'],
    message: 'The composition root imports the layers, never the other way round.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      'data/**',
      'api/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: '18' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'react/prop-types': 'off',
      'react/no-danger': 'error',
    },
  },
  {
    // The API's layers point one way (README, Architecture): the kernel (database, HTTP plumbing, access, the unit
    // of work, events, mail, real time, audit) knows no domain and not the composition root that mounts them.
    files: [
      'api/api-error.ts',
      'api/db/**/*.ts',
      'api/http/**/*.ts',
      'api/work/**/*.ts',
      'api/events/**/*.ts',
      'api/mail/**/*.ts',
      'api/realtime/**/*.ts',
      'api/audit/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: KERNEL_PATTERNS }] },
  },
  {
    // The access kernel stands below the HTTP layer, which enforces its rules on each request: it reads the account
    // (access/auth-user.ts) and throws the one error type (api-error.ts), never the request that carries them.
    files: ['api/access/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...KERNEL_PATTERNS,
            {
              group: ['**/http/**'],
              message: 'The access kernel stands below the HTTP layer: pass in what it needs of the request.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each worker's own server and data come with the fixtures' `test` (tests/e2e/fixtures.ts).
    files: ['tests/e2e/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it starts the worker's own server and sets baseURL.",
            },
          ],
        },
      ],
    },
  },
);
