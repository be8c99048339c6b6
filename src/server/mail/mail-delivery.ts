import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { defaultLocale, translate } from '../../shared/i18n/catalog';
import type { MailStatus } from '../../shared/resources/journal-emails.resource';
import { clock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import { emailLog, type MailAttachment } from '../db/schema';
import { storedFilePath } from '../files/stored-file';
import type { JobQueue } from '../jobs/job-queue';

/**
 * The delivery of every mail the back office sends (account mails, mails from a project, a mailing): each
 * mail is a row of the email log, queued in the transaction of the write that asks for it, "scheduled" until due; every process claims due rows with a lease (`FOR UPDATE SKIP LOCKED`),
 * sends them, and marks each sent, failed or due again later. A process killed while sending leaves its
 * rows "sending" until their lease ends, when another process takes them: a mail is sent again only if
 * its process died between the SMTP server's acceptance and the next statement (see docs/mail.md).
 */

/** A mail to queue: its addresses, content and what it belongs to. */
export interface MailToQueue {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  projectId?: number | null;
  mailingId?: number | null;
  templateId?: number | null;
  /** When it leaves: now unless said. */
  sendAt?: Date;
  /** The user who wrote it; null for the server's own mails (welcome, password links). */
  createdBy: number | null;
  /**
   * A secret the mail carries (a password link's token): the log's text and HTML hold it masked
   * (SECRET_MASK) from the start; only the mailer puts it back into what it hands to the SMTP server.
   */
  secret?: string;
}

export interface DeliveryOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadsDir: string;
  /** Mails handed to the SMTP server per minute across processes; 0: no limit. */
  perMinute: () => Promise<number>;
}

export interface MailDelivery {
  /** Writes the mails as "scheduled" and wakes the delivery at the first one's date, in the caller's transaction. */
  queue(tx: Database, mails: MailToQueue[]): Promise<number[]>;
  /** Sends the due mails until none is left (or the minute's quota is spent). */
  dispatch(): Promise<void>;
  /**
   * Sends these queued mails now, ahead of the others due (a password link must not wait behind a
   * mailing), and tells where each stands after; one the quota or another process holds back goes
   * with the rest.
   */
  send(ids: number[]): Promise<MailStatus[]>;
  /** Looks for due mails every few seconds (mails due again after a failure, leases run out). */
  start(): void;
  stop(): Promise<void>;
}

/** How many mails one claim takes: a process holds no more than these at a time. */
const BATCH = 20;
/** How long a claim holds a mail; renewed as each mail's turn comes, so it need only outlast one SMTP exchange. */
const LEASE_SECONDS = 20;
const SMTP_TIMEOUT_MS = 15_000;
/** Tries before a temporary refusal counts as a failure; the waits double from 30 s. */
const MAX_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 30;
const POLL_MS = 2_000;
/** Rows one insert writes. */
const INSERT_CHUNK = 500;
/** Mails a process sends at once. */
const SENDERS = 5;
/**
 * What the log shows in place of a mail's secret (a password link's token) while it waits and once
 * sent; a mail only recorded or failed gets its secret back in place of it (the log, for
 * administrators only, is then the only way to the link). The mails carrying one are the server's
 * own (password links), whose texts hold no other "…".
 */
export const SECRET_MASK = '…';

interface ClaimedMail {
  id: number;
  recipient: string;
  cc: string;
  bcc: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  attempts: number;
  secret: string | null;
}

/** SMTP_URL with a connection pool (a mailing reuses its connections) and timeouts, unless it says otherwise. */
function pooledUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of [
    ['pool', 'true'],
    ['connectionTimeout', String(SMTP_TIMEOUT_MS)],
    ['greetingTimeout', String(SMTP_TIMEOUT_MS)],
    ['socketTimeout', String(SMTP_TIMEOUT_MS)],
  ] as const)
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

const list = (addresses: string) =>
  addresses
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
const joined = (addresses: string[] | undefined) => (addresses ?? []).join(', ');

export function createMailDelivery(
  db: Database,
  jobs: JobQueue,
  options: DeliveryOptions,
  log: FastifyBaseLogger,
): MailDelivery {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(pooledUrl(options.smtpUrl)) : null;
  const from = { name: translate(defaultLocale, 'app.name'), address: options.mailFrom };
  const messageHost = options.mailFrom.split('@')[1] ?? 'localhost';

  /**
   * Claims up to BATCH due mails (among `only` if given) within the minute's quota, in one transaction:
   * the rate row serialises claims.
   */
  async function claim(only?: number[]): Promise<ClaimedMail[] | 'quota'> {
    const now = clock.now();
    const perMinute = await options.perMinute();
    return db.transaction(async (tx) => {
      let room = BATCH;
      const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
      if (perMinute > 0) {
        const [rate] = await rowsOf<{ sent: number }>(
          tx,
          sql`insert into mail_rate (minute, sent) values (${minute}, 0)
              on conflict (minute) do update set sent = mail_rate.sent returning sent`,
        );
        room = Math.min(BATCH, perMinute - (rate?.sent ?? 0));
        if (room <= 0) return 'quota';
      }
      const claimed = await rowsOf<ClaimedMail>(
        tx,
        sql`with due as (
              select id from email_log
              where ${
                only
                  ? sql`id in (${sql.join(
                      only.map((id) => sql`${id}`),
                      sql`, `,
                    )}) and `
                  : sql``
              }
                ((status = 'scheduled' and send_at <= ${now}) or (status = 'sending' and lease_until < ${now}))
              order by send_at, id limit ${room} for update skip locked)
            update email_log set status = 'sending', attempts = email_log.attempts + 1,
              lease_until = ${new Date(now.getTime() + LEASE_SECONDS * 1000)}, updated_at = now()
            from due where email_log.id = due.id
            returning email_log.id, recipient, cc, bcc, subject, text, html, attachments, attempts, secret`,
      );
      if (perMinute > 0 && claimed.length > 0)
        await tx.execute(sql`update mail_rate set sent = sent + ${claimed.length} where minute = ${minute}`);
      return claimed;
    });
  }

  /**
   * Records how a try ended, if this process still holds the mail (its lease was not taken over). A sent
   * mail's secret leaves the log (its text and HTML already hold it masked; a row queued before they
   * did is masked now); a mail only recorded or failed gets it back in its text, as the log is then
   * the only way to it.
   */
  async function settle(mail: ClaimedMail, status: MailStatus, error: string, sendAt?: Date): Promise<void> {
    const masked = (column: SQL) =>
      status === 'sent'
        ? sql`case when secret is null then ${column} else replace(${column}, secret, ${SECRET_MASK}) end`
        : status === 'scheduled'
          ? column
          : sql`case when secret is null then ${column} else replace(${column}, ${SECRET_MASK}, secret) end`;
    await db.execute(
      sql`update email_log set status = ${status}, error = ${error}, lease_until = null, updated_at = now(),
            sent_at = ${status === 'sent' ? clock.now() : null}, send_at = coalesce(${sendAt ?? null}::timestamptz, send_at),
            text = ${masked(sql`text`)}, html = ${masked(sql`html`)},
            secret = ${status === 'scheduled' ? sql`secret` : null}
          where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts}`,
    );
  }

  /** Holds the mail for one more lease, unless another process took it over meanwhile (then it is theirs). */
  async function renew(mail: ClaimedMail): Promise<boolean> {
    const renewed = await rowsOf(
      db,
      sql`update email_log set lease_until = ${new Date(clock.now().getTime() + LEASE_SECONDS * 1000)}
          where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts} returning id`,
    );
    return renewed.length > 0;
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    if (!transport) return settle(mail, 'recorded', '');
    const unmasked = (body: string) => (mail.secret ? body.replaceAll(SECRET_MASK, mail.secret) : body);
    if (!(await renew(mail))) return;
    try {
      const info = await transport.sendMail({
        from,
        to: list(mail.recipient),
        cc: list(mail.cc),
        bcc: list(mail.bcc),
        subject: mail.subject,
        text: unmasked(mail.text),
        html: unmasked(mail.html),
        // Stable per mail: a receiving server seeing a mail twice (its sender died before recording it) can tell.
        messageId: `<mail-${mail.id}@${messageHost}>`,
        attachments: mail.attachments.map((file) => ({
          filename: file.name,
          path: storedFilePath(options.uploadsDir, file.path),
        })),
      });
      const rejected = (info.rejected ?? []).map(String);
      await settle(
        mail,
        'sent',
        rejected.length > 0 ? `${translate(defaultLocale, 'mail.errors.rejected')} ${rejected.join(', ')}` : '',
      );
    } catch (caught) {
      const { responseCode, response, message } = caught as {
        responseCode?: number;
        response?: string;
        message?: string;
      };
      const reply = response ?? message ?? String(caught);
      const permanent = responseCode !== undefined && responseCode >= 500;
      if (permanent || mail.attempts >= MAX_ATTEMPTS) {
        log.error({ err: caught, mail: mail.id }, 'mail refused');
        await settle(mail, 'failed', reply);
      } else {
        const wait = FIRST_RETRY_SECONDS * 2 ** (mail.attempts - 1);
        await settle(mail, 'scheduled', reply, new Date(clock.now().getTime() + wait * 1000));
      }
    }
  }

  let running: Promise<void> | null = null;
  let again = false;
  async function drain(): Promise<void> {
    for (;;) {
      const claimed = await claim();
      if (claimed === 'quota') {
        // The rest waits for the next minute, whichever process wakes first: one wake-up, however
        // many looks (every 2 s, in every process) find the quota spent.
        await jobs.send(
          'mail-dispatch',
          {},
          {
            startAfter: new Date(Math.ceil((clock.now().getTime() + 1) / 60_000) * 60_000),
            singletonKey: 'next-minute',
          },
        );
        return;
      }
      if (claimed.length === 0) return;
      await deliverAll(claimed);
    }
  }
  /** A few at once, over the pool's connections (nodemailer keeps five). */
  async function deliverAll(claimed: ClaimedMail[]): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(SENDERS, claimed.length) }, async () => {
        while (next < claimed.length) await deliver(claimed[next++]!);
      }),
    );
  }
  /** One drain at a time in a process; a call during one runs another after it. */
  function dispatch(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    async queue(tx, mails) {
      if (mails.length === 0) return [];
      const now = clock.now();
      const ids: number[] = [];
      // A few hundred rows a statement: a mailing of thousands would pass PostgreSQL's parameter limit.
      for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
        const rows = await tx
          .insert(emailLog)
          .values(
            mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
              sender: options.mailFrom,
              recipient: joined(mail.to),
              cc: joined(mail.cc),
              bcc: joined(mail.bcc),
              subject: mail.subject,
              // Only the mailer needs the secret: the log never shows it while the mail waits.
              text: mail.secret ? mail.text.replaceAll(mail.secret, SECRET_MASK) : mail.text,
              html: mail.secret ? mail.html.replaceAll(mail.secret, SECRET_MASK) : mail.html,
              attachments: mail.attachments ?? [],
              status: 'scheduled' as const,
              projectId: mail.projectId ?? null,
              mailingId: mail.mailingId ?? null,
              templateId: mail.templateId ?? null,
              sendAt: mail.sendAt ?? now,
              createdBy: mail.createdBy,
              secret: mail.secret ?? null,
            })),
          )
          .returning({ id: emailLog.id });
        ids.push(...rows.map(({ id }) => id));
      }
      const first = mails.reduce((earliest, mail) => Math.min(earliest, (mail.sendAt ?? now).getTime()), Infinity);
      await jobs.send('mail-dispatch', {}, { tx, ...(first > now.getTime() ? { startAfter: new Date(first) } : {}) });
      return ids;
    },
    dispatch,
    async send(ids) {
      if (ids.length === 0) return [];
      const claimed = await claim(ids);
      if (claimed !== 'quota') await deliverAll(claimed);
      const statuses = () =>
        rowsOf<{ status: MailStatus }>(
          db,
          sql`select status from email_log where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
        );
      // A process's regular look may have claimed them first: they are on their way, and the caller
      // waits for how they end (a refused password link is withdrawn), within one lease.
      let rows = await statuses();
      for (const until = Date.now() + LEASE_SECONDS * 1000; rows.some(({ status }) => status === 'sending');) {
        if (Date.now() >= until) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        rows = await statuses();
      }
      return rows.map(({ status }) => status);
    },
    start() {
      timer ??= setInterval(() => {
        dispatch().catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'));
      }, POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };
}
