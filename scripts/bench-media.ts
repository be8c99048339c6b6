/**
 * npm run bench:media — issue 28's media monitoring figure, on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, see bench-databases.ts), with 10 000 media items across 20 media, 5 missions,
 * 12 themes and 2 000 projects (a tenth confidential): the media list as an adviser sees it, filtered
 * by mission and theme, newest first, p50/p95 through the API next to the same statements replayed
 * straight through the driver (goal ≤ 1.5×); and the dashboard's read, the mini-listing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { administratorActor } from '../src/server/auth/actor';
import { hashPassword } from '../src/server/auth/passwords';
import type { DatabaseHandle } from '../src/server/db/database';
import { users } from '../src/server/db/schema';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import { findResource } from '../src/shared/resources/registry';
import { path as routePath } from '../src/shared/routes';
import { logIn } from '../tests/support/test-app';
import { benchUploadsDir, onBothDatabases, seedBenchAdministrator } from './bench-databases';
import { machineLoad } from './bench-server';
import { percentile, timeSideBySide } from './bench-timing';

const ITEMS = 10_000;
const MEDIA = 20;
const MISSIONS = 5;
const THEMES = 12;
const PROJECTS = 2_000;
const RUNS = 100;
const adviser = { email: 'conseillere@exemple.fr', password: 'Conseillere-du-banc-2026' };

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Missions, themes (a third attached to the watch), media, projects and the items; an adviser of the first mission. */
async function fill(database: DatabaseHandle): Promise<{ mission: number; theme: number }> {
  const { db } = database;
  await db.execute(sql`
    insert into missions (name, acronym, all_projects)
    select 'Mission ' || m, 'M' || m, false from generate_series(1, ${MISSIONS}) m`);
  await db.execute(sql`
    insert into project_themes (name, attached_to_watch)
    select 'Thématique ' || k, k % 3 = 1 from generate_series(1, ${THEMES}) k`);
  await db.execute(sql`
    insert into structures (name, contact_type)
    select 'Journal ' || k, 'media' from generate_series(1, ${MEDIA}) k`);
  await db.execute(sql`
    insert into projects (name, reference, status, missions, mission_ids, creation_date)
    select 'Projet ' || lpad(n::text, 5, '0'), 'P-' || lpad(n::text, 5, '0'),
      case when n % 10 = 0 then 'confidential' else 'public' end,
      jsonb_build_array(jsonb_build_object('mission', m.id, 'projectType', null, 'officer', null)),
      array[m.id], date '2024-01-01' + (n % 700)
    from generate_series(1, ${PROJECTS}) n
    join missions m on m.name = 'Mission ' || (n % ${MISSIONS} + 1)`);
  // Each item in one or two missions and one or two themes, by one of the media, a third about a project.
  await db.execute(sql`
    with ids as (
      select array_agg(id order by id) as missions,
        (select array_agg(id order by id) from project_themes) as themes,
        (select array_agg(id order by id) from structures) as media,
        (select array_agg(id order by id) from projects) as projects
      from missions)
    insert into media_watch_items (title, link, publication_date, description, media, missions, themes,
      related_project, concerns_agglomeration_missions)
    select 'Article ' || lpad(n::text, 5, '0') || ' sur la rénovation énergétique',
      'https://www.exemple-journal.fr/article-' || n, date '2020-01-01' + (n % 2500),
      '<p>Résumé de l''article.</p>', ids.media[n % ${MEDIA} + 1],
      case when n % 4 = 0 then array[ids.missions[n % ${MISSIONS} + 1], ids.missions[(n + 1) % ${MISSIONS} + 1]]
        else array[ids.missions[n % ${MISSIONS} + 1]] end,
      case when n % 3 = 0 then array[ids.themes[n % ${THEMES} + 1], ids.themes[(n + 5) % ${THEMES} + 1]]
        else array[ids.themes[n % ${THEMES} + 1]] end,
      case when n % 3 = 0 then ids.projects[n % ${PROJECTS} + 1] end, true
    from generate_series(1, ${ITEMS}) n, ids`);
  const [admin] = await db.select({ id: users.id }).from(users);
  const profile = await createResourceStore(db, serverHooks).create(
    findResource('groupes')!,
    { name: 'Conseillers', permissions: ['veille-media.consult', 'projet.consult', 'structures.consult'] },
    administratorActor(admin!.id),
  );
  const { rows } = (await db.execute(sql`
    select (select id from missions where name = 'Mission 1') as mission,
      (select id from project_themes where name = 'Thématique 1') as theme`)) as unknown as {
    rows: { mission: number; theme: number }[];
  };
  const { mission, theme } = rows[0]!;
  await db.insert(users).values({
    email: adviser.email,
    passwordHash: await hashPassword(adviser.password),
    firstName: 'Claire',
    lastName: 'Conseil',
    followedMissions: [mission],
    groupIds: [profile.id],
  });
  for (const table of ['media_watch_items', 'projects', 'missions', 'project_themes', 'structures', 'users']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  return { mission, theme };
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
  console.log(`\n== ${label} (${machineLoad()})`);
  await database.migrate();
  await seedBenchAdministrator(database);
  const start = performance.now();
  const { mission, theme } = await fill(database);
  console.log(
    `fill: ${ITEMS} media items, ${MEDIA} media, ${MISSIONS} missions, ${THEMES} themes, ${PROJECTS} projects in ${ms(performance.now() - start)}`,
  );

  const recorder = statementRecorder(database);
  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  const { cookie } = await logIn(app, adviser);
  const url = routePath('api.resource.collection', {
    resource: 'veille-media',
    missions: mission,
    themes: theme,
    tri: 'publicationDate',
    ordre: 'desc',
    page: 1,
    parPage: 25,
  });
  const list = () => app.inject({ method: 'GET', url, headers: { cookie } });
  const first = await list();
  if (first.statusCode !== 200) throw new Error(`the list answered ${first.statusCode}: ${first.body}`);
  console.log(
    `adviser's media list: ${first.json().total} items of their mission and theme, a page of ${first.json().items.length}`,
  );
  // The list's own statements (the session's reads aside), replayed as sent.
  const statements = (await recorder.record(list)).filter((args) => !JSON.stringify(args[0]).includes('sessions'));
  if (process.env.BENCH_SHOW_STATEMENTS === '1') {
    for (const [query] of statements) {
      const text = typeof query === 'string' ? query : (query as { text: string }).text;
      console.log(`  statement: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
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

  // The dashboard's media watch: the latest five items.
  const mini = routePath('api.media_watch.mini_listing');
  const durations: number[] = [];
  for (let round = -10; round < RUNS; round += 1) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: mini, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`the mini-listing answered ${response.statusCode}`);
    if (round >= 0) durations.push(performance.now() - started);
  }
  console.log(`mini-listing (5 latest)  p50 ${ms(percentile(durations, 50))}  p95 ${ms(percentile(durations, 95))}`);
  await app.close();
}

await onBothDatabases('bench-media', bench);
