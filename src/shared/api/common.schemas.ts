import { z } from 'zod';
import { recordId } from '../resources/fields';

/** Replies and bodies several features share. */

/** A message for the user, in the request's language. */
export const messageReply = z.object({ message: z.string() });

/** A record as a choice: its id and name. */
export const namedId = z.object({ id: z.number(), name: z.string() });

/** A suggestion of an autocomplete: the value chosen and the label shown. */
export const suggestionReply = z.object({ value: z.number(), label: z.string() });

/** An autocomplete's query: the text typed (absent or blank: no suggestion). */
export const termQuery = z.object({ term: z.string().optional().describe('openapi.parameters.term') });

/** A body naming records (batch actions of a route of its own). */
export const idsBody = z.object({ ids: z.array(recordId) });

/** A page of items: the page's, the total, the page's number and size. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** A JSON object whose properties the reply does not fix: generic by design (the OpenAPI document itself). */
export const anyObject = z.record(z.string(), z.unknown());
