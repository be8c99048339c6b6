import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/server/engine/openapi-document';
import { path } from '../../src/shared/routes';
import { authHeaders, logIn, useAdminApp, type LoggedIn } from '../support/test-app';

/**
 * Every operation of the OpenAPI document, as an administrator (the deepest code paths), with the
 * malformed input a fuzzer sends: NUL characters, a parameter given twice, integers beyond any
 * column, impossible dates, wrong types. Whatever the reply, it is never a 5xx.
 */
const t = useAdminApp();
let document: OpenApiDocument;

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

const httpMethods = new Set(['get', 'post', 'put', 'delete', 'patch']);
const NUL = 'a\u0000b';
const HUGE = '99999999999999999999';
const INT4_OVERFLOW = 2_147_483_648;
/** Odd values for a path or query parameter, each tried in turn. */
const oddValues = [NUL, HUGE, '-1', '2024-02-31', '1e3', ''];

beforeAll(async () => {
  // Registration on, so its form is fuzzed too rather than answering 404.
  const registration = await t.app.inject({
    method: 'PUT',
    url: path('api.configuration.registration'),
    headers: authHeaders(t.admin),
    payload: { enabled: true, defaultGroupId: null, welcomeEmailSubject: 'Bienvenue', welcomeEmailContent: 'Bonjour' },
  });
  expect(registration.statusCode, registration.body).toBe(200);
  document = (await t.app.inject({ method: 'GET', url: path('api.openapi') })).json();
});

function resolve(schema: Schema | undefined): Schema {
  const reference = schema?.$ref;
  if (typeof reference !== 'string') return schema ?? {};
  return resolve(document.components.schemas[reference.replace('#/components/schemas/', '')] as Schema);
}

/** A value of the schema's shape, its strings and numbers replaced by the given odd ones. */
function shaped(schema: Schema | undefined, odd: { text: string; number: number }, depth = 0): unknown {
  const resolved = resolve(schema);
  const choice = (resolved.oneOf ?? resolved.anyOf) as Schema[] | undefined;
  if (choice?.[0]) return shaped(choice[0], odd, depth);
  const type = Array.isArray(resolved.type) ? resolved.type.find((candidate) => candidate !== 'null') : resolved.type;
  if (depth > 4) return null;
  switch (type) {
    case 'object':
    case undefined: {
      const properties = (resolved.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, inner]) => [name, shaped(inner, odd, depth + 1)]),
      );
    }
    case 'array':
      return [shaped(resolved.items as Schema, odd, depth + 1)];
    case 'integer':
    case 'number':
      return odd.number;
    case 'boolean':
      return true;
    default:
      return odd.text;
  }
}

interface Attempt {
  method: string;
  url: string;
  payload?: unknown;
  contentType?: string;
}

/** The requests tried on one operation. */
function attemptsFor(route: string, method: string, operation: Operation): Attempt[] {
  const pathNames = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const fill = (values: Record<string, string>) =>
    route.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(values[name] ?? '999999'));
  const queryNames = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map(({ name }) => name);
  const base = fill({});
  const attempts: Attempt[] = [];
  for (const name of pathNames) {
    for (const value of oddValues.filter(Boolean)) attempts.push({ method, url: fill({ [name]: value }) });
  }
  for (const name of queryNames) {
    for (const value of oddValues) attempts.push({ method, url: `${base}?${name}=${encodeURIComponent(value)}` });
    attempts.push({ method, url: `${base}?${name}=a&${name}=b` });
  }
  // Parameters every list reads, whether the document names them for this operation or not.
  attempts.push({ method, url: `${base}?page=${HUGE}&parPage=${HUGE}` });
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json'];
  if (json) {
    for (const odd of [
      { text: NUL, number: 1 },
      { text: 'texte', number: INT4_OVERFLOW },
      { text: 'texte', number: 1e20 },
      { text: '2024-02-31', number: -1 },
    ]) {
      attempts.push({ method, url: base, payload: shaped(json.schema, odd) });
    }
    attempts.push({ method, url: base, payload: [] });
    attempts.push({ method, url: base, payload: 'pas du JSON', contentType: 'application/json' });
  }
  if (content['application/octet-stream']) {
    attempts.push({
      method,
      url: base,
      payload: Buffer.from('a\u0000b;c\r\n'),
      contentType: 'application/octet-stream',
    });
  }
  return attempts;
}

describe('the API under malformed input', () => {
  it('answers every operation of the OpenAPI document without a 5xx', { timeout: 300_000 }, async () => {
    let admin: LoggedIn = t.admin;
    const failures: string[] = [];
    let operations = 0;
    let requests = 0;
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
        if (!httpMethods.has(method)) continue;
        operations += 1;
        for (const { url, payload, contentType } of attemptsFor(route, method.toUpperCase(), operation)) {
          const send = (): Promise<LightMyRequestResponse> =>
            t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: { ...authHeaders(admin), ...(contentType ? { 'content-type': contentType } : {}) },
              ...(payload === undefined ? {} : { payload: payload as string }),
            });
          let response = await send();
          requests += 1;
          // A logout or a "log in as" ends the administrator's session: log in again and go on.
          if (response.statusCode === 401) {
            admin = await logIn(t.app);
            response = await send();
            requests += 1;
          }
          if (response.statusCode >= 500) {
            failures.push(`${method.toUpperCase()} ${url} ${JSON.stringify(payload) ?? ''} → ${response.statusCode}`);
          }
        }
      }
    }
    console.log(`fuzz: ${operations} operations, ${requests} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  });
});
