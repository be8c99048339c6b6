import { defineConfig } from 'vitest/config';

// Four suites: unit (pure code), api (the HTTP API in-process on a fresh database per file),
// system (the built server as a real process), e2e (the built app in headless Chromium).
// PGlite by default; TEST_DATABASE_URL=postgres://… runs the same suites on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
