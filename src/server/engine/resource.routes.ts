import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findResource, resources } from '../../shared/resources/registry';
import { inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import { routePattern, type RouteName } from '../../shared/routes';
import { recordId } from '../../shared/resources/fields';
import { isImportable } from '../../shared/resources/import';
import { actorOf } from '../auth/actor';
import { currentAuth, requireCsrfOnGet, requireUser } from '../auth/sessions';
import { ApiError } from '../http/api-error';
import { pagingSchema, parseQuery } from '../http/paging';
import { parseBody, parseId } from '../http/request-parsing';
import { requestLocale } from '../http/request-locale';
import { exportFormats } from './resource-export';
import { analyseImport, importRouteOptions, importSheet, parseMapping, readSheet } from './resource-import';
import type { OperationContext } from './server-resource';
import { parseListQuery } from './list-query';
import type { ResourceOperations } from './resource-operations';

const batchSchema = z.object({
  ids: z.array(recordId).default([]),
  _action: z.string().default(''),
});
const reorderSchema = z.object({ ids: z.array(recordId).min(1, 'batch.no_items') });

/** Entries per page of a record's history. */
const HISTORY_PAGE_SIZE = 20;

/** The operations' context of a request: its logged-in user, language and log, and the exchange itself. */
export const operationContextOf = (request: FastifyRequest, reply: FastifyReply): OperationContext => ({
  actor: actorOf(currentAuth(request)),
  locale: requestLocale(request),
  log: request.log,
  session: { request, reply },
});

const idParam = (request: FastifyRequest, name = 'id') => parseId((request.params as Record<string, string>)[name]!);
const termOf = (request: FastifyRequest) => String((request.query as Record<string, unknown>).term ?? '').trim();

/**
 * The generic API of every declared resource, under /api/<slug>: list, show, create, update,
 * delete (supprimer/{id}, PUT or POST), batch actions (actions-groupes) and reorder (reorganiser).
 * Each route reads its HTTP input and hands it to the operations layer, where the permissions,
 * rules, read scopes and audit trail apply whoever calls.
 */
export function registerResourceRoutes(app: FastifyInstance, operations: ResourceOperations): void {
  const { store } = operations.services;
  const options = { preHandler: requireUser };

  /** A child resource's records under its parent's record (/api/{parent}/{id}/{child}). */
  function registerChildRoutes(child: ResourceDefinition, { resource, field }: { resource: string; field: string }) {
    const parentDefinition = findResource(resource)!;
    const children = routePattern('api.resource.children', { resource, child: child.slug });
    const one = routePattern('api.resource.child', { resource, child: child.slug });
    const schema = inputSchema(child);
    const parentOf = (request: FastifyRequest) => ({ definition: parentDefinition, id: idParam(request), field });
    const { children: childOperations } = operations;
    app.get(children, options, async (request, reply) =>
      childOperations.list(
        child,
        parentOf(request),
        parseListQuery(child, request.query),
        operationContextOf(request, reply),
      ),
    );
    app.get(one, options, async (request, reply) =>
      childOperations.get(child, parentOf(request), idParam(request, 'childId'), operationContextOf(request, reply)),
    );
    if (child.behaviours.readOnly) return;
    // The parent names the record: whatever the body says of the child's field is overwritten.
    const bodyOf = (request: FastifyRequest) =>
      parseBody(schema, { ...(request.body as object), [field]: idParam(request) });
    app.post(children, options, async (request, reply) => {
      const context = operationContextOf(request, reply);
      return reply.code(201).send(await childOperations.create(child, parentOf(request), bodyOf(request), context));
    });
    app.put(one, options, async (request, reply) =>
      childOperations.update(
        child,
        parentOf(request),
        idParam(request, 'childId'),
        bodyOf(request),
        operationContextOf(request, reply),
      ),
    );
    app.route({
      method: ['POST', 'PUT'],
      url: routePattern('api.resource.child_delete', { resource, child: child.slug }),
      preHandler: requireUser,
      handler: async (request, reply) => ({
        deleted: await childOperations.delete(
          child,
          parentOf(request),
          idParam(request, 'childId'),
          operationContextOf(request, reply),
        ),
      }),
    });
  }

  for (const definition of resources) {
    const { slug } = definition;
    const pattern = (name: RouteName) => routePattern(name, { resource: slug });
    const schema = inputSchema(definition);

    app.get(pattern('api.resource.collection'), options, async (request, reply) =>
      operations.list(definition, parseListQuery(definition, request.query), operationContextOf(request, reply)),
    );

    // A read-only resource has no create, update, delete or batch route: its rows come from the server.
    const createRoutes = definition.behaviours.readOnly
      ? []
      : definition.behaviours.modalCreate
        ? [pattern('api.resource.collection'), pattern('api.resource.modal_create')]
        : [pattern('api.resource.collection')];
    for (const url of createRoutes) {
      app.post(url, options, async (request, reply) => {
        const context = operationContextOf(request, reply);
        operations.authorize(context.actor, slug, 'create');
        return reply.code(201).send(await operations.create(definition, parseBody(schema, request.body), context));
      });
    }

    app.get(pattern('api.resource.item'), options, async (request, reply) =>
      operations.get(definition, idParam(request), operationContextOf(request, reply)),
    );

    if (!definition.behaviours.readOnly) {
      // modal/editer/{id} (modalEdit): the same update, also as the POST of a modal's form.
      const updateRoutes: [string, ('PUT' | 'POST')[]][] = [
        [pattern('api.resource.item'), ['PUT']],
        ...(definition.behaviours.modalEdit
          ? [[pattern('api.resource.modal_edit'), ['PUT', 'POST']] as [string, ('PUT' | 'POST')[]]]
          : []),
      ];
      for (const [url, method] of updateRoutes) {
        app.route({
          method,
          url,
          preHandler: requireUser,
          handler: async (request, reply) => {
            const context = operationContextOf(request, reply);
            operations.authorize(context.actor, slug, 'update');
            return operations.update(definition, idParam(request), parseBody(schema, request.body), context);
          },
        });
      }

      app.route({
        method: ['POST', 'PUT'],
        url: pattern('api.resource.delete'),
        preHandler: requireUser,
        handler: async (request, reply) => ({
          deleted: await operations.delete(definition, [idParam(request)], operationContextOf(request, reply)),
        }),
      });

      app.post(pattern('api.resource.batch'), options, async (request, reply) => {
        const { ids, _action: action } = parseBody(batchSchema, request.body);
        return operations.batch(definition, action, ids, operationContextOf(request, reply));
      });
    }

    // GET, as spec 7 says, replying exactly OK: the list flips its icon on that reply alone. A GET
    // that changes data: it takes the session's CSRF token all the same.
    if (definition.behaviours.publishable) {
      const publishOptions = { preHandler: [requireUser, requireCsrfOnGet] };
      app.get(pattern('api.resource.publish'), publishOptions, async (request, reply) => {
        await operations.togglePublished(definition, idParam(request), operationContextOf(request, reply));
        return reply.type('text/plain; charset=utf-8').send('OK');
      });
    }

    app.get(pattern('api.resource.autocomplete'), options, async (request, reply) =>
      operations.suggest(definition, termOf(request), operationContextOf(request, reply)),
    );

    for (const command of definition.commands.filter((candidate) => candidate.kind === 'post')) {
      if (!store.hooksOf(slug).commands?.[command.name]) {
        throw new Error(`Resource "${slug}": command "${command.name}" has no server handler.`);
      }
      app.post(routePattern(command.route, { resource: slug }), options, async (request, reply) => {
        const { message, location } = await operations.command(
          definition,
          command.name,
          idParam(request),
          operationContextOf(request, reply),
        );
        return { message, location };
      });
    }

    for (const route of store.hooksOf(slug).routes ?? []) {
      app.route({
        method: route.method,
        url: routePattern(route.name, { resource: slug }),
        preHandler: requireUser,
        handler: async (request, reply) => {
          const context = operationContextOf(request, reply);
          operations.authorize(context.actor, slug, route.action);
          const result = await route.handle(request, { ...operations.services, ...context });
          return reply.code(route.status ?? 200).send(result);
        },
      });
    }

    if (definition.behaviours.exportable) {
      app.get(pattern('api.resource.export'), options, async (request, reply) => {
        const context = operationContextOf(request, reply);
        operations.authorize(context.actor, slug, 'export');
        const raw = request.query as Record<string, string>;
        const format = exportFormats.find((candidate) => candidate === raw.format);
        if (!format) throw new ApiError(400, 'export.unknown_format');
        const { page: _page, pageSize: _pageSize, ...query } = parseListQuery(definition, raw);
        const file = await operations.export(definition, query, format, context);
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${slug}-${date}.${format}"`)
          .header('x-total-count', String(file.total))
          .send(file.body);
      });
    }

    if (isImportable(definition)) {
      // The body is the file; who may import is checked before it is read.
      const importOptions = {
        ...importRouteOptions,
        onRequest: async (request: FastifyRequest) =>
          operations.authorize(actorOf(currentAuth(request)), slug, 'create'),
      };
      app.post(pattern('api.resource.import_analyse'), importOptions, async (request) =>
        analyseImport(definition, await readSheet(request.body)),
      );
      app.post(pattern('api.resource.import'), importOptions, async (request, reply) => {
        const { actor } = operationContextOf(request, reply);
        const mapping = parseMapping(definition, (request.query as Record<string, string>).mapping);
        const result = await importSheet(store, definition, await readSheet(request.body), mapping, actor);
        if ('imported' in result) return result;
        return reply
          .code(400)
          .send({ ...new ApiError(400, 'import.invalid_rows').toJSON(requestLocale(request)), ...result });
      });
    }

    if (definition.behaviours.audited) {
      app.get(pattern('api.resource.history'), options, async (request, reply) => {
        const { page, parPage } = parseQuery(pagingSchema(HISTORY_PAGE_SIZE), request.query);
        const paging = { page, pageSize: parPage };
        return operations.history(definition, idParam(request), paging, operationContextOf(request, reply));
      });
    }

    if (definition.parent) registerChildRoutes(definition, definition.parent);

    if (definition.behaviours.sortable) {
      app.post(pattern('api.resource.reorder'), options, async (request, reply) => {
        const ids = parseBody(reorderSchema, request.body).ids;
        await operations.reorder(definition, ids, operationContextOf(request, reply));
        return reply.code(204).send();
      });
    }
  }
}
