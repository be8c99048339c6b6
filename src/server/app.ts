import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { osmTiles } from '../shared/map/structure-map';
import { registerSessions } from './auth/sessions';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { registerResourceRoutes } from './engine/resource.routes';
import { createResourceOperations, type ResourceOperations } from './engine/resource-operations';
import type { HooksLookup } from './engine/resource-store';
import { serverHooks } from './resources/registry';
import { registerCustomerAreaRoutes } from './routes/customer-area.routes';
import { registerUploadRoutes } from './files/uploads.routes';
import { registerEmailFileRoutes } from './files/email-files.routes';
import { registerMediaRoutes } from './files/media-files.routes';
import { registerFileManagerRoutes } from './files/file-manager.routes';
import { registerImportAssistantRoutes } from './import-assistant/import-assistant.routes';
import { ApiError } from './http/api-error';
import { requestLocale } from './http/request-locale';
import { redactedUrl } from './http/redacted-url';
import { answerOtherMethods, methodNotAllowedConfig } from './http/method-not-allowed';
import { registerRequestGuards } from './http/request-guards';
import { registerSecurityHeaders } from './http/security-headers';
import { mailPasswordCreationLink, mailResetLink } from './auth/password-links';
import { loadPasswordDictionaries } from '../shared/account/password';
import { startJobQueue } from './jobs/job-queue';
import { runMaintenance } from './jobs/maintenance';
import { notifyCreatedTicketAttributions } from './resources/tickets/ticket-notifications';
import { createMailer, type MailConfig } from './mail/mailer';
import { loadSettings, mailSettings } from './settings/settings';
import { buildMailing } from './resources/mail/project-mail.routes';
import { buildDocumentsZip, withProjectDocuments } from './documents/project-documents-export';
import { registerAccountRoutes, registrationEnabled } from './routes/accounts.routes';
import { registerAuthRoutes } from './routes/auth.routes';
import { registerConfigurationRoutes } from './routes/configuration.routes';
import { registerSiteSettingsRoutes } from './routes/site-settings.routes';
import { registerDashboardRoutes } from './routes/dashboard.routes';
import { registerSearchRoutes } from './routes/search.routes';
import { registerHealthRoutes } from './routes/health.routes';
import { registerListCriteriaRoutes } from './routes/list-criteria.routes';
import { registerOpenApiRoutes } from './routes/openapi.routes';
import { registerPreferenceRoutes } from './routes/preferences.routes';
import { createShellSender, registerShellRoutes } from './routes/shell.routes';
import { registerTranslationRoutes } from './routes/translations.routes';
import { loadTheme, registerThemeRoutes } from './routes/theme.routes';
import { themeSettings } from './settings/settings';
import { withTheme } from './settings/theme-stylesheet';

export interface AppOptions {
  database: DatabaseHandle;
  /** Where uploaded files live: DATA_DIR/uploads. */
  uploadsDir: string;
  logLevel?: string;
  /** SMTP_URL, APP_URL and MAIL_FROM; by default mails are only recorded, with links to localhost:3000. */
  mail?: MailConfig;
  /** TRUST_PROXY: the proxies whose forwarded headers (client address, host, protocol) are believed; none by default. */
  trustProxy?: readonly string[];
  /** UPLOAD_QUOTA_MB in bytes: what each user may have uploaded in all. */
  uploadQuotaBytes?: number;
  /** The resources' server files: src/server/resources/registry.ts unless told (a test adds a rule). */
  hooksOf?: HooksLookup;
  /** Where the logs go: standard output unless told (tests read them). */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (method, URL pattern). */
    registeredRoutes: readonly { method: string; url: string }[];
    /** The operations on the resources, for work done outside a request (jobs, scripts, tests). */
    resourceOperations: ResourceOperations;
  }
}

// Zod's own messages (wrong type, bad JSON shape) in French; our schemas use catalog keys.
z.config(z.locales.fr());

const isApiRequest = (url: string) => url.startsWith('/api/') || url === '/api';

export async function buildApp({
  database,
  uploadsDir,
  logLevel = 'info',
  mail = loadConfig({}),
  trustProxy = [],
  uploadQuotaBytes = loadConfig({}).uploadQuotaBytes,
  logStream,
  hooksOf: givenHooks = serverHooks,
}: AppOptions): Promise<FastifyInstance> {
  // The template files' checks and the projects' document routes read the uploads folder.
  const hooksOf = withProjectDocuments(givenHooks, uploadsDir);
  // New passwords are checked with zxcvbn's dictionaries, loaded once before any request.
  await loadPasswordDictionaries();
  const app = Fastify({
    logger: {
      level: logLevel,
      // Written to stdout a batch at a time when busy rather than a write per line, and flushed
      // as the process exits.
      stream: logStream ?? pino.destination({ dest: 1, sync: false }),
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    // One line per request, written once answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A request id in every log line, taken from the proxy when it sends one, and echoed back.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // X-Forwarded-For and X-Forwarded-Host from anyone else would let a client choose its address
    // (dodging the per-address login lock) and its host (the login origin check).
    trustProxy: trustProxy.length > 0 ? trustProxy.join(',') : false,
  });
  // Every route, as registered: the OpenAPI test compares them with the document.
  const registeredRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', ({ method, url, config }) => {
    if ((config as Partial<typeof methodNotAllowedConfig> | undefined)?.methodNotAllowed) return;
    for (const verb of ([] as string[]).concat(method)) registeredRoutes.push({ method: verb, url });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  // Filled by declareRoute (http/api-route.ts): the API's routes as declared, which the OpenAPI document describes.
  app.decorate('apiRoutes', []);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles and style tags for its CSS variables.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map screen's OpenStreetMap tiles, and nothing else from outside.
        imgSrc: ["'self'", 'data:', 'blob:', osmTiles.origin],
        // The project forms' iframes: https pages, which the server hands out only on the allowed
        // iframe sites of the configuration, shown sandboxed.
        frameSrc: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  // Answers above 1 kB (JSON, CSV, HTML) go compressed as the client accepts, br then gzip, with
  // `Vary: Accept-Encoding`; quality 4 keeps brotli cheap per request. The built assets are already
  // compressed at build time and go as they are (a Content-Encoding set before is left alone).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Files (uploads, imports) arrive as the raw body; their routes set how large it may be.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  // Every page carries the theme in its head (a database out of reach: the default theme).
  const sendShell = createShellSender(async (shell) =>
    withTheme(shell, await loadTheme(database.db).catch(() => themeSettings.defaults())),
  );
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request.url)) {
      return reply.code(404).send(new ApiError(404, 'errors.pages.404.title').toJSON(requestLocale(request)));
    }
    return sendShell(request, reply, 404);
  });

  app.setErrorHandler((error, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toJSON(locale));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = Object.fromEntries(
        error.validation.map((issue) => [
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          issue.message ?? 'errors.form',
        ]),
      );
      return reply.code(400).send(new ApiError(400, 'errors.form', fieldErrors).toJSON(locale));
    }
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode < 500) {
      // Malformed requests (bad JSON, too large a body): a clear message, never internals.
      return reply.code(statusCode).send(new ApiError(statusCode, 'errors.form').toJSON(locale));
    }
    request.log.error({ err: error }, 'request failed');
    if (!isApiRequest(request.url)) return sendShell(request, reply, 500);
    return reply.code(500).send(new ApiError(500, 'errors.generic').toJSON(locale));
  });

  // After the handlers: Fastify binds the error handler to routes when they are registered.
  const { db } = database;
  registerRequestGuards(app);
  registerSessions(app, db);
  registerHealthRoutes(app, db);
  registerTranslationRoutes(app);
  registerListCriteriaRoutes(app);
  registerAuthRoutes(app, db);
  registerCustomerAreaRoutes(app, db);
  const jobs = await startJobQueue(database, app.log);
  const mailer = createMailer(db, mail, app.log, {
    jobs,
    uploadsDir,
    perMinute: async () => (await loadSettings(db, mailSettings)).perMinute,
  });
  // The queue stops first (its jobs under way finish), then the mailer.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.close();
  });
  await jobs.work('mail-dispatch', () => mailer.dispatch());
  mailer.start();
  await jobs.work('password-reset', ({ email }) => mailResetLink(db, mailer, email));
  await jobs.work('password-creation', ({ userId }) => mailPasswordCreationLink(db, mailer, userId));
  await jobs.work('ticket-attribution', ({ ticket, actorId }) => notifyCreatedTicketAttributions(db, ticket, actorId));
  await jobs.work('maintenance', () => runMaintenance(db, uploadsDir));
  await jobs.schedule('maintenance', '17 * * * *');
  registerAccountRoutes(app, db, mailer, jobs);
  registerPreferenceRoutes(app, db);
  registerConfigurationRoutes(app, db);
  registerSiteSettingsRoutes(app, db);
  registerThemeRoutes(app, db, uploadsDir);
  const operations = createResourceOperations({ db, mailer, jobs, hooksOf });
  app.decorate('resourceOperations', operations);
  await jobs.work('mailing-build', ({ mailing }) => buildMailing(operations.services, mailing, app.log));
  await jobs.work('documents-zip', (data) => buildDocumentsZip(operations.services, uploadsDir, data, app.log));
  registerResourceRoutes(app, operations);
  registerDashboardRoutes(app, operations.services);
  registerSearchRoutes(app, operations.services);
  await registerOpenApiRoutes(app);
  registerUploadRoutes(app, db, hooksOf, uploadsDir, uploadQuotaBytes);
  registerEmailFileRoutes(app, db, hooksOf, uploadsDir);
  registerMediaRoutes(app, db, hooksOf, uploadsDir, uploadQuotaBytes);
  registerFileManagerRoutes(app, db, hooksOf, uploadsDir);
  await registerImportAssistantRoutes(app, db, uploadsDir, jobs, uploadQuotaBytes);
  await registerShellRoutes(app, sendShell, { 'admin.register': () => registrationEnabled(db) });
  answerOtherMethods(app);

  return app;
}
