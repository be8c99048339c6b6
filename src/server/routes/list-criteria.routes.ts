import type { FastifyInstance } from 'fastify';
import { resources } from '../../shared/resources/registry';
import { path, routePattern } from '../../shared/routes';

/**
 * The list's filter form target and its reset (spec 2.3: filtre-de-recherche, GET with the search
 * criteria; reinitialisation-criteres), and the tickets' boards' (par-projet/{projet}, global): the
 * page keeps its criteria in its own query, so each sends the browser there, with the criteria given
 * or with none, from the first page.
 */
export function registerListCriteriaRoutes(app: FastifyInstance): void {
  /** Sends the browser to the page with the criteria given, from the first page. */
  const withCriteria = (page: string, requestQuery: unknown) => {
    const criteria = new URLSearchParams(requestQuery as Record<string, string>);
    criteria.delete('page');
    const query = criteria.toString();
    return query ? `${page}?${query}` : page;
  };
  for (const { slug } of resources) {
    const list = path('admin.resource.list', { resource: slug });
    app.get(routePattern('resource.filter', { resource: slug }), async (request, reply) =>
      reply.redirect(withCriteria(list, request.query), 303),
    );
    app.get(routePattern('resource.reset_criteria', { resource: slug }), async (_request, reply) =>
      reply.redirect(list, 303),
    );
  }
  // The boards keep their criteria in their own query too.
  app.get(routePattern('tickets.filter_project'), async (request, reply) => {
    const { projet } = request.params as { projet: string };
    if (!/^\d{1,9}$/.test(projet)) return reply.callNotFound();
    return reply.redirect(withCriteria(path('admin.tickets.board', { projet }), request.query), 303);
  });
  app.get(routePattern('tickets.filter_global'), async (request, reply) =>
    reply.redirect(withCriteria(path('admin.tickets.global_board'), request.query), 303),
  );
}
