import { and, arrayContains, asc, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { communes } from '../../shared/resources/communes.resource';
import { can } from '../../shared/permissions';
import { routePattern } from '../../shared/routes';
import { currentAuth, requireUser } from '../auth/sessions';
import { communesTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ResourceServerHooks } from './resource-hooks';

/** A commune as the postal-code lookup answers it. */
export interface CommuneByPostalCode {
  id: number;
  inseeCode: string;
  name: string;
  postalCodes: string[];
}

const columns = getTableColumns(communesTable) as Record<string, AnyPgColumn>;

export const communesHooks: ResourceServerHooks = {
  routes(app, db) {
    // communes ajax code-postal: the live communes having that postal code, by name (accents ignored).
    app.get(routePattern('api.communes.by_postal_code'), { preHandler: requireUser }, async (request) => {
      if (!can(currentAuth(request).user, communes.slug, 'list')) throw new ApiError(403, 'errors.forbidden');
      const code = String((request.query as Record<string, unknown>).code ?? '').trim();
      if (!/^\d{5}$/.test(code)) throw new ApiError(400, 'validation.postal_code');
      return (await db
        .select({
          id: columns.id!,
          inseeCode: columns.inseeCode!,
          name: columns.name!,
          postalCodes: columns.postalCodes!,
        })
        .from(communesTable)
        .where(and(isNull(columns.deletedAt!), arrayContains(columns.postalCodes!, [code])))
        .orderBy(sql`immutable_unaccent(${columns.name!})`, asc(columns.id!))) as CommuneByPostalCode[];
    });
  },
};
