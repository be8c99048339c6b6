import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { can, type ResourceAction } from '../../shared/permissions';
import { routePattern } from '../../shared/routes';
import { themeImageKeys, type ThemeImageKey, type ThemeSettings } from '../../shared/theme/theme.schema';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { storedFilePath } from '../files/stored-file';
import { sendStoredFile } from '../files/stored-file';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { loadSettings, themeSettings, updateSettings } from '../settings/settings';
import { checkThemeImage, imageContentTypes, MAX_THEME_IMAGE_BYTES, type ImageFormat } from '../settings/theme-images';
import { themeStylesheet, themeVersion } from '../settings/theme-stylesheet';

/** The uploads' folder of the theme's images. */
const THEME_FOLDER = 'theme';

/** An image the theme no longer names: removed from the disk, whatever happens (the theme is saved). */
async function removeImage(uploadsDir: string, relative: string | null): Promise<void> {
  if (relative !== null) await rm(storedFilePath(uploadsDir, relative), { force: true }).catch(() => undefined);
}

/** The theme as saved; every page reads it. */
export const loadTheme = (db: Database): Promise<ThemeSettings> => loadSettings(db, themeSettings);

/**
 * The theme editor's routes (administrators only, as the configuration's): GET and PUT
 * /api/configuration/theme, a PUT changing only the keys it sends; POST …/images/{image} with the
 * image as the raw body. Public: /theme.css and /theme/images/{image}, which every page (the login
 * page too) reads, cached for good under the theme's version (?v=).
 */
export function registerThemeRoutes(app: FastifyInstance, db: Database, uploadsDir: string): void {
  const allowed = (action: ResourceAction) => async (request: Parameters<typeof currentAuth>[0]) => {
    if (!can(currentAuth(request).user, 'configuration', action)) throw new ApiError(403, 'errors.forbidden');
  };

  declareRoute(app, {
    name: 'api.configuration.theme',
    method: 'GET',
    options: { onRequest: [requireUser, allowed('show')] },
    document: (tools) => tools.operation('service', 'theme_show', { access: 'read', errors: [401, 403] }),
    handler: () => loadTheme(db),
  });

  declareRoute(app, {
    name: 'api.configuration.theme',
    method: 'PUT',
    options: { onRequest: [requireUser, allowed('update')] },
    document: (tools) => tools.operation('service', 'theme_update', { access: 'write', errors: [400, 401, 403] }),
    handler: async (request) => {
      const changes = request.body;
      const { before, after } = await updateSettings(db, themeSettings, (current) => {
        // An image is set by its upload; a PUT may only keep it or take it away (null).
        const imageErrors = Object.fromEntries(
          themeImageKeys
            .filter((key) => changes[key] !== undefined && changes[key] !== null && changes[key] !== current[key])
            .map((key) => [key, 'theme.errors.image_path']),
        );
        if (Object.keys(imageErrors).length > 0) throw new ApiError(400, 'errors.form', imageErrors);
        return { ...current, ...changes };
      });
      for (const key of themeImageKeys) if (after[key] !== before[key]) await removeImage(uploadsDir, before[key]);
      return after;
    },
  });

  declareRoute(app, {
    name: 'api.configuration.theme_image',
    method: 'POST',
    options: { onRequest: [requireUser, allowed('update')], bodyLimit: MAX_THEME_IMAGE_BYTES },
    document: (tools) =>
      tools.operation('service', 'theme_image', { access: 'write', upload: true, errors: [400, 401, 403, 413] }),
    handler: async (request) => {
      const image = request.params.image;
      if (!Buffer.isBuffer(request.body)) throw new ApiError(400, 'theme.errors.not_image');
      const bytes = request.body;
      const { format } = checkThemeImage(image, bytes);
      const relative = `${THEME_FOLDER}/${randomUUID()}.${format}`;
      await mkdir(storedFilePath(uploadsDir, THEME_FOLDER), { recursive: true });
      await writeFile(storedFilePath(uploadsDir, relative), bytes, { flag: 'wx' });
      const { before, after } = await updateSettings(db, themeSettings, (current) => ({
        ...current,
        [image]: relative,
      }));
      await removeImage(uploadsDir, before[image]);
      return after;
    },
  });

  // Cached for good when asked under the current version (the shell's link); otherwise checked again each time.
  const caching = (version: unknown, current: string) =>
    version === current ? 'public, max-age=31536000, immutable' : 'no-cache';

  app.get(routePattern('theme.stylesheet'), async (request, reply) => {
    const theme = await loadTheme(db);
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', caching((request.query as { v?: unknown }).v, themeVersion(theme)))
      .send(themeStylesheet(theme));
  });

  app.get<{ Params: { image: string }; Querystring: { v?: unknown } }>(
    routePattern('theme.image'),
    async (request, reply) => {
      const image = request.params.image as ThemeImageKey;
      if (!themeImageKeys.includes(image)) throw new ApiError(404, 'errors.not_found');
      const theme = await loadTheme(db);
      const relative = theme[image];
      if (relative === null) throw new ApiError(404, 'errors.not_found');
      const format = relative.slice(relative.lastIndexOf('.') + 1) as ImageFormat;
      reply.header('cache-control', caching(request.query.v, themeVersion(theme)));
      return sendStoredFile(reply, uploadsDir, relative, { inline: imageContentTypes[format] });
    },
  );
}
