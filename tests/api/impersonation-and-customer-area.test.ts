import { administratorActor } from '../../src/server/auth/actor';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { clock } from '../../src/server/clock';
import { loginHistoryTable, loginThrottles, sessions, users } from '../../src/server/db/schema';
import { createResourceStore } from '../../src/server/engine/resource-store';
import { serverHooks } from '../../src/server/resources/registry';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import { findResource } from '../../src/shared/resources/registry';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, sessionCookieOf, type LoggedIn, type TestApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

let t: TestApp;
let admin: LoggedIn;
const password = 'Mot-de-passe-de-test-2026';

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t.app);
});
afterAll(() => t.close());

async function createUser(email: string, values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      firstName: 'Prénom',
      lastName: email.split('@')[0]!,
      passwordHash: await hashPassword(password),
      ...values,
    })
    .returning({ id: users.id });
  return user!.id;
}

const impersonate = (who: LoggedIn, id: number) =>
  t.app.inject({ method: 'POST', url: path('api.users.impersonate', { id }), headers: authHeaders(who) });

const sessionOf = (cookie: string) => t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } });

describe('log in as another user', () => {
  it('opens a session as the user, marked with who opened it, recorded in the login history; the way back returns', async () => {
    const id = await createUser('camille.conseillere@exemple.fr', { firstName: 'Camille', lastName: 'Conseillère' });
    const started = await impersonate(admin, id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      message: 'Vous êtes maintenant connecté en tant que Conseillère Camille.',
      location: '/admin',
    });
    const cookie = sessionCookieOf(started);
    const session = (await sessionOf(cookie)).json<SessionPayload>();
    expect(session.user.email).toBe('camille.conseillere@exemple.fr');
    // Named "Nom Prénom", as everywhere: the seeded administrator is Administrateur (first) Principal (last).
    expect(session.impersonator).toEqual({ id: admin.session.user.id, name: 'Principal Administrateur' });
    // The administrator's own session was replaced, not kept alongside.
    expect((await sessionOf(admin.cookie)).statusCode).toBe(401);

    const [recorded] = await t.database.db
      .select()
      .from(loginHistoryTable)
      .where(eq(loginHistoryTable.application as never, 'impersonation'));
    expect(recorded).toMatchObject({
      username: 'camille.conseillere@exemple.fr',
      state: 'success',
      user: id,
      impersonator: admin.session.user.id,
    });

    const back = await t.app.inject({
      method: 'POST',
      url: path('api.impersonation.end'),
      headers: { cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<SessionPayload>()).toMatchObject({ user: { email: 'admin@exemple.fr' }, impersonator: null });
    expect((await sessionOf(cookie)).statusCode).toBe(401);
    const adminAgain = sessionCookieOf(back);
    expect((await sessionOf(adminAgain)).json<SessionPayload>().user.email).toBe('admin@exemple.fr');
    admin = { cookie: adminAgain, csrfToken: back.json<SessionPayload>().csrfToken, session: back.json() };
  });

  it('is for holders of the permission, never as an administrator unless one, nor oneself, twice over, or a disabled user', async () => {
    const target = await createUser('dominique.cible@exemple.fr');
    const holder = await logInWithProfile(t, {
      email: 'support@exemple.fr',
      permissions: ['utilisateurs.impersonate'],
    });
    const other = await logInWithProfile(t, { email: 'sans-droit@exemple.fr', permissions: ['utilisateurs.modify'] });
    // "Other" (the export) on the users, as profiles saved before held it, no longer gives "log in as".
    const exporter = await logInWithProfile(t, {
      email: 'export@exemple.fr',
      permissions: ['utilisateurs.consult', 'utilisateurs.other'],
    });

    for (const who of [other, exporter]) {
      const refused = await impersonate(who, target);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
      expect((await sessionOf(who.cookie)).json<SessionPayload>().user.email).toBe(who.session.user.email);
    }

    const asAdmin = await impersonate(holder, admin.session.user.id);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe("Seul un administrateur peut se connecter en tant qu'un administrateur.");
    const self = await impersonate(holder, holder.session.user.id);
    expect(self.json().message).toBe('Vous ne pouvez pas vous connecter en tant que vous-même.');
    const disabled = await createUser('desactive@exemple.fr', { enabled: false });
    expect((await impersonate(holder, disabled)).json().message).toBe(
      "Ce compte est désactivé ou expiré : impossible de s'y connecter.",
    );
    const external = await createUser('externe.cible@exemple.fr', { external: true });
    expect((await impersonate(holder, external)).json().message).toBe(
      "Un utilisateur externe se connecte à l'espace client, pas au back-office.",
    );

    expect((await impersonate(holder, target)).statusCode).toBe(200);
    // Logged in as a user who holds the permission too: still no second step.
    const colleague = await logInWithProfile(t, {
      email: 'support2@exemple.fr',
      permissions: ['utilisateurs.impersonate'],
    });
    const again = await logInWithProfile(t, {
      email: 'support3@exemple.fr',
      permissions: ['utilisateurs.impersonate'],
    });
    const started = await impersonate(again, colleague.session.user.id);
    expect(started.statusCode).toBe(200);
    const cookie = sessionCookieOf(started);
    const session = (await sessionOf(cookie)).json<SessionPayload>();
    const nested = await impersonate({ cookie, csrfToken: session.csrfToken, session }, target);
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe(
      "Revenez d'abord à votre compte avant de vous connecter en tant qu'un autre utilisateur.",
    );
    const notImpersonating = await t.app.inject({
      method: 'POST',
      url: path('api.impersonation.end'),
      headers: authHeaders(other),
    });
    expect(notImpersonating.statusCode).toBe(400);
  });
});

describe('the permission to log in as another user', () => {
  it('is its own, on the users alone: a profile may give it, no other resource offers it', async () => {
    const saveProfile = (permissions: string[]) =>
      t.app.inject({
        method: 'POST',
        url: path('api.resource.collection', { resource: 'groupes' }),
        headers: authHeaders(admin),
        payload: { name: `Profil ${permissions.join(' ')}`, permissions },
      });
    const saved = await saveProfile(['utilisateurs.impersonate']);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().permissions).toEqual(['utilisateurs.impersonate']);
    const elsewhere = await saveProfile(['individus.impersonate']);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fieldErrors).toEqual({ permissions: 'Ce droit ne correspond à aucune ressource.' });
  });
});

describe('a session opened by logging in as another user', () => {
  /** A holder of the permission, logged in as a fresh user: the holder's id and the impersonation session. */
  async function impersonation(email: string): Promise<{ holderId: number; profileId: number; as: LoggedIn }> {
    const holder = await logInWithProfile(t, { email, permissions: ['utilisateurs.impersonate'] });
    const started = await impersonate(holder, await createUser(`cible-de-${email}`));
    expect(started.statusCode, started.body).toBe(200);
    const cookie = sessionCookieOf(started);
    const session = (await sessionOf(cookie)).json<SessionPayload>();
    const [row] = await t.database.db
      .select({ groupIds: users.groupIds })
      .from(users)
      .where(eq(users.id, holder.session.user.id));
    return {
      holderId: holder.session.user.id,
      profileId: row!.groupIds[0]!,
      as: { cookie, csrfToken: session.csrfToken, session },
    };
  }
  const end = (as: LoggedIn) =>
    t.app.inject({ method: 'POST', url: path('api.impersonation.end'), headers: authHeaders(as) });
  const sessionsOpenedBy = (id: number) =>
    t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.impersonatorId, id));

  it('ends when its impersonator is deleted: deleting an account ends its sessions', async () => {
    const { holderId, as } = await impersonation('supprime@exemple.fr');
    expect((await sessionsOpenedBy(holderId)).length).toBe(1);
    const deleted = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'utilisateurs', id: holderId }),
      headers: authHeaders(admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await sessionsOpenedBy(holderId)).toEqual([]);
    expect((await sessionOf(as.cookie)).statusCode).toBe(401);
    expect((await end(as)).statusCode).toBe(401);
  });

  it("ends once its impersonator's expiry date passes, and the way back then opens no session", async () => {
    const { holderId, as } = await impersonation('expire@exemple.fr');
    await t.database.db
      .update(users)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(users.id, holderId));
    expect((await sessionOf(as.cookie)).statusCode).toBe(200);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    clock.now = () => later;
    try {
      const back = await end(as);
      expect(back.statusCode).toBe(401);
      expect(back.json().message).toBe('Vous devez être authentifié pour accéder à cette page.');
      expect((await sessionOf(as.cookie)).statusCode).toBe(401);
    } finally {
      clock.now = () => new Date();
    }
    const holderSessions = await t.database.db.select().from(sessions).where(eq(sessions.userId, holderId));
    expect(holderSessions).toEqual([]);
  });

  it('ends once its impersonator no longer holds the permission', async () => {
    const { profileId, as } = await impersonation('retire@exemple.fr');
    const url = path('api.resource.item', { resource: 'groupes', id: profileId });
    const profile = (await t.app.inject({ method: 'GET', url, headers: authHeaders(admin) })).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: authHeaders(admin),
      payload: { ...profile, permissions: ['utilisateurs.consult'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sessionOf(as.cookie)).statusCode).toBe(401);
  });
});

describe('the customer area', () => {
  it('lets external users in at its own login, with its own cookie, and shows only the missions of their groups', async () => {
    const store = createResourceStore(t.database.db, serverHooks);
    const groupes = findResource('groupes')!;
    const missions = findResource('missions')!;
    const partners = await store.create(
      groupes,
      { name: 'Partenaires bailleurs', permissions: [] },
      administratorActor(admin.session.user.id),
    );
    const others = await store.create(
      groupes,
      { name: 'Autres partenaires', permissions: [] },
      administratorActor(admin.session.user.id),
    );
    await store.create(
      missions,
      { name: 'Rénovation des logements sociaux', acronym: 'RLS', externalGroups: [partners.id] },
      administratorActor(admin.session.user.id),
    );
    await store.create(missions, { name: 'Mission interne' }, administratorActor(admin.session.user.id));
    await store.create(
      missions,
      { name: 'Copropriétés', externalGroups: [others.id] },
      administratorActor(admin.session.user.id),
    );
    await createUser('bailleur@exemple.fr', {
      external: true,
      groupIds: [partners.id],
      firstName: 'Sacha',
      lastName: 'Bailleur',
    });

    const login = await t.app.inject({
      method: 'POST',
      url: path('api.customer.login'),
      payload: { email: 'bailleur@exemple.fr', password, remember: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.cookies.some(({ name }) => name === 'sid')).toBe(false);
    const cookie = sessionCookieOf(login, 'sid_client');
    const home = await t.app.inject({ method: 'GET', url: path('api.customer.home'), headers: { cookie } });
    expect(home.json()).toEqual({
      missions: [{ id: expect.any(Number), name: 'Rénovation des logements sociaux', acronym: 'RLS' }],
    });

    // Its session opens nothing of the back office, even sent under the back office's cookie name.
    const token = cookie.split('=')[1]!;
    for (const asCookie of [cookie, `sid=${token}`]) {
      const list = await t.app.inject({
        method: 'GET',
        url: path('api.resource.collection', { resource: 'individus' }),
        headers: { cookie: asCookie },
      });
      expect(list.statusCode).toBe(401);
    }
    const history = await t.database.db
      .select()
      .from(loginHistoryTable)
      .where(eq(loginHistoryTable.username as never, 'bailleur@exemple.fr'));
    expect(history).toEqual([expect.objectContaining({ application: 'customer_area', state: 'success' })]);

    // The back office's users are refused there, and the external user on the back office.
    const internal = await t.app.inject({
      method: 'POST',
      url: path('api.customer.login'),
      payload: { email: 'admin@exemple.fr', password: 'Un-mot-de-passe-solide-2026', remember: false },
    });
    expect(internal.statusCode).toBe(403);
    expect(internal.json().message).toBe("Ce compte n'a pas accès à l'espace client.");
    const backOffice = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: 'bailleur@exemple.fr', password, remember: false },
    });
    expect(backOffice.statusCode).toBe(403);

    const logout = await t.app.inject({
      method: 'POST',
      url: path('api.customer.logout'),
      headers: { cookie, 'x-csrf-token': login.json<SessionPayload>().csrfToken },
    });
    expect(logout.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: path('api.customer.home'), headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('answers the customer-area pages with the app, and a page that does not exist with 404', async () => {
    for (const url of [path('client.login'), path('client.home')]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).not.toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/espace-client/inconnue' })).statusCode).toBe(404);
  });
});

describe('the configuration', () => {
  const put = (
    who: LoggedIn,
    route: 'api.configuration.dashboard' | 'api.configuration.registration',
    payload: Record<string, unknown>,
  ) => t.app.inject({ method: 'PUT', url: path(route), headers: authHeaders(who), payload });

  it('keeps the allowed iframe sites, refusing what is not a site name and changing nothing then', async () => {
    const saved = await put(admin, 'api.configuration.dashboard', {
      allowedIframeHosts: ['Datawrapper.dwcdn.net', 'www.exemple.fr'],
    });
    expect(saved.json()).toEqual({ allowedIframeHosts: ['datawrapper.dwcdn.net', 'www.exemple.fr'] });
    const bad = await put(admin, 'api.configuration.dashboard', {
      allowedIframeHosts: ['https://www.exemple.fr/page'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().fieldErrors)).toContain(
      'Saisissez un nom de site valide, par exemple www.exemple.fr.',
    );
    const shown = await t.app.inject({
      method: 'GET',
      url: path('api.configuration.dashboard'),
      headers: authHeaders(admin),
    });
    expect(shown.json()).toEqual({ allowedIframeHosts: ['datawrapper.dwcdn.net', 'www.exemple.fr'] });
  });

  it('refuses a default group that does not exist, and anyone but an administrator', async () => {
    const current = (
      await t.app.inject({ method: 'GET', url: path('api.configuration.registration'), headers: authHeaders(admin) })
    ).json();
    const bad = await put(admin, 'api.configuration.registration', { ...current, defaultGroupId: 999_999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ defaultGroupId: "L'élément choisi n'existe pas ou a été supprimé." });
    const user = await logInWithProfile(t, {
      email: 'curieux@exemple.fr',
      permissions: ['utilisateurs.modify', 'utilisateurs.other'],
    });
    expect((await put(user, 'api.configuration.dashboard', { allowedIframeHosts: [] })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: path('api.configuration.registration'), headers: authHeaders(user) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the lockout counters', () => {
  it('keep only what still counts: a successful login sweeps the rows of more than 15 minutes ago', async () => {
    const fail = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: path('api.login'),
        payload: { email, password: 'faux-mot-de-passe', remember: false },
      });
    await fail('oubli1@exemple.fr');
    await fail('oubli2@exemple.fr');
    const keys = async () =>
      (await t.database.db.select({ key: loginThrottles.key }).from(loginThrottles)).map(({ key }) => key);
    expect(await keys()).toEqual(expect.arrayContaining(['account:oubli1@exemple.fr', 'account:oubli2@exemple.fr']));
    const later = new Date(Date.now() + 16 * 60 * 1000);
    clock.now = () => later;
    try {
      await logIn(t.app);
      expect(await keys()).not.toEqual(expect.arrayContaining(['account:oubli1@exemple.fr']));
      expect(await keys()).not.toContain('account:oubli2@exemple.fr');
    } finally {
      clock.now = () => new Date();
    }
  });
});
