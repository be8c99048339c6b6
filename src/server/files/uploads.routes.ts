import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadPathPattern, type UploadedFile } from '../../shared/resources/fields';
import { actorOf } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import type { HooksLookup } from '../engine/resource-store';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { authorizeUploadFolder, readableUpload } from './upload-access';
import { MEGABYTE, recordUpload } from './upload-quota';
import { sendStoredFile } from './stored-file';

/** The largest file a form may send. */
export const MAX_UPLOAD_BYTES = 20 * MEGABYTE;

/**
 * Keeps a name readable and harmless on every file system: no folders, no control characters. A
 * name left empty, or "." or "..", which would name the folder itself or the one above, is refused.
 */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).normalize('NFC');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const replaced = base.replace(/[\u0000-\u001f<>:"|?*/]/g, '_');
  const cleaned = replaced.trim().slice(-120);
  if (cleaned === '' || cleaned === '.' || cleaned === '..') throw new ApiError(400, 'errors.upload_name');
  return cleaned;
}

/**
 * Files live in DATA_DIR/uploads (docs/operations.md): POST /api/televersements stores one sent as
 * the raw body, within its sender's quota, unless its folder's resource refuses such a file; GET /uploads/{chemin} gives it back to whoever may read it
 * (upload-access.ts): its sender until a record names it, then whoever may see such a record (its
 * resource's read scope applies: a hidden project's document answers as a missing file).
 */
export function registerUploadRoutes(
  app: FastifyInstance,
  db: Database,
  hooksOf: HooksLookup,
  uploadsDir: string,
  quotaBytes: number,
): void {
  declareRoute(app, {
    name: 'api.upload',
    method: 'POST',
    options: { onRequest: requireUser, bodyLimit: MAX_UPLOAD_BYTES },
    document: (tools) =>
      tools.operation('files', 'upload', {
        access: 'write',
        upload: true,
        parameters: [
          tools.query('dossier', tools.t('parameters.folder'), { type: 'string', pattern: '^[a-z0-9-]{1,60}$' }, true),
          tools.query('nom', tools.t('parameters.file_name'), { type: 'string' }, true),
        ],
        errors: [400, 401, 403, 413],
      }),
    handler: async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const folder = query.dossier ?? '';
      if (!/^[a-z0-9-]{1,60}$/.test(folder) || !Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new ApiError(400, 'errors.upload');
      }
      const body = request.body;
      const actor = actorOf(currentAuth(request));
      authorizeUploadFolder(actor, folder);
      const name = safeFileName(query.nom ?? '');
      // A file the folder's resource refuses (a project's document that is no document) is not kept.
      const refusal = hooksOf(folder).fileRefusal?.(name);
      if (refusal) throw new ApiError(400, refusal);
      const id = randomUUID();
      const own = path.resolve(uploadsDir, folder, id);
      const target = path.resolve(own, name);
      // Checked again where it lands: in its own new folder, never above it nor in its place.
      if (path.dirname(target) !== own) throw new ApiError(400, 'errors.upload_name');
      const relative = `${folder}/${id}/${name}`;
      await db.transaction(async (tx) => {
        await recordUpload(tx, { path: relative, ownerId: actor.id, size: body.length }, quotaBytes);
        await mkdir(own, { recursive: true });
        await writeFile(target, body, { flag: 'wx' });
      });
      const uploaded: UploadedFile = { path: relative, name, size: body.length };
      return reply.code(201).send(uploaded);
    },
  });

  declareRoute(app, {
    name: 'uploads.file',
    fixed: { chemin: '*' },
    method: 'GET',
    options: { onRequest: requireUser },
    schemas: { params: z.object({ '*': z.string() }) },
    document: (tools) =>
      tools.operation('files', 'download', {
        access: 'read',
        errors: [401, 404],
      }),
    handler: async (request, reply) => {
      const relative = request.params['*'];
      // Only paths an upload could have made, and only to whoever may read the file.
      if (!uploadPathPattern.test(relative)) throw new ApiError(404, 'errors.not_found');
      if (!(await readableUpload(db, hooksOf, actorOf(currentAuth(request)), relative))) {
        throw new ApiError(404, 'errors.not_found');
      }
      return sendStoredFile(reply, uploadsDir, relative, { download: path.basename(relative) });
    },
  });
}
