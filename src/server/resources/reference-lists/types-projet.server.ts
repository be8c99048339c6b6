import { and, asc, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { projectTypesTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { type ServerResource } from '../../engine/server-resource';

const columns = getTableColumns(projectTypesTable) as Record<string, AnyPgColumn>;

export const projectTypesHooks: ServerResource = {
  routes: [
    {
      // types-projet ajax par-mission/{mission}: the enabled project types of a mission (or of none: of all), by name.
      name: 'api.project_types.by_mission',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.project_types_by_mission',
      handle: (request, { db }) =>
        db
          .select({ id: sql<number>`${columns.id!}`, name: sql<string>`${columns.name!}` })
          .from(projectTypesTable)
          .where(
            and(
              isLive(projectTypesTable),
              sql`${columns.enabled!}`,
              // A type naming no mission is offered in all of them (as a project's save accepts it).
              sql`(${request.params.mission} = any(${columns.missions!}) or coalesce(cardinality(${columns.missions!}), 0) = 0)`,
            ),
          )
          .orderBy(asc(columns.name!)),
    },
  ],
};
