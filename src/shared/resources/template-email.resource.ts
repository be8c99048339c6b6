import { field } from './fields';
import { defineResource } from './resource';

/**
 * Mail templates (spec 3, Email template): a subject and a rich-text content using the variables of
 * `shared/mail/template-variables.ts`, resolved on a project when a mail is sent from it or to a
 * selection of projects (publipostage); an unknown variable is refused at save, named.
 */
export const emailTemplates = defineResource({
  slug: 'template-email',
  table: 'email_templates',
  menu: { section: 'content', icon: 'mail' },
  titleField: 'subject',
  behaviours: { audited: true },
  fields: {
    subject: field.text({ required: true, list: true, sortable: true, searchable: true }),
    content: field.richtext({ required: true }),
    signature: field.richtext(),
    attachments: field.collection({ file: field.file({ required: true }) }),
    /** Sent to confirm an ADEME A2 advice act (the SARE's "acte A2"). */
    ademeA2: field.boolean({ list: true, filter: true }),
  },
});
