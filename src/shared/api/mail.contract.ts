import { z } from 'zod';
import {
  mailingBodySchema,
  mailingReplySchema,
  projectEmailsSchema,
  replacedContentBodySchema,
  rescheduleBodySchema,
  resolvedMailSchema,
  sendEmailBodySchema,
  sentEmailReplySchema,
} from '../mail/project-mail';
import { defineContracts, operation } from './contract';

const scheduledEmail = z.object({ id: z.number(), date: z.string() });

/** Mail from a project and to a selection of projects (publipostage); the templates are the engine's template-email. */
export const mailContracts = defineContracts({
  'api.projects.replaced_content': { POST: operation({ body: replacedContentBodySchema, reply: resolvedMailSchema }) },
  'api.projects.send_email': {
    POST: operation({ body: sendEmailBodySchema, reply: sentEmailReplySchema, status: 202 }),
  },
  'api.projects.mailing_send': { POST: operation({ body: mailingBodySchema, reply: mailingReplySchema, status: 202 }) },
  'api.projects.sent_emails': { GET: operation({ reply: projectEmailsSchema }) },
  'api.projects.scheduled_emails': { GET: operation({ reply: projectEmailsSchema }) },
  'api.projects.cancel_email': { POST: operation({ reply: scheduledEmail, conflicts: true }) },
  'api.projects.reschedule_email': {
    POST: operation({ body: rescheduleBodySchema, reply: scheduledEmail, conflicts: true }),
  },
});
