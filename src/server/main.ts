// First: the heap's growth is set before anything allocates much.
import './heap-growth';
import { buildApp } from './app';
import { loadConfig } from './config';
import { databaseLocation, openDatabase } from './db/database';
import { seedEmptyDatabase } from './seed/seed';

const config = loadConfig();
const database = await openDatabase(databaseLocation(config));
await database.migrate();
const seeded = await seedEmptyDatabase(database.db, { ...config, communes: config.loadCommunes });
const app = await buildApp({
  database,
  uploadsDir: config.uploadsDir,
  logLevel: config.logLevel,
  mail: config,
  trustProxy: config.trustProxy,
  uploadQuotaBytes: config.uploadQuotaBytes,
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests and let those under way finish, then close the database cleanly.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const adminUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/admin`;

if (seeded.admin) {
  const passwordLine = seeded.admin.generated
    ? `  Mot de passe : ${seeded.admin.password}   (affiché une seule fois : notez-le)`
    : '  Mot de passe : celui de ADMIN_PASSWORD';
  console.log(`\nPremier démarrage : administrateur créé.\n  Identifiant : ${seeded.admin.email}\n${passwordLine}\n`);
}
if (seeded.communes) console.log(`Communes chargées : ${seeded.communes.total}.`);
console.log(`Back-office prêt : ${adminUrl} (base ${database.kind === 'pglite' ? 'embarquée' : 'PostgreSQL'})`);
