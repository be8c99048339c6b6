import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomain, resolvedCatalog } from '../../shared/i18n/catalog';
import { routePattern } from '../../shared/routes';
import { ApiError } from '../http/api-error';
import { requestLocale } from '../http/request-locale';

/**
 * GET /translations/{domain}.{json|js}: a catalog for scripts, French by default, English filling
 * gaps; /translations/.{json|js} gives the default domain, messages (spec 2.3).
 */
export function registerTranslationRoutes(app: FastifyInstance): void {
  const handler = async (
    request: FastifyRequest<{ Params: { domain?: string; _format: string } }>,
    reply: FastifyReply,
  ) => {
    const { domain = 'messages', _format: format } = request.params;
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
  };
  app.get(routePattern('translations'), handler);
  app.get(routePattern('translations.default'), handler);
}
