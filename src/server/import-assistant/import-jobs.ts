import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { translate, type Locale } from '../../shared/i18n/catalog';
import {
  ASSISTANT_MAX_ROWS,
  runningStatuses,
  type ImportAdvice,
  type ImportJob,
  type ImportPreview,
  type ImportRejection,
  type ImportStatus,
  type ImportStep,
  type ImportStepReport,
  type ImportConfig,
} from '../../shared/import-assistant/import-assistant';
import { can, createsNothing, type PermissionHolder } from '../../shared/permissions';
import { individuals } from '../../shared/resources/individus.resource';
import { projectCoOwners } from '../../shared/resources/coporteurs-projet.resource';
import { projectPartners } from '../../shared/resources/partenaires-projet.resource';
import { projects } from '../../shared/resources/projet.resource';
import { structures } from '../../shared/resources/structures.resource';
import type { Database } from '../db/database';
import { importJobChanges, importJobCreations, importJobRejections, importJobs, uploads } from '../db/schema';
import { loadActor, type Actor } from '../auth/actor';
import type { ResourceOperations } from '../engine/resource-operations';
import { diskFile, isBlankRow, sheetRows, type CsvEncoding, type SheetFile } from '../engine/sheet-reader';
import { ApiError } from '../http/api-error';
import type { JobQueue } from '../jobs/job-queue';
import { runImport, RunInterrupted, stepsOf } from './import-runner';
import { undoCharacteristics } from './characteristics-journal';

/**
 * The import assistant's jobs, in PostgreSQL (import_jobs): each holds its file's path, its last
 * mapping and run, and the run's progress, so a page left and opened again (or another process of
 * the application) shows where it stands. Runs are jobs of the "import-run" queue (jobs/job-queue.ts).
 */

export type JobRow = typeof importJobs.$inferSelect;

/**
 * A run writes its heartbeat after each batch; one silent this long was not taken up again by any
 * process (the queue retries a dead process's run within seconds), and is shown interrupted.
 */
const STALE_MS = 5 * 60_000;
/** Rejected rows per page of a step's report. */
export const REPORT_PAGE_SIZE = 50;
const SAMPLE_ROWS = 5;

/**
 * How long a job and its file are kept after the job last changed or ran: then the hourly
 * maintenance removes both (removeOldJobs), and the file leaves its sender's upload quota.
 */
export const IMPORT_JOB_KEPT_DAYS = 7;

/** Where the assistant keeps the files sent to it: DATA_DIR/uploads/imports/<uuid>. */
export const importsFolder = (uploadsDir: string) => path.join(uploadsDir, 'imports');

export function jobFile(uploadsDir: string, job: Pick<JobRow, 'filePath'>): Promise<SheetFile> {
  return diskFile(path.join(uploadsDir, job.filePath));
}

/** The job, when it is the user's (an administrator sees every job); a job whose run stopped beating is marked interrupted. */
export async function loadJob(db: Database, id: number, user: { id: number; isAdmin: boolean }): Promise<JobRow> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!job || (job.userId !== user.id && !user.isAdmin)) throw new ApiError(404, 'errors.not_found');
  const stale = job.heartbeatAt === null || Date.now() - job.heartbeatAt.getTime() > STALE_MS;
  if (!runningStatuses.includes(job.status) || !stale) return job;
  const [interrupted] = await db
    .update(importJobs)
    .set({ status: 'failed', error: 'import_assistant.errors.interrupted', finishedAt: new Date() })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, job.status), eq(importJobs.heartbeatAt, job.heartbeatAt!)))
    .returning();
  return interrupted ?? job;
}

/** Whether an import changed records that undoing it would give back. */
async function hasChanges(db: Database, job: JobRow): Promise<boolean> {
  if (job.run !== 'import' || (job.status !== 'imported' && job.status !== 'failed')) return false;
  const [[created], [changed]] = await Promise.all([
    db
      .select({ id: importJobCreations.id })
      .from(importJobCreations)
      .where(eq(importJobCreations.jobId, job.id))
      .limit(1),
    db
      .select({ id: importJobChanges.recordId })
      .from(importJobChanges)
      .where(eq(importJobChanges.jobId, job.id))
      .limit(1),
  ]);
  return created !== undefined || changed !== undefined;
}

export async function jobPayload(db: Database, job: JobRow, locale: Locale): Promise<ImportJob> {
  return {
    id: job.id,
    fileName: job.fileName,
    format: job.format,
    sheets: job.sheets,
    status: job.status,
    run: job.run,
    step: job.step,
    processed: job.processed,
    total: job.total,
    results: job.results,
    error: job.error === null ? null : translate(locale, job.error),
    config: job.config,
    simulatedConfig: job.simulatedConfig,
    canUndo: await hasChanges(db, job),
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    undoneAt: job.undoneAt?.toISOString() ?? null,
  };
}

/** The user's last jobs (every user's for an administrator), newest first. */
export async function listJobs(db: Database, user: { id: number; isAdmin: boolean }, locale: Locale) {
  const jobs = await db
    .select()
    .from(importJobs)
    .where(user.isAdmin ? undefined : eq(importJobs.userId, user.id))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(50);
  return Promise.all(jobs.map((job) => jobPayload(db, job, locale)));
}

/**
 * A tab's first rows, header and size, in one pass: refused when the tab does not exist or holds
 * too many rows. Answers the non-blank rows too (header included), which the job keeps.
 */
export async function previewSheet(
  file: SheetFile,
  encoding: CsvEncoding,
  sheet: number,
  header: boolean,
): Promise<{ preview: ImportPreview; nonBlank: number }> {
  const names = { names: [] as string[] };
  let nonBlank = 0;
  let columnCount = 0;
  let headers: string[] | null = null;
  const sample: string[][] = [];
  for await (const row of sheetRows(file, { sheet, encoding, names })) {
    if (isBlankRow(row)) continue;
    nonBlank += 1;
    if (nonBlank > ASSISTANT_MAX_ROWS + 1) {
      throw new ApiError(400, 'import_assistant.errors.too_many_rows', {}, { values: { max: ASSISTANT_MAX_ROWS } });
    }
    columnCount = Math.max(columnCount, row.cells.length);
    if (header && nonBlank === 1) headers = row.cells.map((cell) => cell.trim());
    else if (sample.length < SAMPLE_ROWS) sample.push(row.cells);
  }
  const sheets = file.format === 'xlsx' ? names.names : [];
  if (file.format === 'xlsx' && sheets.length === 0) throw new ApiError(400, 'import.unreadable');
  if (sheet >= Math.max(1, sheets.length)) {
    throw new ApiError(
      400,
      'import_assistant.errors.no_such_sheet',
      {},
      { values: { number: sheet, count: Math.max(1, sheets.length) } },
    );
  }
  const rowCount = Math.max(0, nonBlank - (header && nonBlank > 0 ? 1 : 0));
  return { preview: { sheets, sheet, columnCount, headers, sample, rowCount }, nonBlank };
}

/** Remembers how many non-blank rows a tab holds. */
export async function saveRowCount(db: Database, job: JobRow, sheet: number, nonBlank: number): Promise<void> {
  await db
    .update(importJobs)
    .set({ rowCounts: sql`${importJobs.rowCounts} || ${JSON.stringify({ [sheet]: nonBlank })}::jsonb` })
    .where(eq(importJobs.id, job.id));
}

/**
 * Moves a job into a run if it is in one of these statuses (one run at a time), and queues the run
 * in the same transaction: the claimed row, or undefined.
 */
export async function claimJob(
  db: Database,
  jobs: JobQueue,
  job: JobRow,
  from: ImportStatus[],
  values: Pick<JobRow, 'status' | 'run' | 'config' | 'total' | 'step'>,
): Promise<JobRow | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(importJobs)
      .set({
        ...values,
        processed: 0,
        results: {},
        error: null,
        heartbeatAt: new Date(),
        finishedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, from)))
      .returning();
    if (!claimed) return undefined;
    // The report of the run before goes: the new run writes its own.
    await tx.delete(importJobRejections).where(eq(importJobRejections.jobId, job.id));
    await jobs.send('import-run', { jobId: job.id }, { tx });
    return claimed;
  });
}

/** Advice of spec 5 that goes with a reason a row was left out. */
function adviceFor(message: string): ImportAdvice {
  if (message === 'import_assistant.rejections.two_names') return 'two_names';
  if (message.includes('duplicate')) return 'no_duplicates';
  if (message === 'validation.date' || message === 'validation.datetime') return 'excel_dates';
  if (message.includes('territory')) return 'commas';
  return 'fix_errors';
}

/** A step's figures and a page of the rows it left out, with the reasons in the request's language. */
export async function stepReport(
  db: Database,
  job: JobRow,
  step: ImportStep,
  page: number,
  locale: Locale,
): Promise<ImportStepReport> {
  const rows = await db
    .select()
    .from(importJobRejections)
    .where(and(eq(importJobRejections.jobId, job.id), eq(importJobRejections.step, step)))
    .orderBy(importJobRejections.row, importJobRejections.id)
    .limit(REPORT_PAGE_SIZE)
    .offset((page - 1) * REPORT_PAGE_SIZE);
  const rejections: ImportRejection[] = rows.map(({ row, field, message, params }) => ({
    row,
    field,
    message: translate(locale, message, params),
    advice: adviceFor(message),
  }));
  return { step, result: job.results[step] ?? null, rejections, page, pageSize: REPORT_PAGE_SIZE };
}

/**
 * Undoes an import as a whole, in one transaction, through the batch door (`operations.bulk.undo`):
 * the records it changed get their values back, those it created are deleted — refused, changing
 * nothing, when one of them has been edited since the import ended (undoing would lose that edit)
 * or a record made since points at one. `rollback`: a failed run taking back its own writes, as its
 * sender whatever they may do now (their rights may be why it failed).
 */
export async function undoJob(
  db: Database,
  operations: ResourceOperations,
  job: JobRow,
  actor: Actor,
  { rollback = false }: { rollback?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    // A failed import's own rollback has no end yet, and nothing written after it.
    // Children first (a project's co-owners and partners), then the projects, then their owners.
    const written = job.config ? resourcesOf(job.config) : [individuals.slug, structures.slug];
    // Before the batch door's undo, which forgets the job's journal.
    if (written.includes(projects.slug)) await undoCharacteristics(tx as unknown as Database, job.id, job.finishedAt);
    await operations.bulk.undo(
      [projectCoOwners, projectPartners, projects, individuals, structures].filter(({ slug }) =>
        written.includes(slug),
      ),
      { jobId: job.id, since: job.finishedAt },
      { actor, tx: tx as unknown as Database },
      { rollback },
    );
    await tx
      .update(importJobs)
      .set({ status: 'undone', undoneAt: new Date(), updatedAt: new Date() })
      .where(eq(importJobs.id, job.id));
  });
}

/**
 * An import writes (creates and updates) structures when it maps them, individuals from a file of
 * individuals (or a projects file's owners), and projects from a projects file.
 */
function resourcesOf(config: ImportConfig): string[] {
  const steps = stepsOf(config);
  return [
    ...(steps.includes('projets') ? [projects.slug] : []),
    // A projects file's co-owners and partners: child resources with permissions of their own.
    ...(config.fields.some(({ field }) => field.startsWith('coOwner.')) ? [projectCoOwners.slug] : []),
    ...(config.fields.some(({ field }) => field.startsWith('partner.')) ? [projectPartners.slug] : []),
    ...(steps.includes('individus') ? [individuals.slug] : []),
    ...(steps.includes('structures') || steps.includes('territoires') ? [structures.slug] : []),
  ];
}

/**
 * Who may run, or undo, an import with this mapping: whoever may add and modify what it writes; a
 * 403 otherwise. Checked by the routes, and again when the job runs: rights lost in between count.
 */
export function authorizeImport(user: PermissionHolder, config: ImportConfig): void {
  if (createsNothing(user)) throw new ApiError(403, 'errors.no_service');
  const actions = ['create', 'update'] as const;
  if (!resourcesOf(config).every((slug) => actions.every((action) => can(user, slug, action)))) {
    throw new ApiError(403, 'errors.forbidden');
  }
}

/**
 * The worker of the "import-run" queue: runs a claimed job's simulation or import. A job whose
 * process died part-way is taken up by another process and started again from nothing: what the
 * earlier attempt wrote is undone first, so each row is imported once. stop() ends a run after its
 * current batch; the job is then taken up again, here or by another process.
 */
export function createImportWorker(
  db: Database,
  operations: ResourceOperations,
  uploadsDir: string,
  log: FastifyBaseLogger,
) {
  const controller = new AbortController();

  async function run({ jobId }: { jobId: number }, { retryCount }: { retryCount: number }): Promise<void> {
    const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
    // Finished already, or taken back: nothing to do.
    if (!job?.config || !runningStatuses.includes(job.status)) return;
    const dryRun = job.run === 'simulation';
    const config = job.config;
    // A run taking back its own writes acts as its sender, whatever their rights now.
    const sender: Actor = { id: job.userId, isAdmin: false, permissions: [], serviceId: null };
    if (retryCount > 0) {
      if (!dryRun) await undoJob(db, operations, job, sender, { rollback: true });
      await db.delete(importJobRejections).where(eq(importJobRejections.jobId, job.id));
    }
    const finish = (values: Partial<JobRow>) =>
      db
        .update(importJobs)
        .set({ ...values, finishedAt: new Date(), heartbeatAt: new Date(), updatedAt: new Date() })
        .where(eq(importJobs.id, job.id));
    try {
      const actor = await loadActor(db, job.userId);
      authorizeImport(actor, config);
      const results = await runImport({
        db,
        operations,
        jobId: job.id,
        actor,
        file: await jobFile(uploadsDir, job),
        encoding: job.encoding,
        config,
        dryRun,
        signal: controller.signal,
        log,
        progress: async (step, processed) => {
          await db
            .update(importJobs)
            .set({ step, processed, heartbeatAt: new Date() })
            .where(eq(importJobs.id, job.id));
        },
      });
      await finish(
        dryRun
          ? { status: 'simulated', results, simulatedConfig: config }
          : { status: 'imported', results, simulatedConfig: null },
      );
    } catch (error) {
      // Stopped with its process: the queue gives the job to a process again, which starts it anew.
      if (error instanceof RunInterrupted) throw error;
      log.error({ err: error, job: job.id }, 'import failed');
      let key = error instanceof ApiError ? error.messageKey : 'import_assistant.errors.failed';
      // All or nothing: what the failed import wrote is undone.
      if (!dryRun) {
        await undoJob(db, operations, job, sender, { rollback: true }).catch((undoError: unknown) => {
          log.error({ err: undoError, job: job.id }, 'undoing a failed import failed');
          key = 'import_assistant.errors.failed_partly';
        });
      }
      await finish({ status: 'failed', error: key });
    }
  }

  return {
    run,
    /** Ends the runs under way after their current batch. */
    stop(): void {
      controller.abort();
    },
  };
}

/**
 * Removes the jobs untouched for IMPORT_JOB_KEPT_DAYS (a run under way beats, so it stays), their
 * reports and undo data, and their files, which then leave their senders' quotas. The rows go first,
 * in one transaction: a job being removed can no longer be opened or run.
 */
export async function removeOldJobs(db: Database, uploadsDir: string, now: Date): Promise<void> {
  const before = new Date(now.getTime() - IMPORT_JOB_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db.transaction(async (tx) => {
    const jobs = await tx
      .delete(importJobs)
      .where(lt(sql`greatest(${importJobs.updatedAt}, ${importJobs.heartbeatAt})`, before))
      .returning({ filePath: importJobs.filePath });
    const paths = jobs.map(({ filePath }) => filePath);
    if (paths.length > 0) await tx.delete(uploads).where(inArray(uploads.path, paths));
    return paths;
  });
  for (const filePath of removed) await removeFile(path.join(uploadsDir, filePath));
}

/** A new job's file folder; the file is removed when the job is refused. */
export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
}

export async function ensureImportsFolder(uploadsDir: string): Promise<string> {
  const folder = importsFolder(uploadsDir);
  await mkdir(folder, { recursive: true });
  return folder;
}
