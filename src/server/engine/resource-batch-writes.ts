import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../shared/resources/resource';
import type { Database } from '../db/database';
import { auditEntries, comparableText, importJobChanges, importJobCreations, resourceTables } from '../db/schema';
import { recordAudit } from './audit-trail';
import { lockKey } from './name-locks';
import { isLive } from './record-scope';

/**
 * The batch door's statements (resource-batch-operations.ts), each for a whole batch of records (one
 * JSON parameter read with jsonb_to_recordset): find the records rows match, insert, update — every
 * write recording what it changed in the same statement (the import journal: import_job_creations,
 * import_job_changes) — and undo. Each write also gives the audit trail one entry per record it
 * created, changed or deleted, as the engine's single writes do, in the same statement (auditedIn).
 * Reads and updates go through the actor's read scope (`scope`, the store's scoped relation).
 * Lookups served by an index probe it row by row (LATERAL … LIMIT): without fresh statistics
 * (PGlite has no autovacuum) the planner would otherwise scan the whole table for every batch.
 * Only the engine imports this module (a lint rule): others write through `operations.bulk`.
 */

/** Both drivers answer { rows }. */
type Rows<T> = { rows: T[] };

function tableOf(definition: ResourceDefinition) {
  const table = resourceTables.get(definition.slug) as AnyPgTable;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return { table, columns, name: getTableName(table) };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The fields a record is written with: all those a client sends. */
export const writtenFields = (definition: ResourceDefinition) =>
  Object.entries(definition.fields)
    .filter(([, def]) => !def.readOnly)
    .map(([name]) => name);

/**
 * The read-only fields a batch's records carry a value for: those the resource's beforeChange
 * derives (a project's reference, its missions' ids), written with the others.
 */
export const derivedFields = (definition: ResourceDefinition, records: Record<string, unknown>[]) =>
  Object.entries(definition.fields)
    .filter(([name, def]) => def.readOnly && records.some((record) => record[name] !== undefined))
    .map(([name]) => name);

/** A record as to_jsonb gave it (column names) with its fields' names. */
function recordOf(definition: ResourceDefinition, json: Record<string, unknown>): Record<string, unknown> {
  const { columns } = tableOf(definition);
  const record: Record<string, unknown> = { id: json.id };
  for (const name of Object.keys(definition.fields)) record[name] = json[columns[name]!.name];
  return record;
}

/** The column list of a jsonb_to_recordset: "name type, …" for these fields, after the given leading ones. */
function recordsetColumns(definition: ResourceDefinition, names: string[], leading: string[] = []): SQL {
  const { columns } = tableOf(definition);
  return sql.raw(
    [...leading, ...names.map((name) => `${quoted(columns[name]!.name)} ${columns[name]!.getSQLType()}`)].join(', '),
  );
}

/** The values of records as jsonb_to_recordset reads them: by column name. */
function payload(definition: ResourceDefinition, records: Record<string, unknown>[], names: string[]): string {
  const { columns } = tableOf(definition);
  return JSON.stringify(
    records.map((record) => {
      const row: Record<string, unknown> = { id: record.id };
      for (const name of names) row[columns[name]!.name] = record[name];
      return row;
    }),
  );
}

/** How a criterion compares values: names as people compare them, emails without case, other values as they are stored. */
export type Comparison = 'name' | 'email' | 'exact';

/** A match's criterion: a field and how its values compare. */
export interface Criterion {
  field: string;
  comparison: Comparison;
}

/** What a criterion compares, on both sides. */
function compared(comparison: Comparison, value: SQL): SQL {
  switch (comparison) {
    case 'name':
      return comparableText(value);
    case 'email':
      return sql`lower(${value})`;
    default:
      return sql`coalesce((${value})::text, '')`;
  }
}

/**
 * The records in `scope` (the actor's live records) each row matches on the criteria (rows: the
 * criteria's values, '' when empty), two at most (one is a match, two make it ambiguous), by the
 * row's position. When the batch writes, the matches are locked until it ends; and when the
 * criteria are the duplicate rule's (`byRule`: its index serves them), the same statement first
 * takes the advisory locks of lockNames() for the rows' names.
 */
export async function findMatches(
  executor: Database,
  definition: ResourceDefinition,
  scope: SQL,
  criteria: Criterion[],
  rows: string[][],
  { lock, byRule }: { lock: boolean; byRule: boolean },
): Promise<Record<string, unknown>[][]> {
  const matches: Record<string, unknown>[][] = rows.map(() => []);
  if (rows.length === 0) return matches;
  const { columns, name } = tableOf(definition);
  const keys = JSON.stringify(
    rows.map((values, ord) =>
      Object.fromEntries([['ord', ord], ...values.map((value, index) => [`c${index}`, value])]),
    ),
  );
  // Each value compared once per row, as the column is.
  const values = sql.join(
    criteria.map(
      ({ comparison }, index) => sql`${compared(comparison, sql.raw(`c${index}`))} as ${sql.raw(`v${index}`)}`,
    ),
    sql`, `,
  );
  const conditions = sql.join(
    criteria.map(
      ({ field, comparison }, index) =>
        sql`${compared(comparison, sql`t.${sql.raw(quoted(columns[field]!.name))}`)} = ${sql.raw(`k.v${index}`)}`,
    ),
    sql` and `,
  );
  const locking = lock ? sql`for update of t` : sql``;
  const source = sql`k as materialized (
    select ord, ${values} from jsonb_to_recordset(${keys}::jsonb)
      as x(${sql.raw(['ord int', ...criteria.map((_, index) => `c${index} text`)].join(', '))})
  )`;
  // The locks, sorted so that two imports take them in the same order, before anything is read.
  const locks =
    lock && byRule
      ? sql`, locked as materialized (
          select count(pg_advisory_xact_lock(${lockKey(name, sql`v0`, sql`v1`)})) as count
          from (select distinct v0, v1 from k order by v0, v1) as names
        )`
      : sql``;
  const locked = lock && byRule ? sql`where (select count from locked) >= 0` : sql``;
  // An index serves the rule's fields: probed row by row (without fresh statistics the planner
  // would scan the table for the batch). Other criteria: one hash join for the batch.
  const query = byRule
    ? sql`with ${source}${locks} select k.ord, m.record from k cross join lateral (
        select to_jsonb(t) as record from ${scope} as t where ${conditions} limit 2 ${locking}
      ) as m ${locked}`
    : sql`with ${source} select k.ord, to_jsonb(t) as record from k join ${scope} as t on ${conditions} ${locking}`;
  const result = (await executor.execute(query)) as Rows<{ ord: number; record: Record<string, unknown> }>;
  for (const { ord, record } of result.rows) matches[ord]!.push(recordOf(definition, record));
  return matches;
}

/** How many of these ids name a record of `scope` (the actor's live records). */
export async function countIn(executor: Database, scope: SQL, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = (await executor.execute(
    sql`select count(*)::int as count from ${scope} as t where t.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
  )) as Rows<{ count: number }>;
  return Number(result.rows[0]?.count ?? 0);
}

/** New ids for records about to be inserted, in order. */
export async function newIds(executor: Database, definition: ResourceDefinition, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { name } = tableOf(definition);
  const result = (await executor.execute(
    sql`select nextval(pg_get_serial_sequence(${name}::text, 'id'))::int as id from generate_series(1, ${count}::int)`,
  )) as Rows<{ id: number }>;
  return result.rows.map(({ id }) => Number(id));
}

/** The journal a batch writes in: an import job's, for its undo. */
export interface Journal {
  jobId: number;
}

/**
 * Inserts records (every field given; their id when they have one, from newIds), listed as created
 * by the journal's job in the same statement.
 */
export async function insertRecords(
  executor: Database,
  definition: ResourceDefinition,
  records: Record<string, unknown>[],
  userId: number,
  journal: Journal,
): Promise<void> {
  if (records.length === 0) return;
  const { table, columns } = tableOf(definition);
  const withIds = records[0]!.id !== undefined;
  const names = [...writtenFields(definition), ...derivedFields(definition, records)];
  const list = sql.raw([...(withIds ? ['id'] : []), ...names.map((name) => quoted(columns[name]!.name))].join(', '));
  await executor.execute(sql`
    with inserted as (
      insert into ${table} (${list}, created_by, updated_by) ${withIds ? sql`overriding system value` : sql``}
      select ${list}, ${userId}::int, ${userId}::int
      from jsonb_to_recordset(${payload(definition, records, names)}::jsonb)
        as x(${recordsetColumns(definition, names, withIds ? ['id int'] : [])})
      returning *
    ), created as (
      insert into ${importJobCreations} (job_id, resource, record_ids)
      select ${journal.jobId}::int, ${definition.slug}::text, array_agg(id) from inserted
    ), written as materialized (select null::jsonb as before, to_jsonb(inserted) as after from inserted)
    ${auditedIn(definition, userId, 'create')}`);
}

/** A field's value as the audit trail keeps it: an empty text or list is none (changesBetween, audit-trail.ts). */
const auditValue = (value: SQL) =>
  sql`case when ${value} is null or ${value} in ('null'::jsonb, '""'::jsonb, '[]'::jsonb) then 'null'::jsonb else ${value} end`;

/**
 * The end of a write's statement: one audit entry per record of its `written` relation (its row
 * before, null for a creation, and after, as to_jsonb gives them), with the declared fields whose
 * value changed, before → after, as the engine's writes record them; an update that changed nothing
 * gets none. In the same statement: no row goes back to the server. A resource not audited: nothing.
 */
function auditedIn(definition: ResourceDefinition, userId: number, action: 'create' | 'update'): SQL {
  if (!definition.behaviours.audited) return sql`select count(*) from written`;
  const { columns } = tableOf(definition);
  const fields = JSON.stringify(
    Object.keys(definition.fields).map((field, position) => ({ field, column: columns[field]!.name, position })),
  );
  return sql`, audited_fields as materialized (
      select * from jsonb_to_recordset(${fields}::jsonb) as f(field text, "column" text, position int)
    )
    insert into ${auditEntries} (resource, record_id, action, actor_id, changes)
    select ${definition.slug}::text, (w.after ->> 'id')::int, ${action}::text, ${userId}::int, c.changes
    from written as w
    cross join lateral (
      select coalesce(jsonb_agg(jsonb_build_object('field', f.field, 'before', f.was, 'after', f.is) order by f.position), '[]'::jsonb) as changes
      from (
        select f.field, f.position, ${auditValue(sql`w.before -> f.column`)} as was, ${auditValue(sql`w.after -> f.column`)} as is
        from audited_fields as f
      ) as f
      where f.was is distinct from f.is
    ) as c
    where ${action === 'create' ? sql`true` : sql`c.changes <> '[]'::jsonb`}`;
}

/**
 * The rows of the records a batch names (its JSON's ids) before the statement changes them, beside
 * what it returns after: one statement, whose CTEs all see the table as it was.
 */
const rowsBefore = (table: AnyPgTable, json: string) => sql`
  previous as (
    select t.id, to_jsonb(t) as row from ${table} as t
    where t.id in (select (e ->> 'id')::int from jsonb_array_elements(${json}::jsonb) as e)
  )`;

/** What a job changed in a record: its row before the first change is kept, once. */
const savePrevious = (definition: ResourceDefinition, table: AnyPgTable, json: string, journal: Journal) => sql`
  saved as (
    insert into ${importJobChanges} (job_id, resource, record_id, previous)
    select ${journal.jobId}::int, ${definition.slug}::text, t.id, to_jsonb(t) from ${table} as t
    where t.id in (select (e ->> 'id')::int from jsonb_array_elements(${json}::jsonb) as e)
    on conflict do nothing
  )`;

/**
 * Sets these fields of existing records (id and values), keeping each record's row before the
 * job's first change. The caller has checked that every id is in the actor's read scope.
 */
export async function updateRecords(
  executor: Database,
  definition: ResourceDefinition,
  names: string[],
  records: Record<string, unknown>[],
  userId: number,
  journal: Journal,
): Promise<void> {
  if (records.length === 0 || names.length === 0) return;
  const { table, columns } = tableOf(definition);
  const json = payload(definition, records, names);
  const assignments = sql.raw(
    names.map((name) => `${quoted(columns[name]!.name)} = x.${quoted(columns[name]!.name)}`).join(', '),
  );
  await executor.execute(sql`
    with ${savePrevious(definition, table, json, journal)}, ${rowsBefore(table, json)}, updated as (
      update ${table} as t set ${assignments}, updated_at = now(), updated_by = ${userId}::int
      from jsonb_to_recordset(${json}::jsonb) as x(${recordsetColumns(definition, names, ['id int'])})
      where t.id = x.id
      returning t.*
    ), written as materialized (select p.row as before, to_jsonb(u) as after from updated as u join previous as p on p.id = u.id)
    ${auditedIn(definition, userId, 'update')}`);
}

/**
 * Adds ids to a references field of existing records (id and ids), each once, keeping their rows
 * before the job's first change. The caller has checked that every id is in the actor's read scope.
 */
export async function addReferences(
  executor: Database,
  definition: ResourceDefinition,
  field: string,
  records: { id: number; ids: number[] }[],
  userId: number,
  journal: Journal,
): Promise<void> {
  if (records.length === 0) return;
  const { table, columns } = tableOf(definition);
  const column = sql.raw(quoted(columns[field]!.name));
  const json = JSON.stringify(records);
  await executor.execute(sql`
    with ${savePrevious(definition, table, json, journal)}, ${rowsBefore(table, json)}, updated as (
      update ${table} as t
      set ${column} = (select coalesce(array_agg(distinct p order by p), '{}') from unnest(t.${column} || x.ids) as p),
        updated_at = now(), updated_by = ${userId}::int
      from jsonb_to_recordset(${json}::jsonb) as x(id int, ids integer[])
      where t.id = x.id
      returning t.*
    ), written as materialized (select p.row as before, to_jsonb(u) as after from updated as u join previous as p on p.id = u.id)
    ${auditedIn(definition, userId, 'update')}`);
}

/** The ids of a resource's records a job created or changed. */
const journalIds = (definition: ResourceDefinition, jobId: number) => sql`
  select record_id from ${importJobChanges} where job_id = ${jobId}::int and resource = ${definition.slug}
  union all
  select unnest(record_ids) from ${importJobCreations} where job_id = ${jobId}::int and resource = ${definition.slug}`;

/** Whether a record the job created or changed has been written since `since` (the import's end). */
export async function writtenSince(
  executor: Database,
  definition: ResourceDefinition,
  jobId: number,
  since: Date,
): Promise<boolean> {
  const { table } = tableOf(definition);
  const found = (await executor.execute(sql`
    select 1 as found from ${table} where updated_at > ${since.toISOString()}::timestamptz
      and id in (${journalIds(definition, jobId)})
    limit 1`)) as Rows<{ found: number }>;
  return found.rows.length > 0;
}

/** Whether a live record the job created or changed is outside `scope` (the actor's read scope). */
export async function journalBeyond(
  executor: Database,
  definition: ResourceDefinition,
  jobId: number,
  scope: SQL,
): Promise<boolean> {
  const { table } = tableOf(definition);
  const found = (await executor.execute(sql`
    select 1 as found from ${table} where ${isLive(table)} and id in (${journalIds(definition, jobId)})
      and id not in (select s.id from ${scope} as s)
    limit 1`)) as Rows<{ found: number }>;
  return found.rows.length > 0;
}

/**
 * Undoes a job's changes to a resource: the records it changed get their fields back, those it
 * created are deleted (soft, as the engine deletes). Answers the ids deleted.
 */
export async function undoChanges(
  executor: Database,
  definition: ResourceDefinition,
  jobId: number,
  userId: number,
): Promise<number[]> {
  const { table, columns, name } = tableOf(definition);
  const assignments = sql.raw(
    writtenFields(definition)
      .map((field) => `${quoted(columns[field]!.name)} = p.${quoted(columns[field]!.name)}`)
      .join(', '),
  );
  await executor.execute(sql`
    with previous as (
      select t.id, to_jsonb(t) as row from ${table} as t
      join ${importJobChanges} as c on c.record_id = t.id and c.job_id = ${jobId}::int and c.resource = ${definition.slug}
    ), restored as (
      update ${table} as t set ${assignments}, updated_at = now(), updated_by = ${userId}::int
      from ${importJobChanges} as c, jsonb_populate_record(null::${sql.raw(quoted(name))}, c.previous) as p
      where c.job_id = ${jobId}::int and c.resource = ${definition.slug} and t.id = c.record_id
      returning t.*
    ), written as materialized (select p.row as before, to_jsonb(r) as after from restored as r join previous as p on p.id = r.id)
    ${auditedIn(definition, userId, 'update')}`);
  const deleted = (await executor.execute(sql`
    update ${table} set deleted_at = now(), updated_by = ${userId}::int
    where ${isLive(table)} and id in (
      select unnest(record_ids) from ${importJobCreations}
      where job_id = ${jobId}::int and resource = ${definition.slug}
    )
    returning id`)) as Rows<{ id: number }>;
  const ids = deleted.rows.map(({ id }) => Number(id));
  const entries = ids.map((recordId) => ({ recordId, action: 'delete' as const, changes: [] }));
  await recordAudit(executor, definition, { id: userId }, entries);
  return ids;
}

/** Forgets a job's journal (after its undo). */
export async function forgetJournal(executor: Database, jobId: number): Promise<void> {
  await executor.execute(sql`delete from ${importJobChanges} where job_id = ${jobId}::int`);
  await executor.execute(sql`delete from ${importJobCreations} where job_id = ${jobId}::int`);
}

/**
 * Live records of `scope` one of whose text fields (non-empty) is compared equal, as people compare
 * names, to one of the names: the names' candidates (a structure named by its name or acronym).
 */
export async function recordsNamed(
  executor: Database,
  definition: ResourceDefinition,
  scope: SQL,
  fields: string[],
  names: string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (names.length === 0) return found;
  const { columns } = tableOf(definition);
  const matches = sql.join(
    fields.map((field) => {
      const column = sql`t.${sql.raw(quoted(columns[field]!.name))}`;
      return sql`(${column} <> '' and ${comparableText(column)} = ${comparableText(sql`k.name`)})`;
    }),
    sql` or `,
  );
  const result = (await executor.execute(sql`
    select k.name, t.id from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as k(name)
    join ${scope} as t on (${matches})
    order by t.id`)) as Rows<{ name: string; id: number }>;
  for (const { name, id } of result.rows) found.set(name, [...(found.get(name) ?? []), Number(id)]);
  return found;
}
