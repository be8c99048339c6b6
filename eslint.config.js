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
    // One door each way: code outside the engine writes records through the operations (permission,
    // rules, audit, after-commit work) and reads them through the store the engine hands it
    // (context.store): it opens no store of its own.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/engine/**', 'src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../engine/resource-store',
              importNames: ['createResourceStore'],
              message: 'Write through the operations and read through context.store: only the engine opens a store.',
            },
            {
              name: '../../engine/resource-store',
              importNames: ['createResourceStore'],
              message: 'Write through the operations and read through context.store: only the engine opens a store.',
            },
          ],
          patterns: [
            {
              group: ['**/engine/resource-store-*'],
              allowTypeImports: true,
              message: "The store's parts are the engine's: use the store the engine hands out.",
            },
          ],
        },
      ],
      // "Not deleted" is the engine's to say (record-scope.ts: isLive, liveRows, a store's scoped).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TemplateElement[value.raw=/deleted_at\\s+is\\s+(not\\s+)?null/i]',
          message: "No hand-written deleted_at filter: use liveRows(table) or a store's scoped(resource, actor).",
        },
        {
          selector: 'Literal[value=/deleted_at\\s+is\\s+(not\\s+)?null/i]',
          message: "No hand-written deleted_at filter: use liveRows(table) or a store's scoped(resource, actor).",
        },
        {
          selector: 'CallExpression[callee.name=/^is(Not)?Null$/] MemberExpression[property.name="deletedAt"]',
          message: "No hand-written deletedAt filter: use isLive(table) or a store's scoped(resource, actor).",
        },
      ],
    },
  },
  {
    // The import assistant parses and maps; it writes records only through the operations' batch door
    // (operations.bulk: permission, read scope, rules, audit, after-commit work), never by itself: it
    // imports neither the statements behind that door nor the tables of the records and their trail.
    files: ['src/server/import-assistant/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema'],
              importNamePattern: '^(resourceTables|auditEntries|.+Table)$',
              message: "Write records through operations.bulk: the records' tables and their audit are the engine's.",
            },
            {
              group: ['**/engine/resource-batch-writes', '**/engine/audit-trail', '**/engine/name-locks'],
              message: 'Write records through operations.bulk (resource-batch-operations.ts), not its statements.',
            },
          ],
        },
      ],
    },
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
