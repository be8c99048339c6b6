import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's answers go without Helmet's headers (the hashed assets). */
    securityHeaders?: false;
  }
}

/** The headers Helmet sets for these options: the same for every request, as no directive is a function. */
function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The answers that may depend on the session: the API's (JSON, exports) and the uploaded files. */
const sessionDependent = (url: string) => /^\/(api|uploads)(\/|\?|$)/.test(url);

/**
 * Helmet's headers on every answer but those of routes that opt out, computed once at start:
 * @fastify/helmet built Helmet's middleware again (parsing the policy) for each request, 4 % of
 * the server's time under load. Every answer that may depend on the session is `no-store` besides
 * (set first, a public route may say otherwise), so no browser or proxy cache keeps one user's data
 * for the next; the shell stays `no-cache` and the hashed assets cached for good.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
    if (sessionDependent(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
