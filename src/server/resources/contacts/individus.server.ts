import { individuals } from '../../../shared/resources/individus.resource';
import { individualsTable } from '../../db/schema';
import { ajaxCreateRoute, duplicateRefusals, type DuplicateRule } from './duplicates';
import { updateIndividualCommune } from '../reference-lists/commune-update';
import { duplicateRoutes } from './duplicate-routes';
import { hiddenProjectMoveRefusals } from '../projet/project-owner-moves';
import type { FieldErrors, ServerResource } from '../../engine/server-resource';

type LinkRow = { structure: number | null; contactType: number | null };

/** The individuals' duplicate rule (spec 5): no two with the same last and first name. */
export const individualDuplicates: DuplicateRule = {
  table: individualsTable,
  fields: ['lastName', 'firstName'],
  message: 'validation.duplicate_individual',
  title: (names) => names.filter(Boolean).join(' '),
};

/**
 * Individuals: no two with the same first and last name; a link to a structure names its contact
 * type; no change of commune that would move a project the writer cannot read.
 */
export const individualsHooks: ServerResource = {
  refusesDuplicates: true,
  validate(values) {
    const fieldErrors: FieldErrors = {};
    ((values.structures as LinkRow[] | undefined) ?? []).forEach((link, index) => {
      if (link.structure !== null && link.contactType === null) {
        fieldErrors[`structures.${index}.contactType`] = 'validation.contact_type_first';
      }
    });
    return fieldErrors;
  },
  async beforeChange(tx, records, actor) {
    const duplicates = await duplicateRefusals(tx, individualDuplicates, records);
    const moves = await hiddenProjectMoveRefusals(tx, actor, 'individual', records);
    return records.map((_record, index) => duplicates[index] ?? moves[index] ?? null);
  },
  routes: [ajaxCreateRoute(individuals), ...duplicateRoutes('individus')],
  commands: { commune_update: updateIndividualCommune },
};
