import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import { path } from '../../src/shared/routes';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { openRegistration, untilJobsSettled, useAdminApp } from '../support/test-app';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = useAdminApp({
  mail: () => ({ smtpUrl: smtp.url, appUrl: 'https://renov.exemple.fr', mailFrom: 'no-reply@exemple.fr' }),
});

const newcomer = {
  email: 'retard.postal@exemple.fr',
  firstName: 'Inès',
  lastName: 'Martin',
  password: 'Trois-chevaux-violets-dansent-1987',
  passwordConfirm: 'Trois-chevaux-violets-dansent-1987',
};

/**
 * The mail queue waits 30 s and more before a retry: the test moves a waiting retry to now, as time
 * passing would. How many it moved.
 */
const retryNow = async () =>
  (
    await rowsOf(
      t.database.db,
      sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry' returning id`,
    )
  ).length;

describe('a mail the SMTP server refuses for a while', () => {
  it('is tried again until it leaves, then delivered exactly once, every attempt in the email log', async () => {
    const configured = await openRegistration(t.app, t.admin, 'Votre compte est prêt.');
    expect(configured.statusCode, configured.body).toBe(200);
    smtp.refuseNext(2);
    const registered = await t.app.inject({ method: 'POST', url: path('api.registration'), payload: newcomer });
    expect(registered.statusCode, registered.body).toBe(201);

    const attempts = async () =>
      (
        await rowsOf<{ status: string }>(
          t.database.db,
          sql`select status from email_log where recipient = ${newcomer.email} order by id`,
        )
      ).map(({ status }) => status);
    for (const logged of [['failed'], ['failed', 'failed']]) {
      await expect.poll(attempts).toEqual(logged);
      // The refused attempt waits for its retry, which comes now.
      await expect.poll(retryNow).toBe(1);
    }
    await expect.poll(attempts).toEqual(['failed', 'failed', 'sent']);

    await untilJobsSettled(t.database);
    expect(smtp.refused).toBe(2);
    expect(smtp.received.filter(({ to }) => to === newcomer.email).map(({ subject }) => subject)).toEqual([
      'Bienvenue',
    ]);
  });
});
