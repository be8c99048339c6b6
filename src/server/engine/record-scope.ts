import { and, getTableColumns, getTableName, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { findResource } from '../../shared/resources/registry';
import type { ResourceDefinition } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import { resourceTables } from '../db/schema';
import type { ServerResource } from './server-resource';

export type Columns = Record<string, AnyPgColumn>;

/** The server file of a resource (src/server/resources/<feature>/<slug>.server.ts), given to the engine by the app. */
export type HooksLookup = (slug: string) => ServerResource;

export function tableOf(definition: ResourceDefinition): { table: AnyPgTable; columns: Columns } {
  const table = resourceTables.get(definition.slug);
  if (!table) throw new Error(`Resource "${definition.slug}" has no table in the schema.`);
  return { table, columns: getTableColumns(table) as Columns };
}

/**
 * A table with a `deleted_at` column: typed (`users`, `uploads`) or a resource's, whose columns are
 * only known by name (so the check is made when the condition is built).
 */
type SoftDeletedTable = AnyPgTable & { deletedAt?: AnyPgColumn };

function deletedAtOf(table: SoftDeletedTable): AnyPgColumn {
  const column = getTableColumns(table).deletedAt;
  if (!column) throw new Error(`Table "${getTableName(table)}" has no deleted_at column.`);
  return column;
}

/**
 * The rows not soft-deleted, as a condition for a drizzle query: `.where(and(isLive(users), …))`.
 * Code outside the engine writes no `deleted_at` filter of its own (a lint rule): it asks this, or
 * `liveRows`, or a store's `scoped`, so that what "deleted" means is said here once.
 */
export const isLive = (table: SoftDeletedTable): SQL => isNull(deletedAtOf(table));

/** A table's live rows as a relation, for SQL written by hand: `from ${liveRows(tickets)} t` (with an alias, as `scoped`). */
export const liveRows = (table: SoftDeletedTable): SQL => sql`(select * from ${table} where ${isLive(table)})`;

/**
 * Who may read which records, the one read door: `visible` is the condition every read of the store
 * applies, `scoped` the same rows as a relation that code outside the store joins (the board, the
 * SARE export, notifications, uploads), so no one writes a resource's read scope a second time.
 */
export function createRecordScope(hooksOf: HooksLookup) {
  /**
   * The read scope of a resource for this actor, as a condition on its columns (undefined: every live
   * row): its server file's `readScope`, or else, for a child resource (its declaration's `parent`),
   * its parent's: a child is read by whoever may read its parent.
   */
  function scopeCondition(definition: ResourceDefinition, columns: Columns, actor: Actor): SQL | undefined {
    const own = hooksOf(definition.slug).readScope;
    if (own) return own(actor, columns, scoped);
    const parent = definition.parent && findResource(definition.parent.resource);
    if (!parent || !scopeCondition(parent, tableOf(parent).columns, actor)) return undefined;
    return sql`${columns[definition.parent!.field]!} in (select parent.id from ${scoped(parent.slug, actor)} parent)`;
  }

  /** The one condition of every read: not deleted, and within the actor's read scope. */
  function visible(definition: ResourceDefinition, columns: Columns, actor: Actor): SQL {
    return and(isNull(columns.deletedAt!), scopeCondition(definition, columns, actor))!;
  }

  /**
   * The live rows of a resource the actor may read, as a relation: `join ${scoped('tickets', actor)} t on …`.
   * Always give it an alias: PostgreSQL before 16 refuses a subquery in FROM without one.
   */
  function scoped(slug: string, actor: Actor): SQL {
    const definition = findResource(slug);
    if (!definition) throw new Error(`Unknown resource "${slug}".`);
    const { table, columns } = tableOf(definition);
    return sql`(select * from ${table} where ${visible(definition, columns, actor)})`;
  }

  /** Whether what a resource's reads see depends on who reads (its own read scope, or its parent's). */
  function isReadScoped(definition: ResourceDefinition): boolean {
    if (hooksOf(definition.slug).readScope) return true;
    const parent = definition.parent && findResource(definition.parent.resource);
    return Boolean(parent && isReadScoped(parent));
  }

  return { visible, scoped, isReadScoped };
}

export type RecordScope = ReturnType<typeof createRecordScope>;
/** A store's `scoped`, given to the server files' read scopes so that one may build on another's. */
export type ScopedRows = RecordScope['scoped'];
