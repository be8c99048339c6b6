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
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { administratorActor, loadActor } from '../src/server/auth/actor';
import { users } from '../src/server/db/schema';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import { findResource } from '../src/shared/resources/registry';
import type { DatabaseHandle } from '../src/server/db/database';
import { sareExport } from '../src/server/resources/projet/sare-export';
import { path as routePath } from '../src/shared/routes';
import { logIn } from '../tests/support/test-app';
import { hashPassword } from '../src/server/auth/passwords';
import { benchCredentials, benchUploadsDir, onBothDatabases, seedBenchAdministrator } from './bench-databases';
import { percentile, timeSideBySide } from './bench-timing';

const PROJECTS = 50_000;
const INDIVIDUALS = 100_000;
const MISSIONS = 5;
const ACTS = 100_000;
const RUNS = 100;
const adviser = { email: 'conseillere@exemple.fr', password: 'Conseillere-du-banc-2026' };

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** 5 missions (the first opening all its projects to its advisers), their types, the contacts, projects and acts. */
async function fill(database: DatabaseHandle): Promise<{ mission: number; heating: number }> {
  const { db } = database;
  await db.execute(sql`
    insert into missions (name, acronym, all_projects)
    select 'Mission ' || m, 'M' || m, m = 1 from generate_series(1, ${MISSIONS}) m`);
  await db.execute(sql`
    insert into project_types (name, missions)
    select 'Type de la mission ' || m.id, array[m.id] from missions m`);
  await db.execute(sql`
    insert into individuals (civility, last_name, first_name, email, postal_code)
    select case when n % 2 = 0 then 'madame' else 'monsieur' end, 'Nom' || n, 'Prénom' || n,
      'contact' || n || '@exemple.fr', lpad((1000 + n % 900)::text, 5, '0')
    from generate_series(1, ${INDIVIDUALS}) n`);
  // Every project in one mission (n % 5), with its type; a tenth confidential, a third public.
  await db.execute(sql`
    insert into projects (name, reference, state, status, owner_individual, missions, mission_ids, project_type_ids,
      creation_date, last_intervention_date)
    select 'Rénovation ' || lpad(n::text, 6, '0'), 'RG-2026-' || lpad(n::text, 6, '0'),
      (select id from project_states order by id limit 1 offset n % 6),
      case when n % 10 = 0 then 'confidential' when n % 3 = 0 then 'public' else 'internal' end,
      n * 2, jsonb_build_array(jsonb_build_object('mission', m.id, 'projectType', t.id, 'officer', null)),
      array[m.id], array[t.id], date '2020-01-01' + (n % 2000), date '2024-01-01' + (n % 700)
    from generate_series(1, ${PROJECTS}) n
    join missions m on m.name = 'Mission ' || (n % ${MISSIONS} + 1)
    join project_types t on t.missions = array[m.id]`);
  await db.execute(sql`
    insert into project_comments (project, subject, act_date, act_type, ademe, information_types,
      service_continuation, customer_question, adviser_answer, duration_minutes, created_by)
    select (n % ${PROJECTS}) + 1, 'Conseil ' || n, date '2024-01-01' + (n % 700),
      (array['A01', 'A02', 'A03', 'A04', 'A04b'])[n % 5 + 1], n % 4 <> 0, array['technical', 'financial'],
      array['energy_audit'], '<p>Quelles aides pour isoler les combles ?</p>',
      '<p>MaPrimeRénov’ et les CEE, selon les revenus.</p>', 30 + n % 60, (select min(id) from users)
    from generate_series(1, ${ACTS}) n`);
  // Ten characteristics a project (500 000 values); the first, the heating, filters the list.
  await db.execute(sql`
    insert into form_fields (name, type)
    select case when k = 1 then 'Chauffage' else 'Caractéristique ' || k end, 'text' from generate_series(1, 10) k`);
  await db.execute(sql`
    insert into project_characteristics (project, field, text_value)
    select p.id, f.id, case when f.name = 'Chauffage'
        then (array['gaz', 'fioul', 'électricité', 'bois', 'pompe à chaleur', 'réseau de chaleur', 'autre'])[p.id % 7 + 1]
        else 'valeur ' || (p.id % 100) end
    from projects p cross join form_fields f`);
  const { rows } = (await db.execute(sql`
    select (select id from missions where name = 'Mission 1') as mission,
      (select id from form_fields where name = 'Chauffage') as heating`)) as unknown as {
    rows: { mission: number; heating: number }[];
  };
  const { mission, heating } = rows[0]!;
  const [admin] = await db.select({ id: users.id }).from(users);
  const profile = await createResourceStore(db, serverHooks).create(
    findResource('groupes')!,
    {
      name: 'Conseillers',
      permissions: ['projet', 'coporteurs-projet', 'partenaires-projet', 'commentaires-projet', 'piece-jointe'].map(
        (slug) => `${slug}.consult`,
      ),
    },
    administratorActor(admin!.id),
  );
  await db.insert(users).values({
    email: adviser.email,
    passwordHash: await hashPassword(adviser.password),
    firstName: 'Claire',
    lastName: 'Conseil',
    followedMissions: [mission],
    groupIds: [profile.id],
  });
  for (const table of ['individuals', 'projects', 'project_comments', 'project_characteristics', 'missions', 'users']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  return { mission, heating };
}

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
  const { mission, heating } = await fill(database);
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
