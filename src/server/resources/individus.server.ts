import { individuals } from '../../shared/resources/individus.resource';
import { individualsTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ajaxCreateRoute, findDuplicate } from './duplicates';
import { updateIndividualCommune } from './commune-update';
import { duplicateRoutes } from './duplicate-routes';
import type { ServerResource } from '../engine/server-resource';

type LinkRow = { structure: number | null; contactType: number | null };

/** Individuals: no two with the same first and last name; a link to a structure names its contact type. */
export const individualsHooks: ServerResource = {
  refusesDuplicates: true,
  async beforeWrite(tx, values, id) {
    const fieldErrors: Record<string, string> = {};
    ((values.structures as LinkRow[] | undefined) ?? []).forEach((link, index) => {
      if (link.structure !== null && link.contactType === null) {
        fieldErrors[`structures.${index}.contactType`] = 'validation.contact_type_first';
      }
    });
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
    const duplicate = await findDuplicate(
      tx,
      individualsTable,
      { lastName: values.lastName, firstName: values.firstName },
      id,
    );
    if (duplicate) {
      const title = [duplicate.lastName, duplicate.firstName].filter(Boolean).join(' ');
      throw new ApiError(
        400,
        'errors.form',
        { lastName: 'validation.duplicate_individual' },
        { values: { title }, data: { duplicateOf: duplicate.id } },
      );
    }
  },
  routes: [ajaxCreateRoute(individuals), ...duplicateRoutes('individus')],
  commands: { commune_update: updateIndividualCommune },
};
