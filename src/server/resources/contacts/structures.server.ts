import { structures, type StructureAddress } from '../../../shared/resources/structures.resource';
import type { Suggestion } from '../../../shared/resources/resource';
import { structuresTable } from '../../db/schema';
import { ajaxCreateRoute, duplicateRefusals, type DuplicateRule } from './duplicates';
import { updateStructureCommune } from '../reference-lists/commune-update';
import { duplicateRoutes } from './duplicate-routes';
import { hiddenProjectMoveRefusals } from '../projet/project-owner-moves';
import {
  linkedIndividuals,
  selfAndDescendants,
  structureRelationRoutes,
  suggestStructures,
} from './structure-relations';
import { isNafCode, nafCodeRoutes } from './naf-codes';
import { structureMapRoutes } from './structure-map';
import { importRgeQualifications, qualificationRoutes } from './structure-qualifications';
import { eachRecord, refusalOf, type FieldErrors, type ServerResource } from '../../engine/server-resource';

/** find-ajax answers this many suggestions at most. */
const FIND_LIMIT = 20;

/** The structures' duplicate rule (spec 5): no two with the same name and acronym. */
export const structureDuplicates: DuplicateRule = {
  table: structuresTable,
  fields: ['name', 'acronym'],
  message: 'validation.duplicate_structure',
  title: ([name, acronym]) => [name, acronym && `(${acronym})`].filter(Boolean).join(' '),
};

/**
 * Structures: no two with the same name and acronym; one main address among several; a public
 * subtype only on a public structure; never their own parent, nor below one of their children; a
 * field of activity among the NAF codes; no change of the main address's commune that would move a
 * project the writer cannot read.
 */
export const structuresHooks: ServerResource = {
  refusesDuplicates: true,
  validate(values, { id }) {
    const fieldErrors: FieldErrors = {};
    const addresses = (values.addresses as StructureAddress[] | undefined) ?? [];
    if (addresses.length > 0 && addresses.filter((address) => address.main).length !== 1) {
      fieldErrors.addresses = 'validation.one_main_address';
    }
    if (values.publicSubtype != null && values.contactType !== 'public') {
      fieldErrors.publicSubtype = 'validation.public_subtype_only';
    }
    if (typeof values.activity === 'string' && values.activity !== '' && !isNafCode(values.activity)) {
      fieldErrors.activity = 'validation.naf_code';
    }
    if (id !== null && ((values.parents as number[] | undefined) ?? []).includes(id)) {
      fieldErrors.parents = 'validation.own_parent';
    }
    return fieldErrors;
  },
  async beforeChange(tx, records, actor) {
    const cycles = await eachRecord(async (_tx, { id, values }) => {
      const parents = (values.parents as number[] | undefined) ?? [];
      if (id === null || parents.length === 0) return null;
      const below = await selfAndDescendants(tx, id);
      return refusalOf(parents.some((parent) => below.includes(parent)) ? { parents: 'validation.parent_cycle' } : {});
    })(tx, records, actor);
    const duplicates = await duplicateRefusals(tx, structureDuplicates, records);
    const moves = await hiddenProjectMoveRefusals(tx, actor, 'structure', records);
    return records.map((_record, index) => cycles[index] ?? duplicates[index] ?? moves[index] ?? null);
  },
  routes: [
    ajaxCreateRoute(structures),
    {
      // find-ajax: suggestions by name, acronym or SIRET (spaces ignored).
      name: 'api.structures.find',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.structures_find',
      async handle(request, { db }): Promise<Suggestion[]> {
        const term = (request.query.term ?? '').trim();
        if (term === '') return [];
        return suggestStructures(db, term, FIND_LIMIT);
      },
    },
    {
      // load-ajax/{id}: the structure, with its main address apart.
      name: 'api.structures.load',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.structures_load',
      async handle(request, { store, actor }) {
        const record = await store.get(structures, request.params.id, actor);
        const mainAddress = (record.addresses as StructureAddress[]).find((address) => address.main) ?? null;
        return { ...record, mainAddress };
      },
    },
    {
      // get-individus-ajax/{id}: the live individuals linked to the structure, with their link's function.
      name: 'api.structures.individuals',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.structures_individuals',
      async handle(request, { db, store, actor }) {
        const id = (await store.get(structures, request.params.id, actor)).id;
        return linkedIndividuals(db, id);
      },
    },
    ...structureRelationRoutes,
    ...nafCodeRoutes,
    ...qualificationRoutes,
    ...structureMapRoutes,
    ...duplicateRoutes('structures'),
  ],
  commands: { commune_update: updateStructureCommune, rge_import: importRgeQualifications },
};
