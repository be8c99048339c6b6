import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findResource, resources } from '../../shared/resources/registry';
import { historyKinds } from '../../shared/resources/history-kinds';
import { HISTORY_PAGE_SIZE } from '../../shared/resources/audit';
import { inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import type { ResourceAction } from '../../shared/permissions';
import { isImportable } from '../../shared/resources/import';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireCsrfOnGet, requireUser } from '../auth/sessions';
import { ApiError } from '../http/api-error';
import { pagingSchema } from '../http/paging';
import { parseBody } from '../http/request-parsing';
import { requestLocale } from '../http/request-locale';
import { exportFormats } from './resource-export';
import { analyseImport, importRouteOptions, importSheet, parseMapping, readSheet } from './resource-import';
import type { AnyResourceRoute, OperationContext } from './server-resource';
import { parseListQuery } from './list-query';
import { authorize, authorizeUnder, type ResourceOperations } from './resource-operations';
import { declareRoute, type ApiRoute, type HttpMethod, type RouteSchemas } from '../http/api-route';
import type { RouteName } from '../../shared/routes';
import { contractOf } from '../../shared/api/contracts';
import type { OpenApiTools } from '../http/openapi-tools';
import { resourceRouteDocs } from './resource-route-docs';
import { clock } from '../clock';

/** The operations' context of a request: its logged-in user, language and log, and the exchange itself. */
export const operationContextOf = (request: FastifyRequest, reply: FastifyReply): OperationContext => ({
  actor: actorOf(currentAuth(request)),
  locale: requestLocale(request),
  log: request.log,
  session: { request, reply },
});

/**
 * A route's onRequest guards: a logged-in user (401), then the permission its action needs (403),
 * before its body is read or its input checked: a caller who may not use a route gets no 400 telling
 * its input's shape. The operations check the same permissions again, whoever calls them.
 */
const guarded = (check: (actor: Actor) => void = () => {}) => ({
  onRequest: [
    requireUser,
    async (request: FastifyRequest) => {
      check(actorOf(currentAuth(request)));
    },
  ],
});
const needing = (slug: string, action: ResourceAction) => guarded((actor) => authorize(actor, slug, action));

/** A request whose path names a record (/api/{resource}/{id}…): the id parsed by declareRoute. */
type RecordPath = { params: { id: number } };
const termOf = (request: FastifyRequest) => String((request.query as Record<string, unknown>).term ?? '').trim();

/**
 * The generic API of every declared resource, under /api/<slug>: list, show, create, update,
 * delete (supprimer/{id}, PUT or POST), batch actions (actions-groupes) and reorder (reorganiser).
 * Each route reads its HTTP input and hands it to the operations layer, where the permissions,
 * rules, read scopes and audit trail apply whoever calls; each declares its OpenAPI operation
 * (resource-route-docs.ts) with itself.
 */
export function registerResourceRoutes(app: FastifyInstance, operations: ResourceOperations): void {
  const { store } = operations.services;

  for (const definition of resources) {
    const { slug } = definition;
    const hooks = store.hooksOf(slug);
    const docs = (tools: OpenApiTools) => resourceRouteDocs(definition, hooks, tools);
    /** A route of this resource, refused before its input is read to whoever lacks `needs`. */
    const route = <
      N extends RouteName,
      M extends HttpMethod | readonly HttpMethod[],
      S extends RouteSchemas | undefined,
    >({
      needs,
      ...declaration
    }: Omit<ApiRoute<N, M, S>, 'fixed' | 'options'> & { needs: ResourceAction | null }) =>
      declareRoute(app, {
        options: needs ? needing(slug, needs) : guarded(),
        ...declaration,
        fixed: { resource: slug },
      });
    const schema = inputSchema(definition);

    route({
      name: 'api.resource.collection',
      method: 'GET',
      needs: 'list',
      document: (tools) => docs(tools).list,
      handler: (request, reply) =>
        operations.list(definition, parseListQuery(definition, request.query), operationContextOf(request, reply)),
    });

    route({
      name: 'api.resource.item',
      method: 'GET',
      needs: 'show',
      document: (tools) => docs(tools).show,
      handler: (request, reply) => operations.get(definition, request.params.id, operationContextOf(request, reply)),
    });

    route({
      name: 'api.resource.autocomplete',
      method: 'GET',
      needs: 'list',
      document: (tools) => docs(tools).autocomplete,
      handler: (request, reply) => operations.suggest(definition, termOf(request), operationContextOf(request, reply)),
    });

    // A read-only resource has no create, update, delete or batch route: its rows come from the server.
    if (!definition.behaviours.readOnly) {
      const create = async (request: FastifyRequest, reply: FastifyReply) => {
        const context = operationContextOf(request, reply);
        return reply.code(201).send(await operations.create(definition, parseBody(schema, request.body), context));
      };
      route({
        name: 'api.resource.collection',
        method: 'POST',
        needs: 'create',
        document: (tools) => docs(tools).create,
        handler: create,
      });
      if (definition.behaviours.modalCreate) {
        route({
          name: 'api.resource.modal_create',
          method: 'POST',
          needs: 'create',
          document: (tools) => docs(tools).modalCreate,
          handler: create,
        });
      }

      const update = async (request: FastifyRequest & RecordPath, reply: FastifyReply) => {
        const context = operationContextOf(request, reply);
        return operations.update(definition, request.params.id, parseBody(schema, request.body), context);
      };
      route({
        name: 'api.resource.item',
        method: 'PUT',
        needs: 'update',
        document: (tools) => docs(tools).update,
        handler: update,
      });
      // modal/editer/{id} (modalEdit): the same update, also as the POST of a modal's form.
      if (definition.behaviours.modalEdit) {
        route({
          name: 'api.resource.modal_edit',
          method: ['PUT', 'POST'],
          needs: 'update',
          document: (tools, method) => docs(tools).modalEdit(method),
          handler: update,
        });
      }

      route({
        name: 'api.resource.delete',
        method: ['POST', 'PUT'],
        needs: 'delete',
        document: (tools, method) => docs(tools).delete(method),
        handler: async (request, reply) => ({
          deleted: await operations.delete(definition, [request.params.id], operationContextOf(request, reply)),
        }),
      });

      route({
        name: 'api.resource.batch',
        method: 'POST',
        // The permission depends on the action the body names: checked by the operation.
        needs: null,
        document: (tools) => docs(tools).batch,
        handler: (request, reply) => {
          const { ids, _action: action } = request.body;
          return operations.batch(definition, action, ids, operationContextOf(request, reply));
        },
      });
    }

    // GET, as spec 7 says, replying exactly OK: the list flips its icon on that reply alone. A GET
    // that changes data: it takes the session's CSRF token all the same.
    if (definition.behaviours.publishable) {
      declareRoute(app, {
        name: 'api.resource.publish',
        fixed: { resource: slug },
        method: 'GET',
        options: { onRequest: [...needing(slug, 'update').onRequest, requireCsrfOnGet] },
        document: (tools) => docs(tools).publish,
        handler: async (request, reply) => {
          await operations.togglePublished(definition, request.params.id, operationContextOf(request, reply));
          return reply.type('text/plain; charset=utf-8').send('OK');
        },
      });
    }

    for (const command of definition.commands.filter((candidate) => candidate.kind === 'post')) {
      if (!hooks.commands?.[command.name]) {
        throw new Error(`Resource "${slug}": command "${command.name}" has no server handler.`);
      }
      route({
        name: command.route,
        method: 'POST',
        needs: command.action,
        document: (tools) => docs(tools).command(command.name, Boolean(command.callsExternalService)),
        handler: async (request, reply) => {
          const context = operationContextOf(request, reply);
          const { message, location } = await operations.command(definition, command.name, request.params.id, context);
          return { message, location };
        },
      });
    }

    for (const own of (hooks.routes ?? []) as AnyResourceRoute[]) {
      const status = contractOf(own.name, ([] as HttpMethod[]).concat(own.method)[0]!)?.status ?? 200;
      declareRoute(app, {
        name: own.name,
        fixed: { resource: slug },
        method: own.method,
        schemas: own.schemas,
        notFound: own.notFound,
        options: guarded((actor) => {
          authorize(actor, slug, own.action);
          for (const { resource, action } of own.alsoNeeds ?? []) authorize(actor, resource, action);
        }),
        document: (tools, method) => docs(tools).ownRoute(own, method),
        handler: async (request, reply) => {
          const context = operationContextOf(request, reply);
          const result = await own.handle(request, { ...operations.services, ...context });
          return reply.code(status).send(result);
        },
      });
    }

    if (definition.behaviours.exportable) {
      route({
        name: 'api.resource.export',
        method: 'GET',
        needs: 'export',
        document: (tools) => docs(tools).export,
        handler: async (request, reply) => {
          const context = operationContextOf(request, reply);
          const raw = request.query as Record<string, string>;
          const format = exportFormats.find((candidate) => candidate === raw.format);
          if (!format) throw new ApiError(400, 'export.unknown_format');
          const { page: _page, pageSize: _pageSize, ...query } = parseListQuery(definition, raw);
          const file = await operations.export(definition, query, format, context);
          const date = clock.now().toISOString().slice(0, 10);
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${slug}-${date}.${format}"`)
            .header('x-total-count', String(file.total))
            .send(file.body);
        },
      });
    }

    if (isImportable(definition)) {
      // The body is the file; who may import is checked before it is read.
      const importOptions = { ...importRouteOptions, ...needing(slug, 'create') };
      declareRoute(app, {
        name: 'api.resource.import_analyse',
        fixed: { resource: slug },
        method: 'POST',
        options: importOptions,
        document: (tools) => docs(tools).importAnalyse,
        handler: async (request) => analyseImport(definition, await readSheet(request.body)),
      });
      declareRoute(app, {
        name: 'api.resource.import',
        fixed: { resource: slug },
        method: 'POST',
        options: importOptions,
        document: (tools) => docs(tools).import,
        handler: async (request, reply) => {
          const context = operationContextOf(request, reply);
          const mapping = parseMapping(definition, (request.query as Record<string, string>).mapping);
          // Read through the store, written as the create route writes (rules, audit, after-commit work).
          const result = await importSheet(
            store,
            definition,
            await readSheet(request.body),
            mapping,
            context.actor,
            (rows) => operations.createMany(definition, rows, context),
          );
          if ('imported' in result) return result;
          return reply
            .code(400)
            .send({ ...new ApiError(400, 'import.invalid_rows').toJSON(requestLocale(request)), ...result });
        },
      });
    }

    if (definition.behaviours.audited) {
      // ?type=: one kind of entries (historyKinds), a value of the list or a 400.
      const historyQuery = pagingSchema(HISTORY_PAGE_SIZE).extend({
        type: z.enum(historyKinds(definition) as [string, ...string[]], 'validation.choice').optional(),
      });
      route({
        name: 'api.resource.history',
        method: 'GET',
        needs: 'show',
        schemas: { query: historyQuery },
        document: (tools) => docs(tools).history,
        handler: (request, reply) => {
          const context = operationContextOf(request, reply);
          const { page, parPage, type } = request.query;
          return operations.history(definition, request.params.id, { page, pageSize: parPage, kind: type }, context);
        },
      });
    }

    if (definition.parent) registerChildRoutes(app, operations, definition, definition.parent, docs);

    if (definition.behaviours.sortable) {
      route({
        name: 'api.resource.reorder',
        method: 'POST',
        needs: 'sort',
        document: (tools) => docs(tools).reorder,
        handler: async (request, reply) => {
          await operations.reorder(definition, request.body.ids, operationContextOf(request, reply));
          return reply.code(204).send();
        },
      });
    }
  }
}

/** A child resource's records under its parent's record (/api/{parent}/{id}/{child}). */
function registerChildRoutes(
  app: FastifyInstance,
  operations: ResourceOperations,
  child: ResourceDefinition,
  { resource, field }: { resource: string; field: string },
  docs: (tools: OpenApiTools) => ReturnType<typeof resourceRouteDocs>,
): void {
  const parentDefinition = findResource(resource)!;
  const schema = inputSchema(child);
  const parentOf = (request: RecordPath) => ({ definition: parentDefinition, id: request.params.id, field });
  const { children } = operations;
  const route = <
    N extends RouteName,
    M extends HttpMethod | readonly HttpMethod[],
    S extends RouteSchemas | undefined,
  >({
    needs,
    ...declaration
  }: Omit<ApiRoute<N, M, S>, 'fixed' | 'options'> & { needs: ResourceAction }) =>
    declareRoute(app, {
      options: guarded((actor) => authorizeUnder(actor, resource, child.slug, needs)),
      ...declaration,
      fixed: { resource, child: child.slug },
    });

  route({
    name: 'api.resource.children',
    method: 'GET',
    needs: 'list',
    document: (tools, method) => docs(tools).childList(method),
    handler: (request, reply) =>
      children.list(child, parentOf(request), parseListQuery(child, request.query), operationContextOf(request, reply)),
  });
  route({
    name: 'api.resource.child',
    method: 'GET',
    needs: 'show',
    document: (tools, method) => docs(tools).childShow(method),
    handler: (request, reply) =>
      children.get(child, parentOf(request), request.params.childId, operationContextOf(request, reply)),
  });
  if (child.behaviours.readOnly) return;
  // The parent names the record: whatever the body says of the child's field is overwritten.
  const bodyOf = (request: FastifyRequest & RecordPath) =>
    parseBody(schema, { ...(request.body as object), [field]: request.params.id });
  route({
    name: 'api.resource.children',
    method: 'POST',
    needs: 'create',
    document: (tools, method) => docs(tools).childCreate(method),
    handler: async (request, reply) => {
      const context = operationContextOf(request, reply);
      return reply.code(201).send(await children.create(child, parentOf(request), bodyOf(request), context));
    },
  });
  route({
    name: 'api.resource.child',
    method: 'PUT',
    needs: 'update',
    document: (tools, method) => docs(tools).childUpdate(method),
    handler: (request, reply) =>
      children.update(
        child,
        parentOf(request),
        request.params.childId,
        bodyOf(request),
        operationContextOf(request, reply),
      ),
  });
  route({
    name: 'api.resource.child_delete',
    method: ['POST', 'PUT'],
    needs: 'delete',
    document: (tools, method) => docs(tools).childDelete(method),
    handler: async (request, reply) => ({
      deleted: await children.delete(
        child,
        parentOf(request),
        request.params.childId,
        operationContextOf(request, reply),
      ),
    }),
  });
}
