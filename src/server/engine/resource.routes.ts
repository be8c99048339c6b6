import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findResource, resources } from '../../shared/resources/registry';
import {
  batchActionPermission,
  batchActionsOf,
  inputSchema,
  recordTitle,
  type BatchReply,
  type RecordCommand,
  type ResourceDefinition,
  type ResourceRecord,
} from '../../shared/resources/resource';
import { translate } from '../../shared/i18n/catalog';
import { routePattern, type RouteName } from '../../shared/routes';
import type { AuditPage } from '../../shared/resources/audit';
import { recordId } from '../../shared/resources/fields';
import { isImportable } from '../../shared/resources/import';
import { can, createsNothing, type ResourceAction } from '../../shared/permissions';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireCsrfOnGet, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { ApiError } from '../http/api-error';
import { pagingSchema, parseQuery } from '../http/paging';
import { parseBody, parseId } from '../http/request-parsing';
import { requestLocale } from '../http/request-locale';
import { exportFormats, exportResource } from './resource-export';
import { analyseImport, importRouteOptions, importSheet, parseMapping, readSheet } from './resource-import';
import type { CommandMessage, RecordCommandHandler, ResourceRouteContext } from './server-resource';
import { auditPage } from './audit-trail';
import { parseListQuery } from './list-query';
import { withRefusedActions } from './record-actions';
import { createResourceStore, type HooksLookup, type ResourceStore } from './resource-store';

/** The logged-in user as the actor, when they may do this action on this resource; 403 otherwise. */
function allowedActor(request: FastifyRequest, slug: string, action: ResourceAction): Actor {
  const actor = actorOf(currentAuth(request));
  if (action === 'create' && createsNothing(actor)) throw new ApiError(403, 'errors.no_service');
  if (!can(actor, slug, action)) throw new ApiError(403, 'errors.forbidden');
  return actor;
}

/** The server side of a resource's post commands; a command declared without one is a startup error. */
function commandHandlers(
  definition: ResourceDefinition,
  hooksOf: HooksLookup,
): [RecordCommand, RecordCommandHandler][] {
  return definition.commands
    .filter((command) => command.kind === 'post')
    .map((command) => {
      const handler = hooksOf(definition.slug).commands?.[command.name];
      if (!handler) throw new Error(`Resource "${definition.slug}": command "${command.name}" has no server handler.`);
      return [command, handler];
    });
}

/** A command on one record, once the actor may change that record (the resource's authorizeChange). */
async function runCommand(
  definition: ResourceDefinition,
  [command, handler]: [RecordCommand, RecordCommandHandler],
  id: number,
  context: ResourceRouteContext,
): Promise<CommandMessage> {
  await context.store.hooksOf(definition.slug).authorizeChange?.(context.db, context.actor, [id], command.action);
  return handler(id, context);
}

/**
 * A batch command, record by record: one refused record does not stop the others, and the reply
 * names each refused record with its reason.
 */
async function runBatchCommand(
  definition: ResourceDefinition,
  command: [RecordCommand, RecordCommandHandler],
  ids: number[],
  context: ResourceRouteContext,
): Promise<BatchReply> {
  const locale = requestLocale(context.request);
  const reply: Required<BatchReply> = { processed: 0, failed: [] };
  for (const id of ids) {
    try {
      await runCommand(definition, command, id, context);
      reply.processed += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const title = await titleOrId(context.store, definition, id, context.actor);
      reply.failed.push({ id, title, message: error.toJSON(locale).message });
    }
  }
  return reply;
}

async function titleOrId(
  store: ResourceStore,
  definition: ResourceDefinition,
  id: number,
  actor: Actor,
): Promise<string> {
  try {
    return recordTitle(definition, await store.get(definition, id, actor));
  } catch {
    return `#${id}`;
  }
}

const batchSchema = z.object({
  ids: z.array(recordId).default([]),
  _action: z.string().default(''),
});
const reorderSchema = z.object({ ids: z.array(recordId).min(1, 'batch.no_items') });

/** Entries per page of a record's history. */
const HISTORY_PAGE_SIZE = 20;

/** Autocomplete replies hold at most this many suggestions. */
const AUTOCOMPLETE_LIMIT = 20;

/**
 * The generic API of every declared resource, under /api/<slug>: list, show, create, update,
 * delete (supprimer/{id}, PUT or POST), batch actions (actions-groupes) and reorder (reorganiser).
 */
export function registerResourceRoutes(app: FastifyInstance, db: Database, mailer: Mailer, hooksOf: HooksLookup): void {
  const store = createResourceStore(db, hooksOf);
  const contextOf = (request: FastifyRequest, reply: FastifyReply): ResourceRouteContext => ({
    db,
    store,
    mailer,
    actor: actorOf(currentAuth(request)),
    request,
    reply,
  });
  const termOf = (request: FastifyRequest) => String((request.query as Record<string, unknown>).term ?? '').trim();

  /**
   * A child resource's records under its parent's record (/api/{parent}/{id}/{child}): listed by
   * whoever may see that record, written by whoever may change it, the child's field always naming it.
   */
  function registerChildRoutes(child: ResourceDefinition, { resource, field }: { resource: string; field: string }) {
    const parent = findResource(resource)!;
    const children = routePattern('api.resource.children', { resource, child: child.slug });
    const one = routePattern('api.resource.child', { resource, child: child.slug });
    const schema = inputSchema(child);
    /** The parent record, when the actor may do this to it: 404 when out of their sight. */
    const parentOf = async (request: FastifyRequest, action: ResourceAction) => {
      const actor = allowedActor(request, parent.slug, action);
      const parentId = parseId((request.params as { id: string }).id);
      return { actor, parentId: (await store.get(parent, parentId, actor)).id };
    };
    /** The child record, when it belongs to the parent record. */
    const childOf = async (request: FastifyRequest, actor: Actor, parentId: number) => {
      const record = await store.get(child, parseId((request.params as { childId: string }).childId), actor);
      if (record[field] !== parentId) throw new ApiError(404, 'errors.not_found');
      return record;
    };
    app.get(children, { preHandler: requireUser }, async (request) => {
      const { actor, parentId } = await parentOf(request, 'show');
      const query = parseListQuery(child, request.query);
      return store.list(child, { ...query, filters: { ...query.filters, [field]: String(parentId) } }, actor);
    });
    app.get(one, { preHandler: requireUser }, async (request) => {
      const { actor, parentId } = await parentOf(request, 'show');
      return childOf(request, actor, parentId);
    });
    if (child.behaviours.readOnly) return;
    app.post(children, { preHandler: requireUser }, async (request, reply) => {
      const { actor, parentId } = await parentOf(request, 'update');
      const values = parseBody(schema, { ...(request.body as object), [field]: parentId });
      return reply.code(201).send(await store.create(child, values, actor));
    });
    app.put(one, { preHandler: requireUser }, async (request) => {
      const { actor, parentId } = await parentOf(request, 'update');
      const record = await childOf(request, actor, parentId);
      return store.update(
        child,
        record.id,
        parseBody(schema, { ...(request.body as object), [field]: parentId }),
        actor,
      );
    });
    app.route({
      method: ['POST', 'PUT'],
      url: routePattern('api.resource.child_delete', { resource, child: child.slug }),
      preHandler: requireUser,
      handler: async (request) => {
        const { actor, parentId } = await parentOf(request, 'update');
        const record = await childOf(request, actor, parentId);
        return { deleted: await store.delete(child, [record.id], actor) };
      },
    });
  }

  for (const definition of resources) {
    const { slug } = definition;
    const pattern = (name: RouteName) => routePattern(name, { resource: slug });
    const actorAllowedTo = (request: FastifyRequest, action: ResourceAction) => allowedActor(request, slug, action);
    const schema = inputSchema(definition);
    const options = { preHandler: requireUser };
    const commands = commandHandlers(definition, hooksOf);

    app.get(pattern('api.resource.collection'), options, async (request) => {
      const actor = actorAllowedTo(request, 'list');
      const page = await store.list(definition, parseListQuery(definition, request.query), actor);
      return { ...page, items: await withRefusedActions(db, hooksOf(slug), definition, page.items, actor) };
    });

    // A read-only resource has no create, update, delete or batch route: its rows come from the server.
    const createRoutes = definition.behaviours.readOnly
      ? []
      : definition.behaviours.modalCreate
        ? [pattern('api.resource.collection'), pattern('api.resource.modal_create')]
        : [pattern('api.resource.collection')];
    for (const url of createRoutes) {
      app.post(url, options, async (request, reply) => {
        const actor = actorAllowedTo(request, 'create');
        const record = await store.create(definition, parseBody(schema, request.body), actor);
        await hooksOf(slug).afterCreate?.(record.id, contextOf(request, reply));
        return reply.code(201).send(record);
      });
    }

    app.get<{ Params: { id: string } }>(pattern('api.resource.item'), options, async (request) => {
      const actor = actorAllowedTo(request, 'show');
      const record = await store.get(definition, parseId(request.params.id), actor);
      const [view] = await withRefusedActions(db, hooksOf(slug), definition, [record], actor);
      return view!;
    });

    if (!definition.behaviours.readOnly) {
      // modal/editer/{id} (modalEdit): the same update, also as the POST of a modal's form.
      const updateRoutes: [string, ('PUT' | 'POST')[]][] = [
        [pattern('api.resource.item'), ['PUT']],
        ...(definition.behaviours.modalEdit
          ? [[pattern('api.resource.modal_edit'), ['PUT', 'POST']] as [string, ('PUT' | 'POST')[]]]
          : []),
      ];
      for (const [url, method] of updateRoutes) {
        app.route<{ Params: { id: string } }>({
          method,
          url,
          preHandler: requireUser,
          handler: async (request) => {
            const actor = actorAllowedTo(request, 'update');
            return store.update(definition, parseId(request.params.id), parseBody(schema, request.body), actor);
          },
        });
      }

      app.route<{ Params: { id: string } }>({
        method: ['POST', 'PUT'],
        url: pattern('api.resource.delete'),
        preHandler: requireUser,
        handler: async (request) => {
          const actor = actorAllowedTo(request, 'delete');
          return { deleted: await store.delete(definition, [parseId(request.params.id)], actor) };
        },
      });

      app.post(pattern('api.resource.batch'), options, async (request, reply) => {
        const { ids, _action: action } = parseBody(batchSchema, request.body);
        if (!action) throw new ApiError(400, 'batch.no_action');
        if (ids.length === 0) throw new ApiError(400, 'batch.no_items');
        // Only the actions this list offers: a forged _action changes nothing.
        const batchAction = batchActionsOf(definition).find((candidate) => candidate === action);
        if (!batchAction) throw new ApiError(400, 'batch.unknown_action');
        const unique = [...new Set(ids)];
        const actor = actorAllowedTo(request, batchActionPermission(definition, batchAction));
        const command = commands.find(([candidate]) => candidate.name === batchAction);
        if (command) return runBatchCommand(definition, command, unique, contextOf(request, reply));
        if (batchAction === 'delete') return { processed: await store.delete(definition, unique, actor) };
        return { processed: await store.setFlag(definition, 'enabled', unique, batchAction === 'enable', actor) };
      });
    }

    // GET, as spec 7 says, replying exactly OK: the list flips its icon on that reply alone. A GET
    // that changes data: it takes the session's CSRF token all the same.
    if (definition.behaviours.publishable) {
      const publishOptions = { preHandler: [requireUser, requireCsrfOnGet] };
      app.get<{ Params: { id: string } }>(pattern('api.resource.publish'), publishOptions, async (request, reply) => {
        const actor = actorAllowedTo(request, 'update');
        const record = await store.get(definition, parseId(request.params.id), actor);
        await store.setFlag(definition, 'published', [record.id], record.published !== true, actor);
        return reply.type('text/plain; charset=utf-8').send('OK');
      });
    }

    app.get(pattern('api.resource.autocomplete'), options, async (request) => {
      return store.suggest(slug, termOf(request), AUTOCOMPLETE_LIMIT, actorAllowedTo(request, 'list'));
    });

    for (const [command, handler] of commands) {
      app.post<{ Params: { id: string } }>(
        routePattern(command.route, { resource: slug }),
        options,
        async (request, reply) => {
          actorAllowedTo(request, command.action);
          const { key, values, location } = await runCommand(
            definition,
            [command, handler],
            parseId(request.params.id),
            contextOf(request, reply),
          );
          return { message: translate(requestLocale(request), key, values), location };
        },
      );
    }

    for (const route of hooksOf(slug).routes ?? []) {
      app.route({
        method: route.method,
        url: routePattern(route.name, { resource: slug }),
        preHandler: requireUser,
        handler: async (request, reply) => {
          actorAllowedTo(request, route.action);
          return reply.code(route.status ?? 200).send(await route.handle(request, contextOf(request, reply)));
        },
      });
    }

    if (definition.behaviours.exportable) {
      app.get(pattern('api.resource.export'), options, async (request, reply) => {
        const actor = actorAllowedTo(request, 'export');
        const raw = request.query as Record<string, string>;
        const format = exportFormats.find((candidate) => candidate === raw.format);
        if (!format) throw new ApiError(400, 'export.unknown_format');
        const { page: _page, pageSize: _pageSize, ...query } = parseListQuery(definition, raw);
        const file = await exportResource(store, definition, query, format, requestLocale(request), actor);
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
        onRequest: async (request: FastifyRequest) => void actorAllowedTo(request, 'create'),
      };
      app.post(pattern('api.resource.import_analyse'), importOptions, async (request) =>
        analyseImport(definition, await readSheet(request.body)),
      );
      app.post(pattern('api.resource.import'), importOptions, async (request, reply) => {
        const actor = actorAllowedTo(request, 'create');
        const mapping = parseMapping(definition, (request.query as Record<string, string>).mapping);
        const result = await importSheet(store, definition, await readSheet(request.body), mapping, actor);
        if ('imported' in result) return result;
        return reply
          .code(400)
          .send({ ...new ApiError(400, 'import.invalid_rows').toJSON(requestLocale(request)), ...result });
      });
    }

    // The record's history, from the audit trail, for whoever may see the record.
    if (definition.behaviours.audited) {
      app.get<{ Params: { id: string } }>(
        pattern('api.resource.history'),
        options,
        async (request): Promise<AuditPage> => {
          const actor = actorAllowedTo(request, 'show');
          const record = await store.get(definition, parseId(request.params.id), actor);
          const { page, parPage } = parseQuery(pagingSchema(HISTORY_PAGE_SIZE), request.query);
          const { entries, total } = await auditPage(db, definition, record.id, page, parPage);
          // The values the changes name, as records, for their titles (those the actor may see).
          const named = entries.flatMap(({ changes }) =>
            changes.flatMap(({ field, before, after }) => [{ [field]: before }, { [field]: after }]),
          ) as ResourceRecord[];
          return {
            entries,
            total,
            page,
            pageSize: parPage,
            titles: await store.referenceTitles(definition, named, actor),
          };
        },
      );
    }

    if (definition.parent) registerChildRoutes(definition, definition.parent);

    if (definition.behaviours.sortable) {
      app.post(pattern('api.resource.reorder'), options, async (request, reply) => {
        const actor = actorAllowedTo(request, 'sort');
        await store.reorder(definition, parseBody(reorderSchema, request.body).ids, actor);
        return reply.code(204).send();
      });
    }
  }
}
