import type { z } from 'zod';
import type { RouteName } from '../routes';

export type ContractMethod = 'GET' | 'POST' | 'PUT';

/**
 * One operation of an API route, as zod schemas the server and the web both import: the server
 * validates params, query and body with them before the handler (a 400 otherwise) and documents
 * the operation from them; the web's client takes its input and reply types from them.
 */
export interface Operation {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a file's bytes (application/octet-stream; a Blob from the web), not JSON. */
  upload?: true;
  /**
   * The JSON of a successful reply. Types and the OpenAPI document only: replies are never checked
   * at run time (a list of 100 000 contacts stays fast). Absent for a reply without content (204).
   */
  reply?: z.ZodType;
  /** It answers a file of these content types (an export): instead of JSON, or beside `reply` when a query asks for one. */
  file?: readonly string[];
  /** A 409 it may answer: the state of the records forbids it (a card moved meanwhile, a ticket still referenced). */
  conflicts?: true;
  /** The status of a successful reply: 200 unless said. */
  status?: 200 | 201 | 202 | 204;
}

/** A route's operations by method; the same object under two methods when both do the same (POST and PUT). */
export type RouteContract = Partial<Record<ContractMethod, Operation>>;

/** A feature's contracts, keyed by the shared route names (src/shared/routes.ts). */
export const defineContracts = <const C extends { [N in RouteName]?: RouteContract }>(contracts: C): C => contracts;

/** An operation: `satisfies` keeps its exact schemas' types. */
export const operation = <const O extends Operation>(spec: O): O => spec;
