import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import { visibleProjectIds } from '../projet/project-scope';

/** The ids of the live tickets the actor may read: those of the projects they may read (undefined: all). */
export function visibleTicketIds(actor: Actor): SQL | undefined {
  const projects = visibleProjectIds(actor);
  return projects && sql`select t.id from tickets t where t.deleted_at is null and t.project in (${projects})`;
}
