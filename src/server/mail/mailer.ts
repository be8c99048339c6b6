import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { createMailDelivery, type MailDelivery } from './mail-delivery';

export type MailConfig = Pick<AppConfig, 'smtpUrl' | 'appUrl' | 'mailFrom'>;

export interface Mailer extends Pick<MailDelivery, 'queue' | 'dispatch' | 'send'> {
  /** The absolute URL of an app path, from APP_URL. */
  url(pathname: string): string;
  /** Starts the delivery's watch for due mails (a scheduled mail's date, a retry's). */
  start(): void;
  /** Stops the delivery (the mails under way finish) and closes the SMTP connections. */
  close(): Promise<void>;
}

/**
 * Built once per app from the configuration. Every mail, an account's or one a user writes, is queued
 * (`queue`, in the transaction of the write that asks for it) and delivered by `mail-delivery.ts`;
 * `send` hurries queued mails a job or request waits for (password links).
 */
export function createMailer(
  db: Database,
  config: MailConfig,
  log: FastifyBaseLogger,
  delivery: { jobs: JobQueue; uploadsDir: string; perMinute: () => Promise<number> },
): Mailer {
  const queued = createMailDelivery(db, delivery.jobs, { ...config, ...delivery }, log);
  return {
    url: (pathname) => `${config.appUrl}${pathname}`,
    queue: queued.queue,
    dispatch: queued.dispatch,
    send: queued.send,
    start: queued.start,
    close: queued.stop,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail's text and HTML bodies from plain paragraphs (line breaks kept) and an optional link,
 * shown as a button in HTML and as the bare URL in text.
 */
export function mailBody(paragraphs: string[], link?: { label: string; url: string }): { text: string; html: string } {
  const text = [...paragraphs, ...(link ? [`${link.label}\n${link.url}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n');
  return { text, html };
}
