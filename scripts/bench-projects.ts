/**
 * npm run bench:projects — issue 13's figures, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, see
 * bench-databases.ts), with 50 000 projects, 100 000 individuals, 5 missions, 100 000 advice acts and 500 000 characteristics:
 * - the project list as an adviser of one mission sees it (their mission's projects filtered on a
 *   characteristic, 10 a project, sorted, page 2),
 *   p50/p95 through the API next to the same statements replayed straight through the driver;
 * - the project page's data: its first requests, all at once as the browser sends them, p50/p95;
 * - the SARE export of the 100 000 acts, then of the first 10 000: rows per second and peak memory
 *   (the export streams, so memory should stay flat).
 */
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadActor } from '../src/server/auth/actor';
import { users } from '../src/server/db/schema';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import type { DatabaseHandle } from '../src/server/db/database';
import { sareExport } from '../src/server/resources/projet/sare-export';
import { path as routePath } from '../src/shared/routes';
import { logIn } from '../tests/support/test-app';
import { ACTS, adviser, fillProjects, INDIVIDUALS, MISSIONS, PROJECTS } from './bench-project-data';
import { benchCredentials, benchUploadsDir, onBothDatabases, seedBenchAdministrator } from './bench-databases';
import { percentile, timeSideBySide } from './bench-timing';

const RUNS = 100;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The statements a request sends to the database, recorded on the driver's client, to replay them as they are. */
function statementRecorder(database: DatabaseHandle) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query.bind(client);
  let recorded: unknown[][] | null = null;
  client.query = (...args: unknown[]) => {
    recorded?.push(args);
    return original(...args);
  };
  return {
    async record(action: () => Promise<unknown>): Promise<unknown[][]> {
      recorded = [];
      await action();
      const statements = recorded;
      recorded = null;
      return statements;
    },
    replay: (statements: unknown[][]) => Promise.all(statements.map((args) => original(...args))),
  };
}

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  console.log(`\n== ${label}`);
  await database.migrate();
  await seedBenchAdministrator(database);
  let start = performance.now();
  const { mission, heating } = await fillProjects(database);
  console.log(
    `fill: ${PROJECTS} projects, ${INDIVIDUALS} individuals, ${MISSIONS} missions, ${ACTS} acts in ${ms(performance.now() - start)}`,
  );

  const recorder = statementRecorder(database);
  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  const { cookie } = await logIn(app, adviser);
  const url = routePath('api.resource.collection', {
    resource: 'projet',
    missionIds: mission,
    [`caracteristique[${heating}]`]: 'Gaz',
    tri: 'name',
    ordre: 'asc',
    page: 2,
    parPage: 25,
  });
  const list = () => app.inject({ method: 'GET', url, headers: { cookie } });
  const first = await list();
  if (first.statusCode !== 200) throw new Error(`the list answered ${first.statusCode}: ${first.body}`);
  console.log(
    `adviser's list: ${first.json().total} projects of their mission heated by gas, page 2 of ${first.json().items.length}`,
  );
  // The list's own statements (the session's and the user's reads aside), replayed as sent.
  const statements = (await recorder.record(list)).filter((args) => JSON.stringify(args[0]).includes('projects'));
  const [api, direct] = await timeSideBySide(RUNS, list, () => recorder.replay(statements));
  const [apiP50, apiP95, sqlP50, sqlP95] = [
    percentile(api, 50),
    percentile(api, 95),
    percentile(direct, 50),
    percentile(direct, 95),
  ];
  console.log(`list API    p50 ${ms(apiP50)}  p95 ${ms(apiP95)}`);
  console.log(`same SQL    p50 ${ms(sqlP50)}  p95 ${ms(sqlP95)}  (${statements.length} statements)`);
  console.log(`ratio       p50 ${(apiP50 / sqlP50).toFixed(2)}×  p95 ${(apiP95 / sqlP95).toFixed(2)}×  (goal ≤ 1.5×)`);

  // The project page: what it asks for when it opens (record, header, overview) and each tab's first request.
  const id = (first.json().items as { id: number }[])[0]!.id;
  const pageRequests = [
    routePath('api.resource.item', { resource: 'projet', id }),
    routePath('api.projects.header_characteristics', { id }),
    routePath('api.projects.overview', { id }),
    routePath('api.projects.forms', { projet: id }),
    routePath('api.resource.history', { resource: 'projet', id }),
    ...['coporteurs-projet', 'partenaires-projet', 'commentaires-projet', 'piece-jointe'].map((child) =>
      routePath('api.resource.children', { resource: 'projet', id, child }),
    ),
    routePath('api.projects.sent_emails', { projet: id }),
    routePath('api.projects.scheduled_emails', { projet: id }),
    routePath('api.projects.owner_other_projects', { id }),
  ];
  const request = async (url: string) => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return performance.now() - started;
  };
  const pages: number[] = [];
  const each = new Map<string, number[]>(pageRequests.map((url) => [url, []]));
  for (let round = -10; round < RUNS; round += 1) {
    const started = performance.now();
    const durations = await Promise.all(pageRequests.map(request));
    if (round < 0) continue;
    pages.push(performance.now() - started);
    durations.forEach((duration, index) => each.get(pageRequests[index]!)!.push(duration));
  }
  const slowest = [...each].sort(([, a], [, b]) => percentile(b, 95) - percentile(a, 95))[0]!;
  console.log(
    `project page, ${pageRequests.length} requests at once: p50 ${ms(percentile(pages, 50))}  p95 ${ms(percentile(pages, 95))}` +
      `  (goal ≤ 150 ms on PostgreSQL); slowest ${slowest[0].replace(String(id), '{id}')} p95 ${ms(percentile(slowest[1], 95))}`,
  );

  const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, benchCredentials.email));
  const actor = await loadActor(database.db, admin!.id);
  for (const [acts, query] of [
    [10_000, { du: '2024-01-01', au: '2024-03-10' }],
    [ACTS, {}],
  ] as const) {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    start = performance.now();
    const file = await sareExport(
      { db: database.db, store: createResourceStore(database.db, serverHooks), actor },
      query,
    );
    let bytes = 0;
    let lines = 0;
    await pipeline(
      file.body,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
          done();
        },
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `SARE export of ${lines} acts (about ${acts}): ${seconds.toFixed(2)} s, ${Math.round(lines / seconds)} rows/s, ` +
        `${(bytes / 1e6).toFixed(1)} MB, peak RSS ${(peak / 1e6).toFixed(0)} MB (${((peak - rssBefore) / 1e6).toFixed(0)} MB above the start)`,
    );
  }
  await app.close();
}

await onBothDatabases('bench-projects', bench);
