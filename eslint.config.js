import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'var/', 'node_modules/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // No import cycle: a module's dependencies can be read, and loaded, before it.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The server engine is given the resources' server files by the app: it never imports them.
    files: ['src/server/engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../resources/**', '../import-assistant/**'] }] },
  },
  {
    // The database layer is the bottom one: schema, migrations and connection import no server code
    // above them (the seed and demo data, which write through the engine, live in seed/).
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['../engine/**', '../resources/**', '../seed/**', '../import-assistant/**', '../routes/**'] },
      ],
    },
  },
  {
    // The web code never imports server code; shared code imports neither.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // The web engine is given the resources' web modules by the app (web-module.ts): it imports
    // neither them nor a screen, so a screen or a module may use any part of the engine.
    files: ['src/web/engine/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/web/engine', from: './src/web/screens' },
            { target: './src/web/engine', from: './src/web/resources' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
);
