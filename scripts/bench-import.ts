/**
 * npm run bench:import — the contacts import assistant on 10 000 and 100 000 individuals, from CSV
 * and from XLSX, through its API (upload, simulation, import, as the page does), next to a raw
 * COPY of the same rows into the same table in the same run; with each run's peak memory. PGlite
 * (embedded, on disk) by default; DATABASE_URL=postgres://… runs it on that PostgreSQL database
 * (its tables are emptied: give it a scratch database).
 *
 * Each case runs in a child process of its own, so that its peak memory is its own: RSS and the JS
 * heap are sampled every 10 ms, and the heap still in use after a forced garbage collection every
 * second (what the import keeps, rather than garbage not yet collected; those collections also
 * lower the sampled peaks).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/server/app';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database';
import { users } from '../src/server/db/schema';
import { authHeaders, logIn } from '../tests/support/test-app';
import { benchCredentials, benchUploadsDir, seedBenchAdministrator } from './bench-databases';
import type { ImportConfig, ImportJob } from '../src/shared/import-assistant/import-assistant';
import { path as routePath } from '../src/shared/routes';

/** BENCH_IMPORT_ROWS=1000,5000 for a quick look. */
const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '10000,100000')
  .split(',')
  .filter((size) => size !== '0' && size !== '')
  .map(Number);
/** Projects imported in one run after the individuals (spec 9's columns, issue 31); 0 skips them. */
const PROJECT_ROWS = Number(process.env.BENCH_IMPORT_PROJECTS ?? '10000');
/** BENCH_IMPORT_CHARACTERISTICS=1: each project also gets a characteristic (saved project by project, as its form does). */
const WITH_CHARACTERISTICS = process.env.BENCH_IMPORT_CHARACTERISTICS === '1';
const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];

/** What a child process measured, printed as one JSON line. */
interface Measure {
  format: Format;
  rows: number;
  uploadMs: number;
  simulationMs: number;
  importMs: number;
  copyMs: number | null;
  peakRss: number;
  peakHeap: number;
  /** The most heap still in use after a full garbage collection, sampled each second. */
  retainedHeap: number;
  startRss: number;
}

// ---------------------------------------------------------------------------------------------
// The rows: what a file holds, and what the table stores (the COPY's input).

const person = (n: number) => ({
  civility: n % 2 === 0 ? 'Madame' : 'Monsieur',
  lastName: `Nom${String(n).padStart(6, '0')}`,
  firstName: `Prénom ${n % 997}`,
  email: `personne${n}@exemple.fr`,
  mobile: `06${String(n).padStart(8, '0')}`,
  postalCode: String(1000 + (n % 900)).padStart(5, '0'),
  comments: n % 5 === 0 ? 'Rencontré au salon de l’habitat; à rappeler' : '',
});
const header = ['Civilité', 'Nom', 'Prénom', 'Email', 'Mobile', 'Code postal', 'Commentaires'];
const csvCell = (value: string) => (/[";\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const stream = createWriteStream(file);
  for (const line of lines)
    if (!stream.write(line)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  await new Promise<void>((resolve) => stream.end(() => resolve()));
}

function* fileLines(rows: number) {
  yield `${header.join(';')}\r\n`;
  for (let n = 1; n <= rows; n += 1) yield `${Object.values(person(n)).map(csvCell).join(';')}\r\n`;
}

/** The same rows as the import stores them, written by the same user: the COPY's CSV (comma separated). */
function* copyLines(rows: number, userId: number) {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  for (let n = 1; n <= rows; n += 1) {
    const p = person(n);
    const mobile = p.mobile.replace(/(\d{2})(?!$)/g, '$1 ');
    const values = [p.civility.toLowerCase(), p.lastName, p.firstName, p.email, mobile, p.postalCode, p.comments];
    yield `${values.map(quote).join(',')},${userId},${userId}\n`;
  }
}

async function writeXlsx(file: string, rows: number): Promise<void> {
  // Shared strings, as Excel writes them.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(header).commit();
  for (let n = 1; n <= rows; n += 1) sheet.addRow(Object.values(person(n))).commit();
  sheet.commit();
  await workbook.commit();
}

// ---------------------------------------------------------------------------------------------
// One case, in a child process.

const config: ImportConfig = {
  type: 'individus',
  sheet: 0,
  header: true,
  numericColumns: false,
  fields: ['civility', 'lastName', 'firstName', 'email', 'mobile', 'postalCode', 'comments'].map((name, index) => ({
    field: `individual.${name}`,
    column: String.fromCharCode(65 + index),
    searchCriterion: false,
  })),
};

async function openBenchDatabase(dataDir: string): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') },
  );
  await database.migrate();
  await database.db.execute(sql`truncate individuals, structures, import_jobs cascade`);
  await seedBenchAdministrator(database);
  return database;
}

/** COPY of the stored rows into individuals: PGlite reads them from /dev/blob, PostgreSQL from a file it can read. */
async function copy(database: DatabaseHandle, file: string): Promise<number> {
  const columns = 'civility, last_name, first_name, email, mobile, postal_code, comments, created_by, updated_by';
  const start = performance.now();
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.query(`copy individuals (${columns}) from '/dev/blob' with (format csv)`, [], {
      blob: new Blob([await readFile(file)]),
    });
  } else {
    await database.db.execute(sql.raw(`copy individuals (${columns}) from '${file}' with (format csv)`));
  }
  return performance.now() - start;
}

async function child(format: Format, rows: number, workDir: string): Promise<Measure> {
  const file = path.join(workDir, `contacts-${rows}.${format}`);
  if (format === 'csv') await writeLines(file, fileLines(rows));
  else await writeXlsx(file, rows);
  const database = await openBenchDatabase(workDir);
  const [user] = await database.db.select({ id: users.id }).from(users);
  const copyFile = path.join(workDir, `copy-${rows}.csv`);
  if (format === 'csv') await writeLines(copyFile, copyLines(rows, user!.id));

  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  const headers = authHeaders(await logIn(app, benchCredentials));

  // The raw COPY first, on the empty table; then the table is emptied for the import.
  let copyMs: number | null = null;
  if (format === 'csv') {
    copyMs = await copy(database, copyFile);
    await database.db.execute(sql`truncate individuals cascade`);
  }
  if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze individuals`);

  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  let retainedHeap = 0;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 10);
  const collector = setInterval(() => {
    global.gc?.();
    retainedHeap = Math.max(retainedHeap, process.memoryUsage().heapUsed);
  }, 1000);

  const until = async (id: number) => {
    for (;;) {
      const job = (
        await app.inject({ method: 'GET', url: routePath('api.import_jobs.item', { id }), headers })
      ).json<ImportJob>();
      if (job.status !== 'simulating' && job.status !== 'importing') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let start = performance.now();
  const uploaded = await app.inject({
    method: 'POST',
    url: routePath('api.import_assistant.upload', { nom: path.basename(file) }),
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: await import('node:fs').then(({ createReadStream }) => createReadStream(file)),
  });
  if (uploaded.statusCode !== 201) throw new Error(uploaded.body);
  const { id } = uploaded.json<{ job: ImportJob }>().job;
  const uploadMs = performance.now() - start;

  start = performance.now();
  await app.inject({ method: 'POST', url: routePath('api.import_jobs.simulate', { id }), headers, payload: config });
  const simulated = await until(id);
  const simulationMs = performance.now() - start;
  if (simulated.results.individus?.created !== rows) throw new Error(JSON.stringify(simulated));

  start = performance.now();
  await app.inject({ method: 'POST', url: routePath('api.import_jobs.run', { id }), headers });
  const done = await until(id);
  const importMs = performance.now() - start;
  clearInterval(sampler);
  clearInterval(collector);
  if (done.status !== 'imported' || done.results.individus?.created !== rows) throw new Error(JSON.stringify(done));

  await app.close();
  await database.close();
  return { format, rows, uploadMs, simulationMs, importMs, copyMs, peakRss, peakHeap, retainedHeap, startRss };
}

// ---------------------------------------------------------------------------------------------
// Projects (issue 31): a CSV of projects with an owner individual (one in two shared with another
// row) and structure (found or created by the duplicate rule), a state, a theme, two missions with
// their project types, a co-owner and a partner, optionally a characteristic.

const projectHeader = [
  'Nom',
  'État',
  'Thématique',
  'Nom du porteur',
  'Prénom du porteur',
  'Structure porteuse',
  'Mission 1',
  'Type 1',
  'Mission 2',
  'Type 2',
  'Co-porteur 1',
  'Partenaire 1',
  'Surface',
];

function* projectLines(rows: number) {
  yield `${projectHeader.join(';')}\r\n`;
  for (let n = 1; n <= rows; n += 1) {
    const owner = Math.ceil(n / 2);
    yield (
      [
        `Projet ${n}`,
        'En travaux',
        'Rénovation',
        `Porteur${String(owner).padStart(6, '0')}`,
        `Prénom ${owner % 97}`,
        `Entreprise ${n % 1000}`,
        'Mission A',
        'Type A',
        'Mission B',
        'Type B',
        `CO${n % 20}`,
        `partenaire${n % 20}@exemple.fr`,
        WITH_CHARACTERISTICS ? String(50 + (n % 200)) : '',
      ].join(';') + '\r\n'
    );
  }
}

const projectConfig: ImportConfig = {
  type: 'projets',
  sheet: 0,
  header: true,
  numericColumns: false,
  fields: [
    'project.name',
    'project.state',
    'project.theme',
    'individual.lastName',
    'individual.firstName',
    'structure.name',
    'mission.1.mission',
    'mission.1.projectType',
    'mission.2.mission',
    'mission.2.projectType',
    'coOwner.1.name',
    'partner.1.name',
    ...(WITH_CHARACTERISTICS ? ['characteristic:Surface'] : []),
  ].map((field, index) => ({ field, column: String.fromCharCode(65 + index), searchCriterion: false })),
};

async function projectsChild(rows: number, workDir: string): Promise<Measure> {
  const file = path.join(workDir, `projets-${rows}.csv`);
  await writeLines(file, projectLines(rows));
  const database = await openBenchDatabase(workDir);
  await database.db.execute(sql`truncate projects, project_states, project_themes, missions, project_types cascade`);
  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  const headers = authHeaders(await logIn(app, benchCredentials));
  const create = async (resource: string, payload: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: routePath('api.resource.collection', { resource }),
      headers,
      payload,
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json<{ id: number }>().id;
  };
  await create('etats-projet', { name: 'En travaux' });
  await create('thematiques-projet', { name: 'Rénovation' });
  const types: number[] = [];
  for (const letter of ['A', 'B']) {
    const mission = await create('missions', { name: `Mission ${letter}` });
    types.push(await create('types-projet', { name: `Type ${letter}`, missions: [mission] }));
  }
  for (let n = 0; n < 20; n += 1) {
    await create('structures', { name: `Collectivité ${n}`, acronym: `CO${n}` });
    await create('individus', { lastName: `Partenaire ${n}`, firstName: 'Paul', email: `partenaire${n}@exemple.fr` });
  }
  if (WITH_CHARACTERISTICS) {
    const surface = await create('champs-de-formulaire', { name: 'Surface', type: 'number' });
    await create('formulaires', { name: 'Logement', projectTypes: types, fields: [surface] });
  }
  if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze`);

  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 10);
  const until = async (id: number) => {
    for (;;) {
      const job = (
        await app.inject({ method: 'GET', url: routePath('api.import_jobs.item', { id }), headers })
      ).json<ImportJob>();
      if (job.status !== 'simulating' && job.status !== 'importing') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let start = performance.now();
  const uploaded = await app.inject({
    method: 'POST',
    url: routePath('api.import_assistant.upload', { nom: path.basename(file) }),
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: await readFile(file),
  });
  if (uploaded.statusCode !== 201) throw new Error(uploaded.body);
  const { id } = uploaded.json<{ job: ImportJob }>().job;
  const uploadMs = performance.now() - start;
  start = performance.now();
  await app.inject({
    method: 'POST',
    url: routePath('api.import_jobs.simulate', { id }),
    headers,
    payload: projectConfig,
  });
  const simulated = await until(id);
  const simulationMs = performance.now() - start;
  if (simulated.results.projets?.created !== rows) throw new Error(JSON.stringify(simulated));
  start = performance.now();
  await app.inject({ method: 'POST', url: routePath('api.import_jobs.run', { id }), headers });
  const done = await until(id);
  const importMs = performance.now() - start;
  clearInterval(sampler);
  if (done.status !== 'imported' || done.results.projets?.created !== rows) throw new Error(JSON.stringify(done));
  await app.close();
  await database.close();
  return {
    format: 'csv',
    rows,
    uploadMs,
    simulationMs,
    importMs,
    copyMs: null,
    peakRss,
    peakHeap,
    retainedHeap: 0,
    startRss,
  };
}

// ---------------------------------------------------------------------------------------------
// The parent: every case, then the figures side by side.

const MB = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('fr-FR')} lignes/s`;

async function main(): Promise<void> {
  const target = process.env.DATABASE_URL
    ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})`
    : 'PGlite (embarquée, sur disque)';
  console.log(`== Import de particuliers — ${target}`);
  const measures: Measure[] = [];
  for (const rows of SIZES) {
    for (const format of FORMATS) {
      const workDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
      // A PostgreSQL server on this machine reads the COPY's file itself.
      chmodSync(workDir, 0o755);
      try {
        const result = spawnSync(
          process.execPath,
          ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'child', format, String(rows), workDir],
          { encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
        );
        const line = result.stdout.trim().split('\n').pop() ?? '';
        if (result.status !== 0 || !line.startsWith('{')) throw new Error(`${format} ${rows}: ${result.stderr}`);
        const measure = JSON.parse(line) as Measure;
        measures.push(measure);
        const copyText =
          measure.copyMs === null
            ? ''
            : `; COPY ${rate(rows, measure.copyMs)} (${(measure.copyMs / 1000).toFixed(1)} s) — import/COPY ${(
                measure.copyMs / measure.importMs
              ).toFixed(2)}`;
        console.log(
          `${format.toUpperCase()} ${rows.toLocaleString('fr-FR')} lignes: envoi+lecture ${(measure.uploadMs / 1000).toFixed(1)} s, ` +
            `simulation ${(measure.simulationMs / 1000).toFixed(1)} s, import ${(measure.importMs / 1000).toFixed(1)} s = ` +
            `${rate(rows, measure.importMs)}${copyText}; pic RSS ${MB(measure.peakRss)} (départ ${MB(measure.startRss)}), ` +
            `pic tas JS ${MB(measure.peakHeap)} (retenu après ramasse-miettes ${MB(measure.retainedHeap)})`,
        );
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    }
  }
  if (PROJECT_ROWS > 0) {
    const workDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
    try {
      const result = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          fileURLToPath(import.meta.url),
          'projects',
          'csv',
          String(PROJECT_ROWS),
          workDir,
        ],
        { encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
      );
      const line = result.stdout.trim().split('\n').pop() ?? '';
      if (result.status !== 0 || !line.startsWith('{')) throw new Error(`projets ${PROJECT_ROWS}: ${result.stderr}`);
      const measure = JSON.parse(line) as Measure;
      const individuals = measures.find((m) => m.format === 'csv' && m.rows === PROJECT_ROWS) ?? measures[0];
      console.log(
        `Projets CSV ${PROJECT_ROWS.toLocaleString('fr-FR')} lignes${WITH_CHARACTERISTICS ? ' (avec une caractéristique)' : ''}: ` +
          `envoi+lecture ${(measure.uploadMs / 1000).toFixed(1)} s, simulation ${(measure.simulationMs / 1000).toFixed(1)} s ` +
          `(${rate(PROJECT_ROWS, measure.simulationMs)}), import ${(measure.importMs / 1000).toFixed(1)} s = ` +
          `${rate(PROJECT_ROWS, measure.importMs)}` +
          (individuals
            ? ` — particuliers ${individuals.format.toUpperCase()} ${individuals.rows.toLocaleString('fr-FR')}: ${rate(individuals.rows, individuals.importMs)}`
            : '') +
          `; pic RSS ${MB(measure.peakRss)}, pic tas JS ${MB(measure.peakHeap)}`,
      );
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  // The largest size's memory against the smallest's (100 000 / 10 000 by default).
  if (SIZES.length < 2) return;
  const [fewest, most] = [Math.min(...SIZES), Math.max(...SIZES)];
  for (const format of FORMATS) {
    const [small, large] = [fewest, most].map((rows) => measures.find((m) => m.format === format && m.rows === rows)!);
    console.log(
      `${format.toUpperCase()} mémoire ${most.toLocaleString('fr-FR')} / ${fewest.toLocaleString('fr-FR')} lignes: ` +
        `RSS ${(large!.peakRss / small!.peakRss).toFixed(2)}×, ` +
        `tas JS ${(large!.peakHeap / small!.peakHeap).toFixed(2)}×, tas JS retenu ` +
        `${(large!.retainedHeap / small!.retainedHeap).toFixed(2)}× (objectif ≤ 1,5×)`,
    );
  }
}

if (process.argv[2] === 'projects') {
  const [, , , , rows, workDir] = process.argv;
  console.log(JSON.stringify(await projectsChild(Number(rows), workDir!)));
  process.exit(0);
} else if (process.argv[2] === 'child') {
  const [, , , format, rows, workDir] = process.argv;
  const measure = await child(format as Format, Number(rows), workDir!);
  console.log(JSON.stringify(measure));
  process.exit(0);
} else {
  await main();
}
