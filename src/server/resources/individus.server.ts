import { inputSchema } from '../../shared/resources/resource';
import { individuals } from '../../shared/resources/individus.resource';
import { individualsTable } from '../db/schema';
import { parseBody } from '../http/request-parsing';
import { ApiError } from '../http/api-error';
import { findDuplicate } from './duplicates';
import type { ResourceServerHooks } from './resource-hooks';

type LinkRow = { structure: number | null; contactType: number | null };

/** Individuals: no two with the same first and last name; a link to a structure names its contact type. */
export const individualsHooks: ResourceServerHooks = {
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
  routes: [
    {
      // individus ajax ajouter: the create-in-modal of the spec's path (the engine's is modal/ajouter).
      name: 'api.individuals.ajax_create',
      method: 'POST',
      action: 'create',
      summary: 'openapi.operations.modal_create',
      recordBody: true,
      status: 201,
      handle: (request, { store, userId }) =>
        store.create(individuals, parseBody(inputSchema(individuals), request.body), userId),
    },
  ],
};
