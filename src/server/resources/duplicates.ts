import { and, getTableColumns, getTableName, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inputSchema, type ResourceDefinition } from '../../shared/resources/resource';
import type { Database } from '../db/database';
import { comparableText } from '../db/schema';
import { parseBody } from '../http/request-parsing';
import type { ResourceRoute } from '../engine/server-resource';

/**
 * The first live row of a resource table whose columns hold the same texts as these values,
 * compared as people compare names (case, accents, hyphens and spaces ignored: the expression of
 * the table's duplicate index); the row being updated (id) is not its own duplicate. Two
 * transactions writing the same name wait for each other, so they cannot both pass.
 */
export async function findDuplicate(
  tx: Database,
  table: PgTable,
  compared: Record<string, unknown>,
  id: number | undefined,
): Promise<Record<string, unknown> | undefined> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keys = Object.values(compared).map((value) => comparableText(sql`${String(value ?? '')}::text`));
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${getTableName(table)} || ':' || ${sql.join(keys, sql` || ':' || `)}))`,
  );
  const [found] = await tx
    .select()
    .from(table)
    .where(
      and(
        isNull(columns.deletedAt!),
        ...Object.keys(compared).map((name, index) => sql`${comparableText(columns[name]!)} = ${keys[index]}`),
        ...(id === undefined ? [] : [ne(columns.id!, id)]),
      ),
    )
    .limit(1);
  return found;
}

/** ajax/ajouter (individuals and structures): a contact created from another form, answered whole. */
export function ajaxCreateRoute(definition: ResourceDefinition): ResourceRoute {
  return {
    name: 'api.resource.ajax_create',
    method: 'POST',
    action: 'create',
    summary: 'openapi.operations.modal_create',
    recordBody: true,
    status: 201,
    handle: (request, { store, actor }) =>
      store.create(definition, parseBody(inputSchema(definition), request.body), actor),
  };
}
