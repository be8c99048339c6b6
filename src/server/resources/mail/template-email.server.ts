import { isKnownVariable, variablesIn } from '../../../shared/mail/template-variables';
import { eachRecord, type ServerResource } from '../../engine/server-resource';

/** The fields a template's variables may appear in. */
const templatedFields = ['subject', 'content', 'signature'] as const;

export const emailTemplatesHooks: ServerResource = {
  // An unknown variable would reach the recipient as written: refused at save, named under its field.
  beforeChange: eachRecord(async (_tx, { values }) => {
    for (const field of templatedFields) {
      const text = values[field];
      if (typeof text !== 'string') continue;
      const unknown = variablesIn(text).find((name) => !isKnownVariable(name));
      if (unknown !== undefined)
        return { fieldErrors: { [field]: 'mail.errors.unknown_variable' }, values: { name: unknown } };
    }
    return null;
  }),
};
