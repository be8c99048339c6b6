import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromDrizzle, fromPglite, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/database';

/**
 * The background jobs, as queues in PostgreSQL (pg-boss, in its own schema "pgboss"): a job is a row,
 * so it survives its process. Every process works every queue; a job is held by one worker at a time
 * (SKIP LOCKED), beats a heartbeat while it runs, and a job whose process died is taken up by
 * another once its heartbeat is late, then retried from the start: handlers must be idempotent.
 */

/** What each queue carries. */
export interface JobData {
  /** Wakes the delivery of the email log's due mails (mail/mail-delivery.ts): at once, or at a scheduled mail's date. */
  'mail-dispatch': Record<string, never>;
  /** A mailing's mails, resolved and queued a chunk at a time (resources/mail/project-mail.routes.ts). */
  'mailing-build': { mailing: number };
  /** The forgotten-password form's work: find the account, write a link, mail it (one waiting job per address). */
  'password-reset': { email: string };
  /** A new user's password-creation link, written and mailed once the user's creation commits. */
  'password-creation': { userId: number };
  /** A run (simulation or import) of the contacts import assistant. */
  'import-run': { jobId: number };
  /** The attribution notifications of a new ticket, written once its creation commits. */
  'ticket-attribution': { ticket: number; actorId: number };
  /** A selection's documents from a template file, written into a ZIP (documents/project-documents-export.ts). */
  'documents-zip': { job: string; userId: number; template: number; ids: number[] };
  /** The hourly cleanup: expired sessions, spent password links, login counters past their window. */
  maintenance: Record<string, never>;
}
export type JobName = keyof JobData;

/** Per queue: retries, and a heartbeat for the long ones (a dead process's job is taken up ~10 s later). */
const queueOptions: Record<JobName, Parameters<PgBoss['createQueue']>[1]> = {
  'mail-dispatch': { retryLimit: 3, retryDelay: 5, heartbeatSeconds: 10, notify: true },
  'mailing-build': { retryLimit: 3, retryDelay: 5, heartbeatSeconds: 10, notify: true },
  'password-reset': { retryLimit: 3, retryDelay: 10, notify: true },
  'password-creation': { retryLimit: 3, retryDelay: 10, notify: true },
  'import-run': { retryLimit: 3, retryDelay: 1, heartbeatSeconds: 10, notify: true },
  'ticket-attribution': { retryLimit: 3, retryDelay: 10, notify: true },
  maintenance: { retryLimit: 1 },
  'documents-zip': { retryLimit: 1, retryDelay: 5, heartbeatSeconds: 10, notify: true },
};

/**
 * How often each process looks for work when no notification woke it, and checks for dead jobs. A NOTIFY
 * is only a wake-up hint: pg-boss then polls every 30 s unless told, and a missed hint once left every
 * password mail of a test file 30 s late; so the backstop poll stays short.
 */
const POLLING_SECONDS = 1;
const POLLING_SECONDS_WHEN_NOTIFIED = 2;
const SUPERVISE_SECONDS = 5;

export interface JobQueue {
  /**
   * Adds a job; given a transaction, the job belongs to it (it exists once the transaction commits,
   * never if it rolls back). `startAfter`: a delay in seconds, or a date. `singletonKey`: while a job
   * of this queue with this key waits (not yet started, or waiting for a retry), this one joins it
   * (pg-boss's upsert: that job takes this one's data) rather than queuing another; once it runs, a
   * new one may be queued.
   */
  send<N extends JobName>(
    name: N,
    data: JobData[N],
    options?: { tx?: Database } & Pick<SendOptions, 'startAfter' | 'singletonKey'>,
  ): Promise<void>;
  /** This process works the queue with this handler (one job at a time per queue). */
  work<N extends JobName>(
    name: N,
    handler: (data: JobData[N], job: { id: string; retryCount: number }) => Promise<void>,
  ): Promise<void>;
  /** Runs a job on this cron expression (once per interval across all processes). */
  schedule(name: JobName, cron: string): Promise<void>;
  /** Stops working (jobs under way finish, or are taken up later), then closes the connections. */
  stop(): Promise<void>;
}

export async function startJobQueue(database: DatabaseHandle, log: FastifyBaseLogger): Promise<JobQueue> {
  const common = {
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    useListenNotify: true,
  };
  const boss =
    database.location.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.location.client), backend: 'pglite', ...common })
      : new PgBoss({ connectionString: database.location.url, max: 4, ...common });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, options] of Object.entries(queueOptions)) await boss.createQueue(name, options);
  const workOptions: WorkOptions = {
    pollingIntervalSeconds: POLLING_SECONDS,
    notifyPollingIntervalSeconds: POLLING_SECONDS_WHEN_NOTIFIED,
  };

  return {
    async send(name, data, { tx, singletonKey, ...options } = {}) {
      const connection = tx ? { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) } : {};
      if (singletonKey === undefined) await boss.send(name, data, { ...options, ...connection });
      else await boss.upsert(name, data, { ...options, singletonKey, ...connection });
    },
    async work(name, handler) {
      await boss.work<JobData[typeof name]>(name, workOptions, async ([job]) => {
        if (!job) return;
        await handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {});
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
