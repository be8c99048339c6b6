import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';

/** Set by .ci/run and by whoever wants the suites on a PostgreSQL server rather than PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test PostgreSQL server, dropped at the end. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A migrated, empty database: PGlite in memory, or a scratch database on TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!testDatabaseUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await handle.migrate();
    return handle;
  }
  const scratch = await createScratchDatabase(testDatabaseUrl);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A fresh folder for the files a test uploads, in the system's temporary directory. */
export function temporaryUploadsDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'renov-uploads-'));
}
