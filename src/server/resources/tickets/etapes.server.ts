import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stepsTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { eachRecord, refusalOf, type ServerResource } from '../../engine/server-resource';

const columns = getTableColumns(stepsTable) as Record<string, AnyPgColumn>;

/** Workflow steps: one finished step at most, and none leads to itself. */
export const stepsHooks: ServerResource = {
  validate(values, { id }) {
    const reachable = (values.reachableSteps as number[] | undefined) ?? [];
    if (id !== null && reachable.includes(id)) return { reachableSteps: 'validation.step_reaches_itself' };
  },
  beforeChange: eachRecord(async (tx, { id, values }) => {
    if (values.done !== true) return null;
    const others = await tx
      .select({ id: columns.id! })
      .from(stepsTable)
      .where(and(eq(columns.done!, true), isLive(stepsTable), ...(id === null ? [] : [ne(columns.id!, id)])))
      // Two steps marked finished at once: the second waits for the first's transaction.
      .for('update');
    return refusalOf(others.length > 0 ? { done: 'validation.single_done_step' } : {});
  }),
};
