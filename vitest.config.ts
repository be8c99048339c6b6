import { defineConfig } from 'vitest/config';

// Four suites: unit (pure code), api (the HTTP API in-process on a fresh database per file),
// system (the built server as a real process), e2e (the built app in headless Chromium).
// PGlite by default; TEST_DATABASE_URL=postgres://… runs the same suites on PostgreSQL.
// Groups run one after the other, so that the browser and process suites never share the
// machine's two cores with other kinds of files: unit and api two files at a time, then system one
// file at a time (its timings and kills), then e2e two files at a time (a browser spends most of
// its time waiting on its server: two files take about half the time of one after the other).
// The browser suite runs once, on the embedded database (the default a new machine starts with): a
// browser sees the same screens whatever the database, the api and system suites run on both, and
// Chromium drawing on two cores for ten minutes a second time would keep CI over its budget.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const browserSpecs = onPostgres ? [] : ['tests/e2e/**/*.spec.ts'];
// Several processes on one database, or connections the database server ends: PostgreSQL only, so
// the embedded pass needs nothing but the project (PGlite's data folder serves one process).
const postgresSystemTests = 'tests/system/postgres/**/*.test.ts';
// A worker runs its files one after the other in one module graph, rather than importing the server
// anew for each file (the api suite on PostgreSQL: 285 s with a fresh graph a file, 167 s without,
// on 2 cores). Each file still opens its own database, server and browser in its hooks; what a test
// changes in a module (the clock) it puts back.
const isolate = false;

export default defineConfig({
  test: {
    // The migrations run once, into a template each test database copies.
    globalSetup: ['tests/support/migrated-template.setup.ts'],
    // The slowest files, and a budget a file: tests/support/file-budget.reporter.ts.
    reporters: ['default', './tests/support/file-budget.reporter.ts'],
    projects: [
      { test: { name: 'unit', isolate, include: ['src/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'api',
          isolate,
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // A job runs within the queue's 1-2 s polling: expect.poll waits for it (Vitest's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'system',
          isolate,
          include: ['tests/system/**/*.test.ts'],
          exclude: onPostgres ? [] : [postgresSystemTests],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          isolate,
          include: browserSpecs,
          // The CI runs the PostgreSQL pass beside this one on 2 cores: a test of 3–7 s alone went past
          // 30 s there twice (a drag, a mail's uploads) while passing in every run beside each other.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits for the page as Playwright's waitFor does: 1 s (Vitest's default) is short on a busy machine.
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
