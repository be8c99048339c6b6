import { version } from '../../../package.json';
import type { Locale } from '../../shared/i18n/catalog';
import { importTypes } from '../../shared/import-assistant/import-assistant';
import { resources } from '../../shared/resources/registry';
import { isRecordIdParameter, routeTable } from '../../shared/routes';
import { CUSTOMER_API_PREFIX, sessionCookies } from '../auth/sessions';
import { routeSchemas, type ApiRoute, type HttpMethod } from '../http/api-route';
import { contractOf } from '../../shared/api/contracts';
import type { Operation } from '../../shared/api/contract';
import {
  errorResponses,
  integer,
  json,
  jsonSchema,
  octetStream,
  openApiTools,
  ref,
  type Access,
  type ErrorStatus,
  type OperationDoc,
  type Schema,
} from '../http/openapi-tools';
import { resourceSchemas } from './resource-route-docs';

/**
 * The OpenAPI 3.1 document of the JSON API, built from the routes as they were declared
 * (http/api-route.ts): each declaration describes its own operation, so a route cannot be
 * registered without being documented. Components: the shared shapes and each resource's record
 * and input. Texts come from the catalogs (openapi.*).
 */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

/** The credentials an operation takes: the customer area's own session cookie under its prefix. */
function securityOf(access: Access, path: string): Record<string, string[]>[] {
  const session = path.startsWith(CUSTOMER_API_PREFIX) ? 'customerSession' : 'session';
  if (access === 'public') return [];
  return [{ [session]: [], ...(access === 'write' ? { csrf: [] } : {}) }];
}

/** A path parameter's schema: a record's id ({id}, {mission}…, as declareRoute parses them), an import's type, else text. */
function pathParameterSchema(parameter: string): Schema {
  if (isRecordIdParameter(parameter)) return integer;
  if (parameter === 'type') return { enum: importTypes };
  return { type: 'string' };
}

export function buildOpenApiDocument(locale: Locale, routes: readonly ApiRoute[]): OpenApiDocument {
  const tools = openApiTools(locale);
  const { t, text } = tools;

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>(resources.map(({ slug }) => text(`resources.${slug}.label`)));
  for (const route of routes) {
    // Fixed parameters filled in; a wildcard keeps its {name}.
    const path = Object.entries(route.fixed ?? {})
      .filter(([, value]) => value !== '*')
      .reduce<string>(
        (current, [parameter, value]) => current.replace(`{${parameter}}`, value),
        routeTable[route.name],
      );
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, parameter]) => ({
      name: parameter,
      in: 'path',
      required: true,
      description: t(`parameters.${parameter}`),
      schema: pathParameterSchema(parameter!),
    }));
    paths[path] ??= parameters.length > 0 ? { parameters } : {};
    for (const method of ([] as HttpMethod[]).concat(route.method)) {
      const doc = route.document(tools, method);
      tags.add(doc.tag);
      const { body } = routeSchemas(route, method);
      const contract = contractOf(route.name, method);
      paths[path][method.toLowerCase()] = operation(
        {
          ...doc,
          upload: doc.upload || contract?.upload,
          responses: { ...successOf(contract), ...doc.responses },
          errors: contract?.conflicts ? [...doc.errors, 409] : doc.errors,
        },
        doc.body ?? (body && !contract?.upload ? jsonSchema(body, 'input') : undefined),
        path,
      );
    }
  }

  /** The success reply a contract declares: its JSON, its file's content types, or no content. */
  function successOf(contract: Operation | undefined): OperationDoc['responses'] {
    if (!contract) return {};
    const status = contract.status ?? 200;
    const files = Object.fromEntries((contract.file ?? []).map((type) => [type, { schema: { type: 'string' } }]));
    if (!contract.reply)
      return { [status]: contract.file ? { description: t('responses.file'), content: files } : tools.noContent };
    const schema = jsonSchema(contract.reply, 'output');
    const reply = ({ 201: tools.created, 202: tools.accepted }[status as 201 | 202] ?? tools.ok)(schema);
    // A report answered as JSON, or as a file when its query asks for one (the time report's format).
    return { [status]: { ...reply, content: { ...reply.content, ...files } } };
  }

  function operation(doc: OperationDoc, body: Schema | undefined, path: string) {
    // Any request may be a 400: a query parameter given twice, a NUL character (http/request-guards.ts).
    // And a 500: an error the server did not expect, answered "Une erreur est survenue" (app.ts).
    const statuses = [...new Set<ErrorStatus>([400, ...doc.errors, 500])];
    const errors = Object.fromEntries(statuses.map((status) => [status, ref('responses', errorResponses[status])]));
    return {
      tags: [doc.tag],
      operationId: doc.operationId,
      summary: doc.summary,
      security: securityOf(doc.access, path),
      ...(doc.parameters ? { parameters: doc.parameters } : {}),
      ...(body ? { requestBody: { required: true, ...json(body) } } : {}),
      ...(doc.upload ? { requestBody: { required: true, content: { [octetStream]: {} } } } : {}),
      responses: { ...doc.responses, ...errors, ...(doc.badRequest ? { 400: doc.badRequest } : {}) },
    };
  }

  const schemas: Record<string, Schema> = {
    ApiError: {
      type: 'object',
      properties: {
        statusCode: integer,
        code: { type: 'string' },
        message: { type: 'string' },
        fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['statusCode', 'code', 'message'],
    },
    DuplicateError: {
      allOf: [
        ref('schemas', 'ApiError'),
        { type: 'object', properties: { duplicateOf: { ...integer, description: t('parameters.duplicate_of') } } },
      ],
    },
    ReferenceTitles: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
    },
    Suggestion: { type: 'object', properties: { value: integer, label: { type: 'string' } } },
    Session: {
      type: 'object',
      properties: {
        csrfToken: { type: 'string' },
        user: {
          type: 'object',
          properties: {
            id: integer,
            email: { type: 'string' },
            firstName: { type: 'string' },
            lastName: { type: 'string' },
            isAdmin: { type: 'boolean' },
            locale: { type: 'string' },
            emailSignature: { type: 'string' },
            preferences: { type: 'object', properties: { sidebarEnlarged: { type: 'boolean' } } },
            permissions: { type: 'array', items: { type: 'string' } },
            serviceId: { type: ['integer', 'null'] },
          },
        },
        impersonator: {
          type: ['object', 'null'],
          properties: { id: integer, name: { type: 'string' } },
        },
      },
      required: ['csrfToken', 'user', 'impersonator'],
    },
    ...Object.assign({}, ...resources.map((definition) => resourceSchemas(definition, tools))),
  };

  const errorResponse = (status: string) => ({
    description: t(`responses.${status}`),
    ...json(ref('schemas', 'ApiError')),
  });
  return {
    openapi: '3.1.1',
    info: { title: t('title', { app: text('app.name') }), version, description: t('description') },
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        ...Object.fromEntries(Object.entries(errorResponses).map(([status, name]) => [name, errorResponse(status)])),
        DuplicateRefused: { description: t('responses.duplicate'), ...json(ref('schemas', 'DuplicateError')) },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookies.back_office, description: t('security.session') },
        customerSession: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookies.customer_area,
          description: t('security.customer_session'),
        },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: t('security.csrf') },
      },
    },
  };
}
