import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { openDatabase, pgliteExtensions, type DatabaseHandle } from '../../src/server/db/database';
import { startJobQueue } from '../../src/server/jobs/job-queue';
import { createScratchDatabase, templateEnv, testDatabaseUrl, type ScratchDatabase } from './test-database';

/**
 * Vitest's global setup: the migrations run once per test run, into a template that every test
 * database and test server then copies (a PGlite folder and its archive, or a PostgreSQL template
 * database), rather than once per test file. The folder and database go at the end of the run.
 */
/** The migrations, and the job queue's schema, which a server's start would otherwise install. */
async function migrateWithJobQueue(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const jobs = await startJobQueue(database, pino({ level: 'silent' }));
  await jobs.stop();
}

export async function setup(): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'renov-template-'));
  const dataDir = path.join(folder, 'pgdata');
  const pglite = await openDatabase({ kind: 'pglite', dataDir });
  await migrateWithJobQueue(pglite);
  await pglite.close();
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  const archive = await client.dumpDataDir('none');
  await client.close();
  writeFileSync(path.join(folder, 'pgdata.tar'), Buffer.from(await archive.arrayBuffer()));
  process.env[templateEnv.folder] = folder;

  let template: ScratchDatabase | undefined;
  if (testDatabaseUrl) {
    template = await createScratchDatabase(testDatabaseUrl);
    const postgres = await openDatabase({ kind: 'postgres', url: template.url });
    await migrateWithJobQueue(postgres);
    await postgres.close();
    process.env[templateEnv.database] = template.name;
  }

  return async () => {
    await template?.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
