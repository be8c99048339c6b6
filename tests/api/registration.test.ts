import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { RegistrationSettings } from '../../src/shared/account/registration.schema';
import { path } from '../../src/shared/routes';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { authHeaders, logIn, useAdminApp } from '../support/test-app';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = useAdminApp({
  mail: () => ({ smtpUrl: smtp.url, appUrl: 'https://renov.exemple.fr', mailFrom: 'no-reply@exemple.fr' }),
});

const newcomer = {
  email: 'nouvelle.recrue@exemple.fr',
  firstName: 'Léa',
  lastName: 'Durand',
  password: 'Trois-chevaux-violets-dansent-1987',
  passwordConfirm: 'Trois-chevaux-violets-dansent-1987',
};

/** Each sign-up from its own address: every attempt counts against its address (5 in 15 minutes). */
let lastAddress = 0;
const register = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: path('api.registration'),
    payload,
    remoteAddress: `198.51.100.${++lastAddress}`,
  });

const registrationState = async () =>
  (await t.app.inject({ method: 'GET', url: path('api.registration.state') })).json<{ enabled: boolean }>().enabled;

async function configure(changes: Partial<RegistrationSettings>): Promise<RegistrationSettings> {
  const url = path('api.configuration.registration');
  const headers = authHeaders(t.admin);
  const current = (await t.app.inject({ method: 'GET', url, headers })).json<RegistrationSettings>();
  const response = await t.app.inject({ method: 'PUT', url, headers, payload: { ...current, ...changes } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('registration', () => {
  it('does not exist while the configuration switch is off, as by default', async () => {
    expect(await registrationState()).toBe(false);
    const response = await register(newcomer);
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path('admin.register') })).statusCode).toBe(404);
  });

  it('keeps its configuration for administrators only', async () => {
    const settings = await configure({ enabled: false });
    expect(settings).toEqual({
      enabled: false,
      defaultGroupId: null,
      welcomeEmailSubject: "Bienvenue sur Rénov'Conseil",
      welcomeEmailContent: expect.stringContaining('Votre compte a bien été créé'),
    });
    const anonymous = await t.app.inject({ method: 'GET', url: path('api.configuration.registration') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an invalid email, a used email, a weak password and a wrong confirmation, in French', async () => {
    await configure({ enabled: true });
    expect(await registrationState()).toBe(true);
    const cases = [
      [{ email: 'pas-une-adresse' }, { email: "L'adresse email n'est pas valide" }],
      [{ email: 'ADMIN@exemple.fr' }, { email: "Désolé, mais l'email saisi est déjà utilisé" }],
      // Counted before it is checked: a key of a million characters must not break the count.
      [{ email: `${'a'.repeat(1_000_000)}@exemple.fr` }, { email: 'Ce champ est trop long.' }],
      [
        { password: 'azertyuiopqs', passwordConfirm: 'azertyuiopqs' },
        { password: 'Ce mot de passe est trop faible : allongez-le ou choisissez des mots moins courants.' },
      ],
      [{ passwordConfirm: 'autre chose' }, { passwordConfirm: 'Les deux mots de passe ne sont pas identiques.' }],
      [{ firstName: ' ' }, { firstName: 'Ce champ est obligatoire.' }],
    ] as const;
    // Each case under its own email: every attempt counts against the email typed (3 in 15 minutes).
    for (const [index, [changes, fieldErrors]] of cases.entries()) {
      const response = await register({ ...newcomer, email: `refus-${index}@exemple.fr`, ...changes });
      expect(response.statusCode, JSON.stringify(changes).slice(0, 100)).toBe(400);
      expect(response.json().fieldErrors).toEqual(fieldErrors);
    }
  });

  it('creates the account in the default group, sends the configured welcome mail, and the user can log in', async () => {
    const group = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'groupes' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Nouveaux inscrits', permissions: [] },
    });
    const groupId = group.json<{ id: number }>().id;
    await configure({
      enabled: true,
      defaultGroupId: groupId,
      welcomeEmailSubject: 'Bienvenue dans l’équipe',
      welcomeEmailContent: 'Bonjour,\n\nVotre accès au back-office est prêt.',
    });
    const response = await register(newcomer);
    expect(response.statusCode).toBe(201);
    const mail = await smtp.nextMail(newcomer.email);
    expect(mail.subject).toBe('Bienvenue dans l’équipe');
    expect(mail.text).toContain('Votre accès au back-office est prêt.');
    expect(mail.text).toContain('https://renov.exemple.fr/admin/connexion');

    const [user] = await t.database.db.select().from(users).where(eq(users.email, newcomer.email));
    expect(user?.groupIds).toEqual([groupId]);
    const session = await logIn(t.app, { email: newcomer.email, password: newcomer.password });
    expect(session.session.user).toMatchObject({ firstName: 'Léa', lastName: 'Durand', isAdmin: false });

    const again = await register(newcomer);
    expect(again.json().fieldErrors).toEqual({ email: "Désolé, mais l'email saisi est déjà utilisé" });
  });
});
