import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import { path } from '../../src/shared/routes';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { seedEmptyDatabase } from '../../src/server/db/seed';
import { openTestDatabase, temporaryUploadsDir } from './test-database';

export const adminCredentials = { email: 'admin@exemple.fr', password: 'Un-mot-de-passe-solide-2026' };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The whole API in-process on a fresh database holding the first administrator; `mail` points it at an SMTP server. */
export async function createTestApp(
  configure?: (app: FastifyInstance) => void,
  { mail }: Pick<AppOptions, 'mail'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await seedEmptyDatabase(database.db, {
    adminEmail: adminCredentials.email,
    adminPassword: adminCredentials.password,
    demoData: false,
  });
  const app = await buildApp({ database, uploadsDir: await temporaryUploadsDir(), logLevel: 'silent', mail });
  configure?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
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
