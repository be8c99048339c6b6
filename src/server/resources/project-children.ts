import { sql } from 'drizzle-orm';
import type { ServerResource } from '../engine/server-resource';
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
