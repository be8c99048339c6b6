import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inputSchema, type ResourceDefinition } from '../../../shared/resources/resource';
import type { Database } from '../../db/database';
import { comparableText } from '../../db/schema';
import { lockNames } from '../../engine/name-locks';
import { liveRows } from '../../engine/record-scope';
import { parseBody } from '../../http/request-parsing';
import type { PendingRecord, RecordRefusal, ResourceRoute } from '../../engine/server-resource';
import { comparable } from '../../db/comparable';

/** Both drivers answer { rows }. */
type Rows<T> = { rows: T[] };

/** A duplicate rule: two fields no two live records may share, compared as people compare names. */
export interface DuplicateRule {
  table: PgTable;
  fields: [string, string];
  /** The catalog key of the refusal, set on the first field, with the existing record's {{title}}. */
  message: string;
  title(names: [string, string]): string;
}

/**
 * The duplicate rule on records about to be written, for a batch at once: each record sharing its
 * two names (case, accents, hyphens and spaces ignored: the expression of the table's duplicate
 * index) with a live record other than itself, or with a record before it in the batch, is refused,
 * naming that record (duplicateOf, when it exists).
 */
export async function duplicateRefusals(
  tx: Database,
  rule: DuplicateRule,
  records: PendingRecord[],
): Promise<(RecordRefusal | null)[]> {
  const [first, second] = rule.fields;
  const names = records.map(({ values }): [string, string] => [
    String(values[first] ?? ''),
    String(values[second] ?? ''),
  ]);
  await lockNames(tx, rule.table, names);
  const columns = getTableColumns(rule.table) as Record<string, AnyPgColumn>;
  const keys = JSON.stringify(records.map(({ id }, ord) => ({ ord, id, a: names[ord]![0], b: names[ord]![1] })));
  const found = (await tx.execute(sql`
    select k.ord, m.id, m.a, m.b from jsonb_to_recordset(${keys}::jsonb) as k(ord int, id int, a text, b text)
    cross join lateral (
      select t.id, t.${sql.raw(quoted(columns[first]!.name))} as a, t.${sql.raw(quoted(columns[second]!.name))} as b
      from ${liveRows(rule.table)} as t
      where ${comparableText(sql`t.${sql.raw(quoted(columns[first]!.name))}`)} = ${comparableText(sql`k.a`)}
        and ${comparableText(sql`t.${sql.raw(quoted(columns[second]!.name))}`)} = ${comparableText(sql`k.b`)}
        and (k.id is null or t.id <> k.id)
      limit 1
    ) as m`)) as Rows<{ ord: number; id: number; a: string | null; b: string | null }>;
  const existing = new Map(found.rows.map((row) => [Number(row.ord), row]));
  const earlier = new Map<string, number>();
  return names.map((pair, ord) => {
    const duplicate = existing.get(ord);
    const key = `${comparable(pair[0])}\u0001${comparable(pair[1])}`;
    const before = earlier.get(key);
    if (before === undefined) earlier.set(key, ord);
    if (!duplicate && before === undefined) return null;
    const title = rule.title(duplicate ? [duplicate.a ?? '', duplicate.b ?? ''] : names[before!]!);
    return {
      fieldErrors: { [first]: rule.message },
      values: { title },
      ...(duplicate ? { data: { duplicateOf: Number(duplicate.id) } } : {}),
    };
  });
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** ajax/ajouter (individuals and structures): a contact created from another form, answered whole. */
export function ajaxCreateRoute(definition: ResourceDefinition): ResourceRoute {
  return {
    name: 'api.resource.ajax_create',
    method: 'POST',
    action: 'create',
    summary: 'openapi.operations.modal_create',
    recordBody: true,
    handle: (request, context) =>
      context.operations.create(definition, parseBody(inputSchema(definition), request.body), context),
  };
}
