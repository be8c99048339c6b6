import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { isReference } from '../../shared/resources/field-kinds';
import { findResource, resources } from '../../shared/resources/registry';
import type {
  ReferenceTitles,
  ResourceDefinition,
  ResourceInputValues,
  ResourceRecord,
} from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import { titleExpression } from '../db/schema';
import { ApiError } from '../http/api-error';
import { tableOf, type Columns, type StoreContext } from './resource-store-context';

/** What a reference field points at: a resource's table. */
export function referenceTarget(slug: string | undefined) {
  const target = findResource(slug);
  if (!target) throw new Error(`No reference target "${slug}".`);
  const { table, columns } = tableOf(target);
  const title = titleExpression(target, columns);
  return { definition: target, table, columns, id: columns.id!, title };
}

export const numbers = (value: unknown): number[] =>
  ([] as unknown[]).concat(value ?? []).filter((id): id is number => typeof id === 'number');

/**
 * Every reference field, top-level or inside a collection ("<collection>.<sub-field>"), with where
 * a record holds its ids: under the field's name, or under "<collection>.<row>.<sub-field>".
 */
export function referencePaths(definition: ResourceDefinition) {
  return Object.entries(definition.fields).flatMap(([name, def]) => {
    if (isReference(def)) {
      return [
        { key: name, def, locate: (record: Record<string, unknown>) => [{ at: name, ids: numbers(record[name]) }] },
      ];
    }
    return Object.entries(def.kind === 'collection' ? (def.fields ?? {}) : {})
      .filter(([, sub]) => isReference(sub))
      .map(([subName, sub]) => ({
        key: `${name}.${subName}`,
        def: sub,
        locate: (record: Record<string, unknown>) =>
          ((record[name] as Record<string, unknown>[] | undefined) ?? []).map((row, index) => ({
            at: `${name}.${index}.${subName}`,
            ids: numbers(row[subName]),
          })),
      }));
  });
}

/** Whether this reference of a resource is its parent field, whose records go when their parent is deleted. */
export const isDeletedWith = (child: ResourceDefinition, parent: ResourceDefinition, key: string | undefined) =>
  child.parent?.deletedWithParent === true && child.parent.resource === parent.slug && child.parent.field === key;

/**
 * What records' references need read: the titles of the records they name, the ids still named
 * (which a delete refuses), and whether a write names only live records the actor may see.
 */
export function createStoreReferences(context: StoreContext) {
  const { db, visible, buildOnce, readScoped } = context;

  /** A reference target's rows the actor may see. */
  const visibleTarget = (target: ReturnType<typeof referenceTarget>, actor: Actor) =>
    visible(target.definition, target.columns, actor);

  /**
   * The titles a row's own reference fields point at, read with the row: one round trip less for each
   * list and record. A statement prepared once for every actor (`shared`) folds only the single
   * references whose target has no read scope (every actor sees their titles alike); one built for
   * this actor folds every top-level reference, within the actor's view of its target. Never a
   * reference to the row's own table (the subquery names it). `referenceTitles` reads the rest.
   */
  function titlesWithRows(
    definition: ResourceDefinition,
    table: AnyPgTable,
    columns: Columns,
    actor: Actor,
    { shared }: { shared: boolean },
  ) {
    const folded = Object.entries(definition.fields).flatMap(([name, def]) => {
      if (!isReference(def)) return [];
      const target = referenceTarget(def.target);
      if (target.table === table || (shared && (def.kind !== 'reference' || readScoped(target.definition)))) return [];
      const held = sql`${table}.${sql.identifier(columns[name]!.name)}`;
      // One title, or the titles of an array's ids as a JSON object by id.
      const title =
        def.kind === 'reference'
          ? sql<string | null>`(select ${target.title} from ${target.table}
              where ${target.id} = ${held} and ${visibleTarget(target, actor)})`
          : sql<Record<string, string> | string | null>`(select json_object_agg(${target.id}, ${target.title})
              from ${target.table} where ${target.id} = any(${held}) and ${visibleTarget(target, actor)})`;
      return [{ name, many: def.kind !== 'reference', alias: `title:${name}`, title }];
    });
    return {
      columns: Object.fromEntries(folded.map(({ alias, title }) => [alias, title])),
      read(rows: Record<string, unknown>[]): ReferenceTitles {
        const titles: ReferenceTitles = {};
        for (const { name, many, alias } of folded) {
          const found: Record<string, string> = (titles[name] = {});
          for (const row of rows) {
            const value = row[alias];
            if (value == null) continue;
            if (!many) found[String(row[name])] = String(value);
            // node-postgres parses json; a driver may hand it over as text.
            else Object.assign(found, typeof value === 'string' ? JSON.parse(value) : value);
          }
        }
        return titles;
      },
    };
  }

  /**
   * One query per reference field for the titles of the records these rows point at, those the actor
   * may see; sent at once (a pool runs them side by side: a list's page waited for each in turn).
   */
  async function referenceTitles(
    definition: ResourceDefinition,
    rows: ResourceRecord[],
    actor: Actor,
    readWithRows: ReferenceTitles = {},
  ): Promise<ReferenceTitles> {
    const titles: ReferenceTitles = { ...readWithRows };
    const reads: Promise<void>[] = [];
    for (const { key, def, locate } of referencePaths(definition)) {
      if (key in readWithRows) continue;
      const ids = [...new Set(rows.flatMap((row) => locate(row).flatMap((place) => place.ids)))];
      const found: Record<string, string> = {};
      titles[key] = found;
      if (ids.length === 0) continue;
      const target = referenceTarget(def.target);
      const titled = (among: SQL) =>
        db
          .select({ id: target.id, title: target.title })
          .from(target.table)
          .where(and(among, visibleTarget(target, actor)));
      const named = readScoped(target.definition)
        ? titled(inArray(target.id, ids)).execute()
        : buildOnce(`titles ${def.target}`, () =>
            titled(sql`${target.id} = any(${sql.placeholder('ids')})`).prepare(`titles_${target.definition.table}`),
          ).execute({ ids });
      reads.push(
        named.then((titledRows) => {
          for (const { id, title } of titledRows) found[String(id)] = String(title);
        }),
      );
    }
    await Promise.all(reads);
    return titles;
  }

  /** Ids among these that live records still point at, from a field or from a collection's rows. */
  async function linkedIds(definition: ResourceDefinition, ids: number[]): Promise<number[]> {
    const linked = new Set<number>();
    // Rows the server alone writes (a login, a ticket's transition, a notification) record what
    // happened to a record: they do not keep it from being deleted.
    for (const other of resources.filter(({ behaviours }) => !behaviours.readOnly)) {
      const { table, columns } = tableOf(other);
      for (const { key, def } of referencePaths(other)) {
        if (def.target !== definition.slug || isDeletedWith(other, definition, key)) continue;
        const [name, sub] = key.split('.') as [string, string | undefined];
        const column = columns[name]!;
        const many = def.kind === 'references';
        // The ids each live row points at, one per result row.
        const pointed =
          sub === undefined
            ? many
              ? sql`unnest(${column})`
              : sql`${column}`
            : many
              ? sql`jsonb_array_elements_text(jsonb_array_elements(${column}) -> ${sub})::integer`
              : sql`(jsonb_array_elements(${column}) ->> ${sub})::integer`;
        const pointedIds = db.$with('pointed_ids').as(
          db
            .select({ id: sql<number>`${pointed}`.as('id') })
            .from(table)
            .where(isNull(columns.deletedAt!)),
        );
        const rows = await db
          .with(pointedIds)
          .selectDistinct({ id: pointedIds.id })
          .from(pointedIds)
          .where(sql`${pointedIds.id} = any(${sql.param(ids)}::integer[])`);
        rows.forEach((row) => linked.add(Number(row.id)));
      }
    }
    return [...linked];
  }

  /**
   * Every reference must name a live record of its target resource: one query per reference field
   * for all the records; the first record holding a dangling one is refused.
   */
  async function checkReferences(
    definition: ResourceDefinition,
    records: ResourceInputValues[],
    actor: Actor,
  ): Promise<void> {
    const fieldErrors = records.map((): Record<string, string> => ({}));
    for (const { def, locate } of referencePaths(definition)) {
      const places = records.map(locate);
      const wanted = [...new Set(places.flat().flatMap((place) => place.ids))];
      if (wanted.length === 0) continue;
      const target = referenceTarget(def.target);
      const live = await db
        .select({ id: target.id })
        .from(target.table)
        .where(and(inArray(target.id, wanted), visibleTarget(target, actor)));
      const found = new Set(live.map(({ id }) => Number(id)));
      places.forEach((recordPlaces, index) => {
        for (const { at, ids } of recordPlaces) {
          if (ids.some((id) => !found.has(id))) fieldErrors[index]![at] = 'validation.reference';
        }
      });
    }
    const refused = fieldErrors.find((errors) => Object.keys(errors).length > 0);
    if (refused) throw new ApiError(400, 'errors.form', refused);
  }

  return { visibleTarget, titlesWithRows, referenceTitles, linkedIds, checkReferences };
}

export type StoreReferences = ReturnType<typeof createStoreReferences>;
