import type { FastifyInstance } from 'fastify';
import { resources } from '../../shared/resources/registry';
import { path, routePattern } from '../../shared/routes';

/**
 * The list's filter form target and its reset (spec 2.3: filtre-de-recherche, GET with the search
 * criteria; reinitialisation-criteres): the list page keeps its criteria in its own query, so both
 * send the browser there, with the criteria given or with none, from the first page.
 */
export function registerListCriteriaRoutes(app: FastifyInstance): void {
  for (const { slug } of resources) {
    const list = path('admin.resource.list', { resource: slug });
    app.get(routePattern('resource.filter', { resource: slug }), async (request, reply) => {
      const criteria = new URLSearchParams(request.query as Record<string, string>);
      criteria.delete('page');
      const query = criteria.toString();
      return reply.redirect(query ? `${list}?${query}` : list, 303);
    });
    app.get(routePattern('resource.reset_criteria', { resource: slug }), async (_request, reply) =>
      reply.redirect(list, 303),
    );
  }
}
