import { cpSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';

/** Set by .ci/run and by whoever wants the suites on a PostgreSQL server rather than PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * The PostgreSQL server of the tests under tests/system/postgres/ (several processes on one
 * database, connections the server ends): vitest.config.ts runs them only when TEST_DATABASE_URL
 * is set, so that the embedded pass of `npm test` needs nothing but the project.
 */
export function postgresServerUrl(): string {
  if (!testDatabaseUrl) throw new Error('tests/system/postgres/ run on a PostgreSQL server: set TEST_DATABASE_URL');
  return testDatabaseUrl;
}

/** The run's id (TEST_RUN_ID: set by .ci/run, else by the global setup), which names its scratch databases. */
export const runEnv = { id: 'TEST_RUN_ID' } as const;
const scratchPrefix = (runId: string) => `test_${runId}_`;

/** Drops the run's scratch databases left behind (a test file stopped before its own drop). */
export async function dropRunDatabases(serverUrl: string, runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [scratchPrefix(runId)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Where the global setup (migrated-template.setup.ts) tells the test files its migrated template is. */
export const templateEnv = { folder: 'TEST_TEMPLATE_FOLDER', database: 'TEST_TEMPLATE_DATABASE' } as const;

function templateSetting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through vitest, whose global setup sets it`);
  return value;
}

/** Copies the migrated PGlite data folder into `dataDir`, for a server to start on. */
export function copyTemplateDataDir(dataDir: string): void {
  cpSync(path.join(templateSetting(templateEnv.folder), 'pgdata'), dataDir, { recursive: true });
}

/** The migrated template database on TEST_DATABASE_URL's server. */
export const templateDatabase = () => templateSetting(templateEnv.database);

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database on a PostgreSQL server, dropped at the end: empty, or a copy of `template`. */
export async function createScratchDatabase(serverUrl: string, template?: string): Promise<ScratchDatabase> {
  const name = `${scratchPrefix(process.env[runEnv.id] ?? 'norun')}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
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
    const dump = new Blob([readFileSync(path.join(templateSetting(templateEnv.folder), 'pgdata.tar'))]);
    return openDatabase({ kind: 'pglite', dataDir: undefined, dump });
  }
  const scratch = await createScratchDatabase(testDatabaseUrl, templateDatabase());
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
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
