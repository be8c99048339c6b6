import { and, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { resourceTables } from '../db/schema';
import type { ServerResource } from './server-resource';

export type Columns = Record<string, AnyPgColumn>;

export function tableOf(definition: ResourceDefinition): { table: AnyPgTable; columns: Columns } {
  const table = resourceTables.get(definition.slug);
  if (!table) throw new Error(`Resource "${definition.slug}" has no table in the schema.`);
  return { table, columns: getTableColumns(table) as Columns };
}

/** What the engine adds to every record's fields; deletedAt stays internal. */
const systemNames = ['id', 'position', 'published', 'enabled', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
const shownNames = new Map<string, ReadonlySet<string>>();

/**
 * A row as the API shows it: its declared fields and the engine's own columns, nothing else (a
 * hand-written table, the users', also holds what only its owner sees: the password hash…).
 */
export function toRecord(definition: ResourceDefinition, row: Record<string, unknown>): ResourceRecord {
  let shown = shownNames.get(definition.slug);
  if (!shown) shownNames.set(definition.slug, (shown = new Set([...systemNames, ...Object.keys(definition.fields)])));
  // A loop rather than entries/filter/fromEntries: every row of every list goes through here.
  const record: Record<string, unknown> = {};
  for (const name of Object.keys(row)) if (shown.has(name)) record[name] = row[name];
  return record as ResourceRecord;
}

/** The server file of a resource (src/server/resources/<feature>/<slug>.server.ts), given to the engine by the app. */
export type HooksLookup = (slug: string) => ServerResource;

/**
 * What the parts of the resource store (resource-store.ts) share: its database and the resources'
 * server files, the read scope every read and write applies, and the queries built once.
 */
export function createStoreContext(db: Database, hooksOf: HooksLookup) {
  /** The one condition of every read: not deleted, and within the actor's read scope. */
  function visible(definition: ResourceDefinition, columns: Columns, actor: Actor): SQL {
    const scope = hooksOf(definition.slug).readScope?.(actor, columns);
    return and(isNull(columns.deletedAt!), scope)!;
  }

  /**
   * The reads of nearly every request (a record, the titles it points at, who wrote it), built once
   * for a resource without read scope, whose reads are then the same for every actor: drizzle's
   * building of a query took a fifth of a busy server's time.
   */
  const builtOnce = new Map<string, unknown>();
  function buildOnce<Query>(key: string, build: () => Query): Query {
    if (!builtOnce.has(key)) builtOnce.set(key, build());
    return builtOnce.get(key) as Query;
  }
  const readScoped = (definition: ResourceDefinition) => Boolean(hooksOf(definition.slug).readScope);

  return { db, hooksOf, visible, buildOnce, readScoped };
}

export type StoreContext = ReturnType<typeof createStoreContext>;
