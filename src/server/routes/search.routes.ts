import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import type { ResourceServices } from '../engine/server-resource';
import { declareRoute } from '../http/api-route';
import { searchQuerySchema } from '../../shared/search/search';
import { searchEverything } from '../search/global-search';

/**
 * GET /api/recherche?q=: the header's search across everything (docs/search.md). Any logged-in user
 * may ask; each kind is searched only when they may list its resource, within their read scope.
 */
export function registerSearchRoutes(
  app: FastifyInstance,
  { db, store }: Pick<ResourceServices, 'db' | 'store'>,
): void {
  declareRoute(app, {
    name: 'api.search',
    method: 'GET',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('account', 'search', {
        access: 'read',
        errors: [400, 401],
        parameters: tools.queryParameters(searchQuerySchema),
      }),
    handler: async (request) => ({
      items: await searchEverything(db, store, actorOf(currentAuth(request)), request.query.q),
    }),
  });
}
