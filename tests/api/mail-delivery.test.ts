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
 * The delivery waits 30 s and more before a retry: the test moves a waiting retry to now, as time
 * passing would. How many it moved.
 */
const retryNow = async () =>
  (
    await rowsOf(
      t.database.db,
      sql`update email_log set send_at = now()
          where recipient = ${newcomer.email} and status = 'scheduled' and attempts > 0 returning id`,
    )
  ).length;

describe('a mail the SMTP server refuses for a while', () => {
  it('is tried again until it leaves, then delivered exactly once, one row of the email log counting the tries', async () => {
    const configured = await openRegistration(t.app, t.admin, 'Votre compte est prêt.');
    expect(configured.statusCode, configured.body).toBe(200);
    smtp.refuseNext(2);
    const registered = await t.app.inject({ method: 'POST', url: path('api.registration'), payload: newcomer });
    expect(registered.statusCode, registered.body).toBe(201);

    const logged = async () =>
      await rowsOf<{ status: string; attempts: number; error: string }>(
        t.database.db,
        sql`select status, attempts, error from email_log where recipient = ${newcomer.email} order by id`,
      );
    for (const attempts of [1, 2]) {
      await expect
        .poll(logged)
        .toEqual([
          { status: 'scheduled', attempts, error: expect.stringContaining('Service temporairement indisponible') },
        ]);
      // The refused try waits for its retry, which comes now.
      expect(await retryNow()).toBe(1);
    }
    await expect.poll(logged).toEqual([{ status: 'sent', attempts: 3, error: '' }]);

    await untilJobsSettled(t.database);
    expect(smtp.refused).toBe(2);
    expect(smtp.received.filter(({ to }) => to === newcomer.email).map(({ subject }) => subject)).toEqual([
      'Bienvenue',
    ]);
  });
});
