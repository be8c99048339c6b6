import { z } from 'zod';
import { MAX_INTEGER } from '../../shared/resources/fields';
import { wholeNumber } from '../../shared/api/paging';
import { ApiError } from './api-error';

// The paging schema is the contracts' (src/shared/api), so that the web's client types it too.
export { MAX_PAGE_SIZE, pagingSchema } from '../../shared/api/paging';

/** An id given as a query value or filter: a positive integer a column can hold. */
export const idValue = wholeNumber(1, MAX_INTEGER);
/** An integer filter value. */
export const integerValue = wholeNumber(-MAX_INTEGER - 1, MAX_INTEGER);

/** The longest search or text filter: longer is no use and costs the trigram index. */
const MAX_TERM_LENGTH = 200;
/** A search, or a text filter's value. */
export const termValue = z.string().trim().max(MAX_TERM_LENGTH, 'validation.too_long');

/**
 * Validates a query string against a schema, as parseBody does a body: an empty value counts as
 * absent; the failures become field errors (catalog keys) of a 400.
 */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const given = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''),
  );
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const fieldErrors = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  throw new ApiError(400, 'errors.form', fieldErrors);
}
