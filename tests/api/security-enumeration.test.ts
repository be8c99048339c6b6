import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { emailLog, passwordResets, users } from '../../src/server/db/schema';
import { path } from '../../src/shared/routes';
import { startSmtpServer } from '../support/smtp-server';
import { createTestApp, openRegistration, useAdminApp } from '../support/test-app';

const t = useAdminApp();

describe('the forgotten-password form', () => {
  it('replies before it looks the email up or writes a link, so its timing tells nothing', async () => {
    const smtp = await startSmtpServer();
    const mailing = await createTestApp(undefined, {
      mail: { smtpUrl: smtp.url, appUrl: 'https://renov.exemple.fr', mailFrom: 'no-reply@exemple.fr' },
    });
    try {
      const account = async (email: string) =>
        (
          await mailing.database.db
            .insert(users)
            .values({ email, passwordHash: await hashPassword('Mot-de-passe-de-test-2026') })
            .returning({ id: users.id })
        )[0]!.id;
      const links = async (userId: number) =>
        (await mailing.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId))).length;
      const request = (email: string, remoteAddress: string) =>
        mailing.app.inject({
          method: 'POST',
          url: path('api.password_reset.request'),
          payload: { email },
          remoteAddress,
        });
      await account('occupee@exemple.fr');
      const known = await account('connue@exemple.fr');
      // The jobs run one at a time: while the first one's mail is held at the SMTP server, the
      // account of the second is not looked up. (The reply itself reads only the client address's
      // request counter, whatever the email.)
      const held = smtp.hold();
      expect((await request('occupee@exemple.fr', '198.51.100.1')).statusCode).toBe(200);
      await held.arrived;
      const reply = await Promise.race([
        request('connue@exemple.fr', '198.51.100.2'),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      const written = await links(known);
      held.release();
      expect(reply).not.toBe('waited');
      if (reply === 'waited') return;
      expect(reply.statusCode).toBe(200);
      expect(reply.json().message).toBe(
        "Si l'adresse e-mail correspond à un compte, un lien de réinitialisation vient de lui être envoyé.",
      );
      expect(written).toBe(0);
      // The link is written once the reply has gone.
      await expect.poll(() => links(known)).toBe(1);
      await smtp.nextMail('connue@exemple.fr');
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe('registration, when it is on', () => {
  beforeAll(async () => {
    const response = await openRegistration(t.app, t.admin);
    expect(response.statusCode).toBe(200);
  });

  const signUp = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: path('api.registration'),
      remoteAddress,
      payload: {
        email,
        firstName: 'Léa',
        lastName: 'Durand',
        password: 'Trois-chevaux-violets-dansent-1987',
        passwordConfirm: 'Trois-chevaux-violets-dansent-1987',
      },
    });

  it('stops 30 sign-ups in a row from one address after 5: no welcome mail to the others', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 30; n += 1)
      statuses.push((await signUp(`victime-${n}@exemple.fr`, '198.51.100.20')).statusCode);
    expect(statuses).toEqual([...Array<number>(5).fill(201), ...Array<number>(25).fill(429)]);
    const refused = await signUp('victime-31@exemple.fr', '198.51.100.20');
    expect(refused.json().message).toBe('Accès temporairement bloqué');
    // The welcome mails go through the delivery: the five accepted sign-ups' arrive, and no other.
    const welcomed = async () =>
      (await t.database.db.select().from(emailLog).where(like(emailLog.recipient, 'victime-%'))).length;
    await expect.poll(welcomed, { timeout: 10_000 }).toBe(5);
    // Another address may still sign up.
    expect((await signUp('voisine@exemple.fr', '198.51.100.21')).statusCode).toBe(201);
    // Six password hashes and a job's mails: more than the usual 30 s when the machine is busy.
  }, 60_000);

  it('stops the same email tried from address after address after 3 attempts', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n += 1) statuses.push((await signUp('cible@exemple.fr', `203.0.113.${n}`)).statusCode);
    // Created once, then refused as taken (400), then locked.
    expect(statuses).toEqual([201, 400, 400, 429, 429]);
  });
});
