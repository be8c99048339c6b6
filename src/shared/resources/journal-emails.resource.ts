import { field } from './fields';
import { defineResource } from './resource';

/**
 * Where a mail stands: waiting for its date or its turn ("scheduled"), held by a process that is
 * sending it, only recorded (no SMTP_URL), taken by the SMTP server, refused by it, or cancelled
 * before it went.
 */
export const mailStatuses = ['scheduled', 'sending', 'recorded', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The email log (spec 3): every mail the back office writes, as the delivery recorded it. Written by the
 * server alone; for administrators only, since a mail only recorded keeps its password link.
 */
export const emailLogResource = defineResource({
  slug: 'journal-emails',
  table: 'email_log',
  menu: { section: 'logs', icon: 'mail' },
  titleField: 'subject',
  defaultSort: { field: 'date', direction: 'desc' },
  fields: {
    date: field.datetime({ required: true, list: true, sortable: true, filter: 'range' }),
    sender: field.text({ list: true }),
    /** The recipients' addresses, separated by commas; cc and bcc (hidden recipients) likewise. */
    recipient: field.text({ required: true, list: true, filter: true, searchable: true }),
    cc: field.text(),
    bcc: field.text(),
    subject: field.text({ required: true, list: true, filter: true, searchable: true }),
    status: field.select(mailStatuses, { required: true, list: true, filter: true }),
    projectId: field.reference('projet', { list: true, filter: true, autocomplete: true }),
    sendAt: field.datetime({ sortable: true }),
    sentAt: field.datetime({ list: true, sortable: true }),
    error: field.text({ maxLength: 2000 }),
    /** The mail's text part. */
    text: field.textarea({ maxLength: 1_000_000 }),
    attachments: field.collection({ path: field.text(), name: field.text() }),
  },
  behaviours: { readOnly: true, administratorsOnly: true },
});
