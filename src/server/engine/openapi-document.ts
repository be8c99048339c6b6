import { z } from 'zod';
import { version } from '../../../package.json';
import { localeSchema, loginSchema, profileSchema, toggleContentSchema } from '../../shared/account/account.schema';
import { newPasswordSchema } from '../../shared/account/password';
import {
  passwordResetRequestSchema,
  registrationSchema,
  registrationSettingsSchema,
} from '../../shared/account/registration.schema';
import { dashboardSettingsSchema, externalServicesSettingsSchema } from '../../shared/configuration.schema';
import { translate, type Locale } from '../../shared/i18n/catalog';
import { resourceActions } from '../../shared/permissions';
import { importConfigSchema, importTypes } from '../../shared/import-assistant/import-assistant';
import { monthYearPattern, type FieldDef } from '../../shared/resources/fields';
import { resources } from '../../shared/resources/registry';
import { importableFields, isImportable } from '../../shared/resources/import';
import { batchActionsOf, filterFields, inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import { routeTable, type RouteName } from '../../shared/routes';
import { SESSION_COOKIE } from '../auth/sessions';
import { exportFormats } from './resource-export';
import { MAX_PAGE_SIZE } from '../http/paging';
import { sortableFields } from './list-query';
import { auditActions } from '../../shared/resources/audit';
import type { HooksLookup } from './resource-store';

/**
 * The OpenAPI 3.1 document of the JSON API, built from the resource registry alone: every declared
 * resource gets the paths the engine registers for it (resource.routes.ts), its record and input
 * schemas, and a tag named by its label. Texts come from the catalogs (openapi.*).
 */
type Schema = Record<string, unknown>;
type Responses = Record<number, unknown>;

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

/** public: no session; read: a session; write: a session and its CSRF token (state-changing requests). */
type Access = 'public' | 'read' | 'write';

interface OperationSpec {
  access: Access;
  responses: Responses;
  /** The error replies it may give, described once in components.responses. */
  errors: ErrorStatus[];
  parameters?: Schema[];
  body?: Schema;
  /** The body is a file's bytes (application/octet-stream). */
  upload?: boolean;
  /** Its 400 reply, when it says more than the common one (a refused duplicate names the record it repeats). */
  badRequest?: unknown;
}

const errorResponses = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  502: 'BadGateway',
};
type ErrorStatus = keyof typeof errorResponses;

const securityOf: Record<Access, Record<string, string[]>[]> = {
  public: [],
  read: [{ session: [] }],
  write: [{ session: [], csrf: [] }],
};

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const integer = { type: 'integer' };
const dateTime = { type: 'string', format: 'date-time' };
const strings = { type: 'array', items: { type: 'string' } };
const columnIndex = { type: ['integer', 'null'], minimum: 0 };
const ids = { type: 'array', items: { type: 'integer', minimum: 1 } };
const octetStream = 'application/octet-stream';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1; what it cannot express becomes {}. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Schema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
  // Records carry more than their fields (id, stamps…): only the dialect and the closed shape go.
  const { $schema: _dialect, additionalProperties: _closed, ...rest } = converted;
  return rest;
}

/** A filter's query value, as the store reads it. */
function filterSchema(def: FieldDef): Schema {
  switch (def.kind) {
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
    case 'reference':
    case 'references':
      return integer;
    case 'select':
      return { type: 'string', enum: [...(def.choices ?? [])] };
    case 'date':
    case 'datetime':
      return { type: 'string', format: 'date' };
    case 'month-year':
      return { type: 'string', pattern: monthYearPattern.source };
    default:
      return { type: 'string' };
  }
}

export function buildOpenApiDocument(locale: Locale, hooksOf: HooksLookup): OpenApiDocument {
  const text = (key: string, values?: Record<string, string>) => translate(locale, key, values);
  const t = (key: string, values?: Record<string, string>) => text(`openapi.${key}`, values);
  const ok = (schema: Schema) => ({ description: t('responses.ok'), ...json(schema) });
  const noContent = { description: t('responses.no_content') };
  const query = (name: string, description: string, schema: Schema, required = false) => ({
    name,
    in: 'query',
    description,
    ...(required ? { required } : {}),
    schema,
  });
  const termParameter = query('term', t('parameters.term'), { type: 'string' });
  const suggestions = ok({ type: 'array', items: ref('schemas', 'Suggestion') });

  const paths: OpenApiDocument['paths'] = {};
  function addOperation(
    name: RouteName,
    slug: string,
    method: string,
    operation: unknown,
    fixed: Record<string, string> = {},
  ): void {
    const path = Object.entries({ resource: slug, ...fixed }).reduce(
      (current, [parameter, value]) => current.replace(`{${parameter}}`, value),
      routeTable[name] as string,
    );
    // Every other {parameter} of the path is an id ({id}, {mission}…) but a link's token.
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, parameter]) => ({
      name: parameter,
      in: 'path',
      required: true,
      description: t(`parameters.${parameter}`),
      schema: parameter === 'token' ? { type: 'string' } : parameter === 'type' ? { enum: importTypes } : integer,
    }));
    paths[path] ??= parameters.length > 0 ? { parameters } : {};
    paths[path][method] = operation;
  }

  function operation(tag: string, operationId: string, summary: string, spec: OperationSpec) {
    const errors = Object.fromEntries(spec.errors.map((status) => [status, ref('responses', errorResponses[status])]));
    return {
      tags: [tag],
      operationId,
      summary,
      security: securityOf[spec.access],
      ...(spec.parameters ? { parameters: spec.parameters } : {}),
      ...(spec.body ? { requestBody: { required: true, ...json(spec.body) } } : {}),
      ...(spec.upload ? { requestBody: { required: true, content: { [octetStream]: {} } } } : {}),
      responses: { ...spec.responses, ...errors, ...(spec.badRequest ? { 400: spec.badRequest } : {}) },
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
  };

  /** A resource's fields as JSON Schema, their labels as descriptions. */
  function fieldsSchema(definition: ResourceDefinition, io: 'input' | 'output'): Schema {
    const schema = jsonSchema(inputSchema(definition), io);
    for (const [name, property] of Object.entries(schema.properties as Record<string, Schema>)) {
      property.description = text(`resources.${definition.slug}.fields.${name}`);
    }
    return schema;
  }

  function recordSchema(definition: ResourceDefinition): Schema {
    const { behaviours } = definition;
    const fields = fieldsSchema(definition, 'output');
    const userId = { type: ['integer', 'null'] };
    return {
      ...fields,
      title: text(`resources.${definition.slug}.singular`),
      properties: {
        id: integer,
        ...(fields.properties as Schema),
        ...(behaviours.sortable ? { position: integer } : {}),
        ...(behaviours.publishable ? { published: { type: 'boolean' } } : {}),
        ...(behaviours.activatable ? { enabled: { type: 'boolean' } } : {}),
        createdAt: dateTime,
        updatedAt: dateTime,
        createdBy: userId,
        updatedBy: userId,
        ...(behaviours.readOnly
          ? {}
          : {
              refusedActions: {
                type: 'array',
                items: { type: 'string', enum: [...resourceActions] },
                description: t('properties.refused_actions'),
              },
            }),
      },
      required: ['id', ...(fields.required as string[]), 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'],
    };
  }

  for (const definition of resources) {
    const { slug, behaviours } = definition;
    const tag = text(`resources.${slug}.label`);
    const op = (action: string, spec: OperationSpec, operationId = `${slug}.${action}`) =>
      operation(tag, operationId, t(`operations.${action}`), spec);
    schemas[slug] = recordSchema(definition);
    schemas[`${slug}-input`] = fieldsSchema(definition, 'input');
    const record = ref('schemas', slug);
    const input = ref('schemas', `${slug}-input`);

    // The list's criteria, which the export takes too.
    const criteria = [
      query('tri', t('parameters.tri'), {
        type: 'string',
        enum: [...sortableFields(definition)],
        default: definition.defaultSort.field,
      }),
      query('ordre', t('parameters.ordre'), { type: 'string', enum: ['asc', 'desc'] }),
      query('q', t('parameters.q'), { type: 'string' }),
      ...filterFields(definition).map((name) =>
        query(
          name,
          t('parameters.filter', { field: text(`resources.${slug}.fields.${name}`) }),
          filterSchema(definition.fields[name]!),
        ),
      ),
    ];
    const paging = [
      query('page', t('parameters.page'), { ...integer, minimum: 1, default: 1 }),
      query('parPage', t('parameters.par_page'), {
        ...integer,
        minimum: 1,
        maximum: MAX_PAGE_SIZE,
        default: definition.pageSize,
      }),
    ];
    const page = {
      type: 'object',
      properties: {
        items: { type: 'array', items: record },
        total: integer,
        page: integer,
        pageSize: integer,
        titles: ref('schemas', 'ReferenceTitles'),
      },
      required: ['items', 'total', 'page', 'pageSize', 'titles'],
    };
    const auditPage = {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: integer,
              action: { type: 'string', enum: [...auditActions] },
              actorName: { type: ['string', 'null'] },
              createdAt: dateTime,
              changes: {
                type: 'array',
                items: { type: 'object', properties: { field: { type: 'string' }, before: {}, after: {} } },
              },
            },
          },
        },
        total: integer,
        page: integer,
        pageSize: integer,
        titles: { type: 'object' },
      },
    };
    const view = {
      allOf: [
        record,
        {
          type: 'object',
          properties: {
            createdByName: { type: ['string', 'null'] },
            updatedByName: { type: ['string', 'null'] },
            titles: ref('schemas', 'ReferenceTitles'),
          },
        },
      ],
    };
    const created = { description: t('responses.created'), ...json(record) };
    const deleted = ok({ type: 'object', properties: { deleted: integer } });
    const batchBody = {
      type: 'object',
      properties: { ids, _action: { type: 'string', enum: batchActionsOf(definition) } },
      required: ['ids', '_action'],
    };

    addOperation(
      'api.resource.collection',
      slug,
      'get',
      op('list', {
        access: 'read',
        parameters: [...paging, ...criteria],
        responses: { 200: ok(page) },
        errors: [401, 403],
      }),
    );
    // A resource whose server file refuses duplicates says which record a refused one repeats.
    const badRequest = hooksOf(slug).refusesDuplicates ? ref('responses', 'DuplicateRefused') : undefined;
    const create: OperationSpec = {
      access: 'write',
      body: input,
      responses: { 201: created },
      errors: [400, 401, 403],
      badRequest,
    };
    const writable = !behaviours.readOnly;
    if (writable) addOperation('api.resource.collection', slug, 'post', op('create', create));
    if (behaviours.modalCreate) addOperation('api.resource.modal_create', slug, 'post', op('modal_create', create));
    addOperation(
      'api.resource.item',
      slug,
      'get',
      op('show', {
        access: 'read',
        responses: { 200: ok(view) },
        errors: [401, 403, 404],
      }),
    );
    if (writable)
      addOperation(
        'api.resource.item',
        slug,
        'put',
        op('update', {
          access: 'write',
          body: input,
          responses: { 200: ok(record) },
          errors: [400, 401, 403, 404],
          badRequest,
        }),
      );
    for (const method of behaviours.modalEdit ? ['put', 'post'] : []) {
      const spec: OperationSpec = {
        access: 'write',
        body: input,
        responses: { 200: ok(record) },
        errors: [400, 401, 403, 404],
        badRequest,
      };
      addOperation('api.resource.modal_edit', slug, method, op('modal_edit', spec, `${slug}.modal_edit-${method}`));
    }
    for (const method of writable ? ['post', 'put'] : []) {
      const spec: OperationSpec = { access: 'write', responses: { 200: deleted }, errors: [401, 403, 404, 409] };
      addOperation('api.resource.delete', slug, method, op('delete', spec, `${slug}.delete-${method}`));
    }
    if (writable)
      addOperation(
        'api.resource.batch',
        slug,
        'post',
        op('batch', {
          access: 'write',
          body: batchBody,
          responses: {
            200: ok({
              type: 'object',
              properties: {
                processed: integer,
                failed: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { id: integer, title: { type: 'string' }, message: { type: 'string' } },
                  },
                },
              },
            }),
          },
          errors: [400, 401, 403, 404, 409],
        }),
      );
    addOperation(
      'api.resource.autocomplete',
      slug,
      'get',
      op('autocomplete', {
        access: 'read',
        parameters: [termParameter],
        responses: { 200: suggestions },
        errors: [401, 403],
      }),
    );
    if (behaviours.audited) {
      addOperation(
        'api.resource.history',
        slug,
        'get',
        op('history', {
          access: 'read',
          parameters: paging,
          responses: { 200: ok(auditPage) },
          errors: [401, 403, 404],
        }),
      );
    }
    // A child resource's records under its parent's: the parent's tag, permissions and scope.
    if (definition.parent) {
      const parentTag = text(`resources.${definition.parent.resource}.label`);
      const child = (action: string, spec: OperationSpec, method: string) =>
        operation(
          parentTag,
          `${definition.parent!.resource}.${slug}.${action}-${method}`,
          t(`operations.child_${action}`, { child: tag }),
          spec,
        );
      const under = (name: RouteName, method: string, action: string, spec: OperationSpec) =>
        addOperation(name, definition.parent!.resource, method, child(action, spec, method), { child: slug });
      under('api.resource.children', 'get', 'list', {
        access: 'read',
        parameters: [...paging, ...criteria],
        responses: { 200: ok(page) },
        errors: [401, 403, 404],
      });
      under('api.resource.child', 'get', 'show', {
        access: 'read',
        responses: { 200: ok(view) },
        errors: [401, 403, 404],
      });
      if (writable) {
        under('api.resource.children', 'post', 'create', { ...create, errors: [400, 401, 403, 404] });
        under('api.resource.child', 'put', 'update', {
          access: 'write',
          body: input,
          responses: { 200: ok(record) },
          errors: [400, 401, 403, 404],
          badRequest,
        });
        for (const method of ['post', 'put']) {
          under('api.resource.child_delete', method, 'delete', {
            access: 'write',
            responses: { 200: deleted },
            errors: [401, 403, 404, 409],
          });
        }
      }
    }
    // The routes of the resource's own server file, as it declares them.
    for (const route of hooksOf(slug).routes ?? []) {
      const write = route.method !== 'GET';
      addOperation(
        route.name,
        slug,
        route.method.toLowerCase(),
        operation(tag, `${slug}.${route.name}`, text(route.summary), {
          access: write ? 'write' : 'read',
          parameters: Object.entries(route.query ?? {}).map(([name, key]) =>
            query(name, text(key), { type: 'string' }),
          ),
          ...(route.recordBody ? { body: input, badRequest } : {}),
          ...(route.body ? { body: jsonSchema(route.body, 'input') } : {}),
          responses: { [route.status ?? 200]: ok({}) },
          errors: [400, 401, 403, 404],
        }),
      );
    }
    // Its record commands that POST (the page ones are screens).
    for (const command of definition.commands.filter((candidate) => candidate.kind === 'post')) {
      addOperation(
        command.route,
        slug,
        'post',
        operation(tag, `${slug}.${command.name}`, text(`resources.${slug}.commands.${command.name}`), {
          access: 'write',
          responses: { 200: ok({ type: 'object', properties: { message: { type: 'string' } } }) },
          errors: [400, 401, 403, 404, 409, ...(command.callsExternalService ? [502 as const] : [])],
        }),
      );
    }
    if (behaviours.publishable) {
      addOperation(
        'api.resource.publish',
        slug,
        'get',
        op('publish', {
          // A GET that changes data: it takes the CSRF token too.
          access: 'write',
          responses: {
            200: { description: t('responses.ok'), content: { 'text/plain': { schema: { const: 'OK' } } } },
          },
          errors: [401, 403, 404],
        }),
      );
    }
    if (isImportable(definition)) {
      const mapping = {
        type: 'object',
        properties: Object.fromEntries(importableFields(definition).map(([name]) => [name, columnIndex])),
      };
      const analysis = {
        type: 'object',
        properties: {
          columns: strings,
          sample: { type: 'array', items: strings },
          rowCount: integer,
          mapping,
        },
      };
      const mappingParameter = {
        name: 'mapping',
        in: 'query',
        required: true,
        description: t('parameters.mapping'),
        content: { 'application/json': { schema: mapping } },
      };
      addOperation(
        'api.resource.import_analyse',
        slug,
        'post',
        op('import_analyse', {
          access: 'write',
          upload: true,
          responses: { 200: ok(analysis) },
          errors: [400, 401, 403, 413],
        }),
      );
      addOperation(
        'api.resource.import',
        slug,
        'post',
        op('import', {
          access: 'write',
          upload: true,
          parameters: [mappingParameter],
          responses: { 200: ok({ type: 'object', properties: { imported: integer } }) },
          errors: [400, 401, 403, 413],
        }),
      );
    }
    if (behaviours.sortable) {
      addOperation(
        'api.resource.reorder',
        slug,
        'post',
        op('reorder', {
          access: 'write',
          body: { type: 'object', properties: { ids: { ...ids, minItems: 1 } }, required: ['ids'] },
          responses: { 204: noContent },
          errors: [400, 401, 403],
        }),
      );
    }
    if (behaviours.exportable) {
      const format = query('format', t('parameters.format'), { type: 'string', enum: [...exportFormats] }, true);
      addOperation(
        'api.resource.export',
        slug,
        'get',
        op('export', {
          access: 'read',
          parameters: [format, ...criteria],
          responses: {
            200: {
              description: t('responses.file'),
              content: {
                'text/csv': { schema: { type: 'string' } },
                [xlsxType]: { schema: { type: 'string', contentMediaType: xlsxType } },
              },
            },
          },
          errors: [400, 401, 403],
        }),
      );
    }
  }

  // The routes outside the engine.
  const tags = {
    account: t('tags.account'),
    files: t('tags.files'),
    service: t('tags.service'),
  };
  const plain = (name: RouteName, tag: string, action: string, method: string, spec: OperationSpec) =>
    addOperation(name, '', method, operation(tag, action, t(`operations.${action}`), spec));
  const body = (schema: z.ZodType) => jsonSchema(schema, 'input');
  const status = (value: string) => ({ type: 'object', properties: { status: { const: value } } });
  const session = ok(ref('schemas', 'Session'));

  plain('api.health', tags.service, 'health', 'get', {
    access: 'public',
    responses: { 200: ok(status('ok')), 503: { description: t('responses.503'), ...json(status('unavailable')) } },
    errors: [],
  });
  plain('api.openapi', tags.service, 'openapi', 'get', { access: 'public', responses: { 200: ok({}) }, errors: [] });
  // The back office's login, and the customer area's (external users, cookie sid_client).
  for (const [login, current, logout, prefix] of [
    ['api.login', 'api.session', 'api.logout', ''],
    ['api.customer.login', 'api.customer.session', 'api.customer.logout', 'customer_'],
  ] as const) {
    plain(login, tags.account, `${prefix}login`, 'post', {
      access: 'public',
      body: body(loginSchema),
      responses: { 200: session },
      errors: [400, 401, 403],
    });
    plain(current, tags.account, `${prefix}session`, 'get', {
      access: 'read',
      responses: { 200: session },
      errors: [401],
    });
    plain(logout, tags.account, `${prefix}logout`, 'post', {
      access: 'write',
      responses: { 204: noContent },
      errors: [401, 403],
    });
  }
  plain('api.customer.home', tags.account, 'customer_home', 'get', {
    access: 'read',
    responses: {
      200: ok({
        type: 'object',
        properties: {
          missions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: integer, name: { type: 'string' }, acronym: { type: ['string', 'null'] } },
            },
          },
        },
      }),
    },
    errors: [401],
  });
  plain('api.impersonation.end', tags.account, 'impersonation_end', 'post', {
    access: 'write',
    responses: { 200: session },
    errors: [400, 401, 403],
  });
  plain('api.locale', tags.account, 'locale', 'post', {
    access: 'write',
    body: body(localeSchema),
    responses: { 204: noContent },
    errors: [400, 401, 403],
  });
  plain('api.profile', tags.account, 'profile', 'put', {
    access: 'write',
    body: body(profileSchema),
    responses: { 200: ok(jsonSchema(profileSchema, 'output')) },
    errors: [400, 401, 403],
  });
  plain('api.toggle_content', tags.account, 'toggle_content', 'post', {
    access: 'write',
    body: body(toggleContentSchema),
    responses: { 204: noContent },
    errors: [400, 401, 403],
  });
  // Forgotten password, reset and creation links, registration and its configuration.
  const message = ok({ type: 'object', properties: { message: { type: 'string' } } });
  const created = { description: t('responses.created') };
  plain('api.password_reset.request', tags.account, 'password_reset_request', 'post', {
    access: 'public',
    body: body(passwordResetRequestSchema),
    responses: { 200: message },
    errors: [400],
  });
  plain('api.password_reset.link', tags.account, 'password_reset_check', 'get', {
    access: 'public',
    responses: { 200: ok({ type: 'object', properties: { purpose: { enum: ['reset', 'creation'] } } }) },
    errors: [410],
  });
  plain('api.password_reset.link', tags.account, 'password_reset_use', 'post', {
    access: 'public',
    body: body(newPasswordSchema),
    responses: { 204: noContent },
    errors: [400, 410],
  });
  plain('api.registration.state', tags.account, 'registration_state', 'get', {
    access: 'public',
    responses: { 200: ok({ type: 'object', properties: { enabled: { type: 'boolean' } } }) },
    errors: [],
  });
  plain('api.registration', tags.account, 'registration', 'post', {
    access: 'public',
    body: body(registrationSchema),
    responses: { 201: created },
    errors: [400, 404],
  });
  // The configuration screen's groups of values, each read and written whole (configuration.routes.ts).
  for (const [route, tag, name, schema] of [
    ['api.configuration.registration', tags.account, 'registration_settings', registrationSettingsSchema],
    ['api.configuration.dashboard', tags.account, 'dashboard_settings', dashboardSettingsSchema],
    ['api.configuration.external_services', tags.service, 'external_services', externalServicesSettingsSchema],
  ] as const) {
    const values = ok(jsonSchema(schema, 'output'));
    plain(route, tag, `${name}_show`, 'get', { access: 'read', responses: { 200: values }, errors: [401, 403] });
    plain(route, tag, `${name}_update`, 'put', {
      access: 'write',
      body: body(schema),
      responses: { 200: values },
      errors: [400, 401, 403],
    });
  }

  // Files: sent as the raw body, stored under DATA_DIR/uploads, given back to logged-in users.
  plain('api.upload', tags.files, 'upload', 'post', {
    access: 'write',
    upload: true,
    parameters: [
      query('dossier', t('parameters.folder'), { type: 'string', pattern: '^[a-z0-9-]{1,60}$' }, true),
      query('nom', t('parameters.file_name'), { type: 'string' }, true),
    ],
    responses: {
      201: {
        description: t('responses.created'),
        ...json({
          type: 'object',
          properties: { path: { type: 'string' }, name: { type: 'string' }, size: integer },
          required: ['path', 'name', 'size'],
        }),
      },
    },
    errors: [400, 401, 403],
  });
  // The contacts import assistant (import-individus): its file, its jobs and their steps' reports.
  const importTag = t('tags.imports');
  const anObject = ok({ type: 'object' });
  plain('api.import_assistant.upload', importTag, 'import_upload', 'post', {
    access: 'write',
    upload: true,
    parameters: [query('nom', t('parameters.file_name'), { type: 'string' })],
    responses: { 201: { description: t('responses.created'), ...json({ type: 'object' }) } },
    errors: [400, 401, 403, 413],
  });
  plain('api.import_assistant.choices', importTag, 'import_choices', 'get', {
    access: 'read',
    responses: { 200: ok({ type: 'array', items: { type: 'object' } }) },
    errors: [401, 403, 404],
  });
  plain('api.import_jobs.collection', importTag, 'import_jobs', 'get', {
    access: 'read',
    responses: { 200: ok({ type: 'array', items: { type: 'object' } }) },
    errors: [401, 403],
  });
  plain('api.import_jobs.item', importTag, 'import_job', 'get', {
    access: 'read',
    responses: { 200: anObject },
    errors: [401, 404],
  });
  plain('api.import_jobs.preview', importTag, 'import_preview', 'get', {
    access: 'read',
    parameters: [
      query('onglet', t('parameters.sheet'), { type: 'integer', minimum: 0 }),
      query('entete', t('parameters.header'), { enum: ['0', '1'] }),
    ],
    responses: { 200: anObject },
    errors: [400, 401, 404],
  });
  plain('api.import_jobs.simulate', importTag, 'import_simulate', 'post', {
    access: 'write',
    body: body(importConfigSchema),
    responses: { 202: { description: t('responses.accepted'), ...json({ type: 'object' }) } },
    errors: [400, 401, 403, 404, 409],
  });
  plain('api.import_jobs.run', importTag, 'import_run', 'post', {
    access: 'write',
    responses: { 202: { description: t('responses.accepted'), ...json({ type: 'object' }) } },
    errors: [401, 403, 404, 409],
  });
  plain('api.import_jobs.undo', importTag, 'import_undo', 'post', {
    access: 'write',
    responses: { 200: anObject },
    errors: [401, 403, 404, 409],
  });
  for (const [route, action] of [
    ['api.import_jobs.structures', 'import_step_structures'],
    ['api.import_jobs.territories', 'import_step_territories'],
    ['api.import_jobs.individuals', 'import_step_individuals'],
  ] as const) {
    plain(route, importTag, action, 'get', {
      access: 'read',
      parameters: [query('page', t('parameters.page'), { type: 'integer', minimum: 1 })],
      responses: { 200: anObject },
      errors: [401, 404],
    });
  }
  paths[routeTable['uploads.file']] = {
    get: operation(tags.files, 'uploads.file', t('operations.download'), {
      access: 'read',
      parameters: [
        { name: 'chemin', in: 'path', required: true, description: t('parameters.path'), schema: { type: 'string' } },
      ],
      responses: { 200: { description: t('responses.ok'), content: { [octetStream]: {} } } },
      errors: [401, 404],
    }),
  };

  const errorResponse = (status: string) => ({
    description: t(`responses.${status}`),
    ...json(ref('schemas', 'ApiError')),
  });
  return {
    openapi: '3.1.1',
    info: { title: t('title', { app: text('app.name') }), version, description: t('description') },
    tags: [
      ...resources.map(({ slug }) => ({ name: text(`resources.${slug}.label`) })),
      ...Object.values(tags).map((name) => ({ name })),
      { name: importTag },
    ],
    paths,
    components: {
      schemas,
      responses: {
        ...Object.fromEntries(Object.entries(errorResponses).map(([status, name]) => [name, errorResponse(status)])),
        DuplicateRefused: { description: t('responses.duplicate'), ...json(ref('schemas', 'DuplicateError')) },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: t('security.session') },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: t('security.csrf') },
      },
    },
  };
}
