import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import { path } from '../../src/shared/routes';
import { buildApp, type AppOptions } from '../../src/server/app';
import { clock } from '../../src/server/clock';
import { rowsOf, type DatabaseHandle } from '../../src/server/db/database';
import { seedEmptyDatabase } from '../../src/server/seed/seed';
import { conformanceFailures, recordAnswers } from './openapi-conformance';
import { openTestDatabase, temporaryUploadsDir } from './test-database';

export const adminCredentials = { email: 'admin@exemple.fr', password: 'Un-mot-de-passe-solide-2026' };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The whole API in-process on a fresh database holding the first administrator; `mail` points it at an SMTP
 * server, `trustProxy` names the proxies whose forwarded headers it believes, `logStream` receives its logs
 * (silent otherwise), `uploadQuotaBytes` bounds each user's uploads, `uploadsDir` is where they go (a fresh
 * temporary folder unless told), `hooksOf` gives the resources' server files (a test adds a rule).
 */
export async function createTestApp(
  configure?: (app: FastifyInstance) => void,
  options: Pick<AppOptions, 'mail' | 'trustProxy' | 'logStream' | 'uploadQuotaBytes' | 'hooksOf'> &
    Partial<Pick<AppOptions, 'uploadsDir'>> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await seedEmptyDatabase(database.db, {
    adminEmail: adminCredentials.email,
    adminPassword: adminCredentials.password,
    demoData: false,
  });
  const app = await buildApp({
    database,
    logLevel: options.logStream ? 'info' : 'silent',
    ...options,
    uploadsDir: options.uploadsDir ?? (await temporaryUploadsDir()),
  });
  const answers = recordAnswers(app);
  configure?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      // Every answer the file's tests received, held against the OpenAPI document the app serves.
      const failures = conformanceFailures(app, answers);
      await app.close();
      await database.close();
      if (failures.length > 0) throw new Error(`Answers unlike the OpenAPI document:\n${failures.join('\n')}`);
    },
  };
}

export interface LoggedIn {
  cookie: string;
  csrfToken: string;
  session: SessionPayload;
}

/** The session cookie a reply sets (the back office's "sid" unless said): the last one set, after any clearing. */
export function sessionCookieOf(response: LightMyRequestResponse, cookieName = 'sid'): string {
  const cookie = response.cookies.findLast(({ name, value }) => name === cookieName && value !== '');
  if (!cookie) throw new Error(`no session cookie in the reply (${response.statusCode}: ${response.body})`);
  return `${cookieName}=${cookie.value}`;
}

export async function logIn(app: FastifyInstance, credentials = adminCredentials, remember = false): Promise<LoggedIn> {
  const response = await app.inject({ method: 'POST', url: path('api.login'), payload: { ...credentials, remember } });
  const session = response.json<SessionPayload>();
  return { cookie: sessionCookieOf(response), csrfToken: session.csrfToken, session };
}

/** The headers of a logged-in user's request: the session cookie and the CSRF token state changes require. */
export function authHeaders(who: LoggedIn): { cookie: string; 'x-csrf-token': string } {
  return { cookie: who.cookie, 'x-csrf-token': who.csrfToken };
}

/** Turns sign-ups on (no default profile), with this welcome mail: the administrator's configuration request. */
export function openRegistration(app: FastifyInstance, admin: LoggedIn, welcomeEmailContent = 'Bonjour') {
  return app.inject({
    method: 'PUT',
    url: path('api.configuration.registration'),
    headers: authHeaders(admin),
    payload: { enabled: true, defaultGroupId: null, welcomeEmailSubject: 'Bienvenue', welcomeEmailContent },
  });
}

export interface AdminTestApp {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly admin: LoggedIn;
}

/**
 * The usual setup of an API test file: a fresh app (see createTestApp) with the administrator logged in before
 * the file's tests, closed after them. Getters, since the hooks fill them in only once the file's tests start;
 * `mail` is a function for the same reason (an SMTP server started by an earlier beforeAll). A file's own
 * beforeAll, registered after this call, runs after it and may use the app.
 */
export function useAdminApp({ mail }: { mail?: () => AppOptions['mail'] } = {}): AdminTestApp {
  let testApp: TestApp | undefined;
  let admin: LoggedIn | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(undefined, { mail: mail?.() });
    admin = await logIn(testApp.app);
  });
  afterAll(() => testApp?.close());
  const started = () => {
    if (!testApp) throw new Error('the test app is not started yet');
    return testApp;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get admin() {
      if (!admin) throw new Error('the administrator is not logged in yet');
      return admin;
    },
  };
}

/**
 * Resolves once the job queue holds no job still to run (created and due, waiting for a retry, or
 * running; a job created for a later date, as a scheduled mail's wake-up, is not pending yet) and
 * the email log no mail due or being sent (a mail due later, as a retry, is not pending yet):
 * a test asserting that something did not happen (no second mail) asserts it then, not after a
 * sleep that passes whenever the unwanted effect is merely late.
 */
export async function untilJobsSettled(database: DatabaseHandle, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ pending }] = (await rowsOf<{ pending: number }>(
      database.db,
      sql`select (select count(*)::int from pgboss.job
                   where state in ('retry', 'active') or (state = 'created' and start_after <= now()))
               + (select count(*)::int from email_log
                   where status = 'sending' or (status = 'scheduled' and send_at <= ${clock.now()})) as pending`,
    )) as [{ pending: number }];
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} job(s) still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
