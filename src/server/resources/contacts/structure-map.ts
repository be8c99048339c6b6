import { eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { StructureMap } from '../../../shared/map/structure-map';
import { recordTitle } from '../../../shared/resources/resource';
import { structures } from '../../../shared/resources/structures.resource';
import { communesTable } from '../../db/schema';
import { geocode } from '../../external/geocoding';
import type { ResourceRoute } from '../../engine/server-resource';

const communeColumns = getTableColumns(communesTable) as Record<string, AnyPgColumn>;

interface Address {
  address: string;
  complement: string;
  postalCode: string;
  city: string;
  commune: number | null;
  main: boolean;
}

export const structureMapRoutes: ResourceRoute[] = [
  {
    // google-map/{id}: the main address in words, and the point the BAN gives it (the commune, when known, narrowing the search).
    name: 'api.structures.map',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.structures_map',
    async handle(request, { db, store, actor }): Promise<StructureMap> {
      const record = await store.get(structures, request.params.id, actor);
      const view = { id: record.id, title: recordTitle(structures, record) };
      const main = (record.addresses as Address[]).find((address) => address.main);
      if (!main) return { ...view, address: [], position: null };
      const [commune] =
        main.commune === null
          ? []
          : await db
              .select({ name: communeColumns.name!, inseeCode: communeColumns.inseeCode! })
              .from(communesTable)
              .where(eq(communeColumns.id!, main.commune));
      const town = [main.postalCode, main.city || String(commune?.name ?? '')].filter(Boolean).join(' ');
      const address = [main.address, main.complement, town].filter(Boolean);
      // The complement ("Bâtiment B") only confuses the geocoder.
      const inseeCode = commune ? String(commune.inseeCode) : undefined;
      const position = await geocode(db, [main.address, town].filter(Boolean).join(' '), inseeCode);
      return { ...view, address, position };
    },
  },
];
