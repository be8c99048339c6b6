/**
 * npm run bench:list — the list API on 100 000 rows, next to the same SQL run directly through the
 * driver, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * skipped with a message when it does not answer); then the export of all rows to CSV and XLSX.
 */
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, desc, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import type { DatabaseHandle } from '../src/server/db/database';
import { usefulLinksTable } from '../src/server/db/schema';
import { exportResource } from '../src/server/engine/resource-export';
import { administratorActor } from '../src/server/auth/actor';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import { usefulLinks } from '../src/shared/resources/liens-utiles.resource';
import { path as routePath } from '../src/shared/routes';
import { logIn } from '../tests/support/test-app';
import { benchCredentials, benchUploadsDir, onBothDatabases, seedBenchAdministrator } from './bench-databases';
import { percentile, timeSideBySide } from './bench-timing';

const ROWS = 100_000;
const RUNS = 100;
const query = { q: '0042', tri: 'name', ordre: 'desc', page: '2', parPage: '25' };

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function fill(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`
    insert into useful_links (name, url)
    select 'Lien ' || lpad(n::text, 6, '0') || ' rénovation énergétique', 'https://exemple.fr/page-' || n
    from generate_series(1, ${ROWS}) as n`);
}

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  console.log(`\n== ${label}`);
  await database.migrate();
  await seedBenchAdministrator(database);
  let start = performance.now();
  await fill(database);
  // Fresh statistics, as the database's autovacuum would give them a moment later.
  await database.db.execute(sql`analyze useful_links`);
  console.log(`fill ${ROWS} rows: ${ms(performance.now() - start)}`);

  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  const { cookie, session } = await logIn(app, benchCredentials);
  const url = routePath('api.resource.collection', { resource: usefulLinks.slug, ...query });
  const first = await app.inject({ method: 'GET', url, headers: { cookie } });
  console.log(`filtered list: ${first.json().total} matching rows, page of ${first.json().items.length}`);

  // The same two statements the store sends (count and page), straight through the driver.
  const t = usefulLinksTable;
  const column = (name: string) => getTableColumns(t)[name]!;
  const where = and(
    isNull(column('deletedAt')),
    or(
      sql`immutable_unaccent(${column('name')}) ilike immutable_unaccent(${'%0042%'})`,
      sql`immutable_unaccent(${column('url')}) ilike immutable_unaccent(${'%0042%'})`,
    ),
  );
  const [api, direct] = await timeSideBySide(
    RUNS,
    () => app.inject({ method: 'GET', url, headers: { cookie } }),
    () =>
      Promise.all([
        database.db
          .select()
          .from(t)
          .where(where)
          .orderBy(desc(sql`immutable_unaccent(lower(${column('name')}))`), asc(column('id')))
          .limit(25)
          .offset(25),
        database.db.select({ total: count() }).from(t).where(where),
      ]),
  );
  const [apiP50, apiP95, sqlP50, sqlP95] = [
    percentile(api, 50),
    percentile(api, 95),
    percentile(direct, 50),
    percentile(direct, 95),
  ];
  console.log(`list API    p50 ${ms(apiP50)}  p95 ${ms(apiP95)}`);
  console.log(`direct SQL  p50 ${ms(sqlP50)}  p95 ${ms(sqlP95)}`);
  console.log(`ratio       p50 ${(apiP50 / sqlP50).toFixed(2)}×  p95 ${(apiP95 / sqlP95).toFixed(2)}×  (goal ≤ 1.5×)`);

  const store = createResourceStore(database.db, serverHooks);
  for (const format of ['csv', 'xlsx'] as const) {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    start = performance.now();
    const file = await exportResource(
      store,
      usefulLinks,
      { sort: 'name', direction: 'asc', search: '', filters: {} },
      format,
      'fr',
      administratorActor(session.user.id),
    );
    let bytes = 0;
    await pipeline(
      file.body,
      new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) }),
    );
    clearInterval(sampler);
    console.log(
      `export ${format.toUpperCase()} ${file.total} rows: ${ms(performance.now() - start)}, ${(bytes / 1e6).toFixed(1)} MB, ` +
        `peak RSS ${(peak / 1e6).toFixed(0)} MB (${((peak - rssBefore) / 1e6).toFixed(0)} MB above the start)`,
    );
  }
  await app.close();
}

await onBothDatabases('bench-list', bench);
