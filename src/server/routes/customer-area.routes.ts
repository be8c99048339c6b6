import { and, asc, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { CustomerHome } from '../../shared/account/account.schema';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { missionsTable, users } from '../db/schema';
import { isLive } from '../engine/record-scope';
import { declareRoute } from '../http/api-route';
import { integer } from '../http/openapi-tools';

const missionColumns = getTableColumns(missionsTable) as Record<string, AnyPgColumn>;

/**
 * The customer area of external users (its login and session routes are with the back office's,
 * in auth.routes.ts): an external user sees only what their groups are attached to — the missions
 * that name one of their groups among their external user groups.
 */
export function registerCustomerAreaRoutes(app: FastifyInstance, db: Database): void {
  declareRoute(app, {
    name: 'api.customer.home',
    method: 'GET',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('account', 'customer_home', {
        access: 'read',
        responses: {
          200: tools.ok({
            type: 'object',
            properties: {
              missions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: integer, name: { type: 'string' }, acronym: { type: ['string', 'null'] } },
                },
              },
            },
          }),
        },
        errors: [401],
      }),
    handler: async (request): Promise<CustomerHome> => {
      const { user } = currentAuth(request);
      const missions = await db
        .select({ id: missionColumns.id!, name: missionColumns.name!, acronym: missionColumns.acronym! })
        .from(missionsTable)
        .where(
          and(
            isLive(missionsTable),
            sql`${missionColumns.externalGroups!} && (select ${users.groupIds} from ${users} where ${users.id} = ${user.id})`,
          ),
        )
        .orderBy(sql`immutable_unaccent(lower(${missionColumns.name!}))`, asc(missionColumns.id!));
      return {
        missions: missions.map(({ id, name, acronym }) => ({
          id: Number(id),
          name: String(name),
          acronym: acronym === null ? null : String(acronym),
        })),
      };
    },
  });
}
