import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundaries } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'web/dist/**',
      'web/ssr/**',
      'data/**',
      'test-results/**',
      'bench/tmp/**',
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-console': 'off',
    },
  },
  {
    // A worker thread's first module: plain JavaScript, loaded before TypeScript support is in place.
    files: ['projections/threadBoot.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker is plain JavaScript served as is (no build step), in a worker's globals.
    files: ['web/public/sw.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: { self: 'readonly', URL: 'readonly', caches: 'readonly', fetch: 'readonly', Request: 'readonly' },
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...boundaries,
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'Time comes in on the command.' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Ids come in on the command.' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', '../api/*', '../projections/*'] }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
