import { and, eq, inArray, sql } from 'drizzle-orm';
import { can, createsNothing } from '../../shared/permissions';
import { findResource } from '../../shared/resources/registry';
import type { ResourceDefinition } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import { createRecordScope, isLive, type HooksLookup } from '../engine/record-scope';
import { rowsOf, type Database } from '../db/database';
import { resourceTables, uploadLinks, uploads } from '../db/schema';
import { ApiError } from '../http/api-error';

type Upload = typeof uploads.$inferSelect;

/** Where a record names uploaded files: each file field, top-level or in a collection's rows. */
function fileLocations(
  definition: ResourceDefinition,
  record: Record<string, unknown>,
): { at: string; path: string }[] {
  return Object.entries(definition.fields).flatMap(([name, def]) => {
    if (def.kind === 'file')
      return typeof record[name] === 'string' && record[name] ? [{ at: name, path: record[name] }] : [];
    if (def.kind !== 'collection') return [];
    const rows = (record[name] as Record<string, unknown>[] | undefined) ?? [];
    return Object.entries(def.fields ?? {})
      .filter(([, sub]) => sub.kind === 'file')
      .flatMap(([subName]) =>
        rows.flatMap((row, index) =>
          typeof row[subName] === 'string' && row[subName]
            ? [{ at: `${name}.${index}.${subName}`, path: String(row[subName]) }]
            : [],
        ),
      );
  });
}

const hasFileFields = (definition: ResourceDefinition) =>
  Object.values(definition.fields).some(
    (def) => def.kind === 'file' || Object.values(def.fields ?? {}).some((sub) => sub.kind === 'file'),
  );

/**
 * Whether the actor may read an upload: before any record names it, its sender alone; then whoever
 * may see one of the records naming it (besides the record being written, `except`).
 */
async function mayRead(
  db: Database,
  hooksOf: HooksLookup,
  actor: Actor,
  upload: Upload,
  except?: { resource: string; recordId: number },
): Promise<boolean> {
  const links = await db.select().from(uploadLinks).where(eq(uploadLinks.uploadId, upload.id));
  if (except && links.some((link) => link.resource === except.resource && link.recordId === except.recordId)) {
    return true;
  }
  if (links.length === 0) return upload.ownerId === actor.id;
  // One of the records naming it that the actor may see: its permission, and the resource's live rows they may read.
  const { scoped } = createRecordScope(hooksOf);
  for (const { resource, recordId } of links) {
    if (!findResource(resource) || !resourceTables.has(resource) || !can(actor, resource, 'show')) continue;
    const [seen] = await rowsOf(db, sql`select 1 from ${scoped(resource, actor)} r where r.id = ${recordId}`);
    if (seen) return true;
  }
  return false;
}

/**
 * Who may send a file into a folder (POST /api/televersements?dossier=…). A resource's folder, its
 * slug, as its file fields send them: whoever may create or update such a record, since a file field
 * is filled in both forms, or, for a child resource (a project's documents), whoever may change its
 * parent, as its nested routes allow; a 403 otherwise. Any other folder holds files tied to no
 * resource, each its sender's alone until a record names it: every user may send one there.
 */
export function authorizeUploadFolder(actor: Actor, folder: string): void {
  const definition = findResource(folder);
  if (!definition) return;
  const parent = definition.parent?.resource;
  if (can(actor, folder, 'create') || can(actor, folder, 'update') || (parent && can(actor, parent, 'update'))) return;
  throw new ApiError(403, createsNothing(actor) ? 'errors.no_service' : 'errors.forbidden');
}

/** The upload at that path, if the actor may read it. */
export async function readableUpload(
  db: Database,
  hooksOf: HooksLookup,
  actor: Actor,
  path: string,
): Promise<Upload | null> {
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.path, path), isLive(uploads)));
  return upload && (await mayRead(db, hooksOf, actor, upload)) ? upload : null;
}

/**
 * Ties the files these records name to them, inside their write's transaction: a record may name
 * only files its writer may read (their own new upload, a file of a record they see: a clone's), so
 * nobody reads another's file by naming it in a record of theirs.
 */
export async function linkUploads(
  tx: Database,
  hooksOf: HooksLookup,
  definition: ResourceDefinition,
  records: Record<string, unknown>[],
  actor: Actor,
): Promise<void> {
  if (!hasFileFields(definition)) return;
  for (const record of records) {
    const recordId = Number(record.id);
    const locations = fileLocations(definition, record);
    const named =
      locations.length === 0
        ? []
        : await tx
            .select()
            .from(uploads)
            .where(
              and(
                inArray(
                  uploads.path,
                  locations.map(({ path }) => path),
                ),
                isLive(uploads),
              ),
            );
    const fieldErrors: Record<string, string> = {};
    for (const upload of named) {
      if (await mayRead(tx, hooksOf, actor, upload, { resource: definition.slug, recordId })) continue;
      for (const { at } of locations.filter(({ path }) => path === upload.path)) fieldErrors[at] = 'validation.file';
    }
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
    await tx
      .delete(uploadLinks)
      .where(and(eq(uploadLinks.resource, definition.slug), eq(uploadLinks.recordId, recordId)));
    if (named.length > 0) {
      await tx
        .insert(uploadLinks)
        .values(named.map(({ id }) => ({ uploadId: id, resource: definition.slug, recordId })))
        .onConflictDoNothing();
    }
  }
}
