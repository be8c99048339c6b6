/**
 * npm run communes:load — inserts or updates every current commune of @etalab/decoupage-administratif
 * in the configured database (DATABASE_URL, else the embedded one in DATA_DIR: server stopped, as
 * PGlite serves one process), after applying the pending migrations.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config';
import { loadCommunes } from '../src/server/seed/communes-load';
import { databaseLocation, openDatabase } from '../src/server/db/database';

const database = await openDatabase(databaseLocation(loadConfig()));
try {
  await database.migrate();
  const start = performance.now();
  const { total, written } = await loadCommunes(database.db);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  console.log(`Communes à jour : ${total}, dont ${written} ajoutées ou modifiées, en ${seconds} s.`);
} finally {
  await database.close();
}
