import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate, type Locale } from '../../shared/i18n/catalog';
import { path as routePath, routePattern } from '../../shared/routes';
import { buildOpenApiDocument, type OpenApiDocument } from '../engine/openapi-document';
import { declareRoute } from '../http/api-route';
import { requestLocale } from '../http/request-locale';

/** The Swagger UI files the docs page loads, served from the swagger-ui-dist package: no CDN. */
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const swaggerUiFiles = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

/**
 * Starts Swagger UI on the document named by the container's data-url. A file, not an inline
 * script, so the CSP (scripts from 'self' only) holds. "Try it out" runs with the browser's session;
 * state-changing requests get the session's CSRF token.
 */
const initializer = `window.addEventListener('load', function () {
  var container = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: container.dataset.url,
    domNode: container,
    deepLinking: true,
    // Each resource's operations open with its heading: the page draws some forty headings, not
    // every operation of every resource.
    docExpansion: 'none',
    validatorUrl: null,
    requestInterceptor: async function (request) {
      if (/^(GET|HEAD|OPTIONS)$/i.test(request.method || 'GET')) return request;
      var session = await fetch(container.dataset.session, { credentials: 'same-origin' });
      if (session.ok) request.headers['X-CSRF-Token'] = (await session.json()).csrfToken;
      return request;
    },
  });
});
`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function docsPage(locale: Locale): string {
  const docs = routePath('api.docs');
  const title = translate(locale, 'openapi.docs_title', { app: translate(locale, 'app.name') });
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="${docs}/assets/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${docs}/assets/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui" data-url="${escapeHtml(routePath('api.openapi', { locale }))}" data-session="${routePath('api.session')}"></div>
    <script src="${docs}/assets/swagger-ui-bundle.js"></script>
    <script src="${docs}/initializer.js"></script>
  </body>
</html>
`;
}

/**
 * GET /api/openapi.json (the document, in the request's language) and GET /api/docs (Swagger UI on
 * it). Both are public: the document holds no data, only what the web app's own code already tells.
 */
export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  const documents = new Map<Locale, OpenApiDocument>();
  declareRoute(app, {
    name: 'api.openapi',
    method: 'GET',
    document: (tools) => tools.operation('service', 'openapi', { access: 'public', errors: [] }),
    // Built on first request, once every route is declared.
    handler: (request) => {
      const locale = requestLocale(request);
      if (!documents.has(locale)) documents.set(locale, buildOpenApiDocument(locale, app.apiRoutes));
      return documents.get(locale);
    },
  });

  const docs = routePattern('api.docs');
  app.get(docs, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(docsPage(requestLocale(request))),
  );
  app.get(`${docs}/initializer.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(initializer),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: `${docs}/assets/`,
    // The shell's static plugin decorates the reply already.
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => swaggerUiFiles.has(pathName.replace(/^\//, '')),
  });
}
