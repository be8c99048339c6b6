import { mappingProblems, type ImportConfig } from '../../shared/import-assistant/import-assistant';
import { ApiError } from '../http/api-error';
import type { ServerResource } from '../engine/server-resource';

/**
 * Import templates: the assistant's mapping rules — fields of the template's type, each once, a
 * column written as the numeric-columns flag says, search criteria on a structure's or an
 * individual's own fields, the required fields mapped — and a tab index from 0.
 */
export const importTemplatesHooks: ServerResource = {
  async beforeWrite(_tx, values) {
    const fieldErrors = mappingProblems(values as unknown as ImportConfig);
    if ((values.sheet as number) < 0) fieldErrors.sheet = 'import_assistant.errors.sheet_index';
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
  },
};
