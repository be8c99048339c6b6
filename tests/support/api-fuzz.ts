import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/server/engine/openapi-document';
import { path } from '../../src/shared/routes';
import { authHeaders, logIn, openRegistration, useAdminApp, type LoggedIn, type AdminTestApp } from './test-app';

/**
 * Every operation of the OpenAPI document, as an administrator (the deepest code paths), with the
 * malformed input a fuzzer sends: NUL characters, lone surrogates, a parameter given twice, integers
 * beyond any column (2^31, 2^53), dates of year 0000 and 10000, impossible dates, megabyte strings,
 * wrong types. Whatever the reply, it is never a 5xx, never a 401 the operation has no reason to
 * give, and a megabyte in a field is always refused. In two test files (security-fuzz-a and -b),
 * each every other operation, so that each stays within a test file's time budget.
 */
const PARTS = 2;
let t: AdminTestApp;
let document: OpenApiDocument;

/** The document had 572 operations when this bound was written: fewer means some are no longer reached. */
const MIN_OPERATIONS = 560;

/** The operations that end the administrator's session: after each, the test checks it did, and logs in again. */
const SESSION_ENDING = new Set(['POST /api/deconnexion']);

/**
 * The operations that answer the administrator's session a 401 by design: a login with wrong
 * credentials, and the customer area, whose session is another one. A 401 from any other operation
 * fails the test.
 */
const ANSWERING_401 = new Set([
  'POST /api/connexion',
  'POST /api/espace-client/connexion',
  'GET /api/espace-client/session',
  'GET /api/espace-client/accueil',
  'POST /api/espace-client/deconnexion',
]);

/** Where the fuzz's requests come from: not the test's own logins' address, which its failed logins would lock. */
const FUZZ_ADDRESS = '203.0.113.7';

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

const httpMethods = new Set(['get', 'post', 'put', 'delete', 'patch']);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const HUGE = '99999999999999999999';
const INT4_OVERFLOW = 2 ** 31;
const DOUBLE_EXACT_LIMIT = 2 ** 53;
/** A megabyte of text: under the 1 MiB body limit, so that each field's own bound has to refuse it. */
const MEGABYTE = 'a'.repeat(1_000_000);
/**
 * Odd values for a path or query parameter, each tried in turn, already encoded for the address.
 * A lone surrogate cannot be encoded in UTF-8: its CESU-8 bytes stand for it. A megabyte address
 * never reaches a server (Node answers a 431 past 16 KB of headers), so strings that long go in bodies.
 */
const oddParameters = [
  ...[
    NUL,
    HUGE,
    '-1',
    '2024-02-31',
    '1e3',
    '',
    '0000-01-01',
    '10000-01-01',
    `${INT4_OVERFLOW}`,
    `${DOUBLE_EXACT_LIMIT}`,
  ].map(encodeURIComponent),
  'a%ED%A0%80b',
];

function resolve(schema: Schema | undefined): Schema {
  const reference = schema?.$ref;
  if (typeof reference !== 'string') return schema ?? {};
  return resolve(document.components.schemas[reference.replace('#/components/schemas/', '')] as Schema);
}

/** A schema's type and whether null is allowed, through `type: [..., 'null']` and `anyOf` / `oneOf`. */
function typeOf(schema: Schema | undefined): { schema: Schema; type: unknown; nullable: boolean } {
  const resolved = resolve(schema);
  const choice = ((resolved.oneOf ?? resolved.anyOf) as Schema[] | undefined)?.map(resolve);
  if (choice) {
    const inner = typeOf(choice.find((option) => option.type !== 'null') ?? choice[0]);
    return { ...inner, nullable: inner.nullable || choice.some((option) => option.type === 'null') };
  }
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return { schema: resolved, type: types.find((type) => type !== 'null'), nullable: types.includes('null') };
}

/** A value a field of this schema plausibly takes: the first choice, a day, a moment, an address… */
function plausible(schema: Schema, type: unknown, at: string): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return Math.max(1, Number(schema.minimum ?? 1));
  const name = at.split('.').pop() ?? '';
  const format =
    typeof schema.format === 'string'
      ? schema.format
      : /email/i.test(name)
        ? 'email'
        : /url|link|site/i.test(name)
          ? 'uri'
          : '';
  const byFormat: Record<string, string> = {
    date: '2026-03-14',
    'date-time': '2026-03-14T10:00:00.000Z',
    email: 'fuzz@exemple.fr',
    uri: 'https://exemple.fr/',
  };
  if (byFormat[format]) return byFormat[format];
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : /./;
  const text = ['texte', '2026-03', '12', 'a1', '#336699'].find((candidate) => pattern.test(candidate)) ?? 'texte';
  return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
}

type Pick = (leaf: { schema: Schema; type: unknown; at: string }) => unknown;

/**
 * A value of the schema's shape, and whether `pick` gave any of it. Each leaf (string, number,
 * boolean) is what `pick` gives for it, or else its default, null where null is allowed, or a
 * plausible value; an optional property or an array with nothing picked inside is left out or empty:
 * the value is as near a valid one as the document tells, but for what is picked.
 */
function valueOf(schema: Schema | undefined, pick: Pick, at = '', depth = 0): { value: unknown; picked: boolean } {
  const { schema: resolved, type, nullable } = typeOf(schema);
  if (depth > 4) return { value: null, picked: false };
  if (type === 'object' || type === undefined) {
    const properties = (resolved.properties ?? {}) as Record<string, Schema>;
    const required = new Set((resolved.required ?? []) as string[]);
    const entries = Object.entries(properties).map(([name, inner]) => ({
      name,
      ...valueOf(inner, pick, `${at}.${name}`, depth + 1),
    }));
    const kept = entries.filter((entry) => entry.picked || required.has(entry.name));
    return {
      value: Object.fromEntries(kept.map((entry) => [entry.name, entry.value])),
      picked: entries.some((entry) => entry.picked),
    };
  }
  if (type === 'array') {
    const item = valueOf(resolved.items as Schema, pick, `${at}.0`, depth + 1);
    return { value: item.picked ? [item.value] : [], picked: item.picked };
  }
  const picked = pick({ schema: resolved, type, at });
  if (picked !== undefined) return { value: picked, picked: true };
  if ('default' in resolved) return { value: resolved.default, picked: false };
  return { value: nullable ? null : plausible(resolved, type, at), picked: false };
}

/** Every leaf of the schema's shape: where it is, and the odd values tried on it alone. */
function oddLeaves(schema: Schema | undefined): { at: string; values: unknown[] }[] {
  const leaves: { at: string; values: unknown[] }[] = [];
  valueOf(schema, ({ schema: leaf, type, at }) => {
    if (type === 'integer' || type === 'number') leaves.push({ at, values: [INT4_OVERFLOW, DOUBLE_EXACT_LIMIT] });
    if (type === 'string') {
      const years =
        leaf.format === 'date-time' ? ['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z'] : ['0000-01-01', '10000-01-01'];
      leaves.push({ at, values: [LONE_SURROGATE, MEGABYTE, ...years] });
    }
    return undefined;
  });
  return leaves;
}

interface Attempt {
  url: string;
  payload?: unknown;
  contentType?: string;
  /** What is tried, for a failure's message. */
  label: string;
  /** A field holds a megabyte: a reply other than a refusal means it was taken. */
  oversized?: boolean;
}

/** The requests tried on one operation. */
function attemptsFor(route: string, operation: Operation): Attempt[] {
  const pathNames = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const fill = (values: Record<string, string>) =>
    route.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '999999');
  const queryNames = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map(({ name }) => name);
  const base = fill({});
  const attempts: Attempt[] = [];
  for (const name of pathNames) {
    for (const value of oddParameters.filter(Boolean)) {
      attempts.push({ url: fill({ [name]: value }), label: `{${name}}` });
    }
  }
  for (const name of queryNames) {
    for (const value of oddParameters) attempts.push({ url: `${base}?${name}=${value}`, label: `?${name}` });
    attempts.push({ url: `${base}?${name}=a&${name}=b`, label: `?${name} twice` });
  }
  // Parameters every list reads, whether the document names them for this operation or not.
  attempts.push({ url: `${base}?page=${HUGE}&parPage=${HUGE}`, label: 'paging' });
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json'];
  if (json) {
    // Every field odd at once…
    for (const odd of [
      { text: NUL, number: 1 },
      { text: 'texte', number: INT4_OVERFLOW },
      { text: 'texte', number: 1e20 },
      { text: '2024-02-31', number: -1 },
    ]) {
      const { value: payload } = valueOf(json.schema, ({ type }) =>
        type === 'string' ? odd.text : type === 'integer' || type === 'number' ? odd.number : undefined,
      );
      attempts.push({ url: base, payload, label: 'every field odd' });
    }
    // …then each field alone, the others plausible, so that the odd value goes as deep as it can.
    for (const { at, values } of oddLeaves(json.schema)) {
      for (const value of values) {
        const { value: payload } = valueOf(json.schema, (leaf) => (leaf.at === at ? value : undefined));
        const oversized = value === MEGABYTE;
        const shown = oversized ? `${MEGABYTE.length} characters` : value;
        attempts.push({ url: base, payload, label: `body${at} = ${JSON.stringify(shown)}`, oversized });
      }
    }
    attempts.push({ url: base, payload: [], label: 'body []' });
    attempts.push({ url: base, payload: 'pas du JSON', contentType: 'application/json', label: 'not JSON' });
  }
  if (content['application/octet-stream']) {
    attempts.push({
      url: base,
      payload: Buffer.from('a\u0000b;c\r\n'),
      contentType: 'application/octet-stream',
      label: 'bytes',
    });
  }
  return attempts;
}

/** Fuzzes every `PARTS`th operation of the document, from the `part`th (0 or 1): one test file's share. */
export function fuzzTheApi(part: number): void {
  t = useAdminApp();
  beforeAll(async () => {
    // Registration on, so its form is fuzzed too rather than answering 404.
    const registration = await openRegistration(t.app, t.admin);
    expect(registration.statusCode, registration.body).toBe(200);
    document = (await t.app.inject({ method: 'GET', url: path('api.openapi') })).json();
  });

  describe('the API under malformed input', () => {
    it(
      `answers every operation of the OpenAPI document (part ${part + 1} of ${PARTS}) without a 5xx or an unexpected 401`,
      { timeout: 300_000 },
      async () => {
        const started = Date.now();
        let admin: LoggedIn = t.admin;
        const failures: string[] = [];
        const statuses: Record<string, number> = {};
        const sessionsEnded = new Set<string>();
        let operations = 0;
        let requests = 0;
        let previous = '';
        const names: string[] = [];
        for (const [route, methods] of Object.entries(document.paths)) {
          for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
            if (!httpMethods.has(method)) continue;
            const name = `${method.toUpperCase()} ${route}`;
            // This file's share: every PARTS-th operation, from the part-th.
            if ((names.push(name) - 1) % PARTS !== part) continue;
            operations += 1;
            for (const { url, payload, contentType, label, oversized } of attemptsFor(route, operation)) {
              const response = await t.app.inject({
                method: method.toUpperCase() as 'GET',
                url,
                remoteAddress: FUZZ_ADDRESS,
                headers: { ...authHeaders(admin), ...(contentType ? { 'content-type': contentType } : {}) },
                ...(payload === undefined ? {} : { payload: payload as string }),
              });
              requests += 1;
              const status = response.statusCode;
              const statusClass = `${String(status)[0]}xx`;
              statuses[statusClass] = (statuses[statusClass] ?? 0) + 1;
              const unexpected401 = status === 401 && !ANSWERING_401.has(name);
              if (status >= 500 || unexpected401 || (oversized && status < 400)) {
                failures.push(`${name} (${label}) → ${status} ${response.body.slice(0, 200)}`);
              }
              if (SESSION_ENDING.has(name) || unexpected401) {
                const session = await t.app.inject({
                  method: 'GET',
                  url: path('api.session'),
                  headers: authHeaders(admin),
                });
                if (session.statusCode === 401) {
                  if (SESSION_ENDING.has(name)) sessionsEnded.add(name);
                  else failures.push(`the session had ended before ${name} (${label}), after ${previous}`);
                  admin = await logIn(t.app);
                }
              }
              previous = `${name} (${label})`;
            }
          }
        }
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(
          `fuzz, part ${part + 1}: ${operations} of ${names.length} operations, ${requests} requests in ${seconds} s; ` +
            `statuses ${JSON.stringify(statuses)}`,
        );
        expect(failures).toEqual([]);
        expect(names.length).toBeGreaterThanOrEqual(MIN_OPERATIONS);
        expect(operations).toBeGreaterThanOrEqual(Math.floor(names.length / PARTS));
        const endingHere = names.filter((name, index) => index % PARTS === part && SESSION_ENDING.has(name));
        expect([...sessionsEnded]).toEqual(endingHere);
      },
    );
  });
}
