import type { z } from 'zod';
import { ApiError } from './api-error';

/** Validates a body against a schema; the failures become field errors (catalog keys). */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fieldErrors = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  throw new ApiError(400, 'errors.form', fieldErrors);
}

/** A record id from a path: anything but a positive integer names no record. */
export function parseId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, 'errors.not_found');
  return Number(raw);
}
