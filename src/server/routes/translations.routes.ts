import type { FastifyInstance } from 'fastify';
import { isDomain, resolvedCatalog } from '../../shared/i18n/catalog';
import { routePattern } from '../../shared/routes';
import { ApiError } from '../http/api-error';
import { requestLocale } from '../http/request-locale';

/** GET /translations/{domain}.{json|js}: a catalog for scripts, French by default, English filling gaps. */
export function registerTranslationRoutes(app: FastifyInstance): void {
  app.get<{ Params: { domain: string; _format: string } }>(routePattern('translations'), async (request, reply) => {
    const { domain, _format: format } = request.params;
    if (!isDomain(domain) || (format !== 'json' && format !== 'js')) throw new ApiError(404, 'errors.pages.404.title');
    const locale = requestLocale(request);
    const catalog = resolvedCatalog(locale, domain);
    reply.header('cache-control', 'no-cache');
    if (format === 'json') return { locale, domain, translations: catalog };
    // Defines the catalog for plain scripts: window.TRANSLATIONS[locale][domain].
    const script =
      `(function(){var t=window.TRANSLATIONS=window.TRANSLATIONS||{};` +
      `t[${JSON.stringify(locale)}]=t[${JSON.stringify(locale)}]||{};` +
      `t[${JSON.stringify(locale)}][${JSON.stringify(domain)}]=${JSON.stringify(catalog)};})();\n`;
    return reply.type('text/javascript; charset=utf-8').send(script);
  });
}
