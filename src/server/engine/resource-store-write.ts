import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import { resources } from '../../shared/resources/registry';
import {
  recordTitle,
  type ResourceDefinition,
  type ResourceInputValues,
  type ResourceRecord,
} from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { uniqueIndexName } from '../db/schema';
import { linkUploads } from '../files/upload-access';
import { ApiError } from '../http/api-error';
import { cleanRichText } from '../http/rich-text';
import type { AuditAction, AuditChange } from '../../shared/resources/audit';
import type { ResourceAction } from '../../shared/permissions';
import { changesBetween, recordAudit, recordInParentHistory } from './audit-trail';
import { recordRefusals, refuseFirst } from './record-rules';
import { tableOf, toRecord, type StoreContext } from './resource-store-context';
import type { Columns } from './record-scope';
import type { StoreReads } from './resource-store-read';
import { isDeletedWith, numbers, referenceTarget, type StoreReferences } from './resource-store-references';

/** The values as they are stored: rich text cleaned of anything active. */
function storedValues(definition: ResourceDefinition, values: ResourceInputValues): ResourceInputValues {
  const cleaned = Object.entries(definition.fields)
    .filter(([name, def]) => def.kind === 'richtext' && typeof values[name] === 'string')
    .map(([name]) => [name, cleanRichText(values[name] as string)]);
  return cleaned.length === 0 ? values : { ...values, ...Object.fromEntries(cleaned) };
}

/** Rows per insert statement when many records are created at once (imports). */
const INSERT_BATCH_SIZE = 500;

/** The boolean columns that behaviours add: publishable → published, activatable → enabled. */
export type BehaviourFlag = 'published' | 'enabled';

/** What setting a flag is, in the audit trail. */
const flagActions: Record<BehaviourFlag, Record<'on' | 'off', AuditAction>> = {
  published: { on: 'publish', off: 'unpublish' },
  enabled: { on: 'enable', off: 'disable' },
};

/** A write refused by a unique field's index becomes that field's error: validation.unique. */
const uniqueClash =
  (definition: ResourceDefinition) =>
  (error: unknown): never => {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    const field =
      cause.code === '23505'
        ? Object.keys(definition.fields).find((name) => uniqueIndexName(definition, name) === cause.constraint)
        : undefined;
    throw field ? new ApiError(400, 'errors.form', { [field]: 'validation.unique' }) : error;
  };

/**
 * What a command sets on one existing record: declared fields and their new values, and the
 * changes of its data kept outside its row that its history tells, each with its label (a project's
 * characteristics), one patch per record.
 */
export interface RecordPatch {
  id: number;
  values: ResourceInputValues;
  labelled?: AuditChange[];
}

/**
 * How a patch differs from an update: fields it sets that the trail leaves out (a card's place in
 * its column, its finished date); whether a child's change goes in its parent's history (a ticket's
 * move: only when the ticket says so); `beyondReadScope`, live records the actor may not read
 * patched all the same (a merge re-points every record naming the removed one at the kept one).
 */
export interface PatchOptions {
  untracked?: string[];
  inParentHistory?: boolean;
  beyondReadScope?: boolean;
}

/**
 * The store's writes, with the trail they keep: an audited resource's entries, a child's in its
 * parent's history (audit-trail.ts).
 */
export function createStoreWrites(context: StoreContext, references: StoreReferences, findRow: StoreReads['findRow']) {
  const { db, hooksOf, visible } = context;
  const { linkedIds, checkReferences } = references;

  /** The rows a write may touch: those the actor sees, or, beyond the read scope, every live one. */
  const reachable = (definition: ResourceDefinition, columns: Columns, actor: Actor, beyondReadScope: boolean) =>
    beyondReadScope ? isNull(columns.deletedAt!) : visible(definition, columns, actor);

  /** Sets values on the records among these ids the actor may see: the records as they now are. */
  async function setValues(
    executor: Database,
    definition: ResourceDefinition,
    ids: number[],
    values: ResourceInputValues,
    actor: Actor,
    beyondReadScope = false,
  ): Promise<ResourceRecord[]> {
    const { table, columns } = tableOf(definition);
    const rows = await executor
      .update(table)
      .set({ ...values, updatedBy: actor.id, updatedAt: new Date() })
      .where(and(inArray(columns.id!, ids), reachable(definition, columns, actor, beyondReadScope)))
      .returning()
      .catch(uniqueClash(definition));
    return rows.map((row) => toRecord(definition, row));
  }

  /**
   * The rows of these records the actor may see, as they are, locked until the write's transaction
   * ends (in id order: two writers of the same records wait for each other): the audit trail's
   * "before". A record missing or out of sight is a 404.
   */
  async function lockedRows(
    tx: Database,
    definition: ResourceDefinition,
    ids: number[],
    actor: Actor,
    beyondReadScope = false,
  ): Promise<Map<number, ResourceRecord>> {
    const { table, columns } = tableOf(definition);
    const unique = [...new Set(ids)];
    const rows = await tx
      .select()
      .from(table)
      .where(and(inArray(columns.id!, unique), reachable(definition, columns, actor, beyondReadScope)))
      .orderBy(asc(columns.id!))
      .for('update');
    if (rows.length < unique.length) throw new ApiError(404, 'errors.not_found');
    return new Map(rows.map((row) => [Number(row.id), toRecord(definition, row)]));
  }

  /**
   * How the parent's history names each of these child records: the fields of its declaration's
   * parent.historyTitle (a reference by its record's title, whether or not the actor still sees it),
   * the filled ones joined by " – "; else its title.
   */
  async function historyNames(
    tx: Database,
    definition: ResourceDefinition,
    records: ResourceRecord[],
  ): Promise<string[]> {
    const names = definition.parent?.historyTitle;
    if (!names) return records.map((record) => recordTitle(definition, record));
    const referenced = new Map<string, Map<number, string>>();
    for (const name of names) {
      const def = definition.fields[name]!;
      if (def.kind !== 'reference') continue;
      const ids = [...new Set(records.flatMap((record) => numbers(record[name])))];
      if (ids.length === 0) continue;
      const target = referenceTarget(def.target);
      const rows = await tx
        .select({ id: target.id, title: target.title })
        .from(target.table)
        .where(inArray(target.id, ids));
      referenced.set(name, new Map(rows.map(({ id, title }) => [Number(id), String(title)])));
    }
    return records.map((record) =>
      names
        .map((name) => {
          const value = record[name];
          if (definition.fields[name]!.kind === 'reference')
            return typeof value === 'number' ? (referenced.get(name)?.get(value) ?? '') : '';
          return value === null || value === undefined ? '' : String(value);
        })
        .filter((part) => part !== '')
        .join(' – '),
    );
  }

  /**
   * A child's changed fields as its parent's history tells them, before → after: a reference by its
   * record's title (whether or not the reader still sees it), a long or rich text left to its name
   * alone (the child's own history holds it), any other value as stored.
   */
  async function historyValues(
    tx: Database,
    definition: ResourceDefinition,
    changes: AuditChange[],
  ): Promise<NonNullable<AuditChange['values']>> {
    const shown = changes.filter(({ field, label }) => {
      const def = label === undefined ? definition.fields[field] : undefined;
      return def !== undefined && !['richtext', 'textarea', 'collection', 'file'].includes(def.kind);
    });
    const values: NonNullable<AuditChange['values']> = [];
    for (const { field, before, after } of shown) {
      const def = definition.fields[field]!;
      if (def.kind !== 'reference' && def.kind !== 'references') {
        values.push({ field, before, after });
        continue;
      }
      const ids = [...new Set([...numbers(before), ...numbers(after)])];
      const target = referenceTarget(def.target);
      const rows =
        ids.length === 0
          ? []
          : await tx.select({ id: target.id, title: target.title }).from(target.table).where(inArray(target.id, ids));
      const titles = new Map(rows.map(({ id, title }) => [Number(id), String(title)]));
      const named = (value: unknown) => {
        const list = numbers(value).map((id) => titles.get(id) ?? `#${id}`);
        return list.length === 0 ? null : list.join(', ');
      };
      values.push({ field, before: named(before), after: named(after) });
    }
    return values;
  }

  /** Child records added or deleted, in their parent's history when their declaration says so. */
  async function inParentHistory(
    tx: Database,
    definition: ResourceDefinition,
    actor: Actor,
    records: ResourceRecord[],
    action: 'create' | 'delete',
  ): Promise<void> {
    if (!definition.parent?.inHistory || records.length === 0) return;
    const names = await historyNames(tx, definition, records);
    await recordInParentHistory(
      tx,
      definition,
      actor,
      records.map((record, index) =>
        action === 'create'
          ? { record, before: null, after: names[index]! }
          : { record, before: names[index]!, after: null },
      ),
    );
  }

  /**
   * The trail of existing records changed, before → after, with their labelled changes (a patch's):
   * an audited resource's entries, and a child's change in its parent's history, under its name
   * before and after (moved to another parent: deleted from the one, added to the other).
   */
  async function updateTrail(
    tx: Database,
    definition: ResourceDefinition,
    actor: Actor,
    pairs: { before: ResourceRecord; after: ResourceRecord; labelled?: AuditChange[] }[],
    { untracked = [], inParentHistory = true }: PatchOptions = {},
  ): Promise<void> {
    const changed = pairs.flatMap((pair) => {
      const changes = [
        ...changesBetween(definition, pair.before, pair.after).filter(({ field }) => !untracked.includes(field)),
        ...(pair.labelled ?? []),
      ];
      return changes.length > 0 ? [{ ...pair, changes }] : [];
    });
    await recordAudit(
      tx,
      definition,
      actor,
      changed.map(({ after, changes }) => ({ recordId: after.id, action: 'update' as const, changes })),
    );
    if (!definition.parent?.inHistory || !inParentHistory) return;
    const parentField = definition.parent.field;
    for (const { before, after, changes } of changed) {
      const [was, is] = await historyNames(tx, definition, [before, after]);
      await recordInParentHistory(
        tx,
        definition,
        actor,
        before[parentField] === after[parentField]
          ? [
              {
                record: after,
                before: was!,
                after: is!,
                fields: changes.map(({ field }) => field),
                values: await historyValues(tx, definition, changes),
              },
            ]
          : [
              { record: before, before: was!, after: null },
              { record: after, before: null, after: is! },
            ],
      );
    }
  }

  /** Creates the records in one transaction: all of them, or none. */
  async function createMany(
    definition: ResourceDefinition,
    rows: ResourceInputValues[],
    actor: Actor,
  ): Promise<ResourceRecord[]> {
    const { table, columns } = tableOf(definition);
    await checkReferences(definition, rows, actor);
    const rules = hooksOf(definition.slug);
    return db.transaction(async (tx) => {
      // New records of a sortable resource go last.
      const first = definition.behaviours.sortable
        ? Number((await tx.select({ last: max(columns.position!) }).from(table))[0]?.last ?? -1) + 1
        : undefined;
      const created: ResourceRecord[] = [];
      for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
        const batch = rows.slice(start, start + INSERT_BATCH_SIZE);
        const pending = batch.map((values) => ({ id: null, values }));
        refuseFirst(await recordRefusals(tx, rules, pending, actor));
        const inserted = await tx
          .insert(table)
          .values(
            batch.map((values, offset) => ({
              ...storedValues(definition, values),
              ...(first === undefined ? {} : { position: first + start + offset }),
              createdBy: actor.id,
              updatedBy: actor.id,
            })),
          )
          .returning()
          .catch(uniqueClash(definition));
        const records = inserted.map((row) => toRecord(definition, row));
        await linkUploads(tx, hooksOf, definition, records, actor);
        await recordAudit(
          tx,
          definition,
          actor,
          records.map((record) => ({
            recordId: record.id,
            action: 'create',
            changes: changesBetween(definition, null, record),
          })),
        );
        await inParentHistory(tx, definition, actor, records, 'create');
        created.push(...records);
      }
      return created;
    });
  }

  return {
    createMany,

    async create(definition: ResourceDefinition, values: ResourceInputValues, actor: Actor): Promise<ResourceRecord> {
      const [created] = await createMany(definition, [values], actor);
      return created!;
    },

    async update(
      definition: ResourceDefinition,
      id: number,
      values: ResourceInputValues,
      actor: Actor,
    ): Promise<ResourceRecord> {
      await findRow(definition, id, actor);
      await checkReferences(definition, [values], actor);
      const hooks = hooksOf(definition.slug);
      return db.transaction(async (tx) => {
        await hooks.authorizeChange?.(tx, actor, [id], 'update');
        refuseFirst(await recordRefusals(tx, hooks, [{ id, values }], actor));
        const inHistory = definition.parent?.inHistory === true;
        const before =
          definition.behaviours.audited || inHistory ? (await lockedRows(tx, definition, [id], actor)).get(id)! : null;
        const [record] = await setValues(tx, definition, [id], storedValues(definition, values), actor);
        await linkUploads(tx, hooksOf, definition, [record!], actor);
        if (before) await updateTrail(tx, definition, actor, [{ before, after: record! }]);
        return record!;
      });
    },

    /**
     * A command's change of a few fields of existing records (a commune, imported qualifications):
     * each record's values set and its writer and date stamped, and one audit entry with each field
     * changed before → after, as an update writes it, then its labelled changes. Not the form's rules
     * (validate, beforeChange): the values are the command's own, not input; authorizeChange
     * applies. Every record must be live and in the actor's sight, else a 404 and nothing changes; a
     * record its patch does not change is left as it is, unstamped; `options` leave fields out of the
     * entries or the change out of the parent's history, or reach beyond the actor's read scope. The
     * records changed, as they now are.
     */
    async patch(
      definition: ResourceDefinition,
      patches: RecordPatch[],
      actor: Actor,
      action: ResourceAction = 'update',
      options: PatchOptions = {},
    ): Promise<ResourceRecord[]> {
      // Only declared fields, so the audit entry tells everything the patch wrote.
      const undeclared = patches
        .flatMap(({ values }) => Object.keys(values))
        .filter((name) => !definition.fields[name]);
      if (undeclared.length > 0) throw new Error(`Not fields of "${definition.slug}": ${undeclared.join(', ')}.`);
      const ids = patches.map(({ id }) => id);
      return db.transaction(async (tx) => {
        const rows = await lockedRows(tx, definition, ids, actor, options.beyondReadScope);
        await hooksOf(definition.slug).authorizeChange?.(tx, actor, ids, action);
        const written: { before: ResourceRecord; after: ResourceRecord; labelled: AuditChange[] }[] = [];
        for (const { id, values, labelled = [] } of patches) {
          const before = rows.get(id)!;
          const stored = storedValues(definition, values);
          if (
            labelled.length === 0 &&
            changesBetween(definition, before, { ...before, ...stored }, { withInternal: true }).length === 0
          )
            continue;
          const [after] = await setValues(tx, definition, [id], stored, actor, options.beyondReadScope);
          written.push({ before, after: after!, labelled });
        }
        await updateTrail(tx, definition, actor, written, options);
        return written.map(({ after }) => after);
      });
    },

    /** Sets a behaviour's flag (published, enabled) on every id, live ones only: how many changed. */
    async setFlag(
      definition: ResourceDefinition,
      flag: BehaviourFlag,
      ids: number[],
      value: boolean,
      actor: Actor,
    ): Promise<number> {
      const hooks = hooksOf(definition.slug);
      return db.transaction(async (tx) => {
        await hooks.authorizeChange?.(tx, actor, ids, 'update');
        const changed = await setValues(tx, definition, ids, { [flag]: value }, actor);
        if (changed.length === 0) throw new ApiError(404, 'errors.not_found');
        const action = flagActions[flag][value ? 'on' : 'off'];
        await recordAudit(
          tx,
          definition,
          actor,
          changed.map((record) => ({ recordId: record.id, action, changes: [] })),
        );
        await hooks.afterFlagChange?.(
          tx,
          changed.map((record) => record.id),
          flag,
          value,
        );
        return changed.length;
      });
    },

    /**
     * Soft delete of every id, or of none: refused when a live record still points at one of them,
     * unless `linksMoved`: the caller moves every link to them in the same transaction (a merge).
     */
    async delete(
      definition: ResourceDefinition,
      ids: number[],
      actor: Actor,
      { linksMoved = false }: { linksMoved?: boolean } = {},
    ): Promise<number> {
      const { table, columns } = tableOf(definition);
      // Records out of the actor's sight are not there, linked or not.
      const seen = await db
        .select({ id: columns.id! })
        .from(table)
        .where(and(inArray(columns.id!, ids), visible(definition, columns, actor)));
      if (seen.length === 0) throw new ApiError(404, 'errors.not_found');
      const seenIds = seen.map(({ id }) => Number(id));
      if (!linksMoved && (await linkedIds(definition, seenIds)).length > 0) throw new ApiError(409, 'errors.linked');
      return db.transaction(async (tx) => {
        await hooksOf(definition.slug).authorizeChange?.(tx, actor, seenIds, 'delete');
        const deleted = await tx
          .update(table)
          .set({ deletedAt: new Date(), updatedBy: actor.id })
          .where(and(inArray(columns.id!, seenIds), visible(definition, columns, actor)))
          .returning();
        if (deleted.length === 0) throw new ApiError(404, 'errors.not_found');
        await hooksOf(definition.slug).afterDelete?.(
          tx,
          deleted.map(({ id }) => Number(id)),
        );
        for (const child of resources.filter((other) => isDeletedWith(other, definition, other.parent?.field))) {
          const { table: childTable, columns: childColumns } = tableOf(child);
          await tx
            .update(childTable)
            .set({ deletedAt: new Date(), updatedBy: actor.id })
            .where(and(inArray(childColumns[child.parent!.field]!, seenIds), isNull(childColumns.deletedAt!)));
        }
        await inParentHistory(
          tx,
          definition,
          actor,
          deleted.map((row) => toRecord(definition, row)),
          'delete',
        );
        await recordAudit(
          tx,
          definition,
          actor,
          deleted.map(({ id }) => ({ recordId: Number(id), action: 'delete', changes: [] })),
        );
        return deleted.length;
      });
    },

    /** organiser: the given order becomes positions 0, 1, 2… */
    async reorder(definition: ResourceDefinition, ids: number[], actor: Actor): Promise<void> {
      const { table, columns } = tableOf(definition);
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries()) {
          await tx
            .update(table)
            .set({ position, updatedBy: actor.id })
            .where(and(eq(columns.id!, id), visible(definition, columns, actor)));
        }
      });
    },
  };
}
