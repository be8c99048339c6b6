import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import type { HooksLookup } from '../engine/record-scope';
import { declareRoute } from '../http/api-route';
import { requestLocale } from '../http/request-locale';
import { createFileManager } from './file-manager';
import { sendStoredFile } from './stored-file';

/**
 * The file manager pop-up's API (docs/file-manager.md): a store's folder, an image's preview, an
 * upload renamed or deleted. Files are sent with POST /api/televersements (uploads.routes.ts), within
 * the sender's quota.
 */
export function registerFileManagerRoutes(
  app: FastifyInstance,
  db: Database,
  hooksOf: HooksLookup,
  uploadsDir: string,
): void {
  const files = createFileManager(db, hooksOf, uploadsDir);

  declareRoute(app, {
    name: 'api.file_manager.list',
    method: 'GET',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('files', 'file_manager_list', { access: 'read', errors: [400, 401, 403, 404] }),
    handler: (request) => {
      const { magasin, dossier, tri, ordre } = request.query;
      return files.list(actorOf(currentAuth(request)), magasin, dossier, tri, ordre);
    },
  });

  declareRoute(app, {
    name: 'api.file_manager.preview',
    method: 'GET',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('files', 'file_manager_preview', { access: 'read', errors: [400, 401, 403, 404] }),
    handler: async (request, reply) => {
      const { magasin, chemin } = request.query;
      const { stored, type } = await files.preview(actorOf(currentAuth(request)), magasin, chemin);
      return sendStoredFile(reply, uploadsDir, stored, { inline: type });
    },
  });

  declareRoute(app, {
    name: 'api.file_manager.rename',
    method: 'POST',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('files', 'file_manager_rename', { access: 'write', errors: [400, 401, 403, 404, 409] }),
    handler: (request) => {
      const { magasin, chemin, nom } = request.body;
      return files.renameFile(actorOf(currentAuth(request)), magasin, chemin, nom, requestLocale(request));
    },
  });

  declareRoute(app, {
    name: 'api.file_manager.delete',
    method: 'POST',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('files', 'file_manager_delete', { access: 'write', errors: [400, 401, 403, 404, 409] }),
    handler: async (request, reply) => {
      const { magasin, chemin } = request.body;
      await files.deleteFile(actorOf(currentAuth(request)), magasin, chemin, requestLocale(request));
      return reply.code(204).send();
    },
  });
}
