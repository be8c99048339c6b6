import { field } from './fields';
import { defineResource } from './resource';

/** Where a mail stands: only recorded (no SMTP_URL), sent, or refused by the SMTP server. */
export const mailStatuses = ['recorded', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The email log (spec 3): every mail the back office writes, as the mailer recorded it. Written by the
 * mailer alone; for administrators only, since a mail only recorded keeps its password link.
 */
export const emailLogResource = defineResource({
  slug: 'journal-emails',
  table: 'email_log',
  menu: { section: 'logs', icon: 'mail' },
  titleField: 'subject',
  defaultSort: { field: 'date', direction: 'desc' },
  fields: {
    date: field.datetime({ required: true, list: true, sortable: true, filter: true }),
    sender: field.text({ list: true }),
    /** The recipients' addresses, separated by commas. */
    recipient: field.text({ required: true, list: true, filter: true, searchable: true }),
    subject: field.text({ required: true, list: true, searchable: true }),
    status: field.select(mailStatuses, { required: true, list: true, filter: true }),
    error: field.text({ maxLength: 2000 }),
    /** The mail's text part. */
    text: field.textarea({ maxLength: 1_000_000 }),
  },
  behaviours: { readOnly: true, administratorsOnly: true },
});
