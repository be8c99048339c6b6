import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceAction } from '../../shared/permissions';
import type { ResourceInputValues } from '../../shared/resources/resource';
import type { RouteName } from '../../shared/routes';
import type { Locale } from '../../shared/i18n/catalog';
import type { Database } from '../db/database';
import type { Actor } from '../auth/actor';
import type { JobData, JobName, JobQueue } from '../jobs/job-queue';
import type { MailToQueue } from '../mail/mail-delivery';
import type { BehaviourFlag, ResourceStore } from './resource-store';
import type { ResourceOperations } from './resource-operations';
import type { ScopedRows } from './record-scope';
import type { Mailer } from '../mail/mailer';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ApiRequest, RouteSchemas } from '../http/api-route';
import type { ApiError } from '../http/api-error';
import type { ContractMethod, Operation } from '../../shared/api/contract';
import type { ContractName, ContractOf, MethodOf } from '../../shared/api/contracts';

/** Who acts, in which language, logging where: all an operation needs of its caller, HTTP or not. */
export interface OperationContext {
  actor: Actor;
  locale: Locale;
  log: FastifyBaseLogger;
  /**
   * The browser exchange, when there is one: only the commands that change the session itself
   * (log in as) use it, and refuse to run without it.
   */
  session?: { request: FastifyRequest; reply: FastifyReply };
  /**
   * A transaction under way that the operation's write joins (a ticket and its sub-tasks cloned
   * together): its after-commit work is queued in it, so it happens when that transaction commits.
   */
  tx?: Database;
}

/** The app's services a resource's own code (routes, commands) may use. */
export interface ResourceServices {
  db: Database;
  store: ResourceStore;
  mailer: Mailer;
  jobs: JobQueue;
  /**
   * The operations: how a route of a resource's own writes records (permission, rules, audit and
   * after-commit work, as the generic routes); the store is for reads.
   */
  operations: ResourceOperations;
}

/** What a resource's own route or command is given: the services, and who acts. */
export type ResourceContext = ResourceServices & OperationContext;

/** A write that committed: what it did, to which records, by whom. */
export interface RecordChange {
  action: 'create' | 'update' | 'delete';
  ids: number[];
  actor: Actor;
}

/** The job queue within a write's transaction: a job put there runs once the write commits, never if it rolls back. */
export interface TransactionQueue {
  send<N extends JobName>(name: N, data: JobData[N]): Promise<void>;
  /** Queues mails (mail/mail-delivery.ts): sent once the write commits, never if it rolls back. */
  mail(mails: MailToQueue[]): Promise<void>;
}

/** How a resource's own route is called: POST and PUT alike is a save the spec allows either way. */
export type OwnRouteMethod = 'GET' | 'POST' | readonly ['POST', 'PUT'];

/** What every resource's own route declares, whatever its contract. */
interface ResourceRouteBase {
  /** The permission it needs on the resource. */
  action: ResourceAction;
  /**
   * The permissions it also needs on other resources, whose records it reads or writes (a project's
   * gantt: the tickets' list): each checked with `action`, before the handler runs, a 403 if lacking.
   */
  alsoNeeds?: readonly { resource: string; action: ResourceAction }[];
  /** Catalog key of what it does, for the API document. */
  summary: string;
  /** It takes the resource's record as a JSON body (documented with the resource's input schema). */
  recordBody?: boolean;
  /** Catalog key of its 404 when a record id of its path is not a positive integer (errors.not_found unless said). */
  notFound?: string;
  /**
   * Schemas narrower than its contract's, validated instead of them: those of this resource (a
   * merge's choices by field). The handler's input is still typed from the contract: it parses the
   * narrower value again where it needs its type.
   */
  schemas?: RouteSchemas;
}

type OwnOperation<N extends RouteName, M extends ContractMethod> =
  ContractOf<N, M> extends infer O extends Operation ? O : Record<never, never>;
/**
 * What its handler answers: its contract's reply (z.output of the reply schema), nothing for a reply
 * without content, and whatever it sends for a file route (a route without a contract, or one
 * answering a file instead of JSON).
 */
type OwnReply<O> = O extends { reply: infer R extends z.ZodType }
  ? z.output<R> | (O extends { file: readonly string[] } ? FileBody : never)
  : O extends { file: readonly string[] }
    ? unknown
    : [keyof O] extends [never]
      ? unknown
      : void;

/** A file a route sends instead of its JSON when a query asks for one (a report's spreadsheet). */
type FileBody = Readable | Buffer | string;

/** One route name and method: its handler gets its contract's parsed input and answers its reply. */
interface ResourceRouteOf<
  N extends RouteName,
  M extends ContractMethod,
  Method extends OwnRouteMethod,
> extends ResourceRouteBase {
  /** Its name in the shared route table; {resource} stands for the resource's slug. */
  name: N;
  method: Method;
  handle(request: OwnRequest<N, M>, context: ResourceContext): Promise<OwnReply<OwnOperation<N, M>>>;
}

type ApiRouteName = Extract<RouteName, `api.${string}`>;
/**
 * A route of a resource's own (spec 2.3's extra routes), declared as data: the engine registers it
 * behind login and the permission, and lists it in the OpenAPI document. One type per route name and
 * method, so an object literal's `handle` is typed from the contract its `name` and `method` pick.
 */
export type ResourceRoute = { [N in ApiRouteName]: RoutesOf<N> }[ApiRouteName];
type RoutesOf<N extends RouteName> = N extends ContractName
  ? | ('GET' extends MethodOf<N> ? ResourceRouteOf<N, 'GET', 'GET'> : never)
    | ('POST' extends MethodOf<N> ? ResourceRouteOf<N, 'POST', 'POST' | readonly ['POST', 'PUT']> : never)
  : ResourceRouteOf<N, never, OwnRouteMethod>;

/**
 * The request a route's handler gets, for a helper it hands it to, or for a handler whose name has a
 * GET and a POST-and-PUT route (the method's array does not pick the contract: it says it itself).
 */
export type OwnRequest<N extends RouteName, M extends ContractMethod> = ApiRequest<OwnOperation<N, M>, N>;

/** Any resource route as the engine calls it: the request validated, its input not typed. */
export type AnyResourceRoute = ResourceRouteBase & {
  name: RouteName;
  method: OwnRouteMethod;
  handle(request: FastifyRequest, context: ResourceContext): Promise<unknown>;
};

/** Columns an export adds: their headers, and each record's cells, a chunk of records at a time. */
export interface ExportColumns {
  header: string[];
  cellsOf(ids: number[]): Promise<Map<number, string[]>>;
}

/** A record command's success message: a catalog key and its placeholders. */
export interface CommandMessage {
  key: string;
  values?: Record<string, string | number>;
  /** A page the browser then loads anew (e.g. the back office as the user logged in as). */
  location?: string;
}

/** Field errors of a record, by field path ("lastName", "structures.0.contactType"): catalog keys. */
export type FieldErrors = Record<string, string>;

/** A record about to be written: a new one (id null), or the values an existing one is given. */
export interface PendingRecord {
  id: number | null;
  values: ResourceInputValues;
}

/** Why a record is refused: its field errors, their {{placeholders}}, and more of the reply (duplicateOf). */
export interface RecordRefusal {
  fieldErrors: FieldErrors;
  values?: Record<string, string | number>;
  data?: Record<string, unknown>;
}

/** A beforeChange made of a check of each record in turn, for rules that read one record at a time. */
export function eachRecord(
  check: (tx: Database, record: PendingRecord, actor: Actor) => Promise<RecordRefusal | null>,
): NonNullable<ServerResource['beforeChange']> {
  return async (tx, records, actor) => {
    const refusals: (RecordRefusal | null)[] = [];
    for (const record of records) refusals.push(await check(tx, record, actor));
    return refusals;
  };
}

/** The refusal of a record by its field errors, or null when there are none. */
export const refusalOf = (fieldErrors: FieldErrors): RecordRefusal | null =>
  Object.keys(fieldErrors).length > 0 ? { fieldErrors } : null;

/**
 * The server side of a record command (RecordCommand in the resource's declaration): does it to one
 * record, atomically, and answers its message; throws an ApiError to refuse it.
 */
export type RecordCommandHandler = (id: number, context: ResourceContext) => Promise<CommandMessage>;

/** What a resource's server file may add to the generic engine: business rules and routes of its own. */
export interface ServerResource {
  /**
   * The pure checks of one record's values (no database): its field errors, as catalog keys. May
   * throw an ApiError to refuse the whole write (a 403).
   */
  validate?(values: ResourceInputValues, context: { id: number | null; actor: Actor }): FieldErrors | void;
  /**
   * The files its file fields refuse, by name: the catalog key saying why, or nothing. Asked by the
   * upload route before a file sent into the resource's folder is stored (a refused file is never
   * kept), and by `validate` for the record.
   */
  fileRefusal?(name: string): string | undefined;
  /**
   * The database checks of records about to be written, and the values they derive, in the write's
   * transaction, a batch at a time: a form writes one record, the import assistant thousands, through
   * the same rules. Answers each record's refusal, or null; may throw an ApiError to refuse the whole
   * write.
   */
  beforeChange?(tx: Database, records: PendingRecord[], actor: Actor): Promise<(RecordRefusal | null)[]>;
  /**
   * Whether the actor may change these existing records (update, delete, a flag, a command), beyond
   * what their permission on the resource allows: throws a 403 ApiError to refuse, changing nothing.
   */
  authorizeChange?(db: Database, actor: Actor, ids: number[], action: ResourceAction): Promise<void>;
  /**
   * The records the actor may read, as a SQL condition on the resource's columns (undefined: all of
   * them). Every read of the store applies it with the live-row filter: list, count, show, search,
   * reference titles, export, autocomplete; a record outside it answers as one that does not exist.
   * `scoped` gives another resource's readable rows, to build on its scope (notifications: their
   * tickets'). A child resource (its declaration's `parent`) without one is read as its parent.
   */
  readScope?(actor: Actor, columns: Record<string, AnyPgColumn>, scoped: ScopedRows): SQL | undefined;
  /** Inside the transaction that set a behaviour's flag (published, enabled) on these records. */
  afterFlagChange?(tx: Database, ids: number[], flag: BehaviourFlag, value: boolean): Promise<void>;
  /** Inside the transaction that soft-deleted these records (a deleted user's sessions end). */
  afterDelete?(tx: Database, ids: number[]): Promise<void>;
  /**
   * The effects of a write that must follow its commit (a mail, a notification), put on the job
   * queue within the write's transaction: they happen once it commits, exactly then, and a crash
   * after the commit does not lose them. Writes by the operations layer (forms, API, jobs) only.
   */
  afterCommit?(change: RecordChange, queue: TransactionQueue): Promise<void>;
  routes?: ResourceRoute[];
  /**
   * The resource's own list criteria (those its definition's `listCriteria` names, e.g. projet's
   * `caracteristique[12]`): the condition each puts on the list, its count and export.
   */
  listParams?: {
    /** In the API document: each parameter, its description's catalog key, and whether it is `name[key]=value`. */
    document: { name: string; description: string; deepObject?: boolean }[];
    condition(name: string, value: string, columns: Record<string, AnyPgColumn>, actor: Actor): SQL | undefined;
  };
  /** Columns its export adds after its fields' (projet: the characteristics of its forms). */
  exportColumns?(context: ResourceContext): Promise<ExportColumns>;
  /**
   * The fields of its history's changes the actor may not read (projet: the characteristics of the
   * forms hidden from them): left out of the entries, and an entry left with none is not listed.
   */
  hiddenHistoryFields?(db: Database, actor: Actor): Promise<string[]>;
  /** beforeChange refuses duplicates: the 400 reply then carries duplicateOf, the existing record's id (OpenAPI). */
  refusesDuplicates?: boolean;
  /**
   * Its list's free search puts the records named exactly so first, then those whose name starts
   * with the term, then the rest (the communes: "Paris" before "Cormeilles-en-Parisis"), each group
   * in the list's order, as the autocomplete does.
   */
  searchRanksTitle?: boolean;
  /**
   * What to answer about a record out of the actor's read scope, where "not found" would mislead
   * them (a ticket attributed to them in a confidential project: that it is so); undefined, the
   * usual 404. It may say no more than the actor already knows of the record.
   */
  hiddenRecordError?(db: Database, actor: Actor, id: number): Promise<ApiError | undefined>;
  /**
   * Reference fields whose target the reader may not read answer null (a list of them loses it): a
   * media monitoring item still shows, the confidential project it names does not (spec 6). The
   * titles already leave such a record out; this also hides its id.
   */
  hidesUnreadableReferences?: string[];
  /** The handlers of the record commands the declaration lists, by command name. */
  commands?: Record<string, RecordCommandHandler>;
}

/** A route's path parameter or query value, as text. */
export const requestValue = (request: FastifyRequest, name: string): string => {
  const params = request.params as Record<string, string | undefined>;
  const query = request.query as Record<string, unknown>;
  return String(params[name] ?? query[name] ?? '').trim();
};
