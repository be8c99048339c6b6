import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contractOf, type ContractOf } from '../../shared/api/contracts';
import type { Operation } from '../../shared/api/contract';
import { routePattern, type RouteName } from '../../shared/routes';
import type { OpenApiTools, OperationDoc } from './openapi-tools';
import { parseQuery } from './paging';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** What the server validates before the handler runs (a 400 in French otherwise). */
export interface RouteSchemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
export type ApiRequest<S extends RouteSchemas> = FastifyRequest<{
  Body: Parsed<S['body']>;
  Params: Parsed<S['params']>;
  Querystring: Parsed<S['query']>;
}>;
type MethodIn<M> = M extends readonly (infer Each)[] ? Each : M;
/** The schemas a route's handler receives parsed: its own (a resource's), else its contract's. */
type SchemasOf<N extends RouteName, M, S> = [S] extends [RouteSchemas]
  ? S
  : ContractOf<N, MethodIn<M> & HttpMethod> extends infer O extends Operation
    ? O
    : RouteSchemas;

/**
 * An API route, declared once: declareRoute registers it with Fastify and keeps it for the OpenAPI
 * document. Its input and reply are its contract's (src/shared/api/, by route name and method).
 */
export interface ApiRoute<
  N extends RouteName = RouteName,
  M extends HttpMethod | readonly HttpMethod[] = HttpMethod | readonly HttpMethod[],
  S extends RouteSchemas | undefined = RouteSchemas | undefined,
> {
  name: N;
  /** Path parameters the declaration fixes (a resource's slug); "*" keeps the rest of the path. */
  fixed?: Record<string, string>;
  method: M;
  /** A resource's own schemas, narrower than the contract's generic ones (its fields, its history kinds). */
  schemas?: S;
  /**
   * Fastify's own options: onRequest (who may call it: checked before the body is read and the input
   * validated, so a refused caller gets its 401 or 403, never a 400 telling the input's shape), bodyLimit…
   */
  options?: Omit<RouteShorthandOptions, 'schema'>;
  /** Its OpenAPI operation, for each of its methods; the success reply comes from the contract unless given. */
  document(tools: OpenApiTools, method: HttpMethod): OperationDoc;
  handler(request: ApiRequest<SchemasOf<N, M, S>>, reply: FastifyReply): unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared through declareRoute, in order: the OpenAPI document's source. */
    apiRoutes: ApiRoute[];
  }
}

/** The schemas a route validates with for a method: the declaration's own, else its contract's. */
export function routeSchemas(route: { name: RouteName; schemas?: RouteSchemas }, method: HttpMethod): RouteSchemas {
  return { ...contractOf(route.name, method), ...route.schemas };
}

export function declareRoute<
  N extends RouteName,
  M extends HttpMethod | readonly HttpMethod[],
  S extends RouteSchemas | undefined = undefined,
>(app: FastifyInstance, route: ApiRoute<N, M, S>): void {
  const methods = ([] as HttpMethod[]).concat(route.method);
  // Both methods of a route share its contract (POST and PUT doing the same save).
  const { body, params, query } = routeSchemas(route, methods[0]!);
  app.withTypeProvider<ZodTypeProvider>().route({
    ...route.options,
    method: methods,
    url: routePattern(route.name, route.fixed),
    schema: { ...(body && { body }), ...(params && { params }) },
    // The query as parseQuery reads it (an empty value is absent, a failure a French 400); ?locale=,
    // which any route takes, is kept.
    ...(query && {
      preValidation: [
        ...([] as unknown[]).concat(route.options?.preValidation ?? []),
        async (request: FastifyRequest) => {
          const { locale } = request.query as { locale?: unknown };
          const parsed = parseQuery(query, request.query) as Record<string, unknown>;
          request.query = locale === undefined ? parsed : { ...parsed, locale };
        },
      ] as RouteShorthandOptions['preValidation'],
    }),
    handler: route.handler as RouteHandlerMethod,
  });
  app.apiRoutes.push(route as unknown as ApiRoute);
}
