import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { openDatabase, pgliteExtensions, type DatabaseHandle } from '../../src/server/db/database';
import { startJobQueue } from '../../src/server/jobs/job-queue';
import {
  createScratchDatabase,
  dropRunDatabases,
  runEnv,
  templateEnv,
  testDatabaseUrl,
  type ScratchDatabase,
} from './test-database';

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
  // Everything a run leaves behind is named after it: the temporary folders of its test files,
  // servers and browsers (TMPDIR, inherited by the workers and the processes they start), and its
  // scratch databases; the end of the run removes them all, whichever test forgot one.
  const runId = process.env[runEnv.id] || `${Date.now().toString(36)}${process.pid.toString(36)}`;
  process.env[runEnv.id] = runId;
  const runFolder = path.join(tmpdir(), `renov-run-${runId}`);
  mkdirSync(runFolder, { recursive: true });
  process.env.TMPDIR = runFolder;
  const folder = mkdtempSync(path.join(runFolder, 'renov-template-'));
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
    if (testDatabaseUrl) await dropRunDatabases(testDatabaseUrl, runId);
    rmSync(runFolder, { recursive: true, force: true });
  };
}
