import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ServerResource } from '../../engine/server-resource';

/**
 * A project's co-owners and partners: each names an individual or a structure. Whoever may read its
 * project reads it (the engine applies the parent's read scope).
 */
export const projectContactHooks: ServerResource = {
  validate(values) {
    if (values.individual == null && values.structure == null && 'individual' in values) {
      return { individual: 'validation.individual_or_structure' };
    }
  },
};

/** Moves projects' last intervention date forward to this day (never back), in the caller's transaction. */
export async function advanceLastIntervention(tx: Database, project: number | number[], day: string): Promise<void> {
  const ids = [project].flat();
  await tx.execute(
    sql`update projects set last_intervention_date = greatest(last_intervention_date, ${day}::date)
        where id = any(${sql.raw(`array[${ids.map(Number).join(',')}]::integer[]`)})`,
  );
}
