import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resources } from '../../shared/resources/registry';
import {
  batchActionPermission,
  batchActionsOf,
  inputSchema,
  recordTitle,
  type BatchReply,
  type RecordCommand,
  type ResourceDefinition,
} from '../../shared/resources/resource';
import { translate } from '../../shared/i18n/catalog';
import { routePattern, type RouteName } from '../../shared/routes';
import { recordId } from '../../shared/resources/fields';
import { isImportable } from '../../shared/resources/import';
import { can, createsNothing, type ResourceAction } from '../../shared/permissions';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireCsrfOnGet, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { ApiError } from '../http/api-error';
import { parseBody, parseId } from '../http/request-parsing';
import { requestLocale } from '../http/request-locale';
import { exportFormats, exportResource } from './resource-export';
import { analyseImport, importRouteOptions, importSheet, parseMapping, readSheet } from './resource-import';
import type { CommandMessage, RecordCommandHandler, ResourceRouteContext } from './server-resource';
import { parseListQuery } from './list-query';
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

  for (const definition of resources) {
    const { slug } = definition;
    const pattern = (name: RouteName) => routePattern(name, { resource: slug });
    const actorAllowedTo = (request: FastifyRequest, action: ResourceAction) => allowedActor(request, slug, action);
    const schema = inputSchema(definition);
    const options = { preHandler: requireUser };
    const commands = commandHandlers(definition, hooksOf);

    app.get(pattern('api.resource.collection'), options, async (request) => {
      return store.list(definition, parseListQuery(definition, request.query), actorAllowedTo(request, 'list'));
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
      return store.get(definition, parseId(request.params.id), actorAllowedTo(request, 'show'));
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

    if (definition.behaviours.sortable) {
      app.post(pattern('api.resource.reorder'), options, async (request, reply) => {
        const actor = actorAllowedTo(request, 'sort');
        await store.reorder(definition, parseBody(reorderSchema, request.body).ids, actor);
        return reply.code(204).send();
      });
    }
  }
}
