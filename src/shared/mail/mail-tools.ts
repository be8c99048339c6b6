import { z } from 'zod';
import { MAX_INTEGER, recordId } from '../resources/fields';
import { wholeNumber } from '../api/paging';
import { addresses, mailingBodyFields, sendAt, withOneSelection } from './project-mail';

/** POST /api/projet/get-signature: the user's signature, its variables resolved on `projet` when given. */
export const signatureBodySchema = z.strictObject({ projet: recordId.optional() });
export const signatureReplySchema = z.object({ html: z.string() });

/**
 * POST /api/projet/get-invitation: a meeting about a project as an iCalendar file (method REQUEST),
 * from the user to the participants: when (`date`, `duree` minutes, 60 unless said), where, and what
 * (`objet`, the project's reference unless said).
 */
export const invitationBodySchema = z.strictObject({
  projet: recordId,
  date: sendAt,
  duree: z
    .number('validation.integer')
    .int('validation.integer')
    .min(5, 'validation.out_of_range')
    .max(24 * 60, 'validation.out_of_range')
    .default(60),
  lieu: z.string().trim().min(1, 'validation.required').max(500, 'validation.too_long'),
  objet: z.string().trim().max(500, 'validation.too_long').optional(),
  participants: addresses.min(1, 'mail.errors.no_recipient'),
});
export type InvitationBody = z.output<typeof invitationBodySchema>;

/** The files a mailing's recipients come in, for a mail merge elsewhere. */
export const mailingExportFormats = ['csv', 'xlsx'] as const;
const format = z.enum(mailingExportFormats, 'validation.choice');

/** GET /api/projet/export-publipostage?ids=1,2&template=3&format=csv: the mailing's recipients and their values. */
export const mailingExportQuerySchema = z.object({
  ids: z
    .string('export.no_selection')
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'export.no_selection')
    .transform((ids) => [...new Set(ids.split(',').map(Number))]),
  template: wholeNumber(1, MAX_INTEGER),
  format,
});

/** POST /api/projet/publipostage/export: the same, for the mailing's own body (its date left out). */
export const mailingExportBodySchema = withOneSelection(mailingBodyFields.omit({ envoiLe: true }).extend({ format }));
