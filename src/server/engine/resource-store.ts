import type { Database } from '../db/database';
import { createStoreContext, type HooksLookup } from './resource-store-context';
import { createStoreReads } from './resource-store-read';
import { createStoreReferences } from './resource-store-references';
import { createStoreWrites } from './resource-store-write';

export type { HooksLookup } from './resource-store-context';
export { containsIgnoringAccents } from '../db/schema';
export type { ListQuery } from './resource-store-read';
export { referencePaths } from './resource-store-references';
export type { BehaviourFlag, PatchOptions, RecordPatch } from './resource-store-write';

/**
 * The records of a resource, read and written in SQL. Every read takes the actor and sees only the
 * rows `visible` lets through: live ones, within the resource's read scope for that actor, so a
 * record outside it answers as one that does not exist, wherever it is read from.
 *
 * Its parts share one context (resource-store-context.ts: the database, the server files, `visible`,
 * the queries built once): the reads (resource-store-read.ts), the writes and their trail
 * (resource-store-write.ts), and the references' titles and checks (resource-store-references.ts).
 */
export function createResourceStore(db: Database, hooksOf: HooksLookup) {
  const context = createStoreContext(db, hooksOf);
  const references = createStoreReferences(context);
  const { findRow, ...reads } = createStoreReads(context, references);
  return {
    /** The resources' server files, to open this store again on a transaction under way. */
    hooksOf,
    ...reads,
    ...createStoreWrites(context, references, findRow),
    referenceTitles: references.referenceTitles,
    /** The live rows of a resource an actor may read, as a relation to join (record-scope.ts). */
    scoped: context.scoped,
    /** Ids among these that live records still point at (an import's undo checks it after its deletes). */
    linkedIds: references.linkedIds,
  };
}

export type ResourceStore = ReturnType<typeof createResourceStore>;
