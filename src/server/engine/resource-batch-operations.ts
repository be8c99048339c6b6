import { findResource } from '../../shared/resources/registry';
import type { ResourceDefinition } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import {
  addReferences,
  countIn,
  derivedFields,
  findMatches,
  forgetJournal,
  insertRecords,
  journalBeyond,
  newIds,
  recordsNamed,
  undoChanges,
  updateRecords,
  writtenSince,
  writtenFields,
  type Criterion,
  type Journal,
} from './resource-batch-writes';
import { recordRefusals } from './record-rules';
import { lockNames } from './name-locks';
import { tableOf, type HooksLookup } from './record-scope';
import type { ResourceStore } from './resource-store';
import { referencePaths } from './resource-store-references';
import type { RecordChange, RecordRefusal, TransactionQueue } from './server-resource';

export type { Comparison, Criterion } from './resource-batch-writes';

/**
 * The batch door (`operations.bulk`): the operations' writes of thousands of records at once, for
 * the contacts import assistant, in set-based statements (resource-batch-writes.ts) rather than one
 * operation per record, with what the single writes guarantee, for a whole batch: the actor's
 * permission (checked at each call: rights lost since a job was queued count), "no service creates
 * nothing", the read scope (a record the actor cannot see is matched by no row and never changed),
 * required fields and the resource's own rules (validate, beforeChange: a refused record is
 * answered, the others written), authorizeChange, one audit entry per record created, changed,
 * restored or deleted, and the resource's after-commit work queued in the batch's transaction. The
 * journal (an import job's) keeps what a batch changed, for its undo, which goes through here too.
 */

/** Who writes, and the transaction the batch joins (a simulation reads outside any). */
export interface BatchContext {
  actor: Actor;
  tx?: Database;
}

/** A batch of records to write. */
export interface BatchRecords {
  /** New records: every written field's value (the resource's defaults where the row has none). */
  creates: Record<string, unknown>[];
  /** Existing records, by id, with their values after the change. */
  updates: { id: number; values: Record<string, unknown> }[];
  /** The fields the updates set. */
  fields: string[];
}

export interface BatchOptions {
  /** Check everything and write nothing: a simulation. */
  dryRun?: boolean;
  /** Give the new records their ids before writing them (later rows name them: structures). */
  withIds?: boolean;
  /** Where the batch keeps what it changed, for its undo. */
  journal: Journal;
}

export interface BatchResult {
  /** Each create's refusal by the resource's rules (null: written), by position. */
  createRefusals: (RecordRefusal | null)[];
  /** Each update's refusal (null: written), by position. */
  updateRefusals: (RecordRefusal | null)[];
  /** The ids of the creates written, when asked (withIds), by position; null for a refused one or in a dry run. */
  ids: (number | null)[];
}

/** The permission check of the operations (resource-operations.ts). */
type Authorize = (actor: Actor, slug: string, action: 'create' | 'update' | 'delete' | 'list' | 'show') => void;

/**
 * The resources a batch's records link to: the audited targets of references held in collection
 * rows (an individual's link rows to structures): a link changes what the linked record shows, so
 * writing one takes the right to change that resource.
 */
function linkedResources(definition: ResourceDefinition, records: Record<string, unknown>[]): string[] {
  return referencePaths(definition)
    .filter(({ key, def }) => key.includes('.') && findResource(def.target)?.behaviours.audited === true)
    .filter(({ locate }) => records.some((record) => locate(record).some(({ ids }) => ids.length > 0)))
    .map(({ def }) => def.target!);
}

/** A create's refusal for its required fields left empty (as a form's schema refuses it), or null. */
function missingRequired(definition: ResourceDefinition, values: Record<string, unknown>): RecordRefusal | null {
  const missing = Object.entries(definition.fields).filter(
    ([name, def]) =>
      def.required && !def.readOnly && (values[name] === undefined || values[name] === null || values[name] === ''),
  );
  if (missing.length === 0) return null;
  return { fieldErrors: Object.fromEntries(missing.map(([name]) => [name, 'validation.required'])) };
}

export function createBatchOperations({
  db,
  store,
  hooksOf,
  authorize,
  storeOver,
  queueIn,
}: {
  db: Database;
  store: ResourceStore;
  hooksOf: HooksLookup;
  authorize: Authorize;
  /** The store over a transaction under way (an undo's check of links, in its transaction). */
  storeOver: (tx: Database) => ResourceStore;
  /** The jobs and mails of a transaction, as every write's after-commit work gets them. */
  queueIn: (tx: Database) => TransactionQueue;
}) {
  /** The resource's after-commit work for the records a batch wrote, queued in its transaction. */
  async function afterCommit(definition: ResourceDefinition, tx: Database, change: RecordChange): Promise<void> {
    const hook = hooksOf(definition.slug).afterCommit;
    if (!hook || change.ids.length === 0) return;
    await hook(change, queueIn(tx));
  }

  /** The transaction a write needs: the caller's. */
  function transactionOf(context: BatchContext): Database {
    if (!context.tx) throw new Error('A batch write joins a transaction: give context.tx.');
    return context.tx;
  }

  /** Updates may change only live records in the actor's read scope: a 404 otherwise, nothing written. */
  async function ensureVisible(definition: ResourceDefinition, tx: Database, ids: number[], actor: Actor) {
    const unique = [...new Set(ids)];
    if ((await countIn(tx, store.scoped(definition.slug, actor), unique)) !== unique.length) {
      throw new ApiError(404, 'errors.not_found');
    }
  }

  return {
    /**
     * The records each row matches on the criteria (its values, '' when empty; two at most, the
     * second making it ambiguous), among those the actor may read: a record outside their read
     * scope is matched by no row. `lock`: the matches stay locked until the transaction ends (and,
     * `byRule`, the rows' names: the criteria are the duplicate rule's two fields).
     */
    async match(
      definition: ResourceDefinition,
      criteria: Criterion[],
      rows: string[][],
      options: { lock: boolean; byRule: boolean },
      { actor, tx }: BatchContext,
    ): Promise<Record<string, unknown>[][]> {
      return findMatches(tx ?? db, definition, store.scoped(definition.slug, actor), criteria, rows, options);
    },

    /** Takes the advisory locks of a duplicate rule's names (name-locks.ts) in the batch's transaction. */
    async lockNames(definition: ResourceDefinition, names: [string, string][], context: BatchContext) {
      await lockNames(transactionOf(context), tableOf(definition).table, names);
    },

    /** The live records the actor may read one of whose text fields is one of the names (compared as names). */
    async named(
      definition: ResourceDefinition,
      fields: string[],
      names: string[],
      { actor, tx }: BatchContext,
    ): Promise<Map<string, number[]>> {
      return recordsNamed(tx ?? db, definition, store.scoped(definition.slug, actor), fields, names);
    },

    /**
     * Writes a batch: the permissions (create, update, and update on the resources its links name),
     * then each record's refusal (required fields, the resource's rules); the accepted records are
     * inserted and updated, set-based, with their audit entries and journal, and the after-commit
     * work queued. A dry run answers the same refusals and writes nothing.
     */
    async write(
      definition: ResourceDefinition,
      { creates, updates, fields }: BatchRecords,
      context: BatchContext,
      { dryRun = false, withIds = false, journal }: BatchOptions,
    ): Promise<BatchResult> {
      const { actor } = context;
      if (creates.length > 0) authorize(actor, definition.slug, 'create');
      if (updates.length > 0) authorize(actor, definition.slug, 'update');
      const all = [...creates, ...updates.map(({ values }) => values)];
      for (const slug of linkedResources(definition, all)) authorize(actor, slug, 'update');
      const executor = dryRun ? (context.tx ?? db) : transactionOf(context);
      const hooks = hooksOf(definition.slug);
      const required = creates.map((values) => missingRequired(definition, values));
      const pending = [
        ...creates.flatMap((values, index) => (required[index] ? [] : [{ id: null, values }])),
        ...updates.map(({ id, values }) => ({ id, values })),
      ];
      const refusals = await recordRefusals(executor, hooks, pending, actor);
      let next = 0;
      const createRefusals = required.map((refusal) => refusal ?? refusals[next++] ?? null);
      const updateRefusals = updates.map(() => refusals[next++] ?? null);
      const created = creates.filter((_values, index) => createRefusals[index] === null);
      const updated = updates.filter((_update, index) => updateRefusals[index] === null);
      const ids: (number | null)[] = creates.map(() => null);
      if (dryRun) return { createRefusals, updateRefusals, ids };

      const tx = executor;
      if (updated.length > 0) {
        await ensureVisible(
          definition,
          tx,
          updated.map(({ id }) => id),
          actor,
        );
        await hooks.authorizeChange?.(
          tx,
          actor,
          updated.map(({ id }) => id),
          'update',
        );
      }
      const afterWork = hooks.afterCommit !== undefined;
      const given = withIds || afterWork ? await newIds(tx, definition, created.length) : [];
      let position = 0;
      createRefusals.forEach((refusal, index) => {
        if (refusal === null && given.length > 0) ids[index] = given[position++]!;
      });
      await insertRecords(
        tx,
        definition,
        given.length > 0 ? created.map((values, index) => ({ ...values, id: given[index] })) : created,
        actor.id,
        journal,
      );
      // The fields the updates set, and the read-only ones the resource's rules derived from them.
      const derived = derivedFields(
        definition,
        updated.map(({ values }) => values),
      ).filter((field) => fields.includes(field));
      const written = [...fields.filter((field) => writtenFields(definition).includes(field)), ...derived];
      await updateRecords(
        tx,
        definition,
        written,
        updated.map(({ id, values }) => ({ ...values, id })),
        actor.id,
        journal,
      );
      await afterCommit(definition, tx, { action: 'create', ids: given, actor });
      await afterCommit(definition, tx, { action: 'update', ids: updated.map(({ id }) => id), actor });
      return { createRefusals, updateRefusals, ids };
    },

    /**
     * Adds ids to a references field of existing records (a structure's parent territories), each
     * once: the update permission, every record and every id named in the actor's read scope (a 404
     * otherwise), an audit entry on each record changed, the journal, the after-commit work.
     */
    async addReferences(
      definition: ResourceDefinition,
      field: string,
      records: { id: number; ids: number[] }[],
      context: BatchContext,
      { journal }: { journal: Journal },
    ): Promise<void> {
      const { actor } = context;
      authorize(actor, definition.slug, 'update');
      if (records.length === 0) return;
      const tx = transactionOf(context);
      const target = definition.fields[field]?.target;
      if (!target) throw new Error(`"${field}" is no references field of "${definition.slug}".`);
      const ids = records.map(({ id }) => id);
      await ensureVisible(definition, tx, ids, actor);
      await ensureVisible(
        findResource(target)!,
        tx,
        records.flatMap((record) => record.ids),
        actor,
      );
      await hooksOf(definition.slug).authorizeChange?.(tx, actor, ids, 'update');
      await addReferences(tx, definition, field, records, actor.id, journal);
      await afterCommit(definition, tx, { action: 'update', ids, actor });
    },

    /**
     * Undoes what a job's batches did to these resources, in the caller's transaction: the records
     * it changed get their values back, those it created are deleted, each with its audit entry;
     * refused (409) when one was written since the job ended (`since`) or a record made since points
     * at one it created. The actor needs create and update on each resource, and every record in
     * their read scope (404) — unless `rollback`: a failed run taking back its own writes, whatever
     * its sender may do now. The journal is then forgotten.
     */
    async undo(
      definitions: ResourceDefinition[],
      { jobId, since }: { jobId: number; since: Date | null },
      context: BatchContext,
      { rollback = false }: { rollback?: boolean } = {},
    ): Promise<void> {
      const { actor } = context;
      const tx = transactionOf(context);
      for (const definition of definitions) {
        if (!rollback) {
          authorize(actor, definition.slug, 'create');
          authorize(actor, definition.slug, 'update');
          if (await journalBeyond(tx, definition, jobId, store.scoped(definition.slug, actor))) {
            throw new ApiError(404, 'errors.not_found');
          }
        }
        if (since && (await writtenSince(tx, definition, jobId, since))) {
          throw new ApiError(409, 'import_assistant.errors.undo_edited');
        }
      }
      const linked = storeOver(tx);
      for (const definition of definitions) {
        const deleted = await undoChanges(tx, definition, jobId, actor.id);
        if (deleted.length > 0 && (await linked.linkedIds(definition, deleted)).length > 0) {
          throw new ApiError(409, 'import_assistant.errors.undo_linked');
        }
        await afterCommit(definition, tx, { action: 'delete', ids: deleted, actor });
      }
      await forgetJournal(tx, jobId);
    },
  };
}

export type BatchOperations = ReturnType<typeof createBatchOperations>;
