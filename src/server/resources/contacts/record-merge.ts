import { and, asc, desc, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  mergedValues,
  type DuplicateResource,
  type MergeBody,
  type MergeHistoryEntry,
} from '../../../shared/resources/contact-duplicates';
import type { FieldDef } from '../../../shared/resources/fields';
import { resources } from '../../../shared/resources/registry';
import { inputSchema, recordTitle, type ResourceDefinition } from '../../../shared/resources/resource';
import type { Database } from '../../db/database';
import { recordMerges, resourceTables, userDisplayName, users } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { referencePaths } from '../../engine/resource-store';
import type { ResourceContext } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { parseBody } from '../../http/request-parsing';
import { duplicateTarget, forgetPairsOf } from './contact-duplicates';
import { ownerCommunes, refuseHiddenProjectMoves } from '../projet/project-owner-moves';

/**
 * Merging two records of a resource into one, in one transaction: the kept record takes the chosen
 * values (checked as any update: validation, references, the resource's rules), every reference to
 * the removed record — from any field of any declared resource, collections' rows included — moves
 * to the kept one, each moved row in its own trail (a project's owner changed is in its history), the
 * removed record is soft-deleted, and the merge joins the kept record's history. A merge that would
 * move a project the merger cannot read (its owner's commune changing) is refused.
 */

type Columns = Record<string, AnyPgColumn>;

/** A reference field's value with one id replaced by another (an id list keeps each id once). */
function replaceId(def: FieldDef, value: unknown, from: number, to: number): unknown {
  if (def.kind === 'references') {
    return [...new Set(((value as number[] | null) ?? []).map((id) => (id === from ? to : id)))];
  }
  return value === from ? to : value;
}

/** The same for a field or a collection's sub-field ("<collection>.<sub-field>"). */
function replaceAt(def: FieldDef, sub: string | undefined, value: unknown, from: number, to: number): unknown {
  if (sub === undefined) return replaceId(def, value, from, to);
  return ((value as Record<string, unknown>[] | null) ?? []).map((row) => ({
    ...row,
    [sub]: replaceId(def, row[sub], from, to),
  }));
}

/**
 * Moves every reference to `from` onto `to`, in the live rows of the declared resources `which`
 * keeps but these two records' own (the kept one is rewritten whole, the removed one is deleted),
 * through the operations' patch: each row's change in its trail (an audited record's history, a
 * child's in its parent's), by the merger, whose merge permission covers them, rows they may not
 * read included (a colleague's project staying where it is). How many rows changed.
 */
async function moveLinks(
  context: ResourceContext & { tx: Database },
  { slug, from, to }: { slug: string; from: number; to: number },
  which: (other: ResourceDefinition) => boolean,
): Promise<number> {
  const { tx, operations } = context;
  let moved = 0;
  for (const other of resources.filter(which)) {
    const table = resourceTables.get(other.slug);
    if (!table) continue;
    const columns = getTableColumns(table) as Columns;
    for (const { key, def } of referencePaths(other)) {
      if (def.target !== slug) continue;
      const [name, sub] = key.split('.') as [string, string | undefined];
      const column = columns[name]!;
      const many = def.kind === 'references';
      const pointing: SQL =
        sub === undefined
          ? many
            ? sql`${from}::integer = any(${column})`
            : eq(column, from)
          : sql`${column} @> ${JSON.stringify([{ [sub]: many ? [from] : from }])}::jsonb`;
      const rows = await tx
        .select({ id: columns.id!, value: column })
        .from(table)
        .where(and(pointing, isLive(table), other.slug === slug ? notInArray(columns.id!, [from, to]) : undefined));
      if (rows.length === 0) continue;
      const patches = rows.map(({ id, value }) => ({
        id: Number(id),
        values: { [name]: replaceAt(def, sub, value, from, to) },
      }));
      await operations.patch(other, patches, context, { permissionChecked: true, beyondReadScope: true });
      moved += rows.length;
    }
  }
  return moved;
}

/** The kept record's own references: to the removed record they become its own, and a record never points at itself. */
function ownReferences(definition: ResourceDefinition, values: Record<string, unknown>, from: number, to: number) {
  const result = { ...values };
  for (const { key, def } of referencePaths(definition)) {
    const [name, sub] = key.split('.') as [string, string | undefined];
    if (def.target !== definition.slug || !(name in result)) continue;
    const notSelf = (id: unknown) => (id === to ? null : id);
    const withoutSelf = (value: unknown) =>
      def.kind === 'references' ? ((value as number[]) ?? []).filter((id) => id !== to) : notSelf(value);
    const moved = replaceAt(def, sub, result[name], from, to);
    result[name] =
      sub === undefined
        ? withoutSelf(moved)
        : (moved as Record<string, unknown>[]).map((row) => ({ ...row, [sub]: withoutSelf(row[sub]) }));
  }
  return result;
}

/** A row as the API writes it: dates as ISO strings. */
const asJson = (row: Record<string, unknown>) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

export interface MergeResult {
  kept: number;
  removed: number;
  movedLinks: number;
}

/**
 * Merges through the operations, in the merge's transaction: the moved links and the removed
 * record's deletion (patch, delete) and the kept record's values (update), each audited by the
 * merger. The route has checked the merge's permissions (modify and delete).
 */
export async function mergeRecords(
  context: ResourceContext,
  slug: DuplicateResource,
  { kept: keptId, removed: removedId, choices }: MergeBody,
): Promise<MergeResult> {
  if (keptId === removedId) throw new ApiError(400, 'duplicates.same_record');
  const { definition, table, columns } = duplicateTarget(slug);
  const { actor, operations } = context;
  return context.db.transaction(async (tx) => {
    const inMerge = { ...context, tx };
    // Both rows locked, in id order: two merges of the same records wait for each other.
    const rows = await tx
      .select()
      .from(table)
      .where(inArray(columns.id!, [keptId, removedId]))
      .orderBy(asc(columns.id!))
      .for('update');
    const live = (id: number) => {
      const row = rows.find((candidate) => Number(candidate.id) === id && candidate.deletedAt === null);
      if (!row) throw new ApiError(404, 'duplicates.record_gone', {}, { values: { id } });
      return asJson(row);
    };
    const [kept, removed] = [live(keptId), live(removedId)];
    const merged = mergedValues(definition, kept, removed, choices);
    // The removed record's projects become the kept one's: refused if that moves one the actor cannot
    // read (the kept record's own are the store's update's to check).
    const owner = slug === 'individus' ? 'individual' : 'structure';
    const commune = ownerCommunes[owner].communeOf({ ...kept, ...merged.values }) ?? null;
    await refuseHiddenProjectMoves(tx, actor, owner, [{ id: removedId, commune }]);
    const links = { slug, from: removedId, to: keptId };
    // The resource's own links first, so its rules see them (a structure's children, for the
    // parents' cycle); the other resources' once the kept record is written, so that its projects'
    // check compares their place with their owner's before the merge.
    const ownLinks = await moveLinks(inMerge, links, (other) => other.slug === slug);
    // Deleted before the other resources' links move (below, in this transaction): the delete is
    // told so rather than refusing a record still linked.
    await operations.delete(definition, [removedId], inMerge, { linksMoved: true });
    // Once the removed record is gone: its name is no duplicate any more.
    const values = parseBody(inputSchema(definition), ownReferences(definition, merged.values, removedId, keptId));
    await operations.update(definition, keptId, values, inMerge);
    const movedLinks = ownLinks + (await moveLinks(inMerge, links, (other) => other.slug !== slug));
    await tx.insert(recordMerges).values({
      resource: slug,
      keptId,
      removedId,
      removedTitle: recordTitle(definition, removed),
      removedValues: Object.fromEntries(
        [...Object.keys(definition.fields), 'createdAt', 'createdBy', 'updatedAt'].map((name) => [name, removed[name]]),
      ),
      choices: merged.choices,
      movedLinks,
      mergedBy: actor.id,
    });
    await forgetPairsOf(tx, slug, removedId);
    return { kept: keptId, removed: removedId, movedLinks };
  });
}

/** The records merged into this one, latest first. */
export async function mergeHistory(db: Database, slug: DuplicateResource, id: number): Promise<MergeHistoryEntry[]> {
  const rows = await db
    .select({
      id: recordMerges.id,
      removedId: recordMerges.removedId,
      removedTitle: recordMerges.removedTitle,
      mergedAt: recordMerges.createdAt,
      choices: recordMerges.choices,
      movedLinks: recordMerges.movedLinks,
      mergedByName: sql<string | null>`${userDisplayName('users')}`,
    })
    .from(recordMerges)
    .leftJoin(users, eq(users.id, recordMerges.mergedBy))
    .where(and(eq(recordMerges.resource, slug), eq(recordMerges.keptId, id)))
    .orderBy(desc(recordMerges.createdAt), desc(recordMerges.id));
  return rows.map(({ choices, mergedAt, ...row }) => ({
    ...row,
    mergedAt: mergedAt.toISOString(),
    fieldsFromRemoved: Object.keys(choices).filter((name) => choices[name] !== 'kept'),
  }));
}
