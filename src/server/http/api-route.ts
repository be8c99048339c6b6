import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { routePattern, type RouteName } from '../../shared/routes';
import type { OpenApiTools, OperationDoc } from './openapi-tools';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** What Fastify validates before the handler runs (a 400 in French otherwise). */
export interface RouteSchemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}
type Parsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : unknown;
export type ApiRequest<S extends RouteSchemas> = FastifyRequest<{
  Body: Parsed<S['body']>;
  Params: Parsed<S['params']>;
  Querystring: Parsed<S['query']>;
}>;

/**
 * An API route, declared once: declareRoute registers it with Fastify and keeps it for the OpenAPI
 * document, which describes it from the same declaration (its schemas, and what `document` says).
 */
export interface ApiRoute<S extends RouteSchemas = RouteSchemas> {
  name: RouteName;
  /** Path parameters the declaration fixes (a resource's slug); "*" keeps the rest of the path. */
  fixed?: Record<string, string>;
  method: HttpMethod | readonly HttpMethod[];
  schemas?: S;
  /**
   * Fastify's own options: onRequest (who may call it: checked before the body is read and the input
   * validated, so a refused caller gets its 401 or 403, never a 400 telling the input's shape), bodyLimit…
   */
  options?: Omit<RouteShorthandOptions, 'schema'>;
  /** Its OpenAPI operation, for each of its methods. */
  document(tools: OpenApiTools, method: HttpMethod): OperationDoc;
  handler(request: ApiRequest<S>, reply: FastifyReply): unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared through declareRoute, in order: the OpenAPI document's source. */
    apiRoutes: ApiRoute[];
  }
}

export function declareRoute<S extends RouteSchemas>(app: FastifyInstance, route: ApiRoute<S>): void {
  const { body, params, query } = route.schemas ?? {};
  app.withTypeProvider<ZodTypeProvider>().route({
    ...route.options,
    method: typeof route.method === 'string' ? route.method : [...route.method],
    url: routePattern(route.name, route.fixed),
    schema: { ...(body && { body }), ...(params && { params }), ...(query && { querystring: query }) },
    handler: route.handler as RouteHandlerMethod,
  });
  app.apiRoutes.push(route as unknown as ApiRoute);
}
