import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pagePatterns } from '../../shared/page-routes';
import type { RouteName } from '../../shared/routes';
import { requestLocale } from '../http/request-locale';
import { webDistDir } from '../project-root';

export type SendShell = (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>;

/**
 * Sends the built single-page app's shell. Error pages are the same shell with the status in
 * `data-status`, so the app renders the page matching the HTTP status without any inline script.
 * `dress` adds what depends on the service's settings (the theme's stylesheet, icons and title).
 */
export function createShellSender(dress: (shell: string) => Promise<string> = async (shell) => shell): SendShell {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  return async (request, reply, status) => {
    const shell = built && (await dress(built));
    if (!shell) {
      return reply
        .code(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('Web app not built: run "npm run build".');
    }
    const statusAttribute = status === 200 ? '' : ` data-status="${status}"`;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(shell.replace(/<html lang="[^"]*"/, `<html lang="${requestLocale(request)}"${statusAttribute}`));
  };
}

/** Pages that exist only while a setting allows them (registration): 404 otherwise. */
export type PageConditions = Partial<Record<RouteName, () => Promise<boolean>>>;

/** The app's assets, and its shell for every page route of the shared route table. */
export async function registerShellRoutes(
  app: FastifyInstance,
  sendShell: SendShell,
  conditions: PageConditions = {},
): Promise<void> {
  const assetsDir = path.join(webDistDir, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(async (assets) => {
      // Helmet's headers are for documents (the shell has them); on a script or stylesheet they
      // would only add a kilobyte to each of the thirty-odd responses of the first page.
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, securityHeaders: false };
      });
      // Vite puts a content hash in every asset name, so they can be cached for good. The build wrote
      // each one's brotli (.br) and gzip (.gz) copy: sent as they are to a browser that accepts them.
      await assets.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/assets/',
        immutable: true,
        maxAge: '1y',
        lastModified: false,
        preCompressed: true,
        setHeaders: (response) => response.header('x-content-type-options', 'nosniff'),
      });
    });
  }
  for (const { name, pattern } of pagePatterns) {
    const condition = conditions[name];
    app.get(pattern, async (request, reply) =>
      sendShell(request, reply, !condition || (await condition()) ? 200 : 404),
    );
  }
}
