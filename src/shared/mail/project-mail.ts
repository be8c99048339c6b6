import { z } from 'zod';
import { recordId, uploadPathPattern } from '../resources/fields';
import { mailStatuses } from '../resources/journal-emails.resource';

/** An address a person typed: trimmed, checked as the spec says ("L'adresse email n'est pas valide"). */
const address = z.string().trim().pipe(z.email('validation.email').max(254, 'validation.too_long'));
export const addresses = z.array(address).max(50, 'mail.errors.too_many_recipients');
/** An ISO date-time with its offset: when a mail is to leave. */
export const sendAt = z.iso.datetime({ offset: true, message: 'validation.datetime' });

/** POST /api/projet/get-replaced-content: a template resolved on a project. */
export const replacedContentBodySchema = z.strictObject({ template: recordId, projet: recordId });
export const resolvedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type ResolvedMail = z.infer<typeof resolvedMailSchema>;

/** The folder (POST /api/televersements?dossier=…) the send form's uploaded attachments go to. */
export const mailUploadFolder = 'emails';

/**
 * POST /api/projet/envoyer-email/{projet}: a mail from a template or written freely (its subject and
 * HTML, which may use the variables too), to addresses, now or at `envoiLe`; `documents` are project
 * documents (piece-jointe ids) attached, `files` files the sender uploaded (their paths).
 */
export const sendEmailBodySchema = z
  .strictObject({
    template: recordId.optional(),
    subject: z.string().trim().max(500, 'validation.too_long').optional(),
    html: z.string().max(200_000, 'validation.too_long').optional(),
    to: addresses.min(1, 'mail.errors.no_recipient'),
    cc: addresses.optional(),
    bcc: addresses.optional(),
    documents: z.array(recordId).max(20, 'mail.errors.too_many_documents').optional(),
    files: z
      .array(z.string().regex(uploadPathPattern, 'validation.file'))
      .max(20, 'mail.errors.too_many_documents')
      .optional(),
    envoiLe: sendAt.optional(),
  })
  .refine((body) => body.template !== undefined || (body.subject && body.html), {
    message: 'mail.errors.no_content',
    path: ['subject'],
  });
export type SendEmailBody = z.infer<typeof sendEmailBodySchema>;
export const sentEmailReplySchema = z.object({ email: z.number() });

/** Someone of a project a mail may go to: who they are to it, their name, their address. */
export const projectRecipientSchema = z.object({
  role: z.enum(['owner', 'coOwner', 'partner', 'referent']),
  name: z.string(),
  email: z.string(),
});
export type ProjectRecipient = z.infer<typeof projectRecipientSchema>;
/** GET /api/projet/destinataires-email/{projet}: the project's people with an address, as the reader may see them. */
export const projectRecipientsSchema = z.object({ items: z.array(projectRecipientSchema) });

/**
 * A mailing's selection: the ticked projects (`projets`), or the project list's criteria (`filtres`,
 * the list's query as its address holds it, `{}` for the whole list), exactly one of them.
 */
const mailingSelectionFields = {
  projets: z.array(recordId).min(1, 'batch.no_items').max(100_000, 'mail.errors.too_many_projects').optional(),
  filtres: z.record(z.string(), z.string()).optional(),
};
const oneSelection = (body: { projets?: number[]; filtres?: Record<string, string> }) =>
  (body.projets === undefined) !== (body.filtres === undefined);
const oneSelectionError = { message: 'mail.errors.one_selection', path: ['projets'] };

/** POST /api/projet/publipostage/envoyer: one template to the owners of the selected projects. */
export const mailingBodyFields = z.strictObject({
  template: recordId,
  ...mailingSelectionFields,
  envoiLe: sendAt.optional(),
});
export const mailingBodySchema = mailingBodyFields.refine(oneSelection, oneSelectionError);
/** The same check for a body built on the mailing's (its recipients' file). */
export const withOneSelection = <T extends z.ZodType<{ projets?: number[]; filtres?: Record<string, string> }>>(
  schema: T,
) => schema.refine(oneSelection, oneSelectionError);
export const mailingReplySchema = z.object({ publipostage: z.number(), recipients: z.number() });

/** POST …/emails-programmes/{projet}/reprogrammer/{email}: a scheduled mail's new date. */
export const rescheduleBodySchema = z.strictObject({ envoiLe: sendAt });

/** A mail of a project's panels: "Mails envoyés" and "Mails programmés". */
export const projectEmailSchema = z.object({
  id: z.number(),
  subject: z.string(),
  recipients: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  /** When it was sent, or is planned. */
  date: z.string(),
  /** Who sent it: the user's name, or the sender address for a mail no user wrote. */
  sender: z.string(),
  status: z.enum(mailStatuses),
  error: z.string(),
  html: z.string(),
  attachments: z.array(z.string()),
});
export type ProjectEmail = z.infer<typeof projectEmailSchema>;
export const projectEmailsSchema = z.object({ items: z.array(projectEmailSchema), total: z.number() });
export type ProjectEmails = z.infer<typeof projectEmailsSchema>;
