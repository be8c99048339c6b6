import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { uploadPathPattern, type UploadedFile } from '../../shared/resources/fields';
import { routePattern } from '../../shared/routes';
import { requireUser } from '../auth/sessions';
import { ApiError } from '../http/api-error';

/** The largest file a form may send. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Keeps a name readable and harmless on every file system: no folders, no control characters. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).normalize('NFC');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*/]/g, '_').trim();
  return cleaned.slice(-120) || 'fichier';
}

/**
 * Files live in DATA_DIR/uploads (docs/operations.md): POST /api/televersements stores one sent as
 * the raw body; GET /uploads/{chemin} gives it back to a logged-in user.
 */
export function registerUploadRoutes(app: FastifyInstance, uploadsDir: string): void {
  app.post(
    routePattern('api.upload'),
    { preHandler: requireUser, bodyLimit: MAX_UPLOAD_BYTES },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const folder = query.dossier ?? '';
      if (!/^[a-z0-9-]{1,60}$/.test(folder) || !Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new ApiError(400, 'errors.upload');
      }
      const name = safeFileName(query.nom ?? '');
      const relative = `${folder}/${randomUUID()}/${name}`;
      const target = path.join(uploadsDir, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, request.body);
      const uploaded: UploadedFile = { path: relative, name, size: request.body.length };
      return reply.code(201).send(uploaded);
    },
  );

  app.get<{ Params: { '*': string } }>(
    routePattern('uploads.file', { chemin: '*' }),
    { preHandler: requireUser },
    async (request, reply) => {
      const relative = request.params['*'];
      // Only paths an upload could have made: nothing climbs out of the folder.
      if (!uploadPathPattern.test(relative)) throw new ApiError(404, 'errors.not_found');
      const file = path.join(uploadsDir, relative);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) throw new ApiError(404, 'errors.not_found');
      const name = path.basename(relative);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', found.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
}
