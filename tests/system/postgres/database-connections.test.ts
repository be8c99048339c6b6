import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseAnswers, openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { createScratchDatabase, postgresServerUrl, type ScratchDatabase } from '../../support/test-database';

/** PostgreSQL ends connections of its own accord (restart, administrator, database dropped). */
const postgresServer = postgresServerUrl();

let scratch: ScratchDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresServer);
  handle = await openDatabase({ kind: 'postgres', url: scratch.url });
});
afterAll(async () => {
  await handle.close();
  await scratch.drop();
});

it('outlives the server ending its idle connections, and answers on new ones', async () => {
  // Two queries at once: two clients, left idle in the pool.
  await Promise.all([handle.db.execute('select pg_sleep(0.05)'), handle.db.execute('select pg_sleep(0.05)')]);
  const administrator = new pg.Client({ connectionString: scratch.url });
  await administrator.connect();
  const ended = await administrator.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await administrator.end();
  expect(ended.rowCount).toBeGreaterThanOrEqual(2);
  // The pool hears of it while idle; before it did, the unheard error ended the process.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await databaseAnswers(handle.db)).toBe(true);
});
