import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** A parsed JSON body or query string: not a file's bytes or stream, which the check leaves alone. */
const isParsedObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !ArrayBuffer.isView(value) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/** Half of a UTF-16 pair alone (\uD800–\uDFFF): a JSON escape can carry it, no UTF-8 text or jsonb value holds it. */
const loneSurrogate = /\p{Cs}/u;

/** Whether a text anywhere in a value holds a NUL character (PostgreSQL cannot store it) or a lone surrogate. */
function holdsRefused(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || loneSurrogate.test(value);
  if (Array.isArray(value)) return value.some(holdsRefused);
  if (isParsedObject(value)) {
    return Object.entries(value).some(([key, inner]) => holdsRefused(key) || holdsRefused(inner));
  }
  return false;
}

/**
 * Checks made on every request before its own validation: a query parameter given twice (which
 * would reach a handler as an array) and a NUL character or a lone surrogate in the path, the query
 * or a JSON body are refused with a French 400, rather than failing deep in a handler or in the
 * database.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const repeated = Object.keys(query).find((name) => Array.isArray(query[name]));
    if (repeated !== undefined) {
      throw new ApiError(400, 'errors.repeated_parameter', {}, { values: { name: repeated } });
    }
    if (holdsRefused(request.params) || holdsRefused(query) || holdsRefused(request.body)) {
      throw new ApiError(400, 'errors.invalid_character');
    }
  });
}
