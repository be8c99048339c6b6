import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadPathPattern } from '../../shared/resources/fields';
import { mediaWatch, type LinkPreview } from '../../shared/resources/veille-media.resource';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import type { HooksLookup } from '../engine/resource-store';
import { decodePage, parseOpenGraph } from '../external/open-graph';
import { fetchPublicPage } from '../external/public-page';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { externalServicesSettings, loadSettings } from '../settings/settings';
import { authorizeUploadFolder, readableUpload } from './upload-access';
import { MEGABYTE, recordUpload } from './upload-quota';
import { sendStoredFile } from './stored-file';
import { safeFileName } from './uploads.routes';

/** The images /media serves, by extension: bitmaps only (an SVG may hold a script). */
const imageTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** An article's image taken from its page: no larger than this. */
const MAX_PREVIEW_IMAGE_BYTES = 5 * MEGABYTE;

/** The media store: the uploads' folder of the media monitoring items. */
const MEDIA_FOLDER = mediaWatch.slug;

/**
 * The image of a page's Open Graph data, kept as the actor's upload in the media store, as a form's
 * image field would send it: its path, or null when it cannot be had (not an image, too large, the
 * site failing). An image is a convenience: the item is saved without it.
 */
async function keepImage(
  db: Database,
  uploadsDir: string,
  quotaBytes: number,
  actor: Actor,
  address: string,
  timeoutMs: number,
): Promise<string | null> {
  let image;
  try {
    image = await fetchPublicPage(new URL(address), timeoutMs, 'image/*', MAX_PREVIEW_IMAGE_BYTES);
  } catch {
    return null;
  }
  const type = image.contentType.split(';')[0]!.trim().toLowerCase();
  const extension = Object.entries(imageTypes).find(([, known]) => known === type)?.[0];
  if (!extension || image.body.length === 0) return null;
  const base = path.basename(image.url.pathname).replace(/\.[^.]*$/, '') || 'image';
  const name = safeFileName(`${base.slice(0, 80)}${extension}`);
  const id = randomUUID();
  const own = path.resolve(uploadsDir, MEDIA_FOLDER, id);
  const relative = `${MEDIA_FOLDER}/${id}/${name}`;
  await db.transaction(async (tx) => {
    await recordUpload(tx, { path: relative, ownerId: actor.id, size: image.body.length }, quotaBytes);
    await mkdir(own, { recursive: true });
    await writeFile(path.resolve(own, name), image.body, { flag: 'wx' });
  });
  return relative;
}

/**
 * The media monitoring's routes outside the engine, which need the uploads folder:
 * - GET /media/{chemin}: an item's image, {chemin} its path inside the media store
 *   (`<id>/<name>`), shown inline to whoever may read it (as /uploads would give it), a bitmap only;
 *   any other path, one leading out of the store included, answers as a missing file;
 * - POST /api/veille-media/apercu-lien: a link's Open Graph data (title, description, publication
 *   day, image kept as an upload), the page fetched with the external services' timeout and size
 *   limit, never on the server's own networks.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  db: Database,
  hooksOf: HooksLookup,
  uploadsDir: string,
  quotaBytes: number,
): void {
  declareRoute(app, {
    name: 'media.file',
    fixed: { chemin: '*' },
    method: 'GET',
    options: { onRequest: requireUser },
    schemas: { params: z.object({ '*': z.string() }) },
    document: (tools) => tools.operation('files', 'media_image', { access: 'read', errors: [401, 404] }),
    handler: async (request, reply) => {
      const relative = `${MEDIA_FOLDER}/${request.params['*']}`;
      // Only what an upload into the media store could have made: no "..", no other folder.
      const type = imageTypes[path.extname(relative).toLowerCase()];
      if (!uploadPathPattern.test(relative) || !type) throw new ApiError(404, 'errors.not_found');
      if (!(await readableUpload(db, hooksOf, actorOf(currentAuth(request)), relative))) {
        throw new ApiError(404, 'errors.not_found');
      }
      // Not behind /api/ or /uploads/ (never cached): the browser may keep an image for an hour.
      return sendStoredFile(reply.header('cache-control', 'private, max-age=3600'), uploadsDir, relative, {
        inline: type,
      });
    },
  });

  declareRoute(app, {
    name: 'api.media_watch.link_preview',
    method: 'POST',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('files', 'media_watch_link_preview', { access: 'write', errors: [400, 401, 403, 502] }),
    handler: async (request): Promise<LinkPreview> => {
      const actor = actorOf(currentAuth(request));
      // Whoever may write an item (its create or edit form), as for its image's upload.
      authorizeUploadFolder(actor, MEDIA_FOLDER);
      const { timeoutMs } = await loadSettings(db, externalServicesSettings);
      const page = await fetchPublicPage(new URL(request.body.url), timeoutMs, 'text/html,application/xhtml+xml');
      const found = parseOpenGraph(decodePage(page.body, page.contentType), page.url);
      const image = found.image ? await keepImage(db, uploadsDir, quotaBytes, actor, found.image, timeoutMs) : null;
      return { url: page.url.href, ...found, image };
    },
  });
}
