import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { resourceRequests } from './resource-requests';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';
import { authHeaders, useAdminApp, type AdminTestApp, type LoggedIn } from './test-app';

export interface MailTestApp {
  /** The app (see useAdminApp), its mails sent from conseil@renov.exemple.fr, its links to https://renov.exemple.fr. */
  t: AdminTestApp;
  /** The SMTP server it sends to, started before the app. */
  readonly smtp: TestSmtpServer;
  /** Two households with an address, created before the file's tests: Dupont Marie (Madame) and Leroy Paul. */
  owners: Record<'dupont' | 'leroy', number>;
  /** The engine's usual requests, as the administrator. */
  api(): ReturnType<typeof resourceRequests>;
  /** A request as this user (the administrator unless said; null: nobody logged in). */
  post(url: string, payload: unknown, who?: LoggedIn): Promise<LightMyRequestResponse>;
  get(url: string, who?: LoggedIn | null): Promise<LightMyRequestResponse>;
}

/**
 * The mail test files' setup: a real SMTP server, the app pointed at it with the administrator
 * logged in, and the households their mails go to; hooks registered after this call run after it.
 */
export function useMailApp(): MailTestApp {
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  const t = useAdminApp({
    mail: () => ({ smtpUrl: smtp!.url, appUrl: 'https://renov.exemple.fr', mailFrom: 'conseil@renov.exemple.fr' }),
  });
  const api = () => resourceRequests(t.app, t.admin);
  const owners = {} as MailTestApp['owners'];
  beforeAll(async () => {
    owners.dupont = (
      await api().created('individus', {
        civility: 'madame',
        lastName: 'Dupont',
        firstName: 'Marie',
        email: 'marie.dupont@exemple.fr',
      })
    ).id;
    owners.leroy = (
      await api().created('individus', { lastName: 'Leroy', firstName: 'Paul', email: 'paul.leroy@exemple.fr' })
    ).id;
  });
  return {
    t,
    get smtp() {
      if (!smtp) throw new Error('the SMTP server is not started yet');
      return smtp;
    },
    owners,
    api,
    post: (url, payload, who = t.admin) =>
      t.app.inject({ method: 'POST', url, headers: authHeaders(who), payload: payload as Record<string, unknown> }),
    get: (url, who = t.admin) => t.app.inject({ method: 'GET', url, ...(who && { headers: authHeaders(who) }) }),
  };
}
