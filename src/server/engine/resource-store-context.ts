import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/resource';
import type { Database } from '../db/database';
import { createRecordScope, type HooksLookup } from './record-scope';

export { tableOf, type Columns, type HooksLookup } from './record-scope';

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

/**
 * What the parts of the resource store (resource-store.ts) share: its database and the resources'
 * server files, the read scope every read and write applies, and the queries built once.
 */
export function createStoreContext(db: Database, hooksOf: HooksLookup) {
  const { visible, scoped, isReadScoped } = createRecordScope(hooksOf);

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
  return { db, hooksOf, visible, scoped, buildOnce, readScoped: isReadScoped };
}

export type StoreContext = ReturnType<typeof createStoreContext>;
