import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contractOf, type ContractOf } from '../../shared/api/contracts';
import type { Operation } from '../../shared/api/contract';
import { isRecordIdParameter, routePattern, type ParsedPathParams, type RouteName } from '../../shared/routes';
import { ApiError } from './api-error';
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
/**
 * The request a route's handler gets: its body, query and path parameters parsed. Path parameters are
 * those its schemas declare, else its path's (record ids as numbers, the others as text).
 */
export type ApiRequest<S extends RouteSchemas, N extends RouteName = never> = FastifyRequest<{
  Body: Parsed<S['body']>;
  Params: S['params'] extends z.ZodType ? z.output<S['params']> : [N] extends [never] ? unknown : ParsedPathParams<N>;
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
  /** Catalog key of the 404 when a record id of its path is not a positive integer: errors.not_found unless said. */
  notFound?: string;
  /** Its OpenAPI operation, for each of its methods; the success reply comes from the contract unless given. */
  document(tools: OpenApiTools, method: HttpMethod): OperationDoc;
  handler(request: ApiRequest<SchemasOf<N, M, S>, N>, reply: FastifyReply): unknown;
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
  const notFound = route.notFound ?? 'errors.not_found';
  app.withTypeProvider<ZodTypeProvider>().route({
    ...route.options,
    method: methods,
    url: routePattern(route.name, route.fixed),
    schema: { ...(body && { body }), ...(params && { params }) },
    preValidation: [
      ...([] as unknown[]).concat(route.options?.preValidation ?? []),
      // Record ids of the path as numbers; anything else in their place names no record (404).
      ...(params
        ? []
        : [
            async (request: FastifyRequest) => {
              const values = request.params as Record<string, string | number>;
              for (const [name, value] of Object.entries(values)) {
                if (!isRecordIdParameter(name)) continue;
                if (!/^\d{1,9}$/.test(String(value))) throw new ApiError(404, notFound);
                values[name] = Number(value);
              }
            },
          ]),
      // The query as parseQuery reads it (an empty value is absent, a failure a French 400); ?locale=,
      // which any route takes, is kept.
      ...(query
        ? [
            async (request: FastifyRequest) => {
              const { locale } = request.query as { locale?: unknown };
              const parsed = parseQuery(query, request.query) as Record<string, unknown>;
              request.query = locale === undefined ? parsed : { ...parsed, locale };
            },
          ]
        : []),
    ] as RouteShorthandOptions['preValidation'],
    handler: route.handler as RouteHandlerMethod,
  });
  app.apiRoutes.push(route as unknown as ApiRoute);
}
