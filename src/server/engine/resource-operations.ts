import { can, createsNothing, type ResourceAction } from '../../shared/permissions';
import type { AuditPage } from '../../shared/resources/audit';
import {
  batchActionPermission,
  batchActionsOf,
  recordTitle,
  type BatchReply,
  type RecordCommand,
  type ResourceDefinition,
  type ResourceInputValues,
  type ResourcePage,
  type ResourceRecord,
  type ResourceRecordView,
  type Suggestion,
} from '../../shared/resources/resource';
import { translate } from '../../shared/i18n/catalog';
import { childrenInHistory } from '../../shared/resources/history-kinds';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { auditPage } from './audit-trail';
import { withRefusedActions } from './record-actions';
import { createBatchOperations } from './resource-batch-operations';
import { exportResource, type ExportFormat, type ExportStream } from './resource-export';
import {
  createResourceStore,
  type HooksLookup,
  type ListQuery,
  type PatchOptions,
  type RecordPatch,
  type ResourceStore,
} from './resource-store';
import type {
  CommandMessage,
  OperationContext,
  RecordChange,
  RecordCommandHandler,
  ResourceServices,
  TransactionQueue,
} from './server-resource';

/** Autocomplete replies hold at most this many suggestions. */
const AUTOCOMPLETE_LIMIT = 20;

/** The permission check of every operation: a 403 when the actor may not do this on this resource. */
export function authorize(actor: Actor, slug: string, action: ResourceAction): void {
  if (action === 'create' && createsNothing(actor)) throw new ApiError(403, 'errors.no_service');
  if (!can(actor, slug, action)) throw new ApiError(403, 'errors.forbidden');
}

/**
 * The permissions of an action on a child resource under its parent's record: the parent's show (to
 * read) or update (to write), and the child's own permission for the action.
 */
export function authorizeUnder(actor: Actor, parentSlug: string, childSlug: string, action: ResourceAction): void {
  authorize(actor, parentSlug, action === 'list' || action === 'show' ? 'show' : 'update');
  authorize(actor, childSlug, action);
}

/** A parent's record and the child field naming it: where a child resource's records live. */
export interface ParentRecord {
  definition: ResourceDefinition;
  id: number;
  field: string;
}

/**
 * The operations on the declared resources, whoever calls them (HTTP routes, jobs, the demo data):
 * each checks the actor's permission, reads through the store's read scope, writes through the
 * resource's rules and audit trail, and queues its after-commit effects in the write's transaction.
 */
export function createResourceOperations({
  db,
  mailer,
  jobs,
  hooksOf,
}: Omit<ResourceServices, 'store' | 'operations'> & { hooksOf: HooksLookup }) {
  const store = createResourceStore(db, hooksOf);
  const services: ResourceServices = {
    db,
    store,
    mailer,
    jobs,
    get operations() {
      return operations;
    },
  };

  /** The jobs and mails of a transaction: sent once it commits, never if it rolls back. */
  const queueIn = (tx: Database): TransactionQueue => ({
    send: (name, data) => jobs.send(name, data, { tx }),
    mail: async (mails) => {
      await mailer.queue(tx, mails);
    },
  });

  /**
   * A write, then the resource's after-commit effects queued as jobs in the same transaction: they
   * run once it commits, and never when it rolls back. Within the caller's transaction when the
   * context carries one.
   */
  async function write<T>(
    definition: ResourceDefinition,
    action: RecordChange['action'],
    { actor, tx: outer }: OperationContext,
    change: (writer: ResourceStore) => Promise<{ result: T; ids: number[] }>,
  ): Promise<T> {
    const afterCommit = hooksOf(definition.slug).afterCommit;
    const run = async (tx: Database) => {
      const { result, ids } = await change(createResourceStore(tx, hooksOf));
      await afterCommit?.({ action, ids, actor }, queueIn(tx));
      return result;
    };
    if (outer) return run(outer);
    if (!afterCommit) return (await change(store)).result;
    return db.transaction(run);
  }

  /** Records a write returns, as its actor may read them (the references they may not see hidden). */
  const shownTo = (definition: ResourceDefinition, records: ResourceRecord[], { actor, tx }: OperationContext) =>
    (tx ? createResourceStore(tx, hooksOf) : store).hidingUnreadable(definition, records, actor);

  function commandOf(definition: ResourceDefinition, name: string): [RecordCommand, RecordCommandHandler] {
    const command = definition.commands.find((candidate) => candidate.kind === 'post' && candidate.name === name);
    const handler = hooksOf(definition.slug).commands?.[name];
    if (!command || !handler) throw new ApiError(404, 'errors.not_found');
    return [command, handler];
  }

  /** A command on one record, once the actor may change that record (the resource's authorizeChange). */
  async function runCommand(
    definition: ResourceDefinition,
    [command, handler]: [RecordCommand, RecordCommandHandler],
    id: number,
    context: OperationContext,
  ): Promise<CommandMessage> {
    await hooksOf(definition.slug).authorizeChange?.(db, context.actor, [id], command.action);
    return handler(id, { ...services, ...context });
  }

  async function titleOrId(definition: ResourceDefinition, id: number, actor: Actor): Promise<string> {
    try {
      return recordTitle(definition, await store.get(definition, id, actor));
    } catch {
      return `#${id}`;
    }
  }

  const operations = {
    services,

    authorize,

    /**
     * The store over a transaction under way, for the reads of a command writing in it (a
     * characteristics' save reading its records back): on PGlite, a read outside it would wait for it.
     */
    storeOver: (tx: Database): ResourceStore => createResourceStore(tx, hooksOf),

    /** The batch door: thousands of records written set-based, for the contacts import assistant (resource-batch-operations.ts). */
    bulk: createBatchOperations({
      db,
      store,
      hooksOf,
      authorize,
      storeOver: (tx) => createResourceStore(tx, hooksOf),
      queueIn,
    }),

    async list(definition: ResourceDefinition, query: ListQuery, { actor }: OperationContext): Promise<ResourcePage> {
      authorize(actor, definition.slug, 'list');
      const page = await store.list(definition, query, actor);
      return { ...page, items: await withRefusedActions(db, hooksOf(definition.slug), definition, page.items, actor) };
    },

    async get(definition: ResourceDefinition, id: number, { actor }: OperationContext): Promise<ResourceRecordView> {
      authorize(actor, definition.slug, 'show');
      const record = await store.get(definition, id, actor);
      const [view] = await withRefusedActions(db, hooksOf(definition.slug), definition, [record], actor);
      return view!;
    },

    async create(
      definition: ResourceDefinition,
      values: ResourceInputValues,
      context: OperationContext,
    ): Promise<ResourceRecord> {
      const [record] = await operations.createMany(definition, [values], context);
      return record!;
    },

    /** Creates every record or none (a task template's tickets, a cloned ticket's sub-tasks). */
    async createMany(
      definition: ResourceDefinition,
      values: ResourceInputValues[],
      context: OperationContext,
    ): Promise<ResourceRecord[]> {
      const { actor } = context;
      authorize(actor, definition.slug, 'create');
      const records = await write(definition, 'create', context, async (writer) => {
        const records = await writer.createMany(definition, values, actor);
        return { result: records, ids: records.map(({ id }) => id) };
      });
      return shownTo(definition, records, context);
    },

    async update(
      definition: ResourceDefinition,
      id: number,
      values: ResourceInputValues,
      context: OperationContext,
    ): Promise<ResourceRecord> {
      const { actor } = context;
      authorize(actor, definition.slug, 'update');
      const record = await write(definition, 'update', context, async (writer) => ({
        result: await writer.update(definition, id, values, actor),
        ids: [id],
      }));
      return (await shownTo(definition, [record], context))[0]!;
    },

    /**
     * A command's change of a few fields of existing records, with its audit entries and the
     * resource's after-commit work (the store's patch). The action's permission is checked, unless
     * the caller says `permissionChecked`: its own permission, checked before it ran, covers this
     * write (an individual's commune update setting its structures' INSEE code). The store's options
     * (PatchOptions): fields left out of the trail, the parent's history skipped (a ticket's move),
     * records beyond the actor's read scope (a merge's moved links). The records changed.
     */
    async patch(
      definition: ResourceDefinition,
      patches: RecordPatch[],
      context: OperationContext,
      {
        action = 'update',
        permissionChecked = false,
        ...options
      }: { action?: ResourceAction; permissionChecked?: boolean } & PatchOptions = {},
    ): Promise<ResourceRecord[]> {
      const { actor } = context;
      if (!permissionChecked) authorize(actor, definition.slug, action);
      const records = await write(definition, 'update', context, async (writer) => {
        const records = await writer.patch(definition, patches, actor, action, options);
        return { result: records, ids: records.map(({ id }) => id) };
      });
      return shownTo(definition, records, context);
    },

    /**
     * Soft-deletes every id or none: how many. `linksMoved`: the caller moves the links to them in
     * the same transaction (a merge), so a linked record is not refused.
     */
    async delete(
      definition: ResourceDefinition,
      ids: number[],
      context: OperationContext,
      options: { linksMoved?: boolean } = {},
    ): Promise<number> {
      const { actor } = context;
      authorize(actor, definition.slug, 'delete');
      return write(definition, 'delete', context, async (writer) => ({
        result: await writer.delete(definition, ids, actor, options),
        ids,
      }));
    },

    /** spec 7's publish toggle: flips one record's publication. */
    async togglePublished(definition: ResourceDefinition, id: number, { actor }: OperationContext): Promise<void> {
      authorize(actor, definition.slug, 'update');
      const record = await store.get(definition, id, actor);
      await store.setFlag(definition, 'published', [record.id], record.published !== true, actor);
    },

    async reorder(definition: ResourceDefinition, ids: number[], { actor }: OperationContext): Promise<void> {
      authorize(actor, definition.slug, 'sort');
      await store.reorder(definition, ids, actor);
    },

    async suggest(definition: ResourceDefinition, term: string, { actor }: OperationContext): Promise<Suggestion[]> {
      authorize(actor, definition.slug, 'list');
      return store.suggest(definition.slug, term, AUTOCOMPLETE_LIMIT, actor);
    },

    async export(
      definition: ResourceDefinition,
      query: Omit<ListQuery, 'page' | 'pageSize'>,
      format: ExportFormat,
      context: OperationContext,
    ): Promise<ExportStream> {
      const { actor, locale } = context;
      authorize(actor, definition.slug, 'export');
      const extra = await hooksOf(definition.slug).exportColumns?.({ ...services, ...context });
      return exportResource(store, definition, query, format, locale, actor, extra);
    },

    /**
     * A record's history from the audit trail, for whoever may see the record: of one kind
     * (historyKinds) when given. The entries of a child resource the actor may not list (a project's
     * tickets, its documents) are left out, as its nested list refuses them; asking for that kind is a 403.
     */
    async history(
      definition: ResourceDefinition,
      id: number,
      { page, pageSize, kind }: { page: number; pageSize: number; kind?: string },
      { actor, locale }: OperationContext,
    ): Promise<AuditPage> {
      authorize(actor, definition.slug, 'show');
      const hiddenChildren = childrenInHistory(definition)
        .filter((child) => !can(actor, child.slug, 'list'))
        .map((child) => child.slug);
      if (kind !== undefined && hiddenChildren.includes(kind)) throw new ApiError(403, 'errors.forbidden');
      const record = await store.get(definition, id, actor);
      const hidden = [...hiddenChildren, ...((await hooksOf(definition.slug).hiddenHistoryFields?.(db, actor)) ?? [])];
      const trail = await auditPage(db, definition, record.id, { page, pageSize, kind, hidden });
      // An entry naming no user is the server's own (systemActor: the demo data).
      const entries = trail.entries.map((entry) => ({
        ...entry,
        actorName: entry.actorName ?? translate(locale, 'engine.audit.system_actor'),
      }));
      const { total } = trail;
      // The values the changes name, as records, for their titles (those the actor may see).
      const named = entries.flatMap(({ changes }) =>
        changes.flatMap(({ field, before, after }) => [{ [field]: before }, { [field]: after }]),
      ) as ResourceRecord[];
      const titles = await store.referenceTitles(definition, named, actor);
      // A reference its server file hides from whoever may not read its target answers null there too.
      const hiddenReferences = new Set(hooksOf(definition.slug).hidesUnreadableReferences ?? []);
      const shown = (field: string, value: unknown): unknown => {
        if (!hiddenReferences.has(field) || value == null) return value;
        const titled = titles[field] ?? {};
        if (Array.isArray(value)) return value.filter((item) => String(item) in titled);
        return String(value) in titled ? value : null;
      };
      const visibleEntries = entries.map((entry) => ({
        ...entry,
        changes: entry.changes.map((change) => ({
          ...change,
          before: shown(change.field, change.before),
          after: shown(change.field, change.after),
        })),
      }));
      return { entries: visibleEntries, total, page, pageSize, titles };
    },

    /** A record command (RecordCommand in the declaration): its message in the actor's language. */
    async command(
      definition: ResourceDefinition,
      name: string,
      id: number,
      context: OperationContext,
    ): Promise<CommandMessage & { message: string }> {
      const command = commandOf(definition, name);
      authorize(context.actor, definition.slug, command[0].action);
      const result = await runCommand(definition, command, id, context);
      return { ...result, message: translate(context.locale, result.key, result.values) };
    },

    /**
     * A batch action of the list: only those it offers (a forged action changes nothing); a command
     * runs record by record, one refused record not stopping the others, the reply naming each
     * refused record with its reason.
     */
    async batch(
      definition: ResourceDefinition,
      action: string,
      ids: number[],
      context: OperationContext,
    ): Promise<BatchReply> {
      if (!action) throw new ApiError(400, 'batch.no_action');
      if (ids.length === 0) throw new ApiError(400, 'batch.no_items');
      const batchAction = batchActionsOf(definition).find((candidate) => candidate === action);
      if (!batchAction) throw new ApiError(400, 'batch.unknown_action');
      const { actor } = context;
      authorize(actor, definition.slug, batchActionPermission(definition, batchAction));
      const unique = [...new Set(ids)];
      if (batchAction === 'delete') return { processed: await operations.delete(definition, unique, context) };
      if (batchAction === 'enable' || batchAction === 'disable') {
        return { processed: await store.setFlag(definition, 'enabled', unique, batchAction === 'enable', actor) };
      }
      const command = commandOf(definition, batchAction);
      const reply: Required<BatchReply> = { processed: 0, failed: [] };
      for (const id of unique) {
        try {
          await runCommand(definition, command, id, context);
          reply.processed += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const title = await titleOrId(definition, id, actor);
          reply.failed.push({ id, title, message: error.toJSON(context.locale).message });
        }
      }
      return reply;
    },

    /**
     * A child resource's records under its parent's record, through the same operations as the
     * child's own routes (its permission, "no service creates nothing", rules, audit, after-commit
     * work), once the actor may see the parent (its show permission and read scope) or, to write,
     * change it (update), the child's field always naming it.
     */
    children: {
      /**
       * The parent's permission and the child's (each a 403, before anything is read), then the
       * parent record in the actor's sight (404 otherwise).
       */
      async under(parent: ParentRecord, child: ResourceDefinition, action: ResourceAction, actor: Actor) {
        authorizeUnder(actor, parent.definition.slug, child.slug, action);
        await store.get(parent.definition, parent.id, actor);
      },
      /** A record of the child resource to write, when it belongs to the parent record (404 otherwise). */
      async own(child: ResourceDefinition, parent: ParentRecord, id: number, actor: Actor) {
        const record = await store.get(child, id, actor);
        if (record[parent.field] !== parent.id) throw new ApiError(404, 'errors.not_found');
        return record;
      },
      async list(child: ResourceDefinition, parent: ParentRecord, query: ListQuery, context: OperationContext) {
        await operations.children.under(parent, child, 'list', context.actor);
        const filters = { ...query.filters, [parent.field]: String(parent.id) };
        return operations.list(child, { ...query, filters }, context);
      },
      async get(child: ResourceDefinition, parent: ParentRecord, id: number, context: OperationContext) {
        await operations.children.under(parent, child, 'show', context.actor);
        const record = await operations.get(child, id, context);
        if (record[parent.field] !== parent.id) throw new ApiError(404, 'errors.not_found');
        return record;
      },
      async create(
        child: ResourceDefinition,
        parent: ParentRecord,
        values: ResourceInputValues,
        context: OperationContext,
      ) {
        await operations.children.under(parent, child, 'create', context.actor);
        return operations.create(child, { ...values, [parent.field]: parent.id }, context);
      },
      async update(
        child: ResourceDefinition,
        parent: ParentRecord,
        id: number,
        values: ResourceInputValues,
        context: OperationContext,
      ) {
        await operations.children.under(parent, child, 'update', context.actor);
        const record = await operations.children.own(child, parent, id, context.actor);
        return operations.update(child, record.id, { ...values, [parent.field]: parent.id }, context);
      },
      async delete(child: ResourceDefinition, parent: ParentRecord, id: number, context: OperationContext) {
        await operations.children.under(parent, child, 'delete', context.actor);
        const record = await operations.children.own(child, parent, id, context.actor);
        return operations.delete(child, [record.id], context);
      },
    },
  };
  return operations;
}

export type ResourceOperations = ReturnType<typeof createResourceOperations>;
