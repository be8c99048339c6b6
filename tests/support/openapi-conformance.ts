import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/server/engine/openapi-document';

/** One answer of the API, as a client received it. */
interface Answer {
  method: string;
  /** The matched route's pattern (Fastify's `/api/:resource/:id`), or undefined when none matched. */
  route: string | undefined;
  url: string;
  status: number;
  contentType: string;
  body: string | undefined;
}

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

/** The part of a JSON pointer a key makes (RFC 6901). */
const pointerPart = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Keeps every answer the app gives to a request of a documented API route (call before `ready`),
 * for `conformanceFailures` to hold against the OpenAPI document.
 */
export function recordAnswers(app: FastifyInstance): Answer[] {
  const answers: Answer[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    answers.push({
      method: request.method,
      route: request.routeOptions.url,
      url: request.url,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? '')
        .split(';')[0]!
        .trim(),
      body: typeof payload === 'string' ? payload : undefined,
    });
    return payload;
  });
  return answers;
}

/**
 * What the answers do that the app's OpenAPI document does not say: an undocumented status, another
 * content type, a body its schema refuses (validated with Ajv, JSON Schema 2020-12 as OpenAPI 3.1
 * uses it). One line a kind of failure per operation, with the first request that showed it.
 */
export function conformanceFailures(app: FastifyInstance, answers: readonly Answer[]): string[] {
  if (answers.length === 0) return [];
  const document: OpenApiDocument = buildOpenApiDocument('fr', app.apiRoutes);
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const validators = new Map<string, ValidateFunction | undefined>();
  const failures = new Map<string, string>();

  for (const answer of answers) {
    // Routes outside the document (a method a path lacks: 405; an unknown path: 404) are not checked.
    if (!answer.route) continue;
    const path = answer.route.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[answer.method.toLowerCase()] as { responses: Responses } | undefined;
    if (!operation) continue;
    const where = `${answer.method} ${path}`;
    const fail = (kind: string, detail: string) => {
      if (!failures.has(`${where} ${kind}`)) failures.set(`${where} ${kind}`, `${where}: ${detail} (${answer.url})`);
    };
    const status = String(answer.status);
    const response = operation.responses[status] ?? operation.responses.default;
    if (!response) {
      fail(`status ${status}`, `answers ${status}, not documented`);
      continue;
    }
    const resolved = resolve(document, response) as Responses[string];
    const content = resolved.content ?? {};
    if (answer.body === undefined || answer.body === '' || answer.status === 204) continue;
    const type = Object.keys(content).find((name) => name === answer.contentType || name === '*/*');
    if (!type) {
      fail(
        `type ${status}`,
        `answers ${status} as ${answer.contentType || 'no type'}, documented as ${Object.keys(content).join(', ') || 'no content'}`,
      );
      continue;
    }
    if (type !== 'application/json') continue;
    const key = `${path} ${answer.method} ${status} ${type}`;
    if (!validators.has(key)) {
      const pointer = ['paths', path, answer.method.toLowerCase(), 'responses', status, 'content', type, 'schema'];
      const local = operation.responses[status]
        ? `openapi#/${pointer.map(pointerPart).join('/')}`
        : `openapi#/paths/${pointerPart(path)}/${answer.method.toLowerCase()}/responses/default/content/${pointerPart(type)}/schema`;
      validators.set(
        key,
        content[type]?.schema === undefined ? undefined : ajv.getSchema(refOrLocal(response, local, type)),
      );
    }
    const validate = validators.get(key);
    if (!validate) continue;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      fail(`json ${status}`, `answers ${status} with a body that is not JSON`);
      continue;
    }
    if (!validate(body)) {
      const [error] = validate.errors ?? [];
      fail(
        `body ${status}`,
        `answers ${status} with a body its schema refuses: ${error?.instancePath} ${error?.message}`,
      );
    }
  }
  return [...failures.values()];
}

/** A response given as a $ref (the shared error responses) is validated at its component. */
function refOrLocal(response: unknown, local: string, type: string): string {
  const ref = (response as { $ref?: string }).$ref;
  if (!ref) return local;
  return `openapi${ref}/content/${pointerPart(type)}/schema`;
}

function resolve(document: OpenApiDocument, value: unknown): unknown {
  const ref = (value as { $ref?: string }).$ref;
  if (!ref) return value;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')],
      document,
    );
}
