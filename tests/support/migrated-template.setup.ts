import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteExtensions } from '../../src/server/db/database';
import { createScratchDatabase, templateEnv, testDatabaseUrl, type ScratchDatabase } from './test-database';

/**
 * Vitest's global setup: the migrations run once per test run, into a template that every test
 * database and test server then copies (a PGlite folder and its archive, or a PostgreSQL template
 * database), rather than once per test file. The folder and database go at the end of the run.
 */
export async function setup(): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'renov-template-'));
  const dataDir = path.join(folder, 'pgdata');
  const pglite = await openDatabase({ kind: 'pglite', dataDir });
  await pglite.migrate();
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
    await postgres.migrate();
    await postgres.close();
    process.env[templateEnv.database] = template.name;
  }

  return async () => {
    await template?.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
