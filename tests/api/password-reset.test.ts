import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { clock } from '../../src/server/clock';
import { rowsOf } from '../../src/server/db/database';
import { emailLog, passwordResets, users } from '../../src/server/db/schema';
import { path } from '../../src/shared/routes';
import { startSmtpServer, linkIn, type TestSmtpServer } from '../support/smtp-server';
import { authHeaders, createTestApp, logIn, untilJobsSettled, type TestApp } from '../support/test-app';

const neutral = "Si l'adresse e-mail correspond à un compte, un lien de réinitialisation vient de lui être envoyé.";
const expired = 'Ce lien a expiré, veuillez recommencer la procédure.';
const strongPassword = 'Trois-chevaux-violets-dansent-1987';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(undefined, {
    mail: { smtpUrl: smtp.url, appUrl: 'https://renov.exemple.fr', mailFrom: 'no-reply@exemple.fr' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => vi.restoreAllMocks());

let created = 0;
/** A user with a password, and their email. */
async function createUser(password = 'Un-ancien-mot-de-passe-2020'): Promise<{ id: number; email: string }> {
  const email = `usager${(created += 1)}@exemple.fr`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      firstName: 'Camille',
      lastName: 'Martin',
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning({ id: users.id });
  return { id: user!.id, email };
}

let clients = 0;
/** A client address of its own for each request, unless told: the form counts requests per address. */
const clientAddress = () => `198.51.${Math.floor((clients += 1) / 250)}.${(clients % 250) + 1}`;

const requestReset = (email: string, remoteAddress = clientAddress()) =>
  t.app.inject({ method: 'POST', url: path('api.password_reset.request'), payload: { email }, remoteAddress });

/** The password-reset jobs queued for an address so far (pg-boss's rows, in its own schema). */
const resetJobs = async (email: string) =>
  (
    await rowsOf<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from pgboss.job where name = 'password-reset' and data->>'email' = ${email}`,
    )
  )[0]!.count;

/** Asks for a reset and follows the link of the mail received: the token. */
async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200);
  const link = linkIn(await smtp.nextMail(email));
  expect(link.origin).toBe('https://renov.exemple.fr');
  const token = /^\/admin\/reinitialisation\/([^/]+)$/.exec(link.pathname)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

const setPassword = (token: string, password: string, passwordConfirm = password) =>
  t.app.inject({
    method: 'POST',
    url: path('api.password_reset.link', { token }),
    payload: { password, passwordConfirm },
  });

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: path('api.login'), payload: { email, password } });

describe('forgotten password', () => {
  it('answers the same neutral reply for unknown and known emails, and mails only the known one', async () => {
    const { email } = await createUser();
    for (const address of ['personne@exemple.fr', email]) {
      const response = await requestReset(address);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: neutral });
    }
    const mail = await smtp.nextMail(email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.html).toContain('href="https://renov.exemple.fr/admin/reinitialisation/');
    expect(smtp.received.some(({ to }) => to === 'personne@exemple.fr')).toBe(false);
  });

  it('requires the email, in French', async () => {
    const response = await requestReset('');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ email: "L'adresse e-mail est obligatoire" });
  });

  it('sends one mail only while a request is pending, and keeps only the token hash', async () => {
    const { id, email } = await createUser();
    const token = await resetToken(email);
    expect((await requestReset(email)).json()).toEqual({ message: neutral });
    // Once the queue has run the second request's job: still one mail.
    await untilJobsSettled(t.database);
    expect(smtp.received.filter(({ to }) => to === email)).toHaveLength(1);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the new password through a link that works once, and logs every mail', async () => {
    const { email } = await createUser();
    const token = await resetToken(email);
    expect((await t.app.inject({ method: 'GET', url: path('api.password_reset.link', { token }) })).json()).toEqual({
      purpose: 'reset',
    });
    expect((await setPassword(token, strongPassword)).statusCode).toBe(204);
    expect((await login(email, strongPassword)).statusCode).toBe(200);
    expect((await login(email, 'Un-ancien-mot-de-passe-2020')).statusCode).toBe(401);

    const again = await setPassword(token, 'Un-autre-mot-de-passe-tres-long');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(expired);

    const log = await t.database.db.select().from(emailLog).where(eq(emailLog.recipient, email));
    expect(log).toEqual([
      expect.objectContaining({ subject: 'Réinitialisation de votre mot de passe', status: 'sent', error: '' }),
    ]);
    // Sent: the log no longer holds the link's token.
    expect(log[0]!.text).toContain('/admin/reinitialisation/…');
    expect(JSON.stringify(log)).not.toContain(token);
  });

  it('expires the link after 2 hours, after which a new request is sent', async () => {
    const { email } = await createUser();
    const token = await resetToken(email);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000 + 1000);
    vi.spyOn(clock, 'now').mockReturnValue(later);
    const check = await t.app.inject({ method: 'GET', url: path('api.password_reset.link', { token }) });
    expect(check.statusCode).toBe(410);
    expect(check.json().message).toBe(expired);
    expect((await setPassword(token, strongPassword)).json().message).toBe(expired);
    // No longer pending: a new request gets its mail.
    await resetToken(email);
  });

  it('applies the password rules, in French', async () => {
    const { email } = await createUser();
    const token = await resetToken(email);
    const cases = [
      ['court-2026', { password: 'Le mot de passe doit comporter au moins 12 caractères.' }],
      [
        'azertyuiopqs',
        { password: 'Ce mot de passe est trop faible : allongez-le ou choisissez des mots moins courants.' },
      ],
    ] as const;
    for (const [password, fieldErrors] of cases) {
      const response = await setPassword(token, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual(fieldErrors);
    }
    const mismatch = await setPassword(token, strongPassword, `${strongPassword}!`);
    expect(mismatch.json().fieldErrors).toEqual({ passwordConfirm: 'Les deux mots de passe ne sont pas identiques.' });

    // 64 characters and more are accepted, all of them counting.
    const long = `${'Une-longue-phrase-de-passe-'.repeat(3)}0123456789`.slice(0, 70);
    expect((await setPassword(token, long)).statusCode).toBe(204);
    expect((await login(email, long.slice(0, 64))).statusCode).toBe(401);
    expect((await login(email, long)).statusCode).toBe(200);
  });

  it("ends the user's other sessions", async () => {
    const password = 'Un-ancien-mot-de-passe-2020';
    const { email } = await createUser(password);
    const sessions = [await logIn(t.app, { email, password }), await logIn(t.app, { email, password }, true)];
    const token = await resetToken(email);
    expect((await setPassword(token, strongPassword)).statusCode).toBe(204);
    for (const { cookie } of sessions) {
      const response = await t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lets a locked account reset its password', async () => {
    const { email } = await createUser();
    let status = 0;
    for (let attempt = 0; attempt < 6; attempt += 1)
      status = (await login(email, 'pas le bon mot de passe')).statusCode;
    expect(status).toBe(429);
    const token = await resetToken(email);
    expect((await setPassword(token, strongPassword)).statusCode).toBe(204);
    // The new password lifts the lock at once.
    expect((await login(email, strongPassword)).statusCode).toBe(200);
  });
});

describe('the form under a flood of requests', () => {
  const invalid = "L'adresse email n'est pas valide";

  it('refuses an address that is not one, or longer than 254 characters (a megabyte was accepted)', async () => {
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.fr`;
    expect(tooLong).toHaveLength(255);
    for (const [email, message] of [
      ['pas-une-adresse', invalid],
      ['deux@@exemple.fr', invalid],
      [tooLong, 'Ce champ est trop long.'],
      [`${'a'.repeat(1_000_000)}@exemple.fr`, 'Ce champ est trop long.'],
    ] as const) {
      const response = await requestReset(email);
      expect(response.statusCode, email.slice(0, 40)).toBe(400);
      expect(response.json().fieldErrors).toEqual({ email: message });
    }
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`;
    expect(longest).toHaveLength(254);
    expect((await requestReset(longest)).json()).toEqual({ message: neutral });
  });

  it('serves 5 requests from one client address within 15 minutes, then answers 429 to it alone', async () => {
    for (let n = 1; n <= 5; n += 1) {
      expect((await requestReset(`inconnu${n}@exemple.fr`, '203.0.113.7')).statusCode).toBe(200);
    }
    const refused = await requestReset('inconnu6@exemple.fr', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Accès temporairement bloqué');
    expect(await resetJobs('inconnu6@exemple.fr')).toBe(0);
    expect((await requestReset('inconnu6@exemple.fr', '203.0.113.8')).json()).toEqual({ message: neutral });
  });

  it('makes one job of the requests for one address while its job waits, from however many client addresses', async () => {
    const busy = await createUser();
    const { email } = await createUser();
    // The worker takes one job at a time: while a mail is on its way, the jobs queued meanwhile wait.
    const held = smtp.hold();
    let jobs: number;
    try {
      expect((await requestReset(busy.email)).statusCode).toBe(200);
      await held.arrived;
      for (let n = 0; n < 30; n += 1) {
        const response = await requestReset(n % 2 === 0 ? email : email.toUpperCase());
        expect(response.json()).toEqual({ message: neutral });
      }
      jobs = (await resetJobs(email)) + (await resetJobs(email.toUpperCase()));
    } finally {
      held.release();
    }
    expect(jobs).toBe(1);
    expect((await smtp.nextMail(busy.email)).subject).toBe('Réinitialisation de votre mot de passe');
    expect((await smtp.nextMail(email)).subject).toBe('Réinitialisation de votre mot de passe');
  });
});

describe('links sent by an administrator', () => {
  const sendLink = async (id: number) => {
    const admin = await logIn(t.app);
    return t.app.inject({
      method: 'POST',
      url: path('api.users.password_link', { id }),
      headers: authHeaders(admin),
    });
  };

  it('mails a password-creation link to a user without a password, once while pending', async () => {
    const { id, email } = await createUser('');
    const response = await sendLink(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Un e-mail a été envoyé à l'utilisateur.");
    const mail = await smtp.nextMail(email);
    expect(mail.subject).toBe('Créez votre mot de passe');
    const token = linkIn(mail).pathname.split('/').pop()!;
    expect((await t.app.inject({ method: 'GET', url: path('api.password_reset.link', { token }) })).json()).toEqual({
      purpose: 'creation',
    });

    const again = await sendLink(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà une demande en cours.');

    expect((await setPassword(token, strongPassword)).statusCode).toBe(204);
    expect((await login(email, strongPassword)).statusCode).toBe(200);
  });

  it('mails a password-creation link to the user an administrator creates', async () => {
    const admin = await logIn(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(admin),
      payload: { lastName: 'Nouveau', firstName: 'Arrivant', email: 'nouvel.arrivant@exemple.fr' },
    });
    expect(created.statusCode).toBe(201);
    const mail = await smtp.nextMail('nouvel.arrivant@exemple.fr');
    expect(mail.subject).toBe('Créez votre mot de passe');
    const token = linkIn(mail).pathname.split('/').pop()!;
    expect((await setPassword(token, strongPassword)).statusCode).toBe(204);
    expect((await login('nouvel.arrivant@exemple.fr', strongPassword)).statusCode).toBe(200);
  });

  it('says when the user does not exist', async () => {
    const response = await sendLink(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Cette adresse e-mail n'existe pas.");
  });

  it('is refused to a user who may not manage users', async () => {
    const password = 'Un-ancien-mot-de-passe-2020';
    const { id, email } = await createUser(password);
    const user = await logIn(t.app, { email, password });
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.users.password_link', { id }),
      headers: authHeaders(user),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('without SMTP_URL', () => {
  it('records the mails in the email log and sends none', async () => {
    const offline = await createTestApp();
    try {
      const received = smtp.received.length;
      const response = await offline.app.inject({
        method: 'POST',
        url: path('api.password_reset.request'),
        payload: { email: 'admin@exemple.fr' },
      });
      expect(response.json()).toEqual({ message: neutral });
      await expect
        .poll(() => offline.database.db.select().from(emailLog))
        .toEqual([expect.objectContaining({ recipient: 'admin@exemple.fr', status: 'recorded' })]);
      expect(smtp.received.length).toBe(received);
    } finally {
      await offline.close();
    }
  });
});
