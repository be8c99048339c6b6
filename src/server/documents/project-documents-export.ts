import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import {
  DOCUMENTS_IN_REQUEST,
  documentCatalogue,
  documentFormatOf,
  type DocumentFormat,
  type DocumentsJob,
  type ProjectDocumentOptions,
} from '../../shared/documents/document-templates';
import { defaultLocale } from '../../shared/i18n/catalog';
import { projects } from '../../shared/resources/projet.resource';
import { templateFiles } from '../../shared/resources/fichier-type.resource';
import type { ResourceRecord } from '../../shared/resources/resource';
import { documentTypes, zipType } from '../../shared/api/documents.contract';
import { loadActor } from '../auth/actor';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { parseListQuery } from '../engine/list-query';
import type { ResourceContext, ResourceRoute, ResourceServices, ServerResource } from '../engine/server-resource';
import type { HooksLookup } from '../engine/resource-store';
import { ApiError } from '../http/api-error';
import { checkTemplate, mergeTemplate, type TemplateCheck } from './document-merge';
import { projectsTemplateData } from './project-template-data';

/**
 * Documents from template files (docs/documents.md): one project's, a selection's in a ZIP
 * streamed as it is built (in the background past DOCUMENTS_IN_REQUEST projects), one attached
 * to a mail. Every refusal is one of the spec's export errors (8), and nothing is written.
 */

/** A template file ready to merge: its record, format, bytes and the variables it uses. */
interface LoadedTemplate {
  record: ResourceRecord;
  name: string;
  format: DocumentFormat;
  file: Buffer;
  check: TemplateCheck;
}

const contentTypes: Record<DocumentFormat | 'pdf', string> = {
  docx: documentTypes[0],
  xlsx: documentTypes[1],
  pdf: documentTypes[2],
};

const templatePath = (uploadsDir: string, relative: string) => path.join(uploadsDir, path.normalize(`/${relative}`));

/** The file of a template file on disk, or the spec's "attached file not found". */
async function templateBytes(uploadsDir: string, relative: string): Promise<Buffer> {
  try {
    return await readFile(templatePath(uploadsDir, relative));
  } catch {
    throw new ApiError(404, 'documents.errors.file_not_found');
  }
}

/**
 * Template files read and checked, by their path on disk, while their size and modification time
 * stay the same: one project's document then reads and parses its template once, not at every
 * request (a Word check is a whole docxtemplater compile). A few entries, the oldest dropped.
 */
const checkedTemplates = new Map<string, { mtimeMs: number; size: number; file: Buffer; check: TemplateCheck }>();
const CHECKED_TEMPLATES_KEPT = 16;

async function checkedTemplate(uploadsDir: string, relative: string, format: DocumentFormat) {
  const where = templatePath(uploadsDir, relative);
  const { mtimeMs, size } = await stat(where).catch(() => {
    throw new ApiError(404, 'documents.errors.file_not_found');
  });
  const known = checkedTemplates.get(where);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known;
  const file = await templateBytes(uploadsDir, relative);
  const check = await checkTemplate(file, format).catch(() => {
    throw new ApiError(500, 'export.failed');
  });
  const entry = { mtimeMs, size, file, check };
  checkedTemplates.delete(where);
  checkedTemplates.set(where, entry);
  if (checkedTemplates.size > CHECKED_TEMPLATES_KEPT) checkedTemplates.delete(checkedTemplates.keys().next().value!);
  return entry;
}

/** A published template file the actor may read, checked; the spec's errors otherwise. */
async function loadTemplate(context: ResourceContext, uploadsDir: string, id: number): Promise<LoadedTemplate> {
  const record = await context.store.get(templateFiles, id, context.actor).catch(() => {
    throw new ApiError(404, 'documents.errors.template_not_found');
  });
  if (record.published === false) throw new ApiError(404, 'documents.errors.template_not_found');
  const relative = typeof record.file === 'string' ? record.file : '';
  const format = documentFormatOf(relative);
  if (!format) throw new ApiError(400, 'documents.errors.incompatible_type');
  const { file, check } = await checkedTemplate(uploadsDir, relative, format);
  if (check.unknown) throw new ApiError(500, 'export.failed');
  return { record, name: String(record.name), format, file, check };
}

/** Whether the template prints a variable; `caracteristique.` asks for any characteristic. */
const usesOf =
  ({ check }: LoadedTemplate) =>
  (name: string) =>
    name.endsWith('.') ? [...check.used].some((used) => used.startsWith(name)) : check.used.has(name);

/** "REN-2026-0042 - Lettre d'accusé de réception - 2026-11-28.docx": reference, template, date. */
export function documentFileName(reference: string, templateName: string, extension: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = (text: string) => text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  const date = clock.now().toISOString().slice(0, 10);
  return `${[clean(reference), clean(templateName), date].filter(Boolean).join(' - ')}.${extension}`;
}

const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

// ---------------------------------------------------------------- PDF (optional: LibreOffice)

/** LibreOffice's command, if on PATH: PDF is offered only then (README, docs/documents.md). */
function officeCommand(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['soffice', 'libreoffice']) if (dir && existsSync(path.join(dir, name))) return name;
  }
  return undefined;
}

async function toPdf(file: Buffer, format: DocumentFormat): Promise<Buffer> {
  const command = officeCommand();
  if (!command) throw new ApiError(400, 'documents.errors.no_pdf');
  const dir = await mkdtemp(path.join(tmpdir(), 'document-'));
  try {
    await writeFile(path.join(dir, `document.${format}`), file);
    await promisify(execFile)(command, ['--headless', '--convert-to', 'pdf', '--outdir', dir, `document.${format}`], {
      cwd: dir,
      timeout: 60_000,
    });
    return await readFile(path.join(dir, 'document.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- one project

/** One project's merged document, as the actor may read it (a 404 otherwise). */
async function projectDocument(context: ResourceContext, template: LoadedTemplate, project: ResourceRecord) {
  const data = (await projectsTemplateData(context, [project.id], usesOf(template))).get(project.id);
  if (!data) throw new ApiError(404, 'errors.not_found');
  const merged = await mergeTemplate(template.file, template.format, data).catch(() => {
    throw new ApiError(500, 'export.failed');
  });
  return { merged, name: documentFileName(String(project.reference ?? project.id), template.name, template.format) };
}

/** The template files a project may use: published, for one of its types (or for every type). */
async function applicableTemplates(context: ResourceContext, project: ResourceRecord) {
  const page = await context.store.list(
    templateFiles,
    { page: 1, pageSize: 200, sort: 'name', direction: 'asc', search: '', filters: {} },
    context.actor,
  );
  const types = new Set((project.projectTypeIds as number[] | null) ?? []);
  return page.items.filter((record) => {
    const wanted = (record.projectTypes as number[] | null) ?? [];
    return (
      record.published !== false &&
      documentFormatOf(String(record.file ?? '')) !== undefined &&
      (wanted.length === 0 || wanted.some((type) => types.has(type)))
    );
  });
}

async function sendProjectDocument(
  context: ResourceContext,
  uploadsDir: string,
  projectId: number,
  body: { fichierType: number; pdf?: boolean },
) {
  const project = await context.store.get(projects, projectId, context.actor);
  const template = await loadTemplate(context, uploadsDir, body.fichierType);
  if (!(await applicableTemplates(context, project)).some((record) => record.id === template.record.id)) {
    throw new ApiError(400, 'documents.errors.not_applicable');
  }
  let { merged, name } = await projectDocument(context, template, project);
  let type = contentTypes[template.format];
  if (body.pdf) {
    merged = await toPdf(merged, template.format);
    name = name.replace(/\.(docx|xlsx)$/, '.pdf');
    type = contentTypes.pdf;
  }
  context.session!.reply.header('content-type', type).header('content-disposition', attachment(name));
  return merged;
}

// ---------------------------------------------------------------- a selection, in a ZIP

/** How many projects one read takes while building a ZIP: their data is all a ZIP holds at once. */
const CHUNK = 50;

/**
 * Each project's document into the ZIP, a chunk of projects read at a time, one document built and
 * handed to the ZIP at a time, waiting while the ZIP's reader lags (memory stays flat whatever the
 * selection: a chunk's data and one document). Projects hidden from the actor or gone are left out.
 * `progress`: called after each chunk with how many are done.
 */
async function fillZip(
  context: ResourceContext,
  template: LoadedTemplate,
  ids: number[],
  zip: yazl.ZipFile,
  progress: (done: number) => Promise<void> = async () => undefined,
) {
  const names = new Set<string>();
  const uses = usesOf(template);
  const output = zip.outputStream as NodeJS.ReadableStream & { writableNeedDrain?: boolean };
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const data = await projectsTemplateData(context, chunk, uses);
    for (const id of chunk) {
      const values = data.get(id);
      if (!values) continue;
      // Each project's data is let go once its document is in the ZIP.
      data.delete(id);
      const merged = await mergeTemplate(template.file, template.format, values);
      let name = documentFileName(values.values.get('projet.reference') || String(id), template.name, template.format);
      if (names.has(name)) name = name.replace(/(\.\w+)$/, ` (${id})$1`);
      names.add(name);
      // Word and Excel files are already compressed. A stored entry is written to the output at once
      // (yazl pumps it when the ones before are written, which they are).
      zip.addBuffer(merged, name, { compress: false, mtime: clock.now() });
      if (output.writableNeedDrain) await once(output, 'drain');
      // Let the output's reader, the job's heartbeat and other requests run between documents.
      else await new Promise((resolve) => setImmediate(resolve));
    }
    await progress(Math.min(start + chunk.length, ids.length));
  }
  zip.end();
}

/** The selection's ids the actor may read: the ticked ones, or those the list's criteria find. */
export async function selectionIds(
  context: ResourceContext,
  body: { ids?: number[]; filtres?: Record<string, string> },
): Promise<number[]> {
  const { store, actor } = context;
  if (body.ids) {
    if (body.ids.length === 0) throw new ApiError(400, 'export.no_selection');
    const readable: number[] = [];
    const unique = [...new Set(body.ids)];
    for (let start = 0; start < unique.length; start += 500) {
      const chunk = unique.slice(start, start + 500);
      const page = await store.list(
        projects,
        { page: 1, pageSize: chunk.length, sort: 'id', direction: 'asc', search: '', filters: {}, ids: chunk },
        actor,
      );
      readable.push(...page.items.map((item) => item.id));
    }
    return readable;
  }
  const { page: _page, pageSize: _size, ...query } = parseListQuery(projects, body.filtres ?? {});
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const found = await store.list(projects, { ...query, page, pageSize: 500 }, actor);
    ids.push(...found.items.map((item) => item.id));
    if (found.items.length < 500) return ids;
  }
}

/** Where a user's background ZIPs are kept: DATA_DIR/uploads/documents/<user>/<job>.{json,zip}. */
const jobsFolder = (uploadsDir: string, userId: number) => path.join(uploadsDir, 'documents', String(userId));
const jobName = /^[0-9a-f-]{36}$/;

async function readJob(uploadsDir: string, userId: number, job: string): Promise<DocumentsJob> {
  if (!jobName.test(job)) throw new ApiError(404, 'errors.not_found');
  try {
    return JSON.parse(await readFile(path.join(jobsFolder(uploadsDir, userId), `${job}.json`), 'utf8')) as DocumentsJob;
  } catch {
    throw new ApiError(404, 'errors.not_found');
  }
}

const writeJob = async (uploadsDir: string, userId: number, state: DocumentsJob) => {
  const file = path.join(jobsFolder(uploadsDir, userId), `${state.job}.json`);
  await writeFile(`${file}.tmp`, JSON.stringify(state));
  await rename(`${file}.tmp`, file);
};

/**
 * The user is told their background ZIP is ready (its notification downloads it, « Télécharger »),
 * or that it failed (« Une erreur est survenue lors de l'export »). Not a ticket's: no ticket.
 */
async function notifyExport(db: Database, userId: number, job: string, kind: 'export_done' | 'export_failed') {
  await db.execute(
    sql`insert into notifications ("user", kind, export_job, created_by, updated_by)
        values (${userId}, ${kind}, ${job}, ${userId}, ${userId})`,
  );
}

/** A finished export's files are kept this long after their last change, then removed by the maintenance. */
export const DOCUMENTS_ZIP_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly maintenance's part: each background export whose files (ZIP, progress, a crashed job's
 * part) have not changed for DOCUMENTS_ZIP_KEPT_MS is removed, and its notification's link emptied
 * (it then says the file has expired). A job still running writes its progress every chunk, so it is
 * never this old. Returns how many exports were removed.
 */
export async function removeOldDocumentZips(db: Database, uploadsDir: string, now: Date): Promise<number> {
  const root = path.join(uploadsDir, 'documents');
  const users = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const user of users.filter((name) => /^\d+$/.test(name))) {
    const folder = path.join(root, user);
    const jobs = new Map<string, { files: string[]; changed: number }>();
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const job = /^([0-9a-f-]{36})\./.exec(name)?.[1];
      if (!job) continue;
      const changed = await stat(path.join(folder, name)).then(
        ({ mtimeMs }) => mtimeMs,
        () => 0,
      );
      const entry = jobs.get(job) ?? { files: [], changed: 0 };
      entry.files.push(name);
      entry.changed = Math.max(entry.changed, changed);
      jobs.set(job, entry);
    }
    for (const [job, { files, changed }] of jobs) {
      if (changed > now.getTime() - DOCUMENTS_ZIP_KEPT_MS) continue;
      for (const name of files) await rm(path.join(folder, name), { force: true });
      await db.execute(
        sql`update notifications set export_job = '', updated_at = now()
            where "user" = ${Number(user)} and export_job = ${job}`,
      );
      removed += 1;
    }
  }
  return removed;
}

/** The background job: the ZIP written to disk as it is built, its progress beside it; the user notified at the end. */
export async function buildDocumentsZip(
  services: ResourceServices,
  uploadsDir: string,
  data: { job: string; userId: number; template: number; ids: number[] },
  log: FastifyBaseLogger,
): Promise<void> {
  const context: ResourceContext = {
    ...services,
    actor: await loadActor(services.db, data.userId),
    locale: defaultLocale,
    log,
  };
  const state: DocumentsJob = { job: data.job, done: 0, total: data.ids.length, status: 'running' };
  const target = path.join(jobsFolder(uploadsDir, data.userId), `${data.job}.zip`);
  try {
    const template = await loadTemplate(context, uploadsDir, data.template);
    const zip = new yazl.ZipFile();
    const written = createWriteStream(`${target}.part`);
    zip.outputStream.pipe(written);
    await fillZip(context, template, data.ids, zip, async (done) => {
      await writeJob(uploadsDir, data.userId, { ...state, done });
    });
    await once(written, 'close');
    await rename(`${target}.part`, target);
    await writeJob(uploadsDir, data.userId, { ...state, done: data.ids.length, status: 'done' });
  } catch (error) {
    log.error({ err: error, job: data.job }, 'documents zip failed');
    await rm(`${target}.part`, { force: true });
    await writeJob(uploadsDir, data.userId, { ...state, status: 'failed', message: 'export.failed' });
    await notifyExport(services.db, data.userId, data.job, 'export_failed');
    return;
  }
  await notifyExport(services.db, data.userId, data.job, 'export_done');
}

async function exportSelection(
  context: ResourceContext,
  uploadsDir: string,
  body: { fichierType: number; ids?: number[]; filtres?: Record<string, string> },
) {
  const template = await loadTemplate(context, uploadsDir, body.fichierType);
  const ids = await selectionIds(context, body);
  if (ids.length === 0) throw new ApiError(400, 'export.no_selection');
  if (ids.length > DOCUMENTS_IN_REQUEST) {
    const job = randomUUID();
    const state: DocumentsJob = { job, done: 0, total: ids.length, status: 'running' };
    await mkdir(jobsFolder(uploadsDir, context.actor.id), { recursive: true });
    await writeJob(uploadsDir, context.actor.id, state);
    await context.jobs.send('documents-zip', { job, userId: context.actor.id, template: template.record.id, ids });
    return state;
  }
  const zip = new yazl.ZipFile();
  fillZip(context, template, ids, zip).catch((error: unknown) => {
    context.log.error({ err: error }, 'documents zip failed');
    (zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void }).destroy(error as Error);
  });
  context
    .session!.reply.header('content-type', zipType)
    .header('content-disposition', attachment(`${template.name} - ${clock.now().toISOString().slice(0, 10)}.zip`));
  return zip.outputStream as Readable;
}

// ---------------------------------------------------------------- routes and hooks

export function projectDocumentRoutes(uploadsDir: string): ResourceRoute[] {
  return [
    {
      // export/{id} (GET): the template files the project may use, and whether PDF is offered.
      name: 'api.projects.document_export',
      method: 'GET',
      action: 'export',
      summary: 'openapi.operations.projects_document_options',
      async handle(request, context): Promise<ProjectDocumentOptions> {
        const project = await context.store.get(projects, request.params.id, context.actor);
        return {
          templates: (await applicableTemplates(context, project)).map((record) => ({
            id: record.id,
            name: String(record.name),
            format: documentFormatOf(String(record.file))!,
          })),
          pdf: officeCommand() !== undefined,
        };
      },
    },
    {
      // export/{id} (POST): the project's document from a template file.
      name: 'api.projects.document_export',
      method: 'POST',
      action: 'export',
      summary: 'openapi.operations.projects_document_export',
      handle: (request, context) => sendProjectDocument(context, uploadsDir, request.params.id, request.body),
    },
    {
      // email-export/{id}: the document a mail of the project carries (docs/documents.md: the mail
      // form attaches it; the route gives the document).
      name: 'api.projects.email_export',
      method: 'POST',
      action: 'export',
      summary: 'openapi.operations.projects_email_export',
      handle: (request, context) => sendProjectDocument(context, uploadsDir, request.params.id, request.body),
    },
    {
      // export-multiple (POST): a document per project of the selection, in a ZIP, or its background job.
      name: 'api.projects.export_multiple',
      method: 'POST',
      action: 'export',
      summary: 'openapi.operations.projects_documents_zip',
      handle: (request, context) => exportSelection(context, uploadsDir, request.body),
    },
    {
      name: 'api.projects.documents_job',
      method: 'GET',
      action: 'export',
      summary: 'openapi.operations.projects_documents_job',
      handle: (request, context) => readJob(uploadsDir, context.actor.id, request.params.job),
    },
    {
      name: 'api.projects.documents_job_file',
      method: 'GET',
      action: 'export',
      summary: 'openapi.operations.projects_documents_job_file',
      async handle(request, context) {
        const state = await readJob(uploadsDir, context.actor.id, request.params.job);
        if (state.status !== 'done') throw new ApiError(404, 'errors.not_found');
        const file = path.join(jobsFolder(uploadsDir, context.actor.id), `${state.job}.zip`);
        await stat(file).catch(() => {
          throw new ApiError(404, 'documents.errors.file_not_found');
        });
        context
          .session!.reply.header('content-type', zipType)
          .header('content-disposition', attachment(`documents - ${clock.now().toISOString().slice(0, 10)}.zip`));
        return createReadStream(file);
      },
    },
  ];
}

/**
 * A template file's file: Word or Excel only; when it can be read, well formed and with known variables only
 * (the first unknown one named with its place).
 */
export function templateFileHooks(uploadsDir: string): ServerResource {
  const fileRefusal = (name: string) => (documentFormatOf(name) ? undefined : 'documents.errors.incompatible_type');
  return {
    fileRefusal,
    validate(values) {
      const refusal = typeof values.file === 'string' && values.file !== '' ? fileRefusal(values.file) : undefined;
      if (refusal) return { file: refusal };
    },
    async beforeChange(_tx, records) {
      const refusals = [];
      for (const { values } of records) {
        const relative = values.file;
        const format = typeof relative === 'string' ? documentFormatOf(relative) : undefined;
        if (typeof relative !== 'string' || !format) {
          refusals.push(null);
          continue;
        }
        try {
          const check = await checkTemplate(await templateBytes(uploadsDir, relative), format);
          refusals.push(
            check.unknown
              ? { fieldErrors: { file: 'documents.errors.unknown_variable' }, values: { ...check.unknown } }
              : null,
          );
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // A file not a readable Office file names nothing to fix in it, nor one not on the disk (yet):
          // the export answers for them ("an error occurred", "attached file not found").
          if (
            error.messageKey === 'documents.errors.unreadable' ||
            error.messageKey === 'documents.errors.file_not_found'
          ) {
            refusals.push(null);
            continue;
          }
          refusals.push({
            fieldErrors: { file: error.fieldErrors.file ?? error.messageKey },
            values: error.details.values,
          });
        }
      }
      return refusals;
    },
    routes: [
      {
        name: 'api.template_files.variables',
        method: 'GET',
        action: 'list',
        summary: 'openapi.operations.template_files_variables',
        handle: async () => documentCatalogue(),
      },
    ],
  };
}

/**
 * The resources' server files with the documents' parts, which need the uploads folder: the template
 * files' checks and the project's document routes (app.ts).
 */
export function withProjectDocuments(hooksOf: HooksLookup, uploadsDir: string): HooksLookup {
  const templateHooks = templateFileHooks(uploadsDir);
  const routes = projectDocumentRoutes(uploadsDir);
  const cache = new Map<string, ServerResource>();
  return (slug) => {
    if (slug !== templateFiles.slug && slug !== projects.slug) return hooksOf(slug);
    if (!cache.has(slug)) {
      const own = hooksOf(slug);
      cache.set(
        slug,
        slug === projects.slug
          ? { ...own, routes: [...(own.routes ?? []), ...routes] }
          : { ...own, ...templateHooks, routes: [...(own.routes ?? []), ...templateHooks.routes!] },
      );
    }
    return cache.get(slug)!;
  };
}
