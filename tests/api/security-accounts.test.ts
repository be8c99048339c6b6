import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { emailLog, users } from '../../src/server/db/schema';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, logIn, useAdminApp, type LoggedIn } from '../support/test-app';

/**
 * Acting on another account: an administrator may; anyone else only on an account that is not an
 * administrator's and holds no permission they lack; nobody grants a profile giving more than they
 * hold, nor changes their own profiles or service. The attack this closes: a user manager changed an
 * administrator's email, mailed it a password link, and logged in as administrator.
 */
const t = useAdminApp();
const password = 'Mot-de-passe-de-test-2026';

const managerPermissions = [
  'utilisateurs.add',
  'utilisateurs.consult',
  'utilisateurs.modify',
  'utilisateurs.delete',
  'utilisateurs.other',
  'utilisateurs.impersonate',
  'groupes.consult',
];
const profileIds: Record<'manager' | 'plain' | 'large' | 'weaker', number> = {
  manager: 0,
  plain: 0,
  large: 0,
  weaker: 0,
};
let serviceId = 0;

async function post(resource: string, payload: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource }),
    headers: authHeaders(t.admin),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ResourceRecord>();
}

let lastUser = 0;
/** A user straight into the table: an administrator, or the holder of these profiles (and these values). */
async function insertUser(
  kind: 'administrator' | 'stronger' | 'weaker' | 'manager' | 'plain',
  more: Partial<typeof users.$inferInsert> = {},
): Promise<number> {
  const groupIds = {
    administrator: [],
    stronger: [profileIds.manager, profileIds.large],
    weaker: [profileIds.weaker],
    manager: [profileIds.manager],
    plain: [profileIds.plain],
  }[kind];
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `${kind}-${++lastUser}@exemple.fr`,
      firstName: 'Prénom',
      lastName: kind,
      passwordHash: await hashPassword(password),
      isAdmin: kind === 'administrator',
      groupIds,
      serviceId,
      ...more,
    })
    .returning({ id: users.id, email: users.email });
  return user!.id;
}

async function logInAs(id: number): Promise<LoggedIn> {
  const [user] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return logIn(t.app, { email: user!.email, password });
}

const usersUrl = (id: number) => path('api.resource.item', { resource: 'utilisateurs', id });

async function record(id: number): Promise<ResourceRecord> {
  return (await t.app.inject({ method: 'GET', url: usersUrl(id), headers: authHeaders(t.admin) })).json();
}

async function update(who: LoggedIn, id: number, changes: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: usersUrl(id),
    headers: authHeaders(who),
    payload: { ...(await record(id)), ...changes },
  });
}

type Action = 'edit' | 'password_link' | 'disable' | 'impersonate' | 'delete' | 'grant';
const actions: Record<Action, (who: LoggedIn, target: number) => Promise<LightMyRequestResponse>> = {
  edit: (who, target) => update(who, target, { email: `change-${target}@pirate.example` }),
  password_link: (who, target) =>
    t.app.inject({ method: 'POST', url: path('api.users.password_link', { id: target }), headers: authHeaders(who) }),
  disable: (who, target) =>
    t.app.inject({
      method: 'POST',
      url: path('api.resource.batch', { resource: 'utilisateurs' }),
      headers: authHeaders(who),
      payload: { ids: [target], _action: 'disable' },
    }),
  impersonate: (who, target) =>
    t.app.inject({ method: 'POST', url: path('api.users.impersonate', { id: target }), headers: authHeaders(who) }),
  delete: (who, target) =>
    t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'utilisateurs', id: target }),
      headers: authHeaders(who),
    }),
  grant: async (who, target) =>
    update(who, target, { groupIds: [...((await record(target)).groupIds as number[]), profileIds.large] }),
};

const refusedAll = { edit: 403, password_link: 403, disable: 403, impersonate: 403, delete: 403, grant: 403 };
const allowedAll = { edit: 200, password_link: 200, disable: 200, impersonate: 200, delete: 200, grant: 200 };
/** The expected status of each action, by actor and target: written here, not computed. */
const expected: Record<
  'administrator' | 'manager' | 'plain',
  Record<'administrator' | 'stronger' | 'weaker', Record<Action, number>>
> = {
  administrator: { administrator: allowedAll, stronger: allowedAll, weaker: allowedAll },
  manager: {
    administrator: refusedAll,
    stronger: refusedAll,
    // The weaker account: everything but granting a profile that gives more than the manager holds.
    weaker: { edit: 200, password_link: 200, disable: 200, impersonate: 200, delete: 200, grant: 403 },
  },
  plain: { administrator: refusedAll, stronger: refusedAll, weaker: refusedAll },
};

beforeAll(async () => {
  serviceId = (await post('service', { name: 'Service habitat' })).id;
  profileIds.manager = (
    await post('groupes', { name: 'Gestion des utilisateurs', permissions: managerPermissions })
  ).id;
  profileIds.plain = (await post('groupes', { name: 'Consultation', permissions: ['individus.consult'] })).id;
  profileIds.weaker = (
    await post('groupes', { name: 'Lecture des utilisateurs', permissions: ['utilisateurs.consult'] })
  ).id;
  profileIds.large = (
    await post('groupes', {
      name: 'Tout sur les contacts',
      permissions: [
        'individus.consult',
        'individus.modify',
        'individus.delete',
        'structures.consult',
        'groupes.modify',
      ],
    })
  ).id;
});

describe('the administrator takeover, as it was done', () => {
  it("refuses a user manager changing an administrator's email, mailing it a link, or disabling it", async () => {
    const administrator = await insertUser('administrator');
    const before = await record(administrator);
    const manager = await logInAs(await insertUser('manager'));

    const edit = await actions.edit(manager, administrator);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe("Seul un administrateur peut modifier le compte d'un administrateur.");
    const link = await actions.password_link(manager, administrator);
    expect(link.statusCode).toBe(403);
    const disable = await actions.disable(manager, administrator);
    expect(disable.statusCode).toBe(403);

    const after = await record(administrator);
    expect(after.email).toBe(before.email);
    expect(after.enabled).toBe(true);
    const mails = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.recipient, String(before.email)));
    expect(mails).toEqual([]);
  });

  it('refuses a user manager giving their own account more profiles, or another service', async () => {
    const managerId = await insertUser('manager');
    const manager = await logInAs(managerId);
    const profiles = await update(manager, managerId, { groupIds: [profileIds.manager, profileIds.large] });
    expect(profiles.statusCode).toBe(403);
    expect(profiles.json().message).toBe(ownAccess);
    const otherService = (await post('service', { name: 'Autre service' })).id;
    expect((await update(manager, managerId, { serviceId: otherService })).statusCode).toBe(403);
    const session = await t.app.inject({ method: 'GET', url: path('api.session'), headers: authHeaders(manager) });
    expect(session.json().user.permissions).toHaveLength(managerPermissions.length);
    // Their own name, they may change.
    expect((await update(manager, managerId, { firstName: 'Dominique' })).statusCode).toBe(200);
  });

  it('refuses creating an account with a profile giving more than the creator holds', async () => {
    const manager = await logInAs(await insertUser('manager'));
    const create = (groupIds: number[], email: string) =>
      t.app.inject({
        method: 'POST',
        url: path('api.resource.collection', { resource: 'utilisateurs' }),
        headers: authHeaders(manager),
        payload: { lastName: 'Nouveau', firstName: 'Compte', email, groupIds, serviceId },
      });
    const refused = await create([profileIds.large], 'trop@exemple.fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Vous ne pouvez pas attribuer un profil d'accès qui donne des droits que vous n'avez pas.",
    );
    expect((await create([profileIds.weaker], 'juste@exemple.fr')).statusCode).toBe(201);
  });

  it('refuses a profile manager giving a profile permissions they do not hold', async () => {
    const [profileManager] = await t.database.db
      .insert(users)
      .values({
        email: 'profils@exemple.fr',
        passwordHash: await hashPassword(password),
        groupIds: [
          (await post('groupes', { name: 'Gestion des profils', permissions: ['groupes.consult', 'groupes.modify'] }))
            .id,
        ],
        serviceId,
      })
      .returning({ id: users.id });
    const who = await logInAs(profileManager!.id);
    const readers = (await post('groupes', { name: 'Lecteurs des profils', permissions: ['groupes.consult'] })).id;
    const put = async (id: number, permissions: string[]) => {
      const url = path('api.resource.item', { resource: 'groupes', id });
      const current = (
        await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) })
      ).json<ResourceRecord>();
      return t.app.inject({ method: 'PUT', url, headers: authHeaders(who), payload: { ...current, permissions } });
    };
    const raised = await put(readers, ['groupes.consult', 'utilisateurs.modify']);
    expect(raised.statusCode).toBe(403);
    expect(raised.json().message).toBe("Vous ne pouvez pas donner à un profil d'accès des droits que vous n'avez pas.");
    // A profile that already gives more than they hold, they may not touch at all.
    const stronger = await put(profileIds.weaker, []);
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().message).toBe(
      "Ce profil d'accès donne des droits que vous n'avez pas : vous ne pouvez pas le modifier.",
    );
    expect((await put(readers, ['groupes.consult', 'groupes.modify'])).statusCode).toBe(200);
    const profiles = await t.app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'groupes' }),
      headers: authHeaders(t.admin),
      query: { parPage: '100' },
    });
    const permissionsOf = (id: number) =>
      profiles.json<{ items: ResourceRecord[] }>().items.find((profile) => profile.id === id)?.permissions;
    expect(permissionsOf(profileIds.weaker)).toEqual(['utilisateurs.consult']);
    expect(permissionsOf(readers)).toEqual(['groupes.consult', 'groupes.modify']);
  });

  it('ends the pending password links of an account whose email changes', async () => {
    const target = await insertUser('weaker');
    const link = await actions.password_link(t.admin, target);
    expect(link.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(emailLog).orderBy(desc(emailLog.id)).limit(1);
    const token = /\/admin\/reinitialisation\/([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const linkUrl = path('api.password_reset.link', { token: token! });
    expect((await t.app.inject({ method: 'GET', url: linkUrl })).statusCode).toBe(200);
    expect((await update(t.admin, target, { email: 'nouvelle-adresse@exemple.fr' })).statusCode).toBe(200);
    const spent = await t.app.inject({ method: 'GET', url: linkUrl });
    expect(spent.statusCode).toBe(410);
  });
});

const ownAccess =
  "Vous ne pouvez pas modifier vos propres accès : profils d'accès, service, missions suivies, territoires, date d'expiration et permission principale.";

describe('nobody widens their own data scope, nor gives an account a wider one than theirs', () => {
  const created = async (resource: string, values: Record<string, unknown>) => (await post(resource, values)).id;
  const ids = {} as Record<'allProjects' | 'mine' | 'attachedOnly' | 'opening' | 'bourg' | 'amberieu', number>;
  beforeAll(async () => {
    ids.opening = await created('groupes', { name: 'Ouvre la mission confidentielle', permissions: [] });
    ids.allProjects = await created('missions', {
      name: 'Mission aux projets confidentiels',
      allProjects: true,
      accessProfiles: [ids.opening],
    });
    ids.mine = await created('missions', { name: 'Mission du gestionnaire', allProjects: true });
    ids.attachedOnly = await created('missions', { name: 'Mission aux projets rattachés', allProjects: false });
    ids.bourg = await created('communes', { inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'] });
    ids.amberieu = await created('communes', { inseeCode: '01004', name: 'Ambérieu-en-Bugey', postalCodes: ['01500'] });
  });

  const createAccount = (who: LoggedIn, email: string, values: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(who),
      payload: { lastName: 'Nouveau', firstName: 'Compte', email, groupIds: [profileIds.weaker], serviceId, ...values },
    });
  const accountExists = async (email: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

  it('refuses anyone changing their own missions, territories, expiry date or main permission', async () => {
    const managerId = await insertUser('manager', {
      followedMissions: [ids.mine],
      confidentialityTerritories: [ids.bourg],
      notificationTerritories: [ids.bourg],
    });
    const manager = await logInAs(managerId);
    const before = await record(managerId);
    for (const change of [
      // With "all projects", the mission opens its confidential projects.
      { followedMissions: [ids.mine, ids.allProjects] },
      { confidentialityTerritories: [] },
      { notificationTerritories: [ids.bourg, ids.amberieu] },
      { expiresAt: '2099-12-31T23:00:00.000Z' },
      { mainPermission: 'administrator' },
    ]) {
      const refused = await update(manager, managerId, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().message).toBe(ownAccess);
    }
    expect(await record(managerId)).toEqual(before);
    // Nobody: an administrator neither.
    const adminId = t.admin.session.user.id;
    const own = await update(t.admin, adminId, { followedMissions: [ids.allProjects] });
    expect(own.statusCode).toBe(403);
    expect((await record(adminId)).followedMissions).toEqual([]);
    // Their name, they may change, their access sent back as it is.
    expect((await update(manager, managerId, { firstName: 'Dominique' })).statusCode).toBe(200);
  });

  it('refuses giving an account a mission the giver does not have, followed or through a profile opening it', async () => {
    const manager = await logInAs(await insertUser('manager', { followedMissions: [ids.mine] }));
    const missionsGrant =
      "Vous ne pouvez donner à un compte que des missions que vous avez vous-même (suivies ou ouvertes par vos profils d'accès).";
    const followed = await createAccount(manager, 'suit-tout@pirate.example', { followedMissions: [ids.allProjects] });
    expect(followed.statusCode).toBe(403);
    expect(followed.json().message).toBe(missionsGrant);
    expect(await accountExists('suit-tout@pirate.example')).toBe(false);
    const opened = await createAccount(manager, 'profil-ouvrant@pirate.example', {
      groupIds: [ids.opening],
      followedMissions: [ids.mine],
    });
    expect(opened.statusCode).toBe(403);
    expect(opened.json().message).toBe(missionsGrant);
    expect(await accountExists('profil-ouvrant@pirate.example')).toBe(false);

    const colleague = await createAccount(manager, 'collegue@exemple.fr', { followedMissions: [ids.mine] });
    expect(colleague.statusCode, colleague.body).toBe(201);
    const id = colleague.json<ResourceRecord>().id;
    const widened = await update(manager, id, { followedMissions: [ids.mine, ids.allProjects] });
    expect(widened.statusCode).toBe(403);
    expect((await record(id)).followedMissions).toEqual([ids.mine]);
  });

  it('refuses a user limited to territories giving an account none, or communes outside theirs', async () => {
    const manager = await logInAs(
      await insertUser('manager', { followedMissions: [ids.mine], confidentialityTerritories: [ids.bourg] }),
    );
    const territoriesGrant =
      'Vos territoires de confidentialité limitent les projets que vous consultez : choisissez ceux du compte parmi les vôtres, au moins un.';
    for (const [email, territories] of [
      ['sans-territoire@pirate.example', []],
      ['hors-territoire@pirate.example', [ids.amberieu]],
      ['en-partie-hors@pirate.example', [ids.bourg, ids.amberieu]],
    ] as const) {
      const refused = await createAccount(manager, email, {
        followedMissions: [ids.mine],
        confidentialityTerritories: territories,
      });
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json().message).toBe(territoriesGrant);
      expect(await accountExists(email)).toBe(false);
    }
    const within = await createAccount(manager, 'a-bourg@exemple.fr', {
      followedMissions: [ids.mine],
      confidentialityTerritories: [ids.bourg],
    });
    expect(within.statusCode, within.body).toBe(201);
    const cleared = await update(manager, within.json<ResourceRecord>().id, { confidentialityTerritories: [] });
    expect(cleared.statusCode).toBe(403);
  });

  it('refuses a user whose missions open only attached projects leaving an account without missions', async () => {
    const manager = await logInAs(await insertUser('manager', { followedMissions: [ids.attachedOnly] }));
    const none = await createAccount(manager, 'sans-mission@pirate.example', { followedMissions: [] });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(
      'Un compte sans mission consulte tous les projets non confidentiels, ce que vos missions ne vous permettent pas : donnez-lui au moins une de vos missions.',
    );
    expect(await accountExists('sans-mission@pirate.example')).toBe(false);
    const attached = await createAccount(manager, 'rattache@exemple.fr', { followedMissions: [ids.attachedOnly] });
    expect(attached.statusCode, attached.body).toBe(201);
  });

  it('refuses changing the email, where its password link goes, of an account reading a project the manager may not', async () => {
    const manager = await logInAs(await insertUser('manager', { followedMissions: [ids.mine] }));
    const referent = await insertUser('weaker');
    await post('projet', {
      name: 'Dossier confidentiel',
      status: 'confidential',
      missions: [{ mission: ids.allProjects, projectType: null, officer: null }],
      referents: [referent],
    });
    const before = await record(referent);
    const moved = await update(manager, referent, { email: 'boite-du-gestionnaire@pirate.example' });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(
      'Ce compte consulte des projets que vous ne pouvez pas consulter : vous ne pouvez pas changer son adresse e-mail.',
    );
    expect((await record(referent)).email).toBe(before.email);
    expect((await update(manager, referent, { firstName: 'Camille' })).statusCode).toBe(200);
  });
});

describe('acting on another account: administrator, user manager and plain user × every action', () => {
  for (const [actorKind, byTarget] of Object.entries(expected)) {
    for (const [targetKind, byAction] of Object.entries(byTarget)) {
      it(`${actorKind} on the ${targetKind} account`, async () => {
        const seen: Record<string, number> = {};
        for (const action of Object.keys(byAction) as Action[]) {
          // A fresh target and a fresh login each time: a delete, a disable or a "log in as" changes them.
          const target = await insertUser(targetKind as 'administrator' | 'stronger' | 'weaker');
          const actor =
            actorKind === 'administrator'
              ? await logIn(t.app)
              : await logInAs(await insertUser(actorKind as 'manager' | 'plain'));
          seen[action] = (await actions[action](actor, target)).statusCode;
        }
        expect(seen).toEqual(byAction);
      });
    }
  }
});
