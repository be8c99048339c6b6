import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { defaultLocale, translate } from '../../shared/i18n/catalog';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { emailLog } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { createMailDelivery, type MailDelivery } from './mail-delivery';

export type MailConfig = Pick<AppConfig, 'smtpUrl' | 'appUrl' | 'mailFrom'>;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A secret the mail carries (a password link's token): once the mail is sent, the log keeps it
   * masked. A mail only recorded (no SMTP_URL) keeps it, the log being the only way to reach it.
   */
  secret?: string;
}

export type MailStatus = (typeof emailLog.$inferInsert)['status'];

export interface Mailer extends Pick<MailDelivery, 'queue' | 'dispatch'> {
  /** The absolute URL of an app path, from APP_URL. */
  url(pathname: string): string;
  /** Sends through SMTP_URL (or only records, without it) and writes the email log; SMTP failures give "failed". */
  send(mail: OutgoingMail): Promise<MailStatus>;
  /** Starts the delivery's watch for due mails (a scheduled mail's date, a retry's). */
  start(): void;
  /** Stops the delivery (the mails under way finish) and closes the SMTP connections. */
  close(): Promise<void>;
}

/**
 * Built once per app from the configuration. `send` is for the account mails a request or job sends
 * itself (password links: their token never waits in a table); the mails users write are queued
 * (`queue`) and delivered by `mail-delivery.ts`.
 */
export function createMailer(
  db: Database,
  config: MailConfig,
  log: FastifyBaseLogger,
  delivery: { jobs: JobQueue; uploadsDir: string; perMinute: () => Promise<number> },
): Mailer {
  const queued = createMailDelivery(db, delivery.jobs, { ...config, ...delivery }, log);
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl, {
        from: { name: translate(defaultLocale, 'app.name'), address: config.mailFrom },
      })
    : null;

  async function send(mail: OutgoingMail): Promise<MailStatus> {
    let status: MailStatus = 'recorded';
    let error = '';
    if (transport) {
      try {
        const { secret: _secret, ...message } = mail;
        await transport.sendMail(message);
        status = 'sent';
      } catch (caught) {
        status = 'failed';
        error = caught instanceof Error ? caught.message : String(caught);
        log.error({ err: caught, to: mail.to }, 'mail not sent');
      }
    }
    const mask = (body: string) => (status === 'sent' && mail.secret ? body.replaceAll(mail.secret, '…') : body);
    await db.insert(emailLog).values({
      sender: config.mailFrom,
      recipient: mail.to,
      subject: mail.subject,
      text: mask(mail.text),
      html: mask(mail.html),
      status,
      error,
    });
    return status;
  }

  return {
    url: (pathname) => `${config.appUrl}${pathname}`,
    send,
    queue: queued.queue,
    dispatch: queued.dispatch,
    start: queued.start,
    async close() {
      await queued.stop();
      transport?.close();
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail's text and HTML bodies from plain paragraphs (line breaks kept) and an optional link,
 * shown as a button in HTML and as the bare URL in text.
 */
export function mailBody(
  paragraphs: string[],
  link?: { label: string; url: string },
): Pick<OutgoingMail, 'text' | 'html'> {
  const text = [...paragraphs, ...(link ? [`${link.label}\n${link.url}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n');
  return { text, html };
}
