import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { structures, type StructureQualification } from '../../../shared/resources/structures.resource';
import { clock } from '../../clock';
import { structuresTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { fetchRgeCompany, type RgeQualification } from '../../external/rge-companies';
import { ApiError } from '../../http/api-error';
import { externalServicesSettings, loadSettings } from '../../settings/settings';
import { type RecordCommandHandler, type ResourceRoute } from '../../engine/server-resource';

const columns = getTableColumns(structuresTable) as Record<string, AnyPgColumn>;

/** A qualification as a structure keeps it: from the RGE import, or (later) from elsewhere. */
type Qualification = Pick<RgeQualification, 'source'> & Record<string, unknown>;

/**
 * rge-import/{id}: the structure's RGE qualifications from ADEME's open data, found by its SIRET.
 * ADEME is asked before the transaction (no lock held while waiting for it); the transaction then
 * replaces the structure's RGE qualifications, and those alone, at once, through the operations'
 * patch (its audit entry; none when the import changes nothing).
 */
export const importRgeQualifications: RecordCommandHandler = async (id, context) => {
  const { db, store, actor, operations } = context;
  const { siret } = await store.get(structures, id, actor);
  if (typeof siret !== 'string' || siret === '') throw new ApiError(400, 'resources.structures.errors.rge_no_siret');
  const { rgeDatasetUrl, timeoutMs } = await loadSettings(db, externalServicesSettings);
  const company = await fetchRgeCompany(siret, { datasetUrl: rgeDatasetUrl, timeoutMs, importedAt: clock.now() });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ qualifications: columns.qualifications! })
      .from(structuresTable)
      .where(and(eq(columns.id!, id), isLive(structuresTable)))
      .for('update');
    if (!row) throw new ApiError(404, 'errors.not_found');
    const kept = (row.qualifications as Qualification[]).filter((qualification) => qualification.source !== 'rge');
    const qualifications = [...kept, ...company.qualifications];
    await operations.patch(structures, [{ id, values: { qualifications } }], { ...context, tx });
  });
  return {
    key: 'resources.structures.messages.rge_imported',
    values: { count: company.qualifications.length, company: company.name || company.siret },
  };
};

export const qualificationRoutes: ResourceRoute[] = [
  {
    // structure-qualification/index/{structure}: the structure's qualifications, in their order.
    name: 'api.structures.qualifications',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.structures_qualifications',
    async handle(request, { store, actor }) {
      const record = await store.get(structures, request.params.structure, actor);
      // A record's values are untyped: the qualifications field holds its rows.
      return record.qualifications as StructureQualification[];
    },
  },
];
