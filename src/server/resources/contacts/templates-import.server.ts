import { mappingProblems, type ImportConfig } from '../../../shared/import-assistant/import-assistant';
import type { ServerResource } from '../../engine/server-resource';

/**
 * Import templates: the assistant's mapping rules — fields of the template's type, each once, a
 * column written as the numeric-columns flag says, search criteria on a structure's or an
 * individual's own fields, the required fields mapped — and a tab index from 0.
 */
export const importTemplatesHooks: ServerResource = {
  validate(values) {
    const fieldErrors = mappingProblems(values as unknown as ImportConfig);
    if ((values.sheet as number) < 0) fieldErrors.sheet = 'import_assistant.errors.sheet_index';
    return fieldErrors;
  },
};
