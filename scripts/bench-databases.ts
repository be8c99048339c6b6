import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database';
import { seedEmptyDatabase } from '../src/server/seed/seed';
import { createScratchDatabase } from '../tests/support/test-database';

/** The administrator every benchmark logs in as. */
export const benchCredentials = { email: 'bench@exemple.fr', password: 'Banc-d-essai-solide-2026' };

/** A folder for a benchmark app's uploads, removed when the process ends (a benchmark keeps no file). */
export function benchUploadsDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'renov-bench-uploads-'));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Seeds a migrated database with the benchmarks' administrator, without demo data. */
export async function seedBenchAdministrator(database: DatabaseHandle): Promise<void> {
  await seedEmptyDatabase(database.db, {
    adminEmail: benchCredentials.email,
    adminPassword: benchCredentials.password,
    demoData: false,
  });
}

/**
 * Runs a benchmark on an embedded PGlite database on disk, then on a scratch database of the
 * PostgreSQL server of BENCH_DATABASE_URL (default: the local one), dropped afterwards.
 */
export async function onBothDatabases(
  name: string,
  bench: (label: string, database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  try {
    const pglite = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    await bench('PGlite (embedded, on disk)', pglite);
    await pglite.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let scratch;
  try {
    scratch = await createScratchDatabase(serverUrl);
  } catch (error) {
    console.log(`\n== PostgreSQL skipped: ${serverUrl} does not answer (${(error as Error).message})`);
    return;
  }
  const postgres = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    await bench(`PostgreSQL (${new URL(serverUrl).host})`, postgres);
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
