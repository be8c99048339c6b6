import { z } from 'zod';
import {
  mailingBodySchema,
  mailingReplySchema,
  projectEmailsSchema,
  projectRecipientsSchema,
  replacedContentBodySchema,
  rescheduleBodySchema,
  resolvedMailSchema,
  sendEmailBodySchema,
  sentEmailReplySchema,
} from '../mail/project-mail';
import {
  invitationBodySchema,
  mailingExportBodySchema,
  mailingExportQuerySchema,
  signatureBodySchema,
  signatureReplySchema,
} from '../mail/mail-tools';
import { defineContracts, operation } from './contract';
import { xlsxType } from './resources.contract';

const scheduledEmail = z.object({ id: z.number(), date: z.string() });
/** The mailing's recipients as a file: CSV (semicolons, UTF-8 with a BOM) or XLSX. */
const recipientsFile = ['text/csv; charset=utf-8', xlsxType] as const;

/** Mail from a project and to a selection of projects (publipostage); the templates are the engine's template-email. */
export const mailContracts = defineContracts({
  'api.projects.replaced_content': { POST: operation({ body: replacedContentBodySchema, reply: resolvedMailSchema }) },
  'api.projects.send_email': {
    POST: operation({ body: sendEmailBodySchema, reply: sentEmailReplySchema, status: 202 }),
  },
  'api.projects.mailing_send': { POST: operation({ body: mailingBodySchema, reply: mailingReplySchema, status: 202 }) },
  'api.projects.sent_emails': { GET: operation({ reply: projectEmailsSchema }) },
  'api.projects.mail_recipients': { GET: operation({ reply: projectRecipientsSchema }) },
  'api.projects.scheduled_emails': { GET: operation({ reply: projectEmailsSchema }) },
  'api.projects.cancel_email': { POST: operation({ reply: scheduledEmail, conflicts: true }) },
  'api.projects.reschedule_email': {
    POST: operation({ body: rescheduleBodySchema, reply: scheduledEmail, conflicts: true }),
  },
  'api.projects.signature': { POST: operation({ body: signatureBodySchema, reply: signatureReplySchema }) },
  'api.projects.invitation': { POST: operation({ body: invitationBodySchema, file: ['text/calendar'] }) },
  'api.projects.mailing_export': {
    GET: operation({
      query: mailingExportQuerySchema.extend({
        ids: mailingExportQuerySchema.shape.ids.describe('openapi.parameters.ids'),
        template: mailingExportQuerySchema.shape.template.describe('openapi.parameters.mail_template'),
        format: mailingExportQuerySchema.shape.format.describe('openapi.parameters.format'),
      }),
      file: recipientsFile,
    }),
  },
  'api.projects.mailing_export_ajax': { POST: operation({ body: mailingExportBodySchema, file: recipientsFile }) },
  // A mail's attachment (emails/{chemin}: <email log id>/<file name>).
  'emails.file': { GET: operation({ file: ['application/octet-stream'] }) },
});
