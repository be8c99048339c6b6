import type { FastifyInstance } from 'fastify';
import { routePattern } from '../../shared/routes';
import { ApiError } from './api-error';
import type { HttpMethod } from './api-route';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Fastify's route option marking the answers to a path's other methods (no operation of the API). */
export const methodNotAllowedConfig = { methodNotAllowed: true } as const;

/**
 * A declared path asked with a method it does not have answers 405 with its methods in Allow, as
 * HTTP says, rather than 404 or whatever another route under that path would make of it. Called
 * once every route is declared: paths that differ only by their parameters' names are one path.
 */
export function answerOtherMethods(app: FastifyInstance): void {
  const paths = new Map<string, { url: string; methods: Set<HttpMethod> }>();
  for (const route of app.apiRoutes) {
    const url = routePattern(route.name, route.fixed);
    const key = url.replace(/:[^/]+/g, ':');
    const path = paths.get(key) ?? { url, methods: new Set<HttpMethod>() };
    for (const method of ([] as HttpMethod[]).concat(route.method)) path.methods.add(method);
    paths.set(key, path);
  }
  for (const { url, methods } of paths.values()) {
    const others = METHODS.filter((method) => !methods.has(method as HttpMethod));
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    app.route({
      method: others,
      url,
      config: methodNotAllowedConfig,
      handler: async (_request, reply) => {
        reply.header('allow', allow);
        throw new ApiError(405, 'errors.method_not_allowed');
      },
    });
  }
}
