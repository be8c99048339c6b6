import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../../shared/i18n/catalog';
import {
  ASSISTANT_MAX_BYTES,
  fieldsOfType,
  importConfigSchema,
  importSteps,
  importTypes,
  type ImportConfig,
  type ImportStep,
} from '../../shared/import-assistant/import-assistant';
import { can, createsNothing } from '../../shared/permissions';
import { individuals } from '../../shared/resources/individus.resource';
import { projects } from '../../shared/resources/projet.resource';
import { structures } from '../../shared/resources/structures.resource';
import type { RouteName } from '../../shared/routes';
import { actorOf } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { importJobs } from '../db/schema';
import { checkArchive, csvEncoding, diskFile } from '../engine/sheet-reader';
import { recordUpload } from '../files/upload-quota';
import { safeFileName } from '../files/uploads.routes';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import type { JobQueue } from '../jobs/job-queue';
import { pagingSchema, parseQuery } from '../http/paging';
import { requestLocale } from '../http/request-locale';
import { parseBody } from '../http/request-parsing';
import {
  claimJob,
  createImportWorker,
  ensureImportsFolder,
  authorizeImport,
  jobFile,
  jobPayload,
  listJobs,
  loadJob,
  previewSheet,
  removeFile,
  saveRowCount,
  REPORT_PAGE_SIZE,
  stepReport,
  undoJob,
  type JobRow,
} from './import-jobs';
import { stepsOf } from './import-runner';
import { projectTemplateCsv } from './project-template';

/** The step reports' routes (spec 2.3: structures-ajax, territoires-ajax, individus-ajax). */
/** Each step's report: its route, and its operation in the API document. */
const stepRoutes: Record<ImportStep, [RouteName, string]> = {
  structures: ['api.import_jobs.structures', 'import_step_structures'],
  territoires: ['api.import_jobs.territories', 'import_step_territories'],
  individus: ['api.import_jobs.individuals', 'import_step_individuals'],
  projets: ['api.import_jobs.projects', 'import_step_projects'],
};

/** The logged-in user, when they may run or undo an import with this mapping (authorizeImport); 403 otherwise. */
function importingUser(request: FastifyRequest, config: ImportConfig) {
  const { user } = currentAuth(request);
  authorizeImport(user, config);
  return user;
}

/** Who may use the assistant at all: whoever may add individuals, structures or projects. */
function assistantUser(request: FastifyRequest) {
  const { user } = currentAuth(request);
  if (createsNothing(user)) throw new ApiError(403, 'errors.no_service');
  if (![individuals, structures, projects].some(({ slug }) => can(user, slug, 'create'))) {
    throw new ApiError(403, 'errors.forbidden');
  }
  return user;
}

/** The body, streamed to the file, ASSISTANT_MAX_BYTES at most. */
async function saveBody(body: unknown, target: string): Promise<number> {
  if (!body || typeof (body as Readable).pipe !== 'function') throw new ApiError(400, 'import.no_file');
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > ASSISTANT_MAX_BYTES) done(new ApiError(413, 'import_assistant.errors.too_large'));
      else done(null, chunk);
    },
  });
  await pipeline(body as Readable, limit, createWriteStream(target));
  return size;
}

/**
 * The import assistant's API: the file sent (assistant-import/import), the fields a type of file
 * maps (assistant-import-champ/choices/{type}), and each job (import-individus/{id}): its preview
 * by tab, its simulation, its import, its undo, and the report of each step.
 */
export async function registerImportAssistantRoutes(
  app: FastifyInstance,
  db: Database,
  uploadsDir: string,
  jobs: JobQueue,
  quotaBytes: number,
): Promise<void> {
  // The engine's operations (app.ts decorates the app with them first): their store for reads, a
  // store over an undo's transaction.
  const operations = app.resourceOperations;
  const worker = createImportWorker(db, operations, uploadsDir, app.log);
  // Before the queue stops: its runs end after their current batch, to be taken up again.
  app.addHook('preClose', () => worker.stop());
  await jobs.work('import-run', worker.run);
  const options = { onRequest: requireUser };
  // The job's id, parsed by declareRoute from its path.
  const jobOf = (request: FastifyRequest) =>
    loadJob(db, (request.params as { id: number }).id, currentAuth(request).user);
  const reply = (request: FastifyRequest, job: JobRow) => jobPayload(db, job, requestLocale(request));

  // The file comes as the raw body, streamed to disk rather than held in memory.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/octet-stream');
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    declareRoute(scope, {
      name: 'api.import_assistant.upload',
      method: 'POST',
      options: {
        onRequest: async (request) => {
          await requireUser(request);
          assistantUser(request);
          if (Number(request.headers['content-length'] ?? 0) > ASSISTANT_MAX_BYTES) {
            throw new ApiError(413, 'import_assistant.errors.too_large');
          }
        },
      },
      document: (tools) =>
        tools.operation('imports', 'import_upload', {
          access: 'write',
          upload: true,
          parameters: [tools.query('nom', tools.t('parameters.file_name'), { type: 'string' })],
          errors: [400, 401, 403, 413],
        }),
      handler: async (request, response) => {
        const user = assistantUser(request);
        const fileName = safeFileName(String((request.query as Record<string, unknown>).nom ?? 'import'));
        const relative = `imports/${randomUUID()}`;
        const target = path.join(await ensureImportsFolder(uploadsDir), path.basename(relative));
        try {
          const size = await saveBody(request.body, target);
          if (size === 0) throw new ApiError(400, 'import.no_file');
          const file = await diskFile(target);
          if (file.format === 'xlsx') await checkArchive(file);
          const encoding = file.format === 'csv' ? await csvEncoding(file) : 'utf-8';
          const { preview, nonBlank } = await previewSheet(file, encoding, 0, true);
          // Empty: nothing to read in a CSV, or in an XLSX whose only tab is blank.
          if (nonBlank === 0 && preview.sheets.length <= 1) throw new ApiError(400, 'import.empty');
          // The file counts in its sender's upload quota until its job is removed (removeOldJobs).
          const job = await db.transaction(async (tx) => {
            await recordUpload(tx, { path: relative, ownerId: user.id, size }, quotaBytes);
            const [created] = await tx
              .insert(importJobs)
              .values({
                userId: user.id,
                fileName,
                filePath: relative,
                format: file.format,
                encoding,
                sheets: preview.sheets,
                rowCounts: { 0: nonBlank },
              })
              .returning();
            return created!;
          });
          return response.code(201).send({ job: await reply(request, job), preview });
        } catch (error) {
          await removeFile(target);
          throw error;
        }
      },
    });
  });

  declareRoute(app, {
    name: 'api.import_assistant.choices',
    method: 'GET',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_choices', {
        access: 'read',
        errors: [401, 403, 404],
      }),
    handler: async (request) => {
      assistantUser(request);
      const type = importTypes.find((candidate) => candidate === (request.params as { type: string }).type);
      if (!type) throw new ApiError(404, 'errors.not_found');
      const locale = requestLocale(request);
      return fieldsOfType(type).map(({ key, entity }) => ({
        value: key,
        label: translate(locale, `resources.templates-import.choices.field.${key}`),
        entity,
      }));
    },
  });

  declareRoute(app, {
    name: 'api.import_jobs.collection',
    method: 'GET',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_jobs', {
        access: 'read',
        errors: [401, 403],
      }),
    handler: async (request) => {
      assistantUser(request);
      return listJobs(db, currentAuth(request).user, requestLocale(request));
    },
  });

  declareRoute(app, {
    name: 'api.import_jobs.item',
    method: 'GET',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_job', {
        access: 'read',
        errors: [401, 404],
      }),
    handler: async (request) => reply(request, await jobOf(request)),
  });

  declareRoute(app, {
    name: 'api.import_jobs.preview',
    method: 'GET',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_preview', {
        access: 'read',
        parameters: [
          tools.query('onglet', tools.t('parameters.sheet'), { type: 'integer', minimum: 0 }),
          tools.query('entete', tools.t('parameters.header'), { enum: ['0', '1'] }),
        ],
        errors: [400, 401, 404],
      }),
    handler: async (request) => {
      const job = await jobOf(request);
      const query = request.query as Record<string, string | undefined>;
      const sheet = /^\d{1,3}$/.test(query.onglet ?? '0') ? Number(query.onglet ?? 0) : -1;
      if (sheet < 0) throw new ApiError(400, 'import_assistant.errors.sheet_index');
      const { preview, nonBlank } = await previewSheet(
        await jobFile(uploadsDir, job),
        job.encoding,
        sheet,
        query.entete !== '0',
      );
      await saveRowCount(db, job, sheet, nonBlank);
      return preview;
    },
  });

  /** Starts a run of the job with this mapping: rows counted, job claimed, run in the background. */
  async function start(request: FastifyRequest, job: JobRow, config: ImportConfig, dryRun: boolean) {
    if (job.format === 'csv' ? config.sheet !== 0 : config.sheet >= job.sheets.length) {
      const count = Math.max(1, job.sheets.length);
      throw new ApiError(400, 'import_assistant.errors.no_such_sheet', {}, { values: { number: config.sheet, count } });
    }
    let nonBlank = job.rowCounts[String(config.sheet)];
    if (nonBlank === undefined) {
      nonBlank = (await previewSheet(await jobFile(uploadsDir, job), job.encoding, config.sheet, config.header))
        .nonBlank;
      await saveRowCount(db, job, config.sheet, nonBlank);
    }
    const total = nonBlank - (config.header && nonBlank > 0 ? 1 : 0);
    if (total === 0) throw new ApiError(400, 'import.empty');
    const claimed = await claimJob(
      db,
      jobs,
      job,
      dryRun ? ['uploaded', 'simulated', 'failed', 'undone'] : ['simulated'],
      {
        status: dryRun ? 'simulating' : 'importing',
        run: dryRun ? 'simulation' : 'import',
        config,
        total,
        step: stepsOf(config)[0] ?? null,
      },
    );
    if (!claimed) throw new ApiError(409, 'import_assistant.errors.busy');
    return reply(request, claimed);
  }

  declareRoute(app, {
    name: 'api.import_jobs.simulate',
    method: 'POST',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_simulate', {
        access: 'write',
        errors: [400, 401, 403, 404, 409],
      }),
    handler: async (request, response) => {
      const config = parseBody(importConfigSchema, request.body) as ImportConfig;
      importingUser(request, config);
      const job = await jobOf(request);
      // An import done, or partly done, is undone before the file is run again.
      if (job.status === 'imported' || (await reply(request, job)).canUndo) {
        throw new ApiError(409, 'import_assistant.errors.already_imported');
      }
      return response.code(202).send(await start(request, job, config, true));
    },
  });

  // The import runs the mapping its simulation ran: what the user saw is what is written.
  declareRoute(app, {
    name: 'api.import_jobs.run',
    method: 'POST',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_run', {
        access: 'write',
        errors: [401, 403, 404, 409],
      }),
    handler: async (request, response) => {
      const job = await jobOf(request);
      const config = job.simulatedConfig;
      if (job.status !== 'simulated' || !config || !isDeepStrictEqual(config, job.config)) {
        throw new ApiError(409, 'import_assistant.errors.simulate_first');
      }
      importingUser(request, config);
      return response.code(202).send(await start(request, job, config, false));
    },
  });

  declareRoute(app, {
    name: 'api.import_jobs.undo',
    method: 'POST',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_undo', {
        access: 'write',
        errors: [401, 403, 404, 409],
      }),
    handler: async (request) => {
      const job = await jobOf(request);
      const payload = await reply(request, job);
      if (!payload.canUndo || !job.config) throw new ApiError(409, 'import_assistant.errors.cannot_undo');
      importingUser(request, job.config);
      await undoJob(db, operations, job, actorOf(currentAuth(request)));
      return reply(request, await jobOf(request));
    },
  });

  // The projects file's template (spec 9's columns), its header row in the user's language.
  declareRoute(app, {
    name: 'api.import_assistant.project_template',
    method: 'GET',
    options,
    document: (tools) =>
      tools.operation('imports', 'import_project_template', {
        access: 'read',
        errors: [401, 403],
      }),
    handler: async (request, response) => {
      assistantUser(request);
      return response
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="modele-import-projets.csv"')
        .send(projectTemplateCsv(requestLocale(request)));
    },
  });

  for (const step of importSteps) {
    declareRoute(app, {
      name: stepRoutes[step][0],
      method: 'GET',
      options,
      document: (tools) =>
        tools.operation('imports', stepRoutes[step][1], {
          access: 'read',
          parameters: [tools.query('page', tools.t('parameters.page'), { type: 'integer', minimum: 1 })],
          errors: [401, 404],
        }),
      handler: async (request) => {
        const job = await jobOf(request);
        const { page } = parseQuery(pagingSchema(REPORT_PAGE_SIZE), request.query);
        return stepReport(db, job, step, page, requestLocale(request));
      },
    });
  }
}
