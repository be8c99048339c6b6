import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResourceAction } from '../../shared/permissions';
import type { ResourceInputValues } from '../../shared/resources/resource';
import type { RouteName } from '../../shared/routes';
import type { Database } from '../db/database';
import type { Actor } from '../auth/actor';
import type { BehaviourFlag, ResourceStore } from './resource-store';
import type { Mailer } from '../mail/mailer';

/** What a route of a resource's own is given: its database, the engine's store, the mailer, who acts, the request and its reply. */
export interface ResourceRouteContext {
  db: Database;
  store: ResourceStore;
  mailer: Mailer;
  actor: Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A route of a resource's own (spec 2.3's extra routes), declared as data: the engine registers it
 * behind login and the permission, and lists it in the OpenAPI document.
 */
export interface ResourceRoute {
  /** Its name in the shared route table; {resource} stands for the resource's slug. */
  name: RouteName;
  method: 'GET' | 'POST';
  /** The permission it needs on the resource. */
  action: ResourceAction;
  /** Catalog key of what it does, for the API document. */
  summary: string;
  /** The query parameters it reads, each with the catalog key of its description. */
  query?: Record<string, string>;
  /** It takes the resource's record as a JSON body. */
  recordBody?: boolean;
  /** Or this JSON body (its schema, for the API document; the handler parses it). */
  body?: z.ZodType;
  /** The status of a successful reply: 200 unless said. */
  status?: 200 | 201;
  handle(request: FastifyRequest, context: ResourceRouteContext): Promise<unknown>;
}

/** A record command's success message: a catalog key and its placeholders. */
export interface CommandMessage {
  key: string;
  values?: Record<string, string | number>;
  /** A page the browser then loads anew (e.g. the back office as the user logged in as). */
  location?: string;
}

/**
 * The server side of a record command (RecordCommand in the resource's declaration): does it to one
 * record, atomically, and answers its message; throws an ApiError to refuse it.
 */
export type RecordCommandHandler = (id: number, context: ResourceRouteContext) => Promise<CommandMessage>;

/** What a resource's server file may add to the generic engine: business rules and routes of its own. */
export interface ServerResource {
  /**
   * Checks a record inside the write's transaction (id: the record changed, none on create; actor:
   * who writes); throws an ApiError with field errors to refuse it.
   */
  beforeWrite?(tx: Database, values: ResourceInputValues, id: number | undefined, actor: Actor): Promise<void>;
  /**
   * Whether the actor may change these existing records (update, delete, a flag, a command), beyond
   * what their permission on the resource allows: throws a 403 ApiError to refuse, changing nothing.
   */
  authorizeChange?(db: Database, actor: Actor, ids: number[], action: ResourceAction): Promise<void>;
  /**
   * The records the actor may read, as a SQL condition on the resource's columns (undefined: all of
   * them). Every read of the store applies it with the live-row filter: list, count, show, search,
   * reference titles, export, autocomplete; a record outside it answers as one that does not exist.
   */
  readScope?(actor: Actor, columns: Record<string, AnyPgColumn>): SQL | undefined;
  /** Inside the transaction that set a behaviour's flag (published, enabled) on these records. */
  afterFlagChange?(tx: Database, ids: number[], flag: BehaviourFlag, value: boolean): Promise<void>;
  /** Runs once a record is created (outside its transaction), e.g. the new user's password-creation mail. */
  afterCreate?(id: number, context: ResourceRouteContext): Promise<void>;
  routes?: ResourceRoute[];
  /** beforeWrite refuses duplicates: the 400 reply then carries duplicateOf, the existing record's id (OpenAPI). */
  refusesDuplicates?: boolean;
  /** The handlers of the record commands the declaration lists, by command name. */
  commands?: Record<string, RecordCommandHandler>;
}

/** A route's path parameter or query value, as text. */
export const requestValue = (request: FastifyRequest, name: string): string => {
  const params = request.params as Record<string, string | undefined>;
  const query = request.query as Record<string, unknown>;
  return String(params[name] ?? query[name] ?? '').trim();
};
