import { lstat, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, getTableColumns, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  FILE_MANAGER_FOLDER,
  MEDIA_STORE_FOLDER,
  type FileEntry,
  type FileListing,
  type FileSort,
  type FileStore,
} from '../../shared/api/file-manager.contract';
import { translate, type Locale } from '../../shared/i18n/catalog';
import { can } from '../../shared/permissions';
import { findResource, resources } from '../../shared/resources/registry';
import { uploadPathPattern } from '../../shared/resources/fields';
import { projects } from '../../shared/resources/projet.resource';
import { recordTitle } from '../../shared/resources/resource';
import { path as routePath } from '../../shared/routes';
import type { Actor } from '../auth/actor';
import { rowsOf, type Database } from '../db/database';
import { emailLog, resourceTables, uploadLinks, uploads } from '../db/schema';
import { createRecordScope, isLive, type HooksLookup } from '../engine/record-scope';
import { ApiError } from '../http/api-error';
import { storedFilePath } from './stored-file';
import { authorizeUploadFolder } from './upload-access';
import { safeFileName } from './uploads.routes';

type Upload = typeof uploads.$inferSelect;

/** The bitmaps the file manager previews (an SVG may hold a script: no preview). */
export const previewTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** The media store: the uploads' folder of the media monitoring items, served at /media/<id>/<name>. */
const MEDIA_FOLDER = MEDIA_STORE_FOLDER;
/** A folder of the uploads store: a resource's slug, or any other such name (files tied to no resource). */
const folderPattern = /^[a-z0-9-]{1,60}$/;
/** A mail's folder in the emails store: its log id. */
const mailFolderPattern = /^\d{1,9}$/;

const badPath = () => new ApiError(400, 'errors.file_manager.path');
const notFound = () => new ApiError(404, 'errors.not_found');

/**
 * A path the client names, refused with a 400 before anything reads it when it could lead anywhere
 * but inside a store: "..", ".", an absolute path, a backslash, an empty segment, a control character.
 */
function checkedSegments(value: string): string[] {
  if (value === '') return [];
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(value) || value.startsWith('/') || value.endsWith('/')) throw badPath();
  const segments = value.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) throw badPath();
  return segments;
}

const kindOf = (name: string): 'image' | 'other' =>
  previewTypes[path.extname(name).toLowerCase()] ? 'image' : 'other';

function sortEntries(entries: FileEntry[], sort: FileSort, order: 'asc' | 'desc'): FileEntry[] {
  const direction = order === 'asc' ? 1 : -1;
  const byName = (a: FileEntry, b: FileEntry) =>
    a.name.localeCompare(b.name, 'fr', { sensitivity: 'base', numeric: true });
  const compare = (a: FileEntry, b: FileEntry): number => {
    if (sort === 'taille') return (a.size ?? 0) - (b.size ?? 0) || byName(a, b);
    if (sort === 'date') return (a.modifiedAt ?? '').localeCompare(b.modifiedAt ?? '') || byName(a, b);
    return byName(a, b);
  };
  // Folders first, whatever the order.
  return [...entries].sort((a, b) =>
    a.kind === 'folder' && b.kind !== 'folder'
      ? -1
      : b.kind === 'folder' && a.kind !== 'folder'
        ? 1
        : direction * compare(a, b),
  );
}

/**
 * The file manager's stores, as upload-access.ts and email-files.routes.ts let each user see them:
 * - uploads: the `uploads` table's files (<folder>/<id>/<name>), shown by folder; a user sees their own
 *   files not yet in a record, and the files of the records they may read; an administrator all;
 * - media: the uploads' veille-media folder, to whoever may read media monitoring items, by the same rule;
 * - emails: one folder per mail of the log carrying attachments, to an administrator or whoever may read
 *   the mail's project; read only.
 */
export function createFileManager(db: Database, hooksOf: HooksLookup, uploadsDir: string) {
  const { scoped } = createRecordScope(hooksOf);

  /** Of these uploads, those the actor may read (upload-access.ts's rule, for many at once). */
  async function readable(actor: Actor, rows: Upload[]): Promise<Upload[]> {
    if (actor.isAdmin || rows.length === 0) return rows;
    const links = await db
      .select()
      .from(uploadLinks)
      .where(
        inArray(
          uploadLinks.uploadId,
          rows.map(({ id }) => id),
        ),
      );
    const seen = new Set<number>();
    const byResource = new Map<string, number[]>();
    for (const link of links) byResource.set(link.resource, [...(byResource.get(link.resource) ?? []), link.recordId]);
    const readableRecords = new Set<string>();
    for (const [resource, ids] of byResource) {
      if (!findResource(resource) || !resourceTables.has(resource) || !can(actor, resource, 'show')) continue;
      const found = await rowsOf<{ id: number }>(
        db,
        sql`select r.id from ${scoped(resource, actor)} r where r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const { id } of found) readableRecords.add(`${resource}/${id}`);
    }
    const linked = new Set(links.map((link) => link.uploadId));
    for (const link of links) if (readableRecords.has(`${link.resource}/${link.recordId}`)) seen.add(link.uploadId);
    return rows.filter((row) => seen.has(row.id) || (!linked.has(row.id) && row.ownerId === actor.id));
  }

  async function liveUploads(prefix: string): Promise<Upload[]> {
    const rows = await db
      .select()
      .from(uploads)
      .where(and(like(uploads.path, `${prefix}%`), isLive(uploads)));
    return rows.filter((row) => uploadPathPattern.test(row.path));
  }

  const uploadEntry = (actor: Actor, row: Upload, store: FileStore): FileEntry => {
    const name = path.basename(row.path);
    const inStore = store === 'media' ? row.path.slice(MEDIA_FOLDER.length + 1) : row.path;
    return {
      name,
      path: inStore,
      kind: kindOf(name),
      size: row.size,
      modifiedAt: row.updatedAt.toISOString(),
      url:
        store === 'media'
          ? routePath('media.file', { chemin: inStore })
          : routePath('uploads.file', { chemin: row.path }),
      editable: actor.isAdmin || row.ownerId === actor.id,
    };
  };

  function mayUpload(actor: Actor, folder: string): boolean {
    try {
      authorizeUploadFolder(actor, folder);
      return true;
    } catch {
      return false;
    }
  }

  function authorizeMedia(actor: Actor): void {
    if (!can(actor, MEDIA_FOLDER, 'show')) throw new ApiError(403, 'errors.forbidden');
  }

  /** The mails of the log carrying attachments the actor may read: all to an administrator. */
  async function readableMails(actor: Actor, id?: number) {
    if (!actor.isAdmin && !can(actor, projects.slug, 'show')) return [];
    const conditions = [sql`jsonb_array_length(${emailLog.attachments}) > 0`];
    if (id !== undefined) conditions.push(eq(emailLog.id, id));
    if (!actor.isAdmin) {
      conditions.push(isNotNull(emailLog.projectId));
      conditions.push(sql`${emailLog.projectId} in (select p.id from ${scoped(projects.slug, actor)} p)`);
    }
    return db
      .select({ id: emailLog.id, subject: emailLog.subject, date: emailLog.date, attachments: emailLog.attachments })
      .from(emailLog)
      .where(and(...conditions))
      .orderBy(desc(emailLog.date))
      .limit(500);
  }

  async function list(
    actor: Actor,
    store: FileStore,
    folder: string,
    sort: FileSort,
    order: 'asc' | 'desc',
  ): Promise<FileListing> {
    const segments = checkedSegments(folder);
    let entries: FileEntry[] = [];
    let canUpload = false;
    if (store === 'uploads') {
      if (segments.length > 1 || (segments[0] !== undefined && !folderPattern.test(segments[0]))) throw notFound();
      const visible = await readable(actor, await liveUploads(segments[0] === undefined ? '' : `${segments[0]}/`));
      if (segments.length === 0) {
        const folders = new Map<string, Upload[]>();
        for (const row of visible) {
          const top = row.path.split('/')[0]!;
          folders.set(top, [...(folders.get(top) ?? []), row]);
        }
        entries = [...folders.keys()].map((name) => ({
          name,
          path: name,
          kind: 'folder',
          size: null,
          modifiedAt: null,
          url: null,
          editable: false,
        }));
      } else {
        entries = visible.map((row) => uploadEntry(actor, row, store));
      }
      // At the root, a file goes into the file manager's own folder; a resource's, to who may fill its files.
      canUpload = mayUpload(actor, segments[0] ?? FILE_MANAGER_FOLDER);
    } else if (store === 'media') {
      authorizeMedia(actor);
      if (segments.length > 0) throw notFound();
      entries = (await readable(actor, await liveUploads(`${MEDIA_FOLDER}/`))).map((row) =>
        uploadEntry(actor, row, store),
      );
    } else {
      if (segments.length > 1 || (segments[0] !== undefined && !mailFolderPattern.test(segments[0]))) throw notFound();
      if (segments.length === 0) {
        entries = (await readableMails(actor)).map((mail) => ({
          name: `${mail.id} – ${mail.subject}`,
          path: String(mail.id),
          kind: 'folder',
          size: null,
          modifiedAt: mail.date.toISOString(),
          url: null,
          editable: false,
        }));
      } else {
        const [mail] = await readableMails(actor, Number(segments[0]));
        if (!mail) throw notFound();
        entries = await Promise.all(
          mail.attachments.map(async (attachment) => {
            const found = await stat(storedFilePath(uploadsDir, attachment.path)).catch(() => null);
            return {
              name: attachment.name,
              path: `${mail.id}/${attachment.name}`,
              kind: kindOf(attachment.name),
              size: found?.size ?? null,
              modifiedAt: mail.date.toISOString(),
              url: routePath('emails.file', { chemin: `${mail.id}/${attachment.name}` }),
              editable: false,
            } satisfies FileEntry;
          }),
        );
      }
    }
    return { store, folder, canUpload, entries: sortEntries(entries, sort, order) };
  }

  /** A file of the store the actor may read, as its stored path under the uploads folder. */
  async function readableFile(
    actor: Actor,
    store: FileStore,
    filePath: string,
  ): Promise<{ stored: string; upload?: Upload }> {
    const segments = checkedSegments(filePath);
    if (store === 'emails') {
      if (segments.length !== 2 || !mailFolderPattern.test(segments[0]!)) throw notFound();
      const [mail] = await readableMails(actor, Number(segments[0]));
      const attachment = mail?.attachments.find((file) => file.name === segments[1]);
      if (!attachment) throw notFound();
      return { stored: attachment.path };
    }
    if (store === 'media') authorizeMedia(actor);
    const stored = store === 'media' ? `${MEDIA_FOLDER}/${filePath}` : filePath;
    if (!uploadPathPattern.test(stored)) throw notFound();
    const [upload] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.path, stored), isLive(uploads)));
    if (!upload || (await readable(actor, [upload])).length === 0) throw notFound();
    return { stored, upload };
  }

  /** A file's path checked on disk: a plain file (no link) inside its own folder of the uploads folder. */
  async function onDisk(stored: string): Promise<string> {
    const file = storedFilePath(uploadsDir, stored);
    const found = await lstat(file).catch(() => null);
    if (!found?.isFile()) throw notFound();
    const root = await realpath(uploadsDir);
    const folder = await realpath(path.dirname(file));
    if (folder !== path.join(root, path.dirname(stored))) throw notFound();
    return file;
  }

  /**
   * What names this upload, as the refusal says it: the live records naming it in a file field
   * (upload_links), and those whose rich text links to it. A record the actor may not read is named
   * by its kind only.
   */
  async function linksTo(actor: Actor, upload: Upload, locale: Locale): Promise<string[]> {
    const found = new Map<string, Set<number>>();
    const add = (resource: string, id: number) => found.set(resource, (found.get(resource) ?? new Set()).add(id));
    for (const link of await db.select().from(uploadLinks).where(eq(uploadLinks.uploadId, upload.id))) {
      add(link.resource, link.recordId);
    }
    const address = routePath('uploads.file', { chemin: upload.path });
    const mediaAddress = upload.path.startsWith(`${MEDIA_FOLDER}/`)
      ? routePath('media.file', { chemin: upload.path.slice(MEDIA_FOLDER.length + 1) })
      : null;
    for (const definition of resources) {
      const table = resourceTables.get(definition.slug);
      if (!table) continue;
      const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
      const richText = Object.entries(definition.fields)
        .filter(([name, field]) => field.kind === 'richtext' && columns[name])
        .map(([name]) => columns[name]!);
      if (richText.length === 0 || !columns.id) continue;
      const mentions = richText.flatMap((column) => [
        sql`position(${address} in ${column}) > 0`,
        ...(mediaAddress ? [sql`position(${mediaAddress} in ${column}) > 0`] : []),
      ]);
      const rows = await db
        .select({ id: columns.id })
        .from(table)
        .where(and(sql`(${sql.join(mentions, sql` or `)})`, isLive(table as never)));
      for (const { id } of rows) add(definition.slug, Number(id));
    }
    const names: string[] = [];
    for (const [resource, ids] of found) {
      const definition = findResource(resource);
      const table = resourceTables.get(resource);
      if (!definition || !table) continue;
      const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
      const live = await db
        .select()
        .from(table)
        .where(and(inArray(columns.id!, [...ids]), isLive(table as never)));
      const kind = translate(locale, `resources.${resource}.singular`);
      const seen =
        can(actor, resource, 'show') && live.length > 0
          ? new Set(
              (
                await rowsOf<{ id: number }>(
                  db,
                  sql`select r.id from ${scoped(resource, actor)} r where r.id in (${sql.join(
                    live.map((row) => sql`${(row as { id: number }).id}`),
                    sql`, `,
                  )})`,
                )
              ).map(({ id }) => Number(id)),
            )
          : new Set<number>();
      for (const row of live as Record<string, unknown>[]) {
        names.push(
          seen.has(Number(row.id))
            ? translate(locale, 'file_manager.linked_record', { kind, title: recordTitle(definition, row) })
            : translate(locale, 'file_manager.hidden_record', { kind }),
        );
      }
    }
    return names;
  }

  /** An upload the actor may change: theirs, or any for an administrator, and named by no record. */
  async function changeable(actor: Actor, store: FileStore, filePath: string, locale: Locale, refusal: string) {
    if (store === 'emails') throw new ApiError(400, 'errors.file_manager.read_only');
    const { stored, upload } = await readableFile(actor, store, filePath);
    if (!upload) throw notFound();
    if (!actor.isAdmin && upload.ownerId !== actor.id) throw new ApiError(403, 'errors.file_manager.not_owner');
    const names = await linksTo(actor, upload, locale);
    if (names.length > 0) throw new ApiError(409, refusal, {}, { values: { records: names.join(', ') } });
    return { stored, upload, file: await onDisk(stored) };
  }

  async function renameFile(actor: Actor, store: FileStore, filePath: string, newName: string, locale: Locale) {
    const { stored, upload, file } = await changeable(
      actor,
      store,
      filePath,
      locale,
      'errors.file_manager.linked_rename',
    );
    const name = safeFileName(newName);
    const renamed = `${path.dirname(stored)}/${name}`;
    if (!uploadPathPattern.test(renamed)) throw new ApiError(400, 'errors.upload_name');
    if (renamed === stored) return uploadEntry(actor, upload, store);
    const target = storedFilePath(uploadsDir, renamed);
    if (path.dirname(target) !== path.dirname(file)) throw new ApiError(400, 'errors.upload_name');
    if (await lstat(target).catch(() => null)) throw new ApiError(409, 'errors.file_manager.name_taken');
    const [updated] = await db.transaction(async (tx) => {
      const rows = await tx
        .update(uploads)
        .set({ path: renamed, updatedAt: new Date() })
        .where(eq(uploads.id, upload.id))
        .returning();
      await rename(file, target);
      return rows;
    });
    return uploadEntry(actor, updated!, store);
  }

  async function deleteFile(actor: Actor, store: FileStore, filePath: string, locale: Locale): Promise<void> {
    const { upload, file } = await changeable(actor, store, filePath, locale, 'errors.file_manager.linked_delete');
    await db.transaction(async (tx) => {
      await tx.delete(uploads).where(eq(uploads.id, upload.id));
      await unlink(file);
    });
    // Its own folder (<folder>/<id>/) held it alone.
    await rmdir(path.dirname(file)).catch(() => undefined);
  }

  /** An image of a store, to show in the page: a bitmap the actor may read. */
  async function preview(actor: Actor, store: FileStore, filePath: string) {
    const type = previewTypes[path.extname(filePath).toLowerCase()];
    const { stored } = await readableFile(actor, store, filePath);
    if (!type) throw notFound();
    // A plain file in its own folder, as for a rename: a link planted on the disk shows nothing.
    await onDisk(stored);
    return { stored, type };
  }

  return { list, renameFile, deleteFile, preview };
}
