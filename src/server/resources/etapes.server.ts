import { and, eq, getTableColumns, isNull, ne } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stepsTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ServerResource } from '../engine/server-resource';

const columns = getTableColumns(stepsTable) as Record<string, AnyPgColumn>;

/** Workflow steps: one finished step at most, and none leads to itself. */
export const stepsHooks: ServerResource = {
  async beforeWrite(tx, values, id) {
    const fieldErrors: Record<string, string> = {};
    const reachable = (values.reachableSteps as number[] | undefined) ?? [];
    if (id !== undefined && reachable.includes(id)) fieldErrors.reachableSteps = 'validation.step_reaches_itself';
    if (values.done === true) {
      const others = await tx
        .select({ id: columns.id! })
        .from(stepsTable)
        .where(
          and(eq(columns.done!, true), isNull(columns.deletedAt!), ...(id === undefined ? [] : [ne(columns.id!, id)])),
        )
        // Two steps marked finished at once: the second waits for the first's transaction.
        .for('update');
      if (others.length > 0) fieldErrors.done = 'validation.single_done_step';
    }
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
  },
};
