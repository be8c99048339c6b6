import { and, asc, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { projectTypes } from '../../shared/resources/types-projet.resource';
import { routePattern } from '../../shared/routes';
import { requireUser } from '../auth/sessions';
import { allowedUser } from '../engine/resource.routes';
import { projectTypesTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ResourceServerHooks } from './resource-hooks';

const columns = getTableColumns(projectTypesTable) as Record<string, AnyPgColumn>;

export const projectTypesHooks: ResourceServerHooks = {
  routes(app, db) {
    // types-projet ajax par-mission/{mission}: the enabled project types of a mission, by name.
    app.get<{ Params: { mission: string } }>(
      routePattern('api.project_types.by_mission'),
      { preHandler: requireUser },
      async (request) => {
        allowedUser(request, projectTypes.slug, 'list');
        if (!/^\d{1,9}$/.test(request.params.mission)) throw new ApiError(404, 'errors.not_found');
        return db
          .select({ id: sql<number>`${columns.id!}`, name: sql<string>`${columns.name!}` })
          .from(projectTypesTable)
          .where(
            and(
              isNull(columns.deletedAt!),
              sql`${columns.enabled!}`,
              sql`${Number(request.params.mission)} = any(${columns.missions!})`,
            ),
          )
          .orderBy(asc(columns.name!));
      },
    );
  },
};
