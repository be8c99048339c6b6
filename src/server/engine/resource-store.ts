import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  max,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { filtersByPrefix, isReference } from '../../shared/resources/fields';
import { findResource, resources } from '../../shared/resources/registry';
import {
  recordTitle,
  withTitleDetail,
  type ReferenceTitles,
  type ResourceDefinition,
  type ResourceInputValues,
  type ResourcePage,
  type ResourceRecord,
  type ResourceRecordView,
  type Suggestion,
} from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import {
  resourceTables,
  sortKey,
  titleExpression,
  titlePrefixKey,
  uniqueIndexName,
  userDisplayName,
  users,
} from '../db/schema';
import { linkUploads } from '../files/upload-access';
import { ApiError } from '../http/api-error';
import { cleanRichText } from '../http/rich-text';
import type { AuditAction, AuditChange } from '../../shared/resources/audit';
import type { ResourceAction } from '../../shared/permissions';
import { changesBetween, recordAudit, recordInParentHistory } from './audit-trail';
import { recordRefusals, refuseFirst } from './record-rules';
import type { ServerResource } from './server-resource';

/** What a list request asks for, already checked against the resource's fields. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  direction: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
  /** Only these records (a selection exported, a set a route computed); the read scope still applies. */
  ids?: number[];
}

type Columns = Record<string, AnyPgColumn>;
type ResourceRecordWriters = Pick<ResourceRecordView, 'createdByName' | 'updatedByName'> & {
  record: ResourceRecord;
  /** The titles read with the row (the references `titlesWithRows` folds in). */
  titles: ReferenceTitles;
};

function tableOf(definition: ResourceDefinition): { table: AnyPgTable; columns: Columns } {
  const table = resourceTables.get(definition.slug);
  if (!table) throw new Error(`Resource "${definition.slug}" has no table in the schema.`);
  return { table, columns: getTableColumns(table) as Columns };
}

/** % and _ typed by a user are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const likePattern = (text: string) => `%${escapeLike(text)}%`;
/** The same expression as the trigram indexes of searchable fields, so they serve the search. */
const likeIgnoringAccents = (column: AnyPgColumn | SQL, pattern: string | Placeholder) =>
  sql`immutable_unaccent(${column}) ilike immutable_unaccent(${pattern})`;
export const containsIgnoringAccents = (column: AnyPgColumn | SQL, text: string) =>
  likeIgnoringAccents(column, likePattern(text));

function filterCondition(
  definition: ResourceDefinition,
  columns: Columns,
  name: string,
  value: string,
): SQL | undefined {
  const range = /^(.+)(Du|Au)$/.exec(name);
  const ranged = range ? definition.fields[range[1]!] : undefined;
  if (range && ranged && (ranged.kind === 'date' || ranged.kind === 'datetime') && columns[range[1]!]) {
    // <field>Du and <field>Au: from and to that day, both included (list-query.ts, dateRangeParams).
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    const day = sql`(${columns[range[1]!]!})::date`;
    return range[2] === 'Du' ? sql`${day} >= ${value}::date` : sql`${day} <= ${value}::date`;
  }
  const def = definition.fields[name];
  const column = columns[name];
  if (!def || !column || value === '') return undefined;
  switch (def.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? eq(column, value === 'true') : undefined;
    case 'integer':
    case 'reference':
      return /^\d+$/.test(value) ? eq(column, Number(value)) : undefined;
    case 'references':
      return /^\d+$/.test(value) ? sql`${Number(value)} = any(${column})` : undefined;
    case 'texts':
      return sql`${value} = any(${column})`;
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? sql`(${column})::date = ${value}::date` : undefined;
    case 'select':
    case 'date':
      return eq(column, value);
    default:
      return filtersByPrefix(def)
        ? sql`${column} like ${`${escapeLike(value)}%`}`
        : containsIgnoringAccents(column, value);
  }
}

/**
 * A search of three letters or more reads its matches off the trigram indexes, then sorts them (and
 * counts them in the same pass). The list's sort key is then given as coalesce(key, key), which no
 * index serves: walking the sort index instead, the planner would count on matches spread evenly
 * along it, while a name search's lie together ("Vidal": 19 800 rows read to find 25).
 */
const searchedByTrigrams = (search: string) => search.trim().length >= 3;

function listConditions(
  definition: ResourceDefinition,
  columns: Columns,
  query: Pick<ListQuery, 'search' | 'filters' | 'ids'>,
  visible: SQL,
  actor: Actor,
  ownParams?: ServerResource['listParams'],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visible];
  if (query.ids) conditions.push(query.ids.length > 0 ? inArray(columns.id!, query.ids) : sql`false`);
  if (query.search) {
    const searchable = Object.entries(definition.fields)
      .filter(([, def]) => def.searchable)
      .map(([name]) => containsIgnoringAccents(columns[name]!, query.search));
    conditions.push(or(...searchable));
  }
  for (const [name, value] of Object.entries(query.filters)) {
    conditions.push(
      ownParams && definition.listCriteria?.test(name)
        ? ownParams.condition(name, value, columns, actor)
        : filterCondition(definition, columns, name, value),
    );
  }
  return and(...conditions);
}

/** What a reference field points at: a resource's table. */
function referenceTarget(slug: string | undefined) {
  const target = findResource(slug);
  if (!target) throw new Error(`No reference target "${slug}".`);
  const { table, columns } = tableOf(target);
  const title = titleExpression(target, columns);
  return { definition: target, table, columns, id: columns.id!, title };
}

const numbers = (value: unknown): number[] =>
  ([] as unknown[]).concat(value ?? []).filter((id): id is number => typeof id === 'number');

/**
 * Every reference field, top-level or inside a collection ("<collection>.<sub-field>"), with where
 * a record holds its ids: under the field's name, or under "<collection>.<row>.<sub-field>".
 */
export function referencePaths(definition: ResourceDefinition) {
  return Object.entries(definition.fields).flatMap(([name, def]) => {
    if (isReference(def)) {
      return [
        { key: name, def, locate: (record: Record<string, unknown>) => [{ at: name, ids: numbers(record[name]) }] },
      ];
    }
    return Object.entries(def.kind === 'collection' ? (def.fields ?? {}) : {})
      .filter(([, sub]) => isReference(sub))
      .map(([subName, sub]) => ({
        key: `${name}.${subName}`,
        def: sub,
        locate: (record: Record<string, unknown>) =>
          ((record[name] as Record<string, unknown>[] | undefined) ?? []).map((row, index) => ({
            at: `${name}.${index}.${subName}`,
            ids: numbers(row[subName]),
          })),
      }));
  });
}

/** Whether this reference of a resource is its parent field, whose records go when their parent is deleted. */
const isDeletedWith = (child: ResourceDefinition, parent: ResourceDefinition, key: string | undefined) =>
  child.parent?.deletedWithParent === true && child.parent.resource === parent.slug && child.parent.field === key;

/** What the engine adds to every record's fields; deletedAt stays internal. */
const systemNames = ['id', 'position', 'published', 'enabled', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
const shownNames = new Map<string, ReadonlySet<string>>();

/**
 * A row as the API shows it: its declared fields and the engine's own columns, nothing else (a
 * hand-written table, the users', also holds what only its owner sees: the password hash…).
 */
function toRecord(definition: ResourceDefinition, row: Record<string, unknown>): ResourceRecord {
  let shown = shownNames.get(definition.slug);
  if (!shown) shownNames.set(definition.slug, (shown = new Set([...systemNames, ...Object.keys(definition.fields)])));
  // A loop rather than entries/filter/fromEntries: every row of every list goes through here.
  const record: Record<string, unknown> = {};
  for (const name of Object.keys(row)) if (shown.has(name)) record[name] = row[name];
  return record as ResourceRecord;
}

/** The values as they are stored: rich text cleaned of anything active. */
function storedValues(definition: ResourceDefinition, values: ResourceInputValues): ResourceInputValues {
  const cleaned = Object.entries(definition.fields)
    .filter(([name, def]) => def.kind === 'richtext' && typeof values[name] === 'string')
    .map(([name]) => [name, cleanRichText(values[name] as string)]);
  return cleaned.length === 0 ? values : { ...values, ...Object.fromEntries(cleaned) };
}

/** Rows per insert statement when many records are created at once (imports). */
const INSERT_BATCH_SIZE = 500;

/** The boolean columns that behaviours add: publishable → published, activatable → enabled. */
export type BehaviourFlag = 'published' | 'enabled';

/** What setting a flag is, in the audit trail. */
const flagActions: Record<BehaviourFlag, Record<'on' | 'off', AuditAction>> = {
  published: { on: 'publish', off: 'unpublish' },
  enabled: { on: 'enable', off: 'disable' },
};

/** A write refused by a unique field's index becomes that field's error: validation.unique. */
const uniqueClash =
  (definition: ResourceDefinition) =>
  (error: unknown): never => {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    const field =
      cause.code === '23505'
        ? Object.keys(definition.fields).find((name) => uniqueIndexName(definition, name) === cause.constraint)
        : undefined;
    throw field ? new ApiError(400, 'errors.form', { [field]: 'validation.unique' }) : error;
  };

/**
 * What a command sets on one existing record: declared fields and their new values, and the
 * changes of its data kept outside its row that its history tells, each with its label (a project's
 * characteristics), one patch per record.
 */
export interface RecordPatch {
  id: number;
  values: ResourceInputValues;
  labelled?: AuditChange[];
}

/** The server file of a resource (src/server/resources/<feature>/<slug>.server.ts), given to the engine by the app. */
export type HooksLookup = (slug: string) => ServerResource;

/**
 * The records of a resource, read and written in SQL. Every read takes the actor and sees only the
 * rows `visible` lets through: live ones, within the resource's read scope for that actor, so a
 * record outside it answers as one that does not exist, wherever it is read from.
 */
export function createResourceStore(db: Database, hooksOf: HooksLookup) {
  /** The one condition of every read: not deleted, and within the actor's read scope. */
  function visible(definition: ResourceDefinition, columns: Columns, actor: Actor): SQL {
    const scope = hooksOf(definition.slug).readScope?.(actor, columns);
    return and(isNull(columns.deletedAt!), scope)!;
  }

  /** Sets values on the records among these ids the actor may see: the records as they now are. */
  async function setValues(
    executor: Database,
    definition: ResourceDefinition,
    ids: number[],
    values: ResourceInputValues,
    actor: Actor,
  ): Promise<ResourceRecord[]> {
    const { table, columns } = tableOf(definition);
    const rows = await executor
      .update(table)
      .set({ ...values, updatedBy: actor.id, updatedAt: new Date() })
      .where(and(inArray(columns.id!, ids), visible(definition, columns, actor)))
      .returning()
      .catch(uniqueClash(definition));
    return rows.map((row) => toRecord(definition, row));
  }

  /**
   * The rows of these records the actor may see, as they are, locked until the write's transaction
   * ends (in id order: two writers of the same records wait for each other): the audit trail's
   * "before". A record missing or out of sight is a 404.
   */
  async function lockedRows(
    tx: Database,
    definition: ResourceDefinition,
    ids: number[],
    actor: Actor,
  ): Promise<Map<number, ResourceRecord>> {
    const { table, columns } = tableOf(definition);
    const unique = [...new Set(ids)];
    const rows = await tx
      .select()
      .from(table)
      .where(and(inArray(columns.id!, unique), visible(definition, columns, actor)))
      .orderBy(asc(columns.id!))
      .for('update');
    if (rows.length < unique.length) throw new ApiError(404, 'errors.not_found');
    return new Map(rows.map((row) => [Number(row.id), toRecord(definition, row)]));
  }

  /**
   * How the parent's history names each of these child records: the fields of its declaration's
   * parent.historyTitle (a reference by its record's title, whether or not the actor still sees it),
   * the filled ones joined by " – "; else its title.
   */
  async function historyNames(
    tx: Database,
    definition: ResourceDefinition,
    records: ResourceRecord[],
  ): Promise<string[]> {
    const names = definition.parent?.historyTitle;
    if (!names) return records.map((record) => recordTitle(definition, record));
    const referenced = new Map<string, Map<number, string>>();
    for (const name of names) {
      const def = definition.fields[name]!;
      if (def.kind !== 'reference') continue;
      const ids = [...new Set(records.flatMap((record) => numbers(record[name])))];
      if (ids.length === 0) continue;
      const target = referenceTarget(def.target);
      const rows = await tx
        .select({ id: target.id, title: target.title })
        .from(target.table)
        .where(inArray(target.id, ids));
      referenced.set(name, new Map(rows.map(({ id, title }) => [Number(id), String(title)])));
    }
    return records.map((record) =>
      names
        .map((name) => {
          const value = record[name];
          if (definition.fields[name]!.kind === 'reference')
            return typeof value === 'number' ? (referenced.get(name)?.get(value) ?? '') : '';
          return value === null || value === undefined ? '' : String(value);
        })
        .filter((part) => part !== '')
        .join(' – '),
    );
  }

  /** Child records added or deleted, in their parent's history when their declaration says so. */
  async function inParentHistory(
    tx: Database,
    definition: ResourceDefinition,
    actor: Actor,
    records: ResourceRecord[],
    action: 'create' | 'delete',
  ): Promise<void> {
    if (!definition.parent?.inHistory || records.length === 0) return;
    const names = await historyNames(tx, definition, records);
    await recordInParentHistory(
      tx,
      definition,
      actor,
      records.map((record, index) =>
        action === 'create'
          ? { record, before: null, after: names[index]! }
          : { record, before: names[index]!, after: null },
      ),
    );
  }

  /**
   * The trail of existing records changed, before → after, with their labelled changes (a patch's):
   * an audited resource's entries, and a child's change in its parent's history, under its name
   * before and after (moved to another parent: deleted from the one, added to the other).
   */
  async function updateTrail(
    tx: Database,
    definition: ResourceDefinition,
    actor: Actor,
    pairs: { before: ResourceRecord; after: ResourceRecord; labelled?: AuditChange[] }[],
  ): Promise<void> {
    const changed = pairs.flatMap((pair) => {
      const changes = [...changesBetween(definition, pair.before, pair.after), ...(pair.labelled ?? [])];
      return changes.length > 0 ? [{ ...pair, changes }] : [];
    });
    await recordAudit(
      tx,
      definition,
      actor,
      changed.map(({ after, changes }) => ({ recordId: after.id, action: 'update' as const, changes })),
    );
    if (!definition.parent?.inHistory) return;
    const parentField = definition.parent.field;
    for (const { before, after, changes } of changed) {
      const [was, is] = await historyNames(tx, definition, [before, after]);
      await recordInParentHistory(
        tx,
        definition,
        actor,
        before[parentField] === after[parentField]
          ? [{ record: after, before: was!, after: is!, fields: changes.map(({ field }) => field) }]
          : [
              { record: before, before: was!, after: null },
              { record: after, before: null, after: is! },
            ],
      );
    }
  }

  /** A reference target's rows the actor may see. */
  const visibleTarget = (target: ReturnType<typeof referenceTarget>, actor: Actor) =>
    visible(target.definition, target.columns, actor);

  /**
   * The reads of nearly every request (a record, the titles it points at, who wrote it), built once
   * for a resource without read scope, whose reads are then the same for every actor: drizzle's
   * building of a query took a fifth of a busy server's time.
   */
  const builtOnce = new Map<string, unknown>();
  function buildOnce<Query>(key: string, build: () => Query): Query {
    if (!builtOnce.has(key)) builtOnce.set(key, build());
    return builtOnce.get(key) as Query;
  }
  const readScoped = (definition: ResourceDefinition) => Boolean(hooksOf(definition.slug).readScope);

  /**
   * Who created or changed a record, as the history line says it ("Prénom Nom", or the email), read
   * with it. The column is named with its table: drizzle leaves a one-table select's columns bare,
   * and the users' own created_by would be read instead.
   */
  const writerName = (table: AnyPgTable, column: AnyPgColumn | undefined) =>
    column
      ? sql<string | null>`(select ${userDisplayName('writer')} from ${users} writer
          where writer.id = ${table}.${sql.identifier(column.name)})`
      : sql<null>`null`;

  /**
   * The titles a row's own reference fields point at, read with the row: one round trip less for each
   * list and record. Only for targets without read scope (every actor sees their titles alike, so a
   * query built once serves all) and in another table (the subquery names the row's table). The
   * other references are read by `referenceTitles`.
   */
  function titlesWithRows(definition: ResourceDefinition, table: AnyPgTable, columns: Columns, actor: Actor) {
    const folded = Object.entries(definition.fields).flatMap(([name, def]) => {
      if (def.kind !== 'reference') return [];
      const target = referenceTarget(def.target);
      if (target.table === table || readScoped(target.definition)) return [];
      const title = sql<string | null>`(select ${target.title} from ${target.table}
        where ${target.id} = ${table}.${sql.identifier(columns[name]!.name)} and ${visibleTarget(target, actor)})`;
      return [{ name, alias: `title:${name}`, title }];
    });
    return {
      columns: Object.fromEntries(folded.map(({ alias, title }) => [alias, title])),
      read(rows: Record<string, unknown>[]): ReferenceTitles {
        const titles: ReferenceTitles = {};
        for (const { name, alias } of folded) {
          const found: Record<string, string> = (titles[name] = {});
          for (const row of rows) if (row[alias] != null) found[String(row[name])] = String(row[alias]);
        }
        return titles;
      },
    };
  }

  /** A record the actor may see, with the names of who created and last changed it: one query. */
  async function findRow(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecordWriters> {
    const { table, columns } = tableOf(definition);
    const withRow = titlesWithRows(definition, table, columns, actor);
    const byId = (idValue: number | Placeholder) =>
      db
        .select({
          ...columns,
          ...withRow.columns,
          createdByName: writerName(table, columns.createdBy),
          updatedByName: writerName(table, columns.updatedBy),
        })
        .from(table)
        .where(and(eq(columns.id!, idValue), visible(definition, columns, actor)));
    const [row] = readScoped(definition)
      ? await byId(id)
      : await buildOnce(`row ${definition.slug}`, () =>
          byId(sql.placeholder('id')).prepare(`row_${definition.table}`),
        ).execute({ id });
    if (!row) throw new ApiError(404, 'errors.not_found');
    const { createdByName, updatedByName, ...values } = row as Record<string, unknown>;
    return {
      record: toRecord(definition, values),
      createdByName: (createdByName as string | null) ?? null,
      updatedByName: (updatedByName as string | null) ?? null,
      titles: withRow.read([values]),
    };
  }

  /** One query per reference field for the titles of the records these rows point at, those the actor may see. */
  async function referenceTitles(
    definition: ResourceDefinition,
    rows: ResourceRecord[],
    actor: Actor,
    readWithRows: ReferenceTitles = {},
  ): Promise<ReferenceTitles> {
    const titles: ReferenceTitles = { ...readWithRows };
    for (const { key, def, locate } of referencePaths(definition)) {
      if (key in readWithRows) continue;
      const ids = [...new Set(rows.flatMap((row) => locate(row).flatMap((place) => place.ids)))];
      const found: Record<string, string> = {};
      titles[key] = found;
      if (ids.length === 0) continue;
      const target = referenceTarget(def.target);
      const titled = (among: SQL) =>
        db
          .select({ id: target.id, title: target.title })
          .from(target.table)
          .where(and(among, visibleTarget(target, actor)));
      const named = readScoped(target.definition)
        ? await titled(inArray(target.id, ids))
        : await buildOnce(`titles ${def.target}`, () =>
            titled(sql`${target.id} = any(${sql.placeholder('ids')})`).prepare(`titles_${target.definition.table}`),
          ).execute({ ids });
      for (const { id, title } of named) found[String(id)] = String(title);
    }
    return titles;
  }

  /** Ids among these that live records still point at, from a field or from a collection's rows. */
  async function linkedIds(definition: ResourceDefinition, ids: number[]): Promise<number[]> {
    const linked = new Set<number>();
    // Rows the server alone writes (a login, a ticket's transition, a notification) record what
    // happened to a record: they do not keep it from being deleted.
    for (const other of resources.filter(({ behaviours }) => !behaviours.readOnly)) {
      const { table, columns } = tableOf(other);
      for (const { key, def } of referencePaths(other)) {
        if (def.target !== definition.slug || isDeletedWith(other, definition, key)) continue;
        const [name, sub] = key.split('.') as [string, string | undefined];
        const column = columns[name]!;
        const many = def.kind === 'references';
        // The ids each live row points at, one per result row.
        const pointed =
          sub === undefined
            ? many
              ? sql`unnest(${column})`
              : sql`${column}`
            : many
              ? sql`jsonb_array_elements_text(jsonb_array_elements(${column}) -> ${sub})::integer`
              : sql`(jsonb_array_elements(${column}) ->> ${sub})::integer`;
        const pointedIds = db.$with('pointed_ids').as(
          db
            .select({ id: sql<number>`${pointed}`.as('id') })
            .from(table)
            .where(isNull(columns.deletedAt!)),
        );
        const rows = await db
          .with(pointedIds)
          .selectDistinct({ id: pointedIds.id })
          .from(pointedIds)
          .where(sql`${pointedIds.id} = any(${sql.param(ids)}::integer[])`);
        rows.forEach((row) => linked.add(Number(row.id)));
      }
    }
    return [...linked];
  }

  /**
   * Every reference must name a live record of its target resource: one query per reference field
   * for all the records; the first record holding a dangling one is refused.
   */
  async function checkReferences(
    definition: ResourceDefinition,
    records: ResourceInputValues[],
    actor: Actor,
  ): Promise<void> {
    const fieldErrors = records.map((): Record<string, string> => ({}));
    for (const { def, locate } of referencePaths(definition)) {
      const places = records.map(locate);
      const wanted = [...new Set(places.flat().flatMap((place) => place.ids))];
      if (wanted.length === 0) continue;
      const target = referenceTarget(def.target);
      const live = await db
        .select({ id: target.id })
        .from(target.table)
        .where(and(inArray(target.id, wanted), visibleTarget(target, actor)));
      const found = new Set(live.map(({ id }) => Number(id)));
      places.forEach((recordPlaces, index) => {
        for (const { at, ids } of recordPlaces) {
          if (ids.some((id) => !found.has(id))) fieldErrors[index]![at] = 'validation.reference';
        }
      });
    }
    const refused = fieldErrors.find((errors) => Object.keys(errors).length > 0);
    if (refused) throw new ApiError(400, 'errors.form', refused);
  }

  /** Creates the records in one transaction: all of them, or none. */
  async function createMany(
    definition: ResourceDefinition,
    rows: ResourceInputValues[],
    actor: Actor,
  ): Promise<ResourceRecord[]> {
    const { table, columns } = tableOf(definition);
    await checkReferences(definition, rows, actor);
    const rules = hooksOf(definition.slug);
    return db.transaction(async (tx) => {
      // New records of a sortable resource go last.
      const first = definition.behaviours.sortable
        ? Number((await tx.select({ last: max(columns.position!) }).from(table))[0]?.last ?? -1) + 1
        : undefined;
      const created: ResourceRecord[] = [];
      for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
        const batch = rows.slice(start, start + INSERT_BATCH_SIZE);
        const pending = batch.map((values) => ({ id: null, values }));
        refuseFirst(await recordRefusals(tx, rules, pending, actor));
        const inserted = await tx
          .insert(table)
          .values(
            batch.map((values, offset) => ({
              ...storedValues(definition, values),
              ...(first === undefined ? {} : { position: first + start + offset }),
              createdBy: actor.id,
              updatedBy: actor.id,
            })),
          )
          .returning()
          .catch(uniqueClash(definition));
        const records = inserted.map((row) => toRecord(definition, row));
        await linkUploads(tx, hooksOf, definition, records, actor);
        await recordAudit(
          tx,
          definition,
          actor,
          records.map((record) => ({
            recordId: record.id,
            action: 'create',
            changes: changesBetween(definition, null, record),
          })),
        );
        await inParentHistory(tx, definition, actor, records, 'create');
        created.push(...records);
      }
      return created;
    });
  }

  return {
    /** The resources' server files, to open this store again on a transaction under way. */
    hooksOf,

    async list(definition: ResourceDefinition, query: ListQuery, actor: Actor): Promise<ResourcePage> {
      const { table, columns } = tableOf(definition);
      const where = listConditions(
        definition,
        columns,
        query,
        visible(definition, columns, actor),
        actor,
        hooksOf(definition.slug).listParams,
      );
      const order = query.direction === 'asc' ? asc : desc;
      const key = sortKey(definition.fields[query.sort], columns[query.sort]!);
      const counted = () =>
        db
          .select({ total: count() })
          .from(table)
          .where(where)
          .then(([row]) => row?.total ?? 0);
      // The total comes with the page, in one query. A search of three letters or more reads all its
      // matches to sort them, and counts them on the way; otherwise the page comes off the sort's index
      // and the count is a subquery of its own, run once.
      const searched = searchedByTrigrams(query.search);
      const withRows = titlesWithRows(definition, table, columns, actor);
      const rows = await db
        .select({
          ...columns,
          ...withRows.columns,
          matches: searched
            ? sql<number>`count(*) over ()`
            : sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`,
        })
        .from(table)
        .where(where)
        .orderBy(order(searched ? sql`coalesce(${key}, ${key})` : key), asc(columns.id!))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const total = rows.length > 0 ? Number(rows[0]!.matches) : query.page > 1 ? await counted() : 0;
      const records = rows.map((row) => toRecord(definition, row));
      return {
        items: records,
        total,
        page: query.page,
        pageSize: query.pageSize,
        titles: await referenceTitles(definition, records, actor, withRows.read(rows)),
      };
    },

    /**
     * Every record of a list, in its order, a chunk at a time (exports): the ids are sorted once,
     * then each chunk is read by id, so the work does not grow with the chunk's offset.
     */
    async *listAll(
      definition: ResourceDefinition,
      query: Omit<ListQuery, 'page' | 'pageSize'>,
      chunkSize: number,
      actor: Actor,
    ): AsyncGenerator<{ items: ResourceRecord[]; titles: ReferenceTitles }> {
      const { table, columns } = tableOf(definition);
      const order = query.direction === 'asc' ? asc : desc;
      const ordered = await db
        .select({ id: columns.id! })
        .from(table)
        .where(
          listConditions(
            definition,
            columns,
            query,
            visible(definition, columns, actor),
            actor,
            hooksOf(definition.slug).listParams,
          ),
        )
        .orderBy(order(sortKey(definition.fields[query.sort], columns[query.sort]!)), asc(columns.id!));
      const ids = ordered.map(({ id }) => Number(id));
      for (let start = 0; start < ids.length; start += chunkSize) {
        const chunk = ids.slice(start, start + chunkSize);
        const rows = await db.select().from(table).where(inArray(columns.id!, chunk));
        const byId = new Map(rows.map((row) => [Number(row.id), toRecord(definition, row)]));
        const items = chunk.flatMap((id) => byId.get(id) ?? []);
        yield { items, titles: await referenceTitles(definition, items, actor) };
      }
    },

    async get(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecordView> {
      const { record, createdByName, updatedByName, titles } = await findRow(definition, id, actor);
      return {
        ...record,
        createdByName,
        updatedByName,
        titles: await referenceTitles(definition, [record], actor, titles),
      };
    },

    createMany,

    referenceTitles,

    /** Ids among these that live records still point at (an import's undo checks it after its deletes). */
    linkedIds,

    async create(definition: ResourceDefinition, values: ResourceInputValues, actor: Actor): Promise<ResourceRecord> {
      const [created] = await createMany(definition, [values], actor);
      return created!;
    },

    async update(
      definition: ResourceDefinition,
      id: number,
      values: ResourceInputValues,
      actor: Actor,
    ): Promise<ResourceRecord> {
      await findRow(definition, id, actor);
      await checkReferences(definition, [values], actor);
      const hooks = hooksOf(definition.slug);
      return db.transaction(async (tx) => {
        await hooks.authorizeChange?.(tx, actor, [id], 'update');
        refuseFirst(await recordRefusals(tx, hooks, [{ id, values }], actor));
        const inHistory = definition.parent?.inHistory === true;
        const before =
          definition.behaviours.audited || inHistory ? (await lockedRows(tx, definition, [id], actor)).get(id)! : null;
        const [record] = await setValues(tx, definition, [id], storedValues(definition, values), actor);
        await linkUploads(tx, hooksOf, definition, [record!], actor);
        if (before) await updateTrail(tx, definition, actor, [{ before, after: record! }]);
        return record!;
      });
    },

    /**
     * A command's change of a few fields of existing records (a commune, imported qualifications):
     * each record's values set and its writer and date stamped, and one audit entry with each field
     * changed before → after, as an update writes it, then its labelled changes. Not the form's rules
     * (validate, beforeChange): the values are the command's own, not input; authorizeChange
     * applies. Every record must be live and in the actor's sight, else a 404 and nothing changes; a
     * record its patch does not change is left as it is, unstamped. The records changed, as they now are.
     */
    async patch(
      definition: ResourceDefinition,
      patches: RecordPatch[],
      actor: Actor,
      action: ResourceAction = 'update',
    ): Promise<ResourceRecord[]> {
      // Only declared fields, so the audit entry tells everything the patch wrote.
      const undeclared = patches
        .flatMap(({ values }) => Object.keys(values))
        .filter((name) => !definition.fields[name]);
      if (undeclared.length > 0) throw new Error(`Not fields of "${definition.slug}": ${undeclared.join(', ')}.`);
      const ids = patches.map(({ id }) => id);
      return db.transaction(async (tx) => {
        const rows = await lockedRows(tx, definition, ids, actor);
        await hooksOf(definition.slug).authorizeChange?.(tx, actor, ids, action);
        const written: { before: ResourceRecord; after: ResourceRecord; labelled: AuditChange[] }[] = [];
        for (const { id, values, labelled = [] } of patches) {
          const before = rows.get(id)!;
          const stored = storedValues(definition, values);
          if (labelled.length === 0 && changesBetween(definition, before, { ...before, ...stored }).length === 0)
            continue;
          const [after] = await setValues(tx, definition, [id], stored, actor);
          written.push({ before, after: after!, labelled });
        }
        await updateTrail(tx, definition, actor, written);
        return written.map(({ after }) => after);
      });
    },

    /**
     * The trail of rows rewritten in this store's transaction by engine code outside its writes (a
     * merge moving references), as an update writes it.
     */
    async recordRewrites(
      definition: ResourceDefinition,
      rows: { before: Record<string, unknown>; after: Record<string, unknown> }[],
      actor: Actor,
    ): Promise<void> {
      const pairs = rows.map(({ before, after }) => ({
        before: toRecord(definition, before),
        after: toRecord(definition, after),
      }));
      await updateTrail(db, definition, actor, pairs);
    },

    /** Sets a behaviour's flag (published, enabled) on every id, live ones only: how many changed. */
    async setFlag(
      definition: ResourceDefinition,
      flag: BehaviourFlag,
      ids: number[],
      value: boolean,
      actor: Actor,
    ): Promise<number> {
      const hooks = hooksOf(definition.slug);
      return db.transaction(async (tx) => {
        await hooks.authorizeChange?.(tx, actor, ids, 'update');
        const changed = await setValues(tx, definition, ids, { [flag]: value }, actor);
        if (changed.length === 0) throw new ApiError(404, 'errors.not_found');
        const action = flagActions[flag][value ? 'on' : 'off'];
        await recordAudit(
          tx,
          definition,
          actor,
          changed.map((record) => ({ recordId: record.id, action, changes: [] })),
        );
        await hooks.afterFlagChange?.(
          tx,
          changed.map((record) => record.id),
          flag,
          value,
        );
        return changed.length;
      });
    },

    /**
     * Autocomplete: the records of a reference target the actor may see whose title starts with the
     * term (the one named exactly so first), then those containing it: among 35 000 communes,
     * "Saint-Denis" before "La Chapelle-Saint-Denis"; labelled to tell homonyms apart
     * (withTitleDetail). Those starting so come off a B-tree in order, so a common beginning
     * ("saint": 4 000 communes) reads 20 rows; the trigram index serves the rest when needed.
     */
    async suggest(targetSlug: string, term: string, limit: number, actor: Actor): Promise<Suggestion[]> {
      if (term === '') return [];
      const target = referenceTarget(targetSlug);
      const key = titlePrefixKey(target.title);
      const startsWithTerm = sql`${key} like immutable_unaccent(lower(${sql.placeholder('prefix')}))`;
      const detail = Object.fromEntries(
        (target.definition.titleDetail ?? []).map((name) => [name, target.columns[name]!]),
      );
      // Unnamed statements (prepare('')): each is planned with the term, which a plan made without
      // it could not take its index range from.
      const selection = { ...detail, value: target.id, label: target.title };
      const build = () => ({
        starting: db
          .select(selection)
          .from(target.table)
          .where(and(visibleTarget(target, actor), startsWithTerm))
          .orderBy(asc(key), asc(target.id))
          .limit(sql.placeholder('limit'))
          .prepare(''),
        containing: db
          .select(selection)
          .from(target.table)
          .where(
            and(
              visibleTarget(target, actor),
              likeIgnoringAccents(target.title, sql.placeholder('pattern')),
              sql`not (${startsWithTerm})`,
            ),
          )
          .orderBy(asc(target.title), asc(target.id))
          .limit(sql.placeholder('limit'))
          .prepare(''),
      });
      const queries = readScoped(target.definition) ? build() : buildOnce(`suggestions ${targetSlug}`, build);
      const values = { prefix: `${escapeLike(term)}%`, pattern: likePattern(term) };
      const starting = await queries.starting.execute({ ...values, limit });
      const containing =
        starting.length < limit ? await queries.containing.execute({ ...values, limit: limit - starting.length }) : [];
      return [...starting, ...containing].map((row) => ({
        value: Number(row.value),
        label: withTitleDetail(target.definition, String(row.label), row),
      }));
    },

    /** Every record of a reference target the actor may see, with its title: what an import matches names against. */
    async referenceChoices(targetSlug: string, actor: Actor): Promise<Suggestion[]> {
      const target = referenceTarget(targetSlug);
      const rows = await db
        .select({ value: target.id, label: target.title })
        .from(target.table)
        .where(visibleTarget(target, actor))
        .orderBy(asc(target.id));
      return rows.map(({ value, label }) => ({ value: Number(value), label: String(label) }));
    },

    /** Soft delete of every id, or of none: refused when a live record still points at one of them. */
    async delete(definition: ResourceDefinition, ids: number[], actor: Actor): Promise<number> {
      const { table, columns } = tableOf(definition);
      // Records out of the actor's sight are not there, linked or not.
      const seen = await db
        .select({ id: columns.id! })
        .from(table)
        .where(and(inArray(columns.id!, ids), visible(definition, columns, actor)));
      if (seen.length === 0) throw new ApiError(404, 'errors.not_found');
      const seenIds = seen.map(({ id }) => Number(id));
      if ((await linkedIds(definition, seenIds)).length > 0) throw new ApiError(409, 'errors.linked');
      return db.transaction(async (tx) => {
        await hooksOf(definition.slug).authorizeChange?.(tx, actor, seenIds, 'delete');
        const deleted = await tx
          .update(table)
          .set({ deletedAt: new Date(), updatedBy: actor.id })
          .where(and(inArray(columns.id!, seenIds), visible(definition, columns, actor)))
          .returning();
        if (deleted.length === 0) throw new ApiError(404, 'errors.not_found');
        await hooksOf(definition.slug).afterDelete?.(
          tx,
          deleted.map(({ id }) => Number(id)),
        );
        for (const child of resources.filter((other) => isDeletedWith(other, definition, other.parent?.field))) {
          const { table: childTable, columns: childColumns } = tableOf(child);
          await tx
            .update(childTable)
            .set({ deletedAt: new Date(), updatedBy: actor.id })
            .where(and(inArray(childColumns[child.parent!.field]!, seenIds), isNull(childColumns.deletedAt!)));
        }
        await inParentHistory(
          tx,
          definition,
          actor,
          deleted.map((row) => toRecord(definition, row)),
          'delete',
        );
        await recordAudit(
          tx,
          definition,
          actor,
          deleted.map(({ id }) => ({ recordId: Number(id), action: 'delete', changes: [] })),
        );
        return deleted.length;
      });
    },

    /** organiser: the given order becomes positions 0, 1, 2… */
    async reorder(definition: ResourceDefinition, ids: number[], actor: Actor): Promise<void> {
      const { table, columns } = tableOf(definition);
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries()) {
          await tx
            .update(table)
            .set({ position, updatedBy: actor.id })
            .where(and(eq(columns.id!, id), visible(definition, columns, actor)));
        }
      });
    },
  };
}

export type ResourceStore = ReturnType<typeof createResourceStore>;
