/**
 * npm run bench:load — the API under load: autocannon, 50 connections for 30 s (BENCH_DURATION),
 * as several logged-in users, on a mix of what the screens ask: filtered and sorted lists, show
 * pages, autocompletes (communes among ~35 000, individuals), the session, a few creates and
 * updates; meanwhile a few connections log in and out again and again.
 *
 *   1. two server processes on one PostgreSQL database (BENCH_DATABASE_URL, default the local
 *      server; a scratch database, dropped afterwards), the load split between them: sessions opened
 *      on one are used on the other, and a login lockout counted on one must hold on the other;
 *   2. one process on the embedded database (PGlite).
 *
 * Prints requests per second, p50/p95/p99 and the slowest latency, errors and statuses.
 * BENCH_APP_DIR measures another built checkout (main's, for the "before"); BENCH_ONLY=postgres
 * or pglite runs one of the two. BENCH_KINDS=1 first runs each kind of request alone on one process
 * (8 connections, 4 s each) and prints what one costs the server and PostgreSQL.
 *
 * Asking without pause, the 50 connections keep 50 requests in flight, so the mean latency is 50 ÷
 * the throughput (Little's law): the figures show the most the machine can serve, and how long a
 * request waits when it is overwhelmed. BENCH_PAUSE=<ms> makes each connection a user who pauses
 * between requests (that long on average, drawn at random): the latency of a busy service that keeps up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { administratorActor } from '../src/server/auth/actor';
import { hashPassword } from '../src/server/auth/passwords';
import { loadCommunes } from '../src/server/seed/communes-load';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database';
import { users } from '../src/server/db/schema';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import { permissionKey, permissionGroupNames } from '../src/shared/permissions';
import { findResource } from '../src/shared/resources/registry';
import { path as routePath } from '../src/shared/routes';
import { createScratchDatabase } from '../tests/support/test-database';
import {
  apiLogIn,
  apiSend,
  benchedAppDir,
  cpuPerRequest,
  machineLoad,
  startBenchServer,
  type ApiSession,
  type BenchServer,
} from './bench-server';

const CONNECTIONS = 50;
/** Of the 50, those that log in, do a little and log out, over and over. */
const LOGIN_CONNECTIONS = 4;
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
/** Mean pause of each connection between requests, in ms (BENCH_PAUSE); 0 asks without pause. */
const PAUSE = Number(process.env.BENCH_PAUSE ?? 0);
const INDIVIDUALS = 20_000;
const STRUCTURES = 5_000;
const USERS = 8;
const userPassword = 'Charge-de-test-robuste-2026';
const userEmail = (n: number) => `utilisateur${n}@exemple.fr`;
/** The 100 commonest surnames in France, and common first names. */
const lastNames = (
  'Martin Bernard Thomas Petit Robert Richard Durand Dubois Moreau Laurent Simon Michel Lefèvre ' +
  'Leroy Roux David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent ' +
  'Muller Faure André Mercier Blanc Guérin Boyer Garnier Chevalier François Legrand Gauthier ' +
  'Garcia Perrin Robin Clément Morin Nicolas Henry Roussel Mathieu Masson Marchand Duval Denis ' +
  'Dumont Lemaire Noël Meyer Dufour Meunier Brun Blanchard Giraud Joly Rivière Lucas Brunet ' +
  'Gaillard Barbier Arnaud Martinez Gérard Roche Renard Schmitt Roy Leroux Colin Vidal Caron ' +
  'Picard Roger Fabre Aubert Lemoine Renaud Dumas Lacroix Olivier Philippe Bourgeois Pierre Benoît ' +
  'Rey Leclerc Payet Rolland Leclercq Guillaume Lecomte Lopez Jean Dupuy'
).split(' ');
const firstNames = (
  'Marie Jean Pierre Michel Philippe Nathalie Isabelle Sylvie Catherine Françoise Alain Patrick ' +
  'Nicolas Christophe Christine Sophie Julien Camille Léa Manon Emma Chloé Hugo Lucas Louis Thomas ' +
  'Théo Nathan Jules Inès Sarah Laura Julie Céline Stéphane David Éric Frédéric Laurent Olivier ' +
  'Valérie Sandrine Aurélie Émilie Anne Hélène Jacques Bernard Monique Martine'
).split(' ');
const structureKinds = ['Mairie de ', 'Association ', 'Cabinet ', 'Société ', 'Agence '];

/**
 * Individuals, structures, communes and users with one profile, as a busy service would have, in a
 * database the benched server has migrated and seeded itself (its own migrations, not this checkout's).
 */
async function fill(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await loadCommunes(db);
  // Names as people have them: a search or a suggestion reads the index entries of the rows it
  // finds, not of every row (names like "Nom0042" would share their trigrams with all 20 000).
  const values = (names: readonly string[]) => sql.raw(`array[${names.map((name) => `'${name}'`).join(', ')}]`);
  await db.execute(sql`
    insert into individuals (civility, last_name, first_name, email, postal_code, commune, mobile)
    select case when n % 2 = 0 then 'madame' else 'monsieur' end,
           (${values(lastNames)})[1 + n % ${lastNames.length}],
           (${values(firstNames)})[1 + (n / ${lastNames.length}) % ${firstNames.length}],
           lower(immutable_unaccent((${values(firstNames)})[1 + (n / ${lastNames.length}) % ${firstNames.length}]
             || '.' || (${values(lastNames)})[1 + n % ${lastNames.length}])) || n || '@exemple.fr',
           commune.postal_codes[1], commune.id, '06 12 34 ' || lpad((n % 100)::text, 2, '0') || ' 00'
    from generate_series(1, ${INDIVIDUALS}) as n
    join communes as commune on commune.id = 1 + (n * 7919) % 34000`);
  await db.execute(sql`
    insert into structures (name, acronym, contact_type, public_subtype, email)
    select (${values(structureKinds)})[1 + n % ${structureKinds.length}] || commune.name,
           'S' || n,
           (array['media', 'private', 'public'])[1 + n % 3],
           case when n % 3 = 2 then (array['commune', 'epci', 'department'])[1 + n % 3] end,
           'contact' || n || '@exemple.fr'
    from generate_series(1, ${STRUCTURES}) as n
    join communes as commune on commune.id = 1 + (n * 6131) % 34000`);
  await db.execute(sql`
    insert into useful_links (name, url)
    select 'Lien ' || lpad(n::text, 4, '0'), 'https://exemple.fr/page-' || n from generate_series(1, 500) as n`);
  // Advisers: every group on the contacts, consult and other elsewhere (as the demo's "Conseiller").
  const store = createResourceStore(db, serverHooks);
  const [admin] = await db.select({ id: users.id }).from(users);
  const actor = administratorActor(admin!.id);
  const profile = await store.create(
    findResource('groupes')!,
    {
      name: 'Conseillers (banc de charge)',
      permissions: [
        ...['individus', 'structures', 'liens-utiles'].flatMap((slug) =>
          permissionGroupNames.filter((group) => group !== 'delete').map((group) => permissionKey(slug, group)),
        ),
        permissionKey('communes', 'consult'),
      ],
    },
    actor,
  );
  const service = await store.create(findResource('service')!, { name: 'Service de test de charge' }, actor);
  const passwordHash = await hashPassword(userPassword);
  await db.insert(users).values(
    Array.from({ length: USERS }, (_, n) => ({
      email: userEmail(n),
      firstName: `Utilisateur ${n}`,
      lastName: 'Charge',
      passwordHash,
      groupIds: [profile.id],
      serviceId: service.id,
    })),
  );
  // As autovacuum leaves a settled database: statistics, and the trigram indexes' pending entries merged.
  await db.execute(sql`vacuum analyze`);
}

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

interface Context {
  session?: ApiSession;
  linkId?: number;
  sentAt?: number;
  kind?: string;
}
type Request = Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
  setupRequest?: (request: autocannon.Request, context: Context) => autocannon.Request;
  onResponse?: (status: number, body: string, context: Context, headers: Record<string, string | string[]>) => void;
};

/** Each kind of request's latencies (method, path with its numbers and query values left out). */
type ByKind = Map<string, number[]>;
const kindOf = (method: string, url: string) => {
  const [pathname = '', query = ''] = url.split('?');
  const names = query ? `?${[...new URLSearchParams(query).keys()].join('&')}` : '';
  return `${method} ${pathname.replace(/\/\d+/g, '/{id}')}${names}`;
};
function timed(requests: Request[], byKind: ByKind): Request[] {
  return requests.map((request) => ({
    ...request,
    setupRequest: (built, context) => {
      const next = request.setupRequest ? request.setupRequest(built, context) : built;
      context.sentAt = performance.now();
      context.kind = kindOf(next.method ?? request.method ?? 'GET', next.path ?? request.path ?? '');
      return next;
    },
    onResponse: (status, body, context, headers) => {
      if (context.kind && context.sentAt !== undefined) {
        const latencies = byKind.get(context.kind) ?? [];
        latencies.push(performance.now() - context.sentAt);
        byKind.set(context.kind, latencies);
      }
      request.onResponse?.(status, body, context, headers);
    },
  }));
}

/** One screen's worth of requests after another, as a user working through lists and records. */
function workRequests(sessions: readonly ApiSession[]): Request[] {
  let next = 0;
  const sessionOf = (context: Context) => (context.session ??= sessions[next++ % sessions.length]!);
  const get = (url: () => string): Request => ({
    method: 'GET',
    setupRequest: (request, context) => ({ ...request, path: url(), headers: { cookie: sessionOf(context).cookie } }),
  });
  const write = (method: 'POST' | 'PUT', url: (context: Context) => string, body: () => unknown): Request => ({
    method,
    setupRequest: (request, context) => ({
      ...request,
      path: url(context),
      headers: {
        cookie: sessionOf(context).cookie,
        'x-csrf-token': sessionOf(context).csrfToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body()),
    }),
  });
  const list = (resource: string, query: () => Record<string, string>) =>
    get(() => routePath('api.resource.collection', { resource, ...query() }));
  return [
    get(() => routePath('api.session')),
    list('individus', () => ({
      civility: pick(['madame', 'monsieur']),
      tri: 'lastName',
      ordre: pick(['asc', 'desc']),
    })),
    list('individus', () => ({ postalCode: pick(['01', '13', '33', '69', '75']), page: String(between(1, 3)) })),
    get(() => routePath('api.resource.item', { resource: 'individus', id: between(1, INDIVIDUALS) })),
    list('individus', () => ({ q: pick(lastNames) })),
    get(() =>
      routePath('api.resource.autocomplete', { resource: 'communes', term: pick(['saint', 'mont', 'ville', 'lyon']) }),
    ),
    list('structures', () => ({ contactType: pick(['media', 'private', 'public']), tri: 'name', ordre: 'asc' })),
    get(() => routePath('api.resource.item', { resource: 'structures', id: between(1, STRUCTURES) })),
    get(() =>
      routePath('api.resource.autocomplete', {
        resource: 'structures',
        term: `${pick(structureKinds)}${pick(['sa', 'mo', 'b', 'la', 'v'])}`,
      }),
    ),
    list('liens-utiles', () => ({ tri: 'name', ordre: 'desc', page: String(between(1, 20)) })),
    get(() => routePath('api.resource.autocomplete', { resource: 'individus', term: pick(lastNames).slice(0, 4) })),
    {
      ...write(
        'POST',
        () => routePath('api.resource.collection', { resource: 'liens-utiles' }),
        () => ({ name: `Lien ajouté ${Math.random().toString(36).slice(2, 10)}`, url: 'https://exemple.fr/nouveau' }),
      ),
      onResponse: (status, body, context: Context) => {
        if (status === 201 || status === 200) context.linkId = (JSON.parse(body) as { id: number }).id;
      },
    },
    get(() => routePath('api.resource.item', { resource: 'liens-utiles', id: between(1, 500) })),
    write(
      'PUT',
      (context) => routePath('api.resource.item', { resource: 'liens-utiles', id: context.linkId ?? between(1, 500) }),
      () => ({ name: `Lien modifié ${Math.random().toString(36).slice(2, 10)}`, url: 'https://exemple.fr/modifie' }),
    ),
    list('structures', () => ({ q: pick(['saint', 'mont', 'ville', 'bourg', 'val']), tri: 'name', ordre: 'desc' })),
  ];
}

/** Log in, look at the session and a list, log out: the connections that come and go. */
function loginRequests(): Request[] {
  const withSession = (request: autocannon.Request, context: Context) => ({
    ...request,
    headers: { cookie: context.session?.cookie ?? '', 'x-csrf-token': context.session?.csrfToken ?? '' },
  });
  return [
    {
      method: 'POST',
      path: routePath('api.login'),
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ email: userEmail(between(0, USERS - 2)), password: userPassword, remember: false }),
      }),
      onResponse: (status, body, context: Context, headers) => {
        const setCookie = ([] as string[]).concat(headers['set-cookie'] ?? []);
        if (status === 200)
          context.session = {
            cookie: setCookie.map((line) => line.split(';')[0]).join('; '),
            csrfToken: (JSON.parse(body) as { csrfToken: string }).csrfToken,
          };
      },
    },
    { method: 'GET', path: routePath('api.session'), setupRequest: withSession },
    {
      method: 'GET',
      path: routePath('api.resource.collection', { resource: 'individus', tri: 'lastName' }),
      setupRequest: withSession,
    },
    { method: 'POST', path: routePath('api.logout'), setupRequest: withSession },
  ];
}

interface Outcome {
  byKind: ByKind;
  requests: number;
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
  timeouts: number;
}

function load(
  url: string,
  connections: number,
  requests: Request[],
  outcome: Outcome,
  { duration = DURATION, pause = PAUSE } = {},
): Promise<void> {
  return pause > 0
    ? withPauses(url, connections, requests, outcome, duration, pause)
    : withoutPause(url, connections, requests, outcome, duration);
}

/** Counts an answer, its status and how long it took (ms), whichever generator sent it. */
function answered(outcome: Outcome, status: number, latency: number): void {
  outcome.requests += 1;
  outcome.latencies.push(latency);
  outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
}

/** autocannon: each connection sends its next request as soon as the last is answered. */
function withoutPause(url: string, connections: number, requests: Request[], outcome: Outcome, duration: number) {
  let finished: (result: autocannon.Result) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const instance = autocannon(
    {
      url,
      connections,
      duration,
      timeout: 10,
      requests: timed(requests, outcome.byKind) as autocannon.Request[],
    },
    (error: unknown, result) => (error ? failed(error) : finished(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) =>
    answered(outcome, statusCode, responseTime),
  );
  return new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  }).then((result) => {
    outcome.errors += result.errors;
    outcome.timeouts += result.timeouts;
  });
}

/**
 * Each connection a user: a request, a pause drawn at random (exponential, `pause` ms on average),
 * the next. Requests keep their order and their context per connection, as with autocannon.
 */
async function withPauses(
  url: string,
  connections: number,
  requests: Request[],
  outcome: Outcome,
  duration: number,
  pause: number,
): Promise<void> {
  const end = performance.now() + duration * 1000;
  const randomPause = () => new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * pause));
  const timedRequests = timed(requests, outcome.byKind);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const context: Context = {};
      await randomPause();
      for (let n = 0; performance.now() < end; n += 1) {
        const { setupRequest, onResponse, ...request } = timedRequests[n % timedRequests.length]!;
        const built = setupRequest ? setupRequest(request as autocannon.Request, context) : request;
        const sentAt = performance.now();
        try {
          const response = await send(agent, url, built);
          answered(outcome, response.status, performance.now() - sentAt);
          onResponse?.(response.status, response.body, context, response.headers);
        } catch (error) {
          outcome.errors += 1;
          if ((error as Error).message === 'timeout') outcome.timeouts += 1;
        }
        await randomPause();
      }
      agent.destroy();
    }),
  );
}

/** One request on the agent's connection; a request unanswered after 10 s fails with "timeout". */
function send(agent: http.Agent, url: string, request: autocannon.Request) {
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[]> }>(
    (resolve, reject) => {
      const outgoing = http.request(
        new URL(request.path ?? '/', url),
        { agent, method: request.method, headers: request.headers, timeout: 10_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              headers: response.headers as Record<string, string | string[]>,
            }),
          );
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    },
  );
}

/** Five wrong passwords on one server, then the right one on the other: refused (429) if they count together. */
async function lockoutHoldsAcross(first: BenchServer, second: BenchServer): Promise<string> {
  const attempt = (server: BenchServer, password: string) =>
    fetch(new URL(routePath('api.login'), server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: userEmail(USERS - 1), password, remember: false }),
    }).then((response) => response.status);
  const failures = [];
  for (let n = 0; n < 5; n += 1) failures.push(await attempt(first, 'pas le bon mot de passe'));
  const after = await attempt(second, userPassword);
  return `5 failures on process 1 (${failures.join(', ')}), then the right password on process 2: ${after} ${
    after === 429 ? '(locked on both: the counters are shared)' : '(NOT locked: the counters are not shared)'
  }`;
}

/** A session opened on one process is seen by the other, and a logout on that one ends it on the first. */
async function sessionsShared(first: BenchServer, second: BenchServer): Promise<string> {
  const session = await apiLogIn(first.baseUrl);
  const status = (server: BenchServer) =>
    fetch(new URL(routePath('api.session'), server.baseUrl), { headers: { cookie: session.cookie } }).then(
      (response) => response.status,
    );
  const seen = await status(second);
  await apiSend(second.baseUrl, session, 'POST', routePath('api.logout'));
  const afterLogout = await status(first);
  return `session opened on process 1: ${seen} on process 2; logged out on process 2: ${afterLogout} on process 1`;
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

function report(label: string, outcome: Outcome): void {
  const sorted = [...outcome.latencies].sort((a, b) => a - b);
  const non2xx = [...outcome.statuses].filter(([status]) => status < 200 || status >= 300);
  console.log(`\n== ${label}`);
  console.log(
    `${outcome.requests} requests in ${DURATION} s: ${(outcome.requests / DURATION).toFixed(0)} requests/s; ` +
      `latency p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, p99 ${percentile(sorted, 99)} ms, ` +
      `max ${Math.round(sorted.at(-1) ?? 0)} ms; over 1 s: ${sorted.filter((value) => value > 1000).length}`,
  );
  console.log(
    `errors ${outcome.errors} (timeouts ${outcome.timeouts}); statuses ${[...outcome.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}${non2xx.length > 0 ? ' — non-2xx answers count as errors' : ''}`,
  );
  console.log('slowest kinds of request (p95):');
  const kinds = [...outcome.byKind].map(([kind, values]) => {
    const kindSorted = [...values].sort((a, b) => a - b);
    return {
      kind,
      count: values.length,
      p50: percentile(kindSorted, 50),
      p95: percentile(kindSorted, 95),
      overOneSecond: values.filter((value) => value > 1000).length,
    };
  });
  for (const { kind, count, p50, p95 } of kinds.sort((a, b) => b.p95 - a.p95).slice(0, 8)) {
    console.log(`  ${kind.padEnd(60)} ${String(count).padStart(5)}×  p50 ${p50} ms, p95 ${p95} ms`);
  }
  const slow = kinds.filter(({ overOneSecond }) => overOneSecond > 0).sort((a, b) => b.overOneSecond - a.overOneSecond);
  if (slow.length > 0) {
    console.log(`over 1 s: ${slow.map(({ kind, overOneSecond }) => `${kind} ×${overOneSecond}`).join(', ')}`);
  }
  console.log(machineLoad());
}

const pace = PAUSE > 0 ? `, pausing ${PAUSE} ms on average between requests` : ', without pause';

const emptyOutcome = (): Outcome => ({
  byKind: new Map(),
  requests: 0,
  latencies: [],
  statuses: new Map(),
  errors: 0,
  timeouts: 0,
});

async function sessionsFor(server: BenchServer): Promise<ApiSession[]> {
  const sessions = [];
  for (let n = 0; n < USERS - 1; n += 1) {
    sessions.push(await apiLogIn(server.baseUrl, { email: userEmail(n), password: userPassword }));
  }
  return sessions;
}

/** Seconds each kind of request runs alone (BENCH_KINDS). */
const KIND_SECONDS = 4;

/** Each kind of request alone on one process, a few seconds each: what it costs the server and PostgreSQL. */
async function eachKindAlone(server: BenchServer, sessions: readonly ApiSession[]): Promise<void> {
  console.log(`each kind of request alone (8 connections, ${KIND_SECONDS} s):`);
  for (const request of workRequests(sessions)) {
    const outcome = emptyOutcome();
    const cpu = cpuPerRequest([server]);
    await load(server.baseUrl, 8, [request], outcome, { duration: KIND_SECONDS, pause: 0 });
    const [kind = '?'] = outcome.byKind.keys();
    const sorted = [...outcome.latencies].sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(60)} ${(outcome.requests / KIND_SECONDS).toFixed(0).padStart(5)}/s p50 ${percentile(sorted, 50)} ms; ${cpu(outcome.requests)}`,
    );
  }
}

async function onPostgres(appDir: string): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(serverUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  const servers: BenchServer[] = [];
  try {
    // Logging as in production (info: a line per request), not the bench's default quiet.
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOG_LEVEL: 'info' };
    await (await startBenchServer(appDir, env)).stop();
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await fill(database);
    await database.close();
    servers.push(await startBenchServer(appDir, env), await startBenchServer(appDir, env));
    const [first, second] = servers as [BenchServer, BenchServer];
    console.log(`\nPostgreSQL (${new URL(serverUrl).host}), two processes: ${first.baseUrl}, ${second.baseUrl}`);
    console.log(await sessionsShared(first, second));
    // Sessions opened on the first process, used on both.
    const sessions = await sessionsFor(first);
    if (process.env.BENCH_KINDS) await eachKindAlone(first, sessions);
    const outcome = emptyOutcome();
    const work = (CONNECTIONS - LOGIN_CONNECTIONS) / 2;
    const cpu = cpuPerRequest(servers);
    const runs = Promise.all([
      load(first.baseUrl, work, workRequests(sessions), outcome),
      load(second.baseUrl, work, workRequests(sessions), outcome),
      load(first.baseUrl, LOGIN_CONNECTIONS / 2, loginRequests(), outcome),
      load(second.baseUrl, LOGIN_CONNECTIONS / 2, loginRequests(), outcome),
    ]);
    await new Promise((resolve) => setTimeout(resolve, (DURATION * 1000) / 2));
    const lockout = await lockoutHoldsAcross(first, second);
    await runs;
    report(`PostgreSQL, 2 processes, ${CONNECTIONS} connections, ${DURATION} s${pace}`, outcome);
    console.log(cpu(outcome.requests));
    console.log(`during the run: ${lockout}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(appDir: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  let server: BenchServer | undefined;
  try {
    await (await startBenchServer(appDir, { DATA_DIR: dataDir })).stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    await fill(database);
    await database.close();
    server = await startBenchServer(appDir, { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    console.log(`\nPGlite, one process: ${server.baseUrl}`);
    const sessions = await sessionsFor(server);
    const outcome = emptyOutcome();
    const cpu = cpuPerRequest([server]);
    await Promise.all([
      load(server.baseUrl, CONNECTIONS - LOGIN_CONNECTIONS, workRequests(sessions), outcome),
      load(server.baseUrl, LOGIN_CONNECTIONS, loginRequests(), outcome),
    ]);
    report(`PGlite, 1 process, ${CONNECTIONS} connections, ${DURATION} s${pace}`, outcome);
    console.log(cpu(outcome.requests));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const appDir = benchedAppDir();
console.log(`bench:load — ${appDir}; ${machineLoad()}`);
const only = process.env.BENCH_ONLY;
if (only !== 'pglite') await onPostgres(appDir);
if (only !== 'postgres') await onPglite(appDir);
