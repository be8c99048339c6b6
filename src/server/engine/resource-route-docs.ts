import type { z } from 'zod';
import { resourceActions } from '../../shared/permissions';
import { importableFields } from '../../shared/resources/import';
import { batchActionsOf, filterFields, inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import { auditActions, HISTORY_PAGE_SIZE } from '../../shared/resources/audit';
import { historyKinds } from '../../shared/resources/history-kinds';
import { MAX_PAGE_SIZE } from '../http/paging';
import {
  dateTime,
  ids,
  integer,
  jsonSchema,
  ref,
  strings,
  xlsxType,
  type OpenApiTools,
  type OperationDoc,
  type OperationSpec,
  type Schema,
} from '../http/openapi-tools';
import { routeSchemas, type HttpMethod } from '../http/api-route';
import { exportFormats } from './resource-export';
import { serverFieldKinds } from './field-kinds';
import { dateRangeParams, sortableFields } from './list-query';
import type { AnyResourceRoute, ServerResource } from './server-resource';

const columnIndex = { type: ['integer', 'null'], minimum: 0 };

/** A resource's fields as JSON Schema, their labels as descriptions. */
/**
 * The rules a value must meet when written, not when read: a record written before a rule, or by the
 * seed (the first administrator has no name), is still shown as it is.
 */
const writeRules = new Set(['minLength', 'maxLength', 'pattern', 'minItems', 'maxItems']);
function withoutWriteRules(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutWriteRules);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !writeRules.has(key))
      .map(([key, value]) => [key, withoutWriteRules(value)]),
  );
}

function fieldsSchema(definition: ResourceDefinition, io: 'input' | 'output', tools: OpenApiTools): Schema {
  const described = jsonSchema(inputSchema(definition), io);
  const schema = io === 'output' ? (withoutWriteRules(described) as Schema) : described;
  for (const [name, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    property.description = tools.text(`resources.${definition.slug}.fields.${name}`);
  }
  return schema;
}

/** A resource's record and input, as the document's components.schemas name them (<slug>, <slug>-input). */
export function resourceSchemas(definition: ResourceDefinition, tools: OpenApiTools): Record<string, Schema> {
  const { behaviours, slug } = definition;
  const fields = fieldsSchema(definition, 'output', tools);
  const userId = { type: ['integer', 'null'] };
  const record = {
    ...fields,
    title: tools.text(`resources.${slug}.singular`),
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
              description: tools.t('properties.refused_actions'),
            },
          }),
    },
    required: ['id', ...(fields.required as string[]), 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'],
  };
  return { [slug]: record, [`${slug}-input`]: fieldsSchema(definition, 'input', tools) };
}

/**
 * The OpenAPI operations of the engine's routes for one resource (resource.routes.ts): each route
 * declaration takes its own from here, so what is registered and what is documented are one list.
 */
export function resourceRouteDocs(definition: ResourceDefinition, hooks: ServerResource, tools: OpenApiTools) {
  const { slug } = definition;
  const { t, text, ok, query } = tools;
  const queryParameters = (schema: z.ZodType | undefined) => (schema ? tools.queryParameters(schema) : []);
  const tag = text(`resources.${slug}.label`);
  const op = (action: string, spec: OperationSpec, operationId = `${slug}.${action}`) => ({
    tag,
    operationId,
    summary: t(`operations.${action}`),
    ...spec,
  });
  const record = ref('schemas', slug);
  const input = ref('schemas', `${slug}-input`);

  // The list's criteria, which the export takes too. A sort it does not know (an old bookmark's
  // field) is the default sort, not a 400 (list-query.ts): its known values, or any other text.
  const orAnyText = (values: readonly string[]) => ({ anyOf: [{ type: 'string', enum: values }, { type: 'string' }] });
  const criteria = [
    query('tri', t('parameters.tri'), {
      ...orAnyText([...sortableFields(definition)]),
      default: definition.defaultSort.field,
    }),
    query('ordre', t('parameters.ordre'), orAnyText(['asc', 'desc'])),
    query('q', t('parameters.q'), { type: 'string' }),
    ...filterFields(definition).map((name) =>
      query(
        name,
        t('parameters.filter', { field: text(`resources.${slug}.fields.${name}`) }),
        serverFieldKinds[definition.fields[name]!.kind].filterDoc(definition.fields[name]!),
      ),
    ),
    ...dateRangeParams(definition).map(({ param, field, bound }) =>
      query(
        param,
        t(bound === 'from' ? 'parameters.filter_from' : 'parameters.filter_to', {
          field: text(`resources.${slug}.fields.${field}`),
        }),
        { type: 'string', format: 'date' },
      ),
    ),
    ...(hooks.listParams?.document ?? []).map(({ name, description, deepObject }) =>
      deepObject
        ? {
            ...query(name, text(description), {
              type: 'object',
              additionalProperties: { type: 'string', maxLength: 200 },
            }),
            style: 'deepObject',
            explode: true,
          }
        : query(name, text(description), { type: 'string', maxLength: 200 }),
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
  const page = ok({
    type: 'object',
    properties: {
      items: { type: 'array', items: record },
      total: integer,
      page: integer,
      pageSize: integer,
      titles: ref('schemas', 'ReferenceTitles'),
    },
    required: ['items', 'total', 'page', 'pageSize', 'titles'],
  });
  const view = ok({
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
  });
  const deleted = ok({ type: 'object', properties: { deleted: integer } });
  // A resource whose server file refuses duplicates says which record a refused one repeats.
  const badRequest = hooks.refusesDuplicates ? ref('responses', 'DuplicateRefused') : undefined;
  const create = {
    access: 'write',
    body: input,
    responses: { 201: tools.created(record) },
    errors: [400, 401, 403],
    badRequest,
  } as const;
  const update = {
    access: 'write',
    body: input,
    responses: { 200: ok(record) },
    errors: [400, 401, 403, 404],
    badRequest,
  } as const;
  const remove = { access: 'write', responses: { 200: deleted }, errors: [401, 403, 404, 409] } as const;

  /** Under its parent's record: the parent's tag, and a summary naming the child. */
  const child = (action: string, method: HttpMethod, spec: OperationSpec) => {
    const parent = definition.parent!.resource;
    return {
      tag: text(`resources.${parent}.label`),
      operationId: `${parent}.${slug}.${action}-${method.toLowerCase()}`,
      summary: t(`operations.child_${action}`, { child: tag }),
      ...spec,
    };
  };

  return {
    list: op('list', {
      access: 'read',
      parameters: [...paging, ...criteria],
      responses: { 200: page },
      errors: [401, 403],
    }),
    create: op('create', create),
    modalCreate: op('modal_create', create),
    show: op('show', { access: 'read', responses: { 200: view }, errors: [401, 403, 404] }),
    update: op('update', update),
    modalEdit: (method: HttpMethod) => op('modal_edit', update, `${slug}.modal_edit-${method.toLowerCase()}`),
    delete: (method: HttpMethod) => op('delete', remove, `${slug}.delete-${method.toLowerCase()}`),
    batch: op('batch', {
      access: 'write',
      body: {
        type: 'object',
        properties: { ids, _action: { type: 'string', enum: batchActionsOf(definition) } },
        required: ['ids', '_action'],
      },
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
    autocomplete: op('autocomplete', {
      access: 'read',
      parameters: [query('term', t('parameters.term'), { type: 'string' })],
      responses: { 200: ok({ type: 'array', items: ref('schemas', 'Suggestion') }) },
      errors: [401, 403],
    }),
    history: op('history', {
      access: 'read',
      parameters: [
        paging[0]!,
        query('parPage', t('parameters.par_page'), {
          ...integer,
          minimum: 1,
          maximum: MAX_PAGE_SIZE,
          default: HISTORY_PAGE_SIZE,
        }),
        query('type', t('parameters.history_kind'), { type: 'string', enum: historyKinds(definition) }),
      ],
      responses: {
        200: ok({
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
                    items: {
                      type: 'object',
                      properties: {
                        field: { type: 'string' },
                        label: { type: 'string' },
                        fields: strings,
                        before: {},
                        after: {},
                      },
                    },
                  },
                },
              },
            },
            total: integer,
            page: integer,
            pageSize: integer,
            titles: { type: 'object' },
          },
        }),
      },
      errors: [400, 401, 403, 404],
    }),
    publish: op('publish', {
      // A GET that changes data: it takes the CSRF token too.
      access: 'write',
      responses: { 200: { description: t('responses.ok'), content: { 'text/plain': { schema: { const: 'OK' } } } } },
      errors: [401, 403, 404],
    }),
    command: (name: string, callsExternalService: boolean): OperationDoc => ({
      tag,
      operationId: `${slug}.${name}`,
      summary: text(`resources.${slug}.commands.${name}`),
      access: 'write',
      responses: { 200: tools.message },
      errors: [400, 401, 403, 404, 409, ...(callsExternalService ? [502 as const] : [])],
    }),
    /** A route of the resource's own server file, as it declares itself. */
    ownRoute: (route: AnyResourceRoute, method: HttpMethod): OperationDoc => ({
      tag,
      operationId:
        typeof route.method === 'string' ? `${slug}.${route.name}` : `${slug}.${route.name}-${method.toLowerCase()}`,
      summary: text(route.summary),
      access: method === 'GET' ? 'read' : 'write',
      // Its query schema's (the contract's, or the route's own): typed and described there.
      parameters: queryParameters(routeSchemas(route, method).query),
      ...(route.recordBody ? { body: input, badRequest } : {}),
      ...(route.schemas?.body ? { body: jsonSchema(route.schemas.body, 'input') } : {}),
      errors: [400, 401, 403, 404],
    }),
    export: op('export', {
      access: 'read',
      parameters: [
        query('format', t('parameters.format'), { type: 'string', enum: [...exportFormats] }, true),
        ...criteria,
      ],
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
    ...importDocs(definition, tools, op),
    reorder: op('reorder', {
      access: 'write',
      body: { type: 'object', properties: { ids: { ...ids, minItems: 1 } }, required: ['ids'] },
      responses: { 204: tools.noContent },
      errors: [400, 401, 403],
    }),
    childList: (method: HttpMethod) =>
      child('list', method, {
        access: 'read',
        parameters: [...paging, ...criteria],
        responses: { 200: page },
        errors: [401, 403, 404],
      }),
    childShow: (method: HttpMethod) =>
      child('show', method, { access: 'read', responses: { 200: view }, errors: [401, 403, 404] }),
    childCreate: (method: HttpMethod) => child('create', method, { ...create, errors: [400, 401, 403, 404] }),
    childUpdate: (method: HttpMethod) => child('update', method, update),
    childDelete: (method: HttpMethod) => child('delete', method, remove),
  };
}

/** The spreadsheet import's two steps: the columns found, then the rows imported with a mapping. */
function importDocs(
  definition: ResourceDefinition,
  tools: OpenApiTools,
  op: (action: string, spec: OperationSpec) => OperationDoc,
) {
  const mapping = {
    type: 'object',
    properties: Object.fromEntries(importableFields(definition).map(([name]) => [name, columnIndex])),
  };
  return {
    importAnalyse: op('import_analyse', {
      access: 'write',
      upload: true,
      responses: {
        200: tools.ok({
          type: 'object',
          properties: { columns: strings, sample: { type: 'array', items: strings }, rowCount: integer, mapping },
        }),
      },
      errors: [400, 401, 403, 413],
    }),
    import: op('import', {
      access: 'write',
      upload: true,
      parameters: [
        {
          name: 'mapping',
          in: 'query',
          required: true,
          description: tools.t('parameters.mapping'),
          content: { 'application/json': { schema: mapping } },
        },
      ],
      responses: { 200: tools.ok({ type: 'object', properties: { imported: integer } }) },
      errors: [400, 401, 403, 413],
    }),
  };
}
