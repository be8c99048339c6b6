/**
 * npm run bench:search — the header's search across everything (GET /api/recherche?q=, docs/search.md)
 * on PGlite and on PostgreSQL (BENCH_DATABASE_URL, see bench-databases.ts), with bench:projects' data
 * set (50 000 projects, 100 000 individuals, 100 000 advice acts: bench-project-data.ts) given French
 * names, plus 10 000 structures and 20 000 tickets: p50/p95 of each realistic query, as the
 * administrator and as an adviser of one mission (read scope: their mission's projects and the others
 * not confidential), through the API. Goal: p95 ≤ 50 ms on PostgreSQL.
 *
 * BENCH_SEARCH_URL=postgres://… runs on that database only and keeps it (filled on the first run):
 * to look at the plans between runs.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/server/db/database';
import { path as routePath } from '../src/shared/routes';
import type { SearchItem } from '../src/shared/search/search';
import { logIn } from '../tests/support/test-app';
import { adviser, fillProjects } from './bench-project-data';
import { benchCredentials, benchUploadsDir, onBothDatabases, seedBenchAdministrator } from './bench-databases';
import { percentile } from './bench-timing';

const STRUCTURES = 10_000;
const TICKETS = 20_000;
const RUNS = 50;

const lastNames =
  `Martin Bernard Thomas Petit Robert Richard Durand Dubois Moreau Laurent Simon Michel Lefèvre Leroy Roux
  David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefebvre Faure André
  Mercier Blanc Guérin Boyer Garnier Chevalier François Legrand Gauthier Garcia Perrin Robin Clément Morin Nicolas
  Henry Roussel Mathieu Gautier Masson Marchand Duval Denis Dumont Marie Lemaire Noël Meyer Dufour Meunier Brun
  Blanchard Giraud Joly Rivière Lucas Brunet Gaillard Barbier Arnaud Martinez Gérard Roche Renard Schmitt Roy
  Leroux Colin Vidal Caron Picard Roger Fabre Aubert Lemoine Renaud Dumas Lacroix Olivier Philippe Bourgeois Pierre
  Benoît Rey Leclerc Payet Rolland Leclercq Guillaume Lecomte López Jean Dupuy Guillot Hubert Berger Carpentier
  Sánchez Dupuis Moulin Louis Deschamps Huet Vasseur Perez Boucher Fleury Royer Klein Jacquet Adam Paris Poirier
  Marty Aubry Guyot Carré Charles Renault Charpentier Ménard Maillard Baron Bertin Bailly Hervé Schneider Fernandez
  Collet Léger Bouvier Julien Prévost Millet Perrot Daniel Cousin Germain Breton Besson Langlois`.split(/\s+/);
const firstNames =
  `Marie Jean Pierre Michel André Philippe Nathalie Isabelle Sylvie Catherine Françoise Christine Monique
  Alain Bernard Daniel Patrick Nicolas Christophe Stéphane Sophie Valérie Sandrine Frédéric Laurent Éric Julien
  Céline Aurélie Émilie Camille Léa Chloé Manon Thomas Lucas Hugo Louis Théo Zoé Inès Jérôme Hélène Cécile Agnès`.split(
    /\s+/,
  );
const communes =
  `Lyon Villeurbanne Saint-Étienne Bourg-en-Bresse Ambérieu-en-Bugey Grenoble Annecy Chambéry Valence Vienne
  Mâcon Roanne Oyonnax Vénissieux Bron Caluire-et-Cuire Écully Oullins Givors Décines-Charpieu Meyzieu Rillieux-la-Pape
  Villefranche-sur-Saône Belley Gex Montélimar Romans-sur-Isère Voiron Échirolles Aix-les-Bains`.split(/\s+/);
const works = ['Rénovation maison', 'Isolation des combles', 'Copropriété', 'Pompe à chaleur', 'Rénovation globale'];
const ticketNames = [
  'Visite technique',
  'Audit énergétique',
  'Relance devis',
  'Rendez-vous conseil',
  'Dossier MaPrimeRénov',
];
const actSubjects = ['Conseil isolation', 'Conseil chauffage', 'Premier contact', 'Aides financières', 'Suivi travaux'];
const structureNames = ['Mairie de', 'Agence immobilière de', 'SARL Bâtiment', 'Syndic de', 'Habitat et énergie'];

const array = (values: string[]) => sql`${`{${values.map((value) => `"${value}"`).join(',')}}`}::text[]`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** bench:projects' data set, given French names (with their accents), and structures and tickets. */
async function fill(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await fillProjects(database);
  const last = array(lastNames);
  const first = array(firstNames);
  const town = array(communes);
  await db.execute(sql`
    update individuals set
      last_name = (${last})[id % ${lastNames.length} + 1],
      first_name = (${first})[(id / ${lastNames.length}) % ${firstNames.length} + 1]`);
  // A project: its work, its owner's name and their commune ("Isolation des combles Dupont Villeurbanne").
  await db.execute(sql`
    update projects p set name = (${array(works)})[p.id % ${works.length} + 1] || ' ' || i.last_name || ' '
      || (${town})[p.id % ${communes.length} + 1]
    from individuals i where i.id = p.owner_individual`);
  await db.execute(sql`
    update project_comments c set subject = (${array(actSubjects)})[c.id % ${actSubjects.length} + 1] || ' ' || i.last_name
    from projects p join individuals i on i.id = p.owner_individual where p.id = c.project`);
  await db.execute(sql`
    insert into structures (name, acronym, siret)
    select (${array(structureNames)})[n % ${structureNames.length} + 1] || ' ' || (${town})[n % ${communes.length} + 1]
        || case when n % 3 = 0 then ' ' || (${last})[n % ${lastNames.length} + 1] else '' end,
      case when n % 4 = 0 then 'S' || n else '' end, ''
    from generate_series(1, ${STRUCTURES}) n`);
  await db.execute(sql`
    insert into tickets (name, project, deadline)
    select (${array(ticketNames)})[n % ${ticketNames.length} + 1] || ' ' || i.last_name, p.id, date '2026-01-01' + n % 365
    from generate_series(1, ${TICKETS}) n
    join projects p on p.id = (n * 7) % 50000 + 1
    join individuals i on i.id = p.owner_individual`);
  await db.execute(sql`
    update access_profiles set permissions = permissions || array['individus.consult', 'structures.consult', 'tickets.consult']`);
  for (const table of ['individuals', 'projects', 'project_comments', 'structures', 'tickets', 'access_profiles']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** What people type: a surname, the same with a typo, a reference (whole or its number), a commune, a first and last name. */
const queries = [
  'Girard',
  'Lefebre',
  'Guérrin',
  'RG-2026-004217',
  '004217',
  'Villeurbanne',
  'Marie Dubois',
  'Mo',
  'renovation',
];

async function bench(label: string, database: DatabaseHandle, filled = false): Promise<void> {
  console.log(`\n== ${label}`);
  if (!filled) {
    await database.migrate();
    await seedBenchAdministrator(database);
    const start = performance.now();
    await fill(database);
    console.log(
      `fill: bench:projects' data set named, ${STRUCTURES} structures, ${TICKETS} tickets in ${ms(performance.now() - start)}`,
    );
  }
  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  for (const [who, credentials] of [
    ['administrator', benchCredentials],
    ['adviser', adviser],
  ] as const) {
    const { cookie } = await logIn(app, credentials);
    const all: number[] = [];
    console.log(`-- as the ${who}`);
    for (const q of queries) {
      const url = routePath('api.search', { q });
      const request = async () => {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        return { duration: performance.now() - started, items: (response.json() as { items: SearchItem[] }).items };
      };
      const { items } = await request();
      for (let warm = 0; warm < 5; warm += 1) await request();
      const durations: number[] = [];
      for (let run = 0; run < RUNS; run += 1) durations.push((await request()).duration);
      all.push(...durations);
      const counts = new Map<string, number>();
      for (const item of items) counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
      const kinds = [...counts].map(([kind, count]) => `${kind} ${count}`).join(', ');
      console.log(
        `${JSON.stringify(q).padEnd(18)} p50 ${ms(percentile(durations, 50)).padStart(8)}  p95 ${ms(percentile(durations, 95)).padStart(8)}` +
          `  ${kinds || 'nothing'}${items[0] ? ` — first: ${items[0].title}` : ''}`,
      );
    }
    console.log(
      `all queries        p50 ${ms(percentile(all, 50)).padStart(8)}  p95 ${ms(percentile(all, 95)).padStart(8)}  (goal p95 ≤ 50 ms on PostgreSQL)`,
    );
  }
  await app.close();
}

const kept = process.env.BENCH_SEARCH_URL;
if (kept) {
  const database = await openDatabase({ kind: 'postgres', url: kept });
  const [migrated] = await rowsOf<{ yes: boolean }>(
    database.db,
    sql`select to_regclass('projects') is not null as yes`,
  );
  const filled =
    migrated!.yes &&
    (await rowsOf<{ yes: boolean }>(database.db, sql`select exists (select 1 from projects) as yes`))[0]!.yes;
  await bench(`PostgreSQL (${new URL(kept).host}, kept)`, database, filled);
  await database.close();
} else {
  await onBothDatabases('bench-search', (label, database) => bench(label, database));
}
