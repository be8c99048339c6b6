import { z } from 'zod';
import { translate, type Locale } from '../../shared/i18n/catalog';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1), as plain data. */
export type Schema = Record<string, unknown>;

/** public: no session; read: a session; write: a session and its CSRF token (state-changing requests). */
export type Access = 'public' | 'read' | 'write';

export const errorResponses = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  429: 'TooManyRequests',
  500: 'ServerError',
  502: 'BadGateway',
};
export type ErrorStatus = keyof typeof errorResponses;
/** An operation's own description, before the declaration names it (tag, id, summary). */
export type OperationSpec = Omit<OperationDoc, 'tag' | 'operationId' | 'summary'>;

/** What a route declaration says of itself for the OpenAPI document, in the document's language. */
export interface OperationDoc {
  tag: string;
  operationId: string;
  summary: string;
  access: Access;
  /** Its replies beyond its contract's success reply (http/api-route.ts), or instead of it. */
  responses?: Record<number, unknown>;
  /** The error replies it may give, described once in components.responses. */
  errors: readonly ErrorStatus[];
  parameters?: Schema[];
  /** Its JSON body, when the declaration's body schema does not say it (or says less). */
  body?: Schema;
  /** The body is a file's bytes (application/octet-stream). */
  upload?: boolean;
  /** Its 400 reply, when it says more than the common one (a refused duplicate names the record it repeats). */
  badRequest?: unknown;
}

export const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
export const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
export const integer = { type: 'integer' };
export const dateTime = { type: 'string', format: 'date-time' };
export const strings = { type: 'array', items: { type: 'string' } };
export const ids = { type: 'array', items: { type: 'integer', minimum: 1 } };
export const octetStream = 'application/octet-stream';
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A zod schema as JSON Schema 2020-12; what it cannot express becomes {}. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Schema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
  // Records carry more than their fields (id, stamps…): only the dialect and the closed shape go.
  const { $schema: _dialect, additionalProperties: _closed, ...rest } = converted;
  return rest;
}

/** The helpers a route declaration describes itself with, in one language. */
export function openApiTools(locale: Locale) {
  const text = (key: string, values?: Record<string, string>) => translate(locale, key, values);
  const t = (key: string, values?: Record<string, string>) => text(`openapi.${key}`, values);
  const ok = (schema: Schema) => ({ description: t('responses.ok'), ...json(schema) });
  return {
    locale,
    /** Any catalog text. */
    text,
    /** A text of the document's own catalog section (openapi.*). */
    t,
    ok,
    noContent: { description: t('responses.no_content') },
    created: (schema?: Schema) => ({ description: t('responses.created'), ...(schema ? json(schema) : {}) }),
    accepted: (schema: Schema) => ({ description: t('responses.accepted'), ...json(schema) }),
    message: ok({ type: 'object', properties: { message: { type: 'string' } } }),
    query: (name: string, description: string, schema: Schema, required = false) => ({
      name,
      in: 'query',
      description,
      ...(required ? { required } : {}),
      schema,
    }),
    /**
     * A query schema's parameters: each property's JSON Schema, its description (a catalog key the
     * contract gives with `.describe()`) translated; required when it has no default and is not optional.
     */
    queryParameters: (schema: z.ZodType) => {
      const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
        properties?: Record<string, Schema>;
        required?: string[];
      };
      return Object.entries(properties).map(([name, { description, ...property }]) => {
        if (typeof description !== 'string') throw new Error(`The query parameter ${name} has no description.`);
        return {
          name,
          in: 'query',
          description: text(description),
          ...(required.includes(name) ? { required: true } : {}),
          schema: property,
        };
      });
    },
    /** An operation outside the resources, summarised by openapi.operations.<action>. */
    operation: (
      tag: 'account' | 'files' | 'service' | 'imports',
      action: string,
      spec: OperationSpec,
    ): OperationDoc => ({ tag: t(`tags.${tag}`), operationId: action, summary: t(`operations.${action}`), ...spec }),
  };
}
export type OpenApiTools = ReturnType<typeof openApiTools>;
