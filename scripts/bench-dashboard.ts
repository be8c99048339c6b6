/**
 * npm run bench:dashboard — the dashboard (issue 28) on a scratch PostgreSQL database
 * (BENCH_DATABASE_URL, default the local server), dropped afterwards: 50 000 projects in 5 missions
 * (a tenth confidential, a third shown on the dashboard), 50 000 tickets, 200 000 ticket transitions,
 * 50 000 ticket comments, 50 000 advice acts, 20 000 project mails and 10 000 media items. An adviser following mission 1
 * (which opens all its projects) and referent of a few others opens the dashboard: its widget
 * requests sent at once, as the browser sends them, BENCH_RUNS times (default 100): p50/p95 of the
 * whole set (goal p95 ≤ 100 ms) and of each widget.
 * A floor is measured first: a route that reads only the session, alone and as many at once.
 * BENCH_KEEP=1 keeps the scratch database (its address printed) to EXPLAIN the widgets' queries.
 * BENCH_EXTRA_INDEXES=1 first adds the indexes docs/dashboard.md proposes (not in the migrations yet).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { administratorActor } from '../src/server/auth/actor';
import { hashPassword } from '../src/server/auth/passwords';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database';
import { users } from '../src/server/db/schema';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import { dashboardWidgets } from '../src/shared/dashboard/dashboard';
import { findResource } from '../src/shared/resources/registry';
import { path as routePath, type ParamlessRouteName } from '../src/shared/routes';
import { createScratchDatabase } from '../tests/support/test-database';
import { benchUploadsDir, seedBenchAdministrator } from './bench-databases';
import { apiLogIn, machineLoad } from './bench-server';
import { percentile } from './bench-timing';

const PROJECTS = 50_000;
const TRANSITIONS = 200_000;
const MEDIA_ITEMS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
/** The floor's route: it reads the session (as every widget's does) and nothing else. */
const FLOOR_ROUTE: ParamlessRouteName = 'api.session';
const adviser = { email: 'conseillere@exemple.fr', password: 'Conseillere-du-banc-2026' };

/** The indexes the dashboard's reads want, beyond the migrations' (see docs/dashboard.md). */
export const proposedIndexes = [
  `create index if not exists projects_dashboard_idx on projects (state, immutable_unaccent(lower(name)), id)
    where show_on_dashboard and deleted_at is null`,
];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const figures = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  max ${ms(Math.max(...values))}`;

async function fill(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into missions (name, acronym, all_projects)
    select 'Mission ' || m, 'M' || m, m = 1 from generate_series(1, 5) m`);
  await db.execute(sql`
    insert into project_states (name, displayed_on_dashboard)
    select s, s in ('À traiter', 'En cours d''instruction', 'Déposé', 'En travaux')
    from unnest(array['À traiter', 'En cours d''instruction', 'Déposé', 'En travaux', 'En paiement', 'Clôturé']) s`);
  await db.execute(sql`insert into steps (name) select 'Étape ' || n from generate_series(1, 6) n`);
  for (let n = 1; n <= 20; n += 1) {
    await db.execute(sql`insert into useful_links (name, url) values (${`Lien ${n}`}, ${`https://exemple.fr/${n}`})`);
  }
  const [admin] = await db.select({ id: users.id }).from(users);
  const profile = await createResourceStore(db, serverHooks).create(
    findResource('groupes')!,
    {
      name: 'Conseillers',
      permissions: [
        'projet',
        'tickets',
        'tickets-transitions',
        'tickets-commentaires',
        'commentaires-projet',
        'liens-utiles',
        'veille-media',
      ].map((slug) => `${slug}.consult`),
    },
    administratorActor(admin!.id),
  );
  const [me] = await db
    .insert(users)
    .values({
      email: adviser.email,
      passwordHash: await hashPassword(adviser.password),
      firstName: 'Claire',
      lastName: 'Conseil',
      followedMissions: sql`array[(select id from missions where name = 'Mission 1')]`,
      groupIds: [profile.id],
    })
    .returning({ id: users.id });
  // Every project in one mission (n % 5), the missions interleaved; a tenth confidential (in mission
  // 2, which opens only attached projects); a third shown on the dashboard; the adviser referent of
  // one in 500.
  await db.execute(sql`
    insert into projects (name, reference, state, status, missions, mission_ids, referents, show_on_dashboard,
      creation_date, last_intervention_date)
    select 'Rénovation ' || lpad(n::text, 6, '0'), 'RG-2026-' || lpad(n::text, 6, '0'),
      (select id from project_states order by id limit 1 offset n % 6),
      case when n % 10 = 1 then 'confidential' when n % 3 = 0 then 'public' else 'internal' end,
      jsonb_build_array(jsonb_build_object('mission', m.id, 'projectType', null, 'officer', null)), array[m.id],
      case when n % 500 = 7 then array[${me!.id}::integer] else '{}'::integer[] end, (n / 6) % 3 = 0,
      date '2020-01-01' + (n % 2000), date '2024-01-01' + (n % 700)
    from generate_series(1, ${PROJECTS}) n
    join missions m on m.name = 'Mission ' || (n % 5 + 1)
    order by n`);
  await db.execute(sql`
    insert into tickets (name, project, step, status, board_position, created_by)
    select 'Ticket ' || p.id, p.id, (select min(id) from steps), 'in_progress', 1024, ${admin!.id}
    from projects p`);
  // 200 000 transitions, then a comment, an advice act and (one in 2.5) a mail a project, each on a
  // project drawn across the service, written in time order as the server writes them.
  await db.execute(sql`
    insert into ticket_transitions (ticket, from_step, to_step, comment, created_at, created_by)
    select (select min(id) from tickets) + (n * 7919) % ${PROJECTS}, s.id, s.id + 1, 'Passage ' || n,
      timestamptz '2025-01-01' + n * interval '5 minutes', ${admin!.id}
    from generate_series(1, ${TRANSITIONS}) n join steps s on s.name = 'Étape ' || (n % 5 + 1)
    order by n`);
  await db.execute(sql`
    insert into ticket_comments (ticket, comment, created_at, created_by)
    select (select min(id) from tickets) + (n * 6007) % ${PROJECTS}, 'Commentaire ' || n,
      timestamptz '2025-01-01' + n * interval '20 minutes', ${admin!.id}
    from generate_series(1, ${PROJECTS}) n order by n`);
  await db.execute(sql`
    insert into project_comments (project, subject, act_date, created_at, created_by)
    select (select min(id) from projects) + (n * 4001) % ${PROJECTS}, 'Conseil ' || n, date '2024-01-01' + (n % 700),
      timestamptz '2025-01-01' + n * interval '20 minutes', ${admin!.id}
    from generate_series(1, ${PROJECTS}) n order by n`);
  await db.execute(sql`
    insert into email_log (date, recipient, subject, text, html, status, project_id, created_by)
    select timestamptz '2025-01-01' + n * interval '50 minutes', 'porteur' || n || '@exemple.fr', 'Votre dossier ' || n,
      'Bonjour', '<p>Bonjour</p>', 'sent', (select min(id) from projects) + (n * 3001) % ${PROJECTS}, ${admin!.id}
    from generate_series(1, 20000) n order by n`);
  // 10 000 press items by 20 media, a third about a project, in the missions.
  await db.execute(sql`
    insert into structures (name, contact_type) select 'Journal ' || k, 'media' from generate_series(1, 20) k`);
  await db.execute(sql`
    with ids as (
      select array_agg(id order by id) as missions, (select array_agg(id order by id) from structures) as media
      from missions)
    insert into media_watch_items (title, link, publication_date, description, media, missions, related_project,
      concerns_agglomeration_missions)
    select 'Article ' || lpad(n::text, 5, '0') || ' sur la rénovation énergétique',
      'https://www.exemple-journal.fr/article-' || n, date '2020-01-01' + (n % 2500), '<p>Résumé de l''article.</p>',
      ids.media[n % 20 + 1], array[ids.missions[n % 5 + 1]],
      case when n % 3 = 0 then (select min(id) from projects) + (n * 13) % ${PROJECTS} end, true
    from generate_series(1, ${MEDIA_ITEMS}) n, ids`);
  if (process.env.BENCH_EXTRA_INDEXES === '1') {
    for (const statement of proposedIndexes) await db.execute(sql.raw(statement));
  }
  for (const table of [
    'projects',
    'tickets',
    'ticket_transitions',
    'ticket_comments',
    'project_comments',
    'email_log',
    'users',
    'missions',
    'structures',
    'media_watch_items',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await database.migrate();
  await seedBenchAdministrator(database);
  const started = performance.now();
  await fill(database);
  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  try {
    console.log(
      `bench:dashboard — PostgreSQL ${new URL(serverUrl).host}, filled in ${ms(performance.now() - started)}`,
    );
    console.log(`extra indexes: ${process.env.BENCH_EXTRA_INDEXES === '1' ? 'yes' : 'no'}; before: ${machineLoad()}`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const session = await apiLogIn(baseUrl, adviser);
    const [me] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, adviser.email));
    const routes = [...dashboardWidgets.map(({ route }) => route), 'api.dashboard.layout' as const];
    const timed = async (route: ParamlessRouteName) => {
      const start = performance.now();
      const response = await fetch(new URL(routePath(route), baseUrl), { headers: { cookie: session.cookie } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${route}: ${response.status} ${body}`);
      return { route, duration: performance.now() - start, bytes: body.length };
    };
    /** `set` sent at once RUNS times (5 warm-up rounds first): the set's durations and each route's. */
    const measure = async (set: ParamlessRouteName[]) => {
      const perRoute = new Map<string, number[]>();
      const wholes: number[] = [];
      for (let run = -5; run < RUNS; run += 1) {
        const start = performance.now();
        const answers = await Promise.all(set.map(timed));
        if (run < 0) continue;
        wholes.push(performance.now() - start);
        for (const { route, duration } of answers) perRoute.set(route, [...(perRoute.get(route) ?? []), duration]);
        if (run === 0 && set.length > 1 && set[0] !== FLOOR_ROUTE) {
          console.log(`answers: ${answers.map(({ route, bytes }) => `${route} ${bytes} B`).join(', ')}`);
        }
      }
      return { wholes, perRoute };
    };
    // The floor: a route that reads nothing but the session, alone, then as many at once as the
    // dashboard sends; what the machine, Node and the HTTP stack cost whatever the widgets read.
    const floorAlone = await measure([FLOOR_ROUTE]);
    const floorSet = await measure(routes.map(() => FLOOR_ROUTE));
    const dashboard = await measure(routes);
    console.log(`\nadviser ${me!.id}'s dashboard, ${routes.length} requests at once, ${RUNS} runs:`);
    console.log(`  all answered: ${figures(dashboard.wholes)} (goal p95 ≤ 100 ms)`);
    for (const [route, durations] of dashboard.perRoute) console.log(`  ${route.padEnd(32)} ${figures(durations)}`);
    console.log(`floor (${routePath(FLOOR_ROUTE)}, reads the session only):`);
    console.log(`  alone:                          ${figures(floorAlone.wholes)}`);
    console.log(`  ${routes.length} at once, all answered:     ${figures(floorSet.wholes)}`);
    console.log(`\nafter: ${machineLoad()}`);
  } finally {
    await app.close();
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`kept (BENCH_KEEP=1): ${scratch.url}`);
    else await scratch.drop();
  }
}

await main();
