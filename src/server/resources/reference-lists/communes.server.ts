import { and, arrayContains, asc, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommuneByPostalCode } from '../../../shared/resources/communes.resource';
import { communesTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import type { ServerResource } from '../../engine/server-resource';

const columns = getTableColumns(communesTable) as Record<string, AnyPgColumn>;

export const communesHooks: ServerResource = {
  // Among 35 000, the commune named as typed comes first: "Paris", then "Paris-l'Hôpital", "Parisot", then "Cormeilles-en-Parisis".
  searchRanksTitle: true,
  routes: [
    {
      // communes ajax code-postal: the live communes having that postal code, by name (accents ignored).
      name: 'api.communes.by_postal_code',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.communes_by_postal_code',
      async handle(request, { db }) {
        const code = (request.query.code ?? '').trim();
        if (!/^\d{5}$/.test(code)) throw new ApiError(400, 'validation.postal_code');
        return (await db
          .select({
            id: columns.id!,
            inseeCode: columns.inseeCode!,
            name: columns.name!,
            postalCodes: columns.postalCodes!,
          })
          .from(communesTable)
          .where(and(isLive(communesTable), arrayContains(columns.postalCodes!, [code])))
          .orderBy(sql`immutable_unaccent(${columns.name!})`, asc(columns.id!))) as CommuneByPostalCode[];
      },
    },
  ],
};
