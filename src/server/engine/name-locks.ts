import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { comparableText } from '../db/schema';

/** The advisory lock key of two names already made comparable, in a table: a form and an import take the same. */
export const lockKey = (table: string, first: SQL, second: SQL) =>
  sql`hashtext(${table}::text || ':' || ${first} || ':' || ${second})`;

/**
 * Takes the advisory locks of these names (a duplicate rule's two fields), sorted so that two writers
 * lock in the same order: two transactions writing the same names wait for each other, so they
 * cannot both pass the rule.
 */
export async function lockNames(tx: Database, table: AnyPgTable, names: [string, string][]): Promise<void> {
  if (names.length === 0) return;
  const keys = JSON.stringify(names.map(([a, b]) => ({ a, b })));
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(${lockKey(getTableName(table), sql`a`, sql`b`)})) from (
      select distinct ${comparableText(sql`k.a`)} as a, ${comparableText(sql`k.b`)} as b
      from jsonb_to_recordset(${keys}::jsonb) as k(a text, b text) order by a, b
    ) as names`);
}
