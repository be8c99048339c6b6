/**
 * npm run bench:duplicates — the duplicate scan of the contacts on 100 000 generated individuals,
 * on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * skipped with a message when it does not answer): the scan through the API, a page of its pairs,
 * how many of the duplicates planted in the data it finds, and what comparing every name through
 * the trigram index would cost instead (a sample of probes, extrapolated).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { dictionary } from '@zxcvbn-ts/language-fr';
import { buildApp } from '../src/server/app';
import type { DatabaseHandle } from '../src/server/db/database';
import { individualsTable } from '../src/server/db/schema';
import type { DuplicatePage, DuplicateScanResult } from '../src/shared/resources/contact-duplicates';
import { path as routePath } from '../src/shared/routes';
import { authHeaders, logIn } from '../tests/support/test-app';
import { benchCredentials, benchUploadsDir, onBothDatabases, seedBenchAdministrator } from './bench-databases';

const ROWS = 100_000;
/** Planted duplicates, of each kind below. */
const PLANTED_PER_KIND = 250;
const PROBES = 200;

// The package's lists are named the other way round: "firstnames-fr" holds surnames.
const surnames = dictionary['firstnames-fr']!;
const firstNames = dictionary['lastnames-fr']!;
const common = ['martin', 'bernard', 'thomas', 'petit', 'robert', 'richard', 'durand', 'dubois', 'moreau', 'laurent'];

let seed = 42;
const random = () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const capitalised = (text: string) =>
  text.replace(/(^|[- ])(\p{L})/gu, (_match, before, letter) => before + letter.toUpperCase());
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
const phone = (n: number) =>
  `04 ${String(n % 100).padStart(2, '0')} ${String(Math.floor(n / 100) % 100).padStart(2, '0')} ${String(Math.floor(n / 10_000)).padStart(2, '0')} 00`;

type Person = Record<'lastName' | 'firstName' | 'email' | 'landline', string>;

/** A typo: one letter of the last name replaced. */
function typo(name: string): string {
  const at = 1 + Math.floor(random() * (name.length - 1));
  const letter = 'aeiourstln'[Math.floor(random() * 10)]!;
  return name.slice(0, at) + (name[at] === letter ? 'e' : letter) + name.slice(at + 1);
}

const plantedKinds = {
  'case and accents': (p: Person): Person => ({
    ...p,
    lastName: p.lastName.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase(),
    firstName: p.firstName.toLowerCase(),
    email: '',
    landline: '',
  }),
  'typo in the last name': (p: Person): Person => ({ ...p, lastName: typo(p.lastName), email: '', landline: '' }),
  'names swapped': (p: Person): Person => ({
    ...p,
    lastName: p.firstName,
    firstName: p.lastName,
    email: '',
    landline: '',
  }),
  'same email': (p: Person): Person => ({ ...p, lastName: pick(surnames), firstName: pick(firstNames), landline: '' }),
};

/** Unique names (as the duplicate rule wants them), then the planted duplicates of some of them. */
function people(): { rows: Person[]; planted: { kind: string; original: number; copy: number }[] } {
  const rows: Person[] = [];
  const seen = new Set<string>();
  const total = ROWS - PLANTED_PER_KIND * Object.keys(plantedKinds).length;
  while (rows.length < total) {
    const lastName = capitalised(random() < 0.05 ? pick(common) : pick(surnames));
    const firstName = capitalised(pick(firstNames));
    const key = plain(lastName + firstName);
    if (seen.has(key)) continue;
    seen.add(key);
    const n = rows.length;
    rows.push({
      lastName,
      firstName,
      email: `${plain(firstName)}.${plain(lastName)}.${n}@exemple.fr`,
      landline: phone(n),
    });
  }
  const planted: { kind: string; original: number; copy: number }[] = [];
  for (const [kind, variant] of Object.entries(plantedKinds)) {
    for (let index = 0; index < PLANTED_PER_KIND; index += 1) {
      const original = Math.floor(random() * total);
      planted.push({ kind, original, copy: rows.length });
      rows.push(variant(rows[original]!));
    }
  }
  return { rows, planted };
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  console.log(`\n== ${label}`);
  await database.migrate();
  await seedBenchAdministrator(database);
  const { rows, planted } = people();
  let start = performance.now();
  const ids: number[] = [];
  for (let offset = 0; offset < rows.length; offset += 1000) {
    const inserted = await database.db
      .insert(individualsTable)
      .values(rows.slice(offset, offset + 1000))
      .returning();
    ids.push(...inserted.map(({ id }) => Number(id)));
  }
  await database.db.execute(sql`analyze individuals`);
  console.log(
    `fill ${rows.length} individuals (${planted.length} planted duplicates): ${ms(performance.now() - start)}`,
  );

  const app = await buildApp({ database, uploadsDir: benchUploadsDir(), logLevel: 'silent' });
  const headers = authHeaders(await logIn(app, benchCredentials));
  for (const run of [1, 2]) {
    start = performance.now();
    const scan = await app.inject({
      method: 'POST',
      url: routePath('api.duplicates.scan', { resource: 'individus' }),
      headers,
    });
    const { total } = scan.json<DuplicateScanResult>();
    console.log(`scan #${run} through the API: ${ms(performance.now() - start)}, ${total} pairs kept`);
  }
  start = performance.now();
  const page = await app.inject({
    method: 'GET',
    url: routePath('api.duplicates.list', { resource: 'individus', page: 3 }),
    headers,
  });
  console.log(`a page of 25 pairs: ${ms(performance.now() - start)} (of ${page.json<DuplicatePage>().total})`);

  const found = new Set(
    (
      (await database.db.execute(
        sql`select first_id, second_id from duplicate_candidates where resource = 'individus'`,
      )) as unknown as { rows: { first_id: number; second_id: number }[] }
    ).rows.map((row) => `${row.first_id}:${row.second_id}`),
  );
  for (const kind of Object.keys(plantedKinds)) {
    const ofKind = planted.filter((pair) => pair.kind === kind);
    const hits = ofKind.filter(({ original, copy }) => found.has(`${ids[original]}:${ids[copy]}`)).length;
    console.log(`planted "${kind}": ${hits} / ${ofKind.length} found`);
  }

  // The alternative: each record's close names through a trigram index, one probe per record.
  await database.db.execute(
    sql`create index bench_name_trgm on individuals using gin (immutable_unaccent(lower(last_name || ' ' || first_name)) gin_trgm_ops)`,
  );
  await database.db.execute(sql`analyze individuals`);
  start = performance.now();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', '0.6', true)`);
    for (let probe = 0; probe < PROBES; probe += 1) {
      const id = ids[Math.floor((probe * ids.length) / PROBES)]!;
      await tx.execute(sql`
        select other.id from individuals as one join individuals as other
          on immutable_unaccent(lower(other.last_name || ' ' || other.first_name))
            % immutable_unaccent(lower(one.last_name || ' ' || one.first_name))
        where one.id = ${id} and other.id <> one.id and other.deleted_at is null`);
    }
  });
  const perProbe = (performance.now() - start) / PROBES;
  console.log(
    `trigram index probe: ${perProbe.toFixed(2)} ms a record → ${Math.round((perProbe * rows.length) / 1000)} s for every record`,
  );
  await app.close();
}

await onBothDatabases('bench-duplicates', bench);
