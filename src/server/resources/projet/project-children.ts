import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ServerResource } from '../../engine/server-resource';
import { visibleProjectIds } from './project-scope';

/**
 * A project's co-owners and partners: each names an individual or a structure, and is read by whoever
 * may read its project (the projects' read scope, through the parent).
 */
export const projectContactHooks: ServerResource = {
  validate(values) {
    if (values.individual == null && values.structure == null && 'individual' in values) {
      return { individual: 'validation.individual_or_structure' };
    }
  },
  readScope(actor, columns) {
    const ids = visibleProjectIds(actor);
    return ids && sql`${columns.project!} in (${ids})`;
  },
};

/** The read scope of a project's child resource: its project's. */
export const projectChildScope: Pick<ServerResource, 'readScope'> = {
  readScope(actor, columns) {
    const ids = visibleProjectIds(actor);
    return ids && sql`${columns.project!} in (${ids})`;
  },
};

/** Moves a project's last intervention date forward to this day (never back), in the caller's transaction. */
export async function advanceLastIntervention(tx: Database, project: number, day: string): Promise<void> {
  await tx.execute(
    sql`update projects set last_intervention_date = greatest(last_intervention_date, ${day}::date) where id = ${project}`,
  );
}
