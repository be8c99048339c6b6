import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor, type Actor } from '../../src/server/auth/actor';
import { users } from '../../src/server/db/schema';
import type { OperationContext } from '../../src/server/engine/server-resource';
import { hashPassword } from '../../src/server/auth/passwords';
import { findResource } from '../../src/shared/resources/registry';
import type { ResourcePage, ResourceRecordView, Suggestion } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * Spec 6's confidentiality, as a matrix: users of different missions, an external user and an
 * administrator × every way of reading projects and their children. A project out of a user's
 * sight answers exactly as a missing one (404, the same reply), and is named nowhere.
 */
const t = useAdminApp();
const projet = findResource('projet')!;
const coOwners = findResource('coporteurs-projet')!;
type Project = 'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6' | 'p7' | 'p8' | 'p9' | Placed;
type Placed = 'p10' | 'p11' | 'p12' | 'p13' | 'p14' | 'p15';
type Reader = 'admin' | 'missionA' | 'limitedB' | 'referentB' | 'noMission' | 'territory' | 'external';

/**
 * Missions: A opens all its projects to its members; B only those they are attached to; E names the
 * external group. The projects, by confidentiality and mission:
 * p1 public A, p2 internal A, p3 confidential A, p4 public B, p5 confidential B (referent: referentB),
 * p6 confidential B (a co-owner's liaison officer: limitedB), p7 public E, p8 internal E,
 * p9 confidential A (mission officer: noMission); none of them has an owner, so no commune.
 * Placed by their owner, for the territory reader (mission A, confidentiality territory: Bourg):
 * p10 internal A, individual in Bourg (their structure in Ambérieu: the individual's commune wins),
 * p11 internal A, individual in Ambérieu, p12 internal A, structure whose main address is in Bourg
 * (another one in Ambérieu), p13 internal A, individual with no commune and structure in Ambérieu
 * (failing the individual's, the structure's), p14 internal A, individual with no commune and no
 * structure (no known commune), p15 confidential B, individual in Ambérieu (referent: territory).
 */
const expected: Record<Reader, Project[]> = {
  admin: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10', 'p11', 'p12', 'p13', 'p14', 'p15'],
  // Their mission's projects, and the others unless confidential.
  missionA: ['p1', 'p2', 'p3', 'p4', 'p7', 'p8', 'p9', 'p10', 'p11', 'p12', 'p13', 'p14'],
  // Attached projects only.
  limitedB: ['p6'],
  referentB: ['p5'],
  // No mission limits them: every project but the confidential ones, and the one they are officer of.
  noMission: ['p1', 'p2', 'p4', 'p7', 'p8', 'p9', 'p10', 'p11', 'p12', 'p13', 'p14'],
  // As missionA, limited to Bourg: a project of another commune is hidden, and so is one with no known
  // commune (p1 to p9, p14: in none of their communes); the one they are referent of stays visible,
  // wherever it is.
  territory: ['p10', 'p12', 'p15'],
  // Public projects of the missions naming their group.
  external: ['p7'],
};

const ids = {} as Record<Project | 'missionA' | 'missionB' | 'missionE' | 'state', number>;
const communes = {} as Record<'bourg' | 'amberieu', number>;
const readers = {} as Record<Exclude<Reader, 'external'>, LoggedIn>;
let external: Actor;
const tried = { combinations: 0, leaks: [] as string[] };
const log = pino({ level: 'silent' });

const readerPermissions = [
  'projet.consult',
  'projet.other',
  'projet.modify',
  'coporteurs-projet.consult',
  'coporteurs-projet.other',
  'partenaires-projet.consult',
  'commentaires-projet.consult',
  'commentaires-projet.other',
];

beforeAll(async () => {
  const api = resourceRequests(t.app, t.admin);
  const created = async (slug: string, values: Record<string, unknown>) => (await api.created(slug, values)).id;
  const externalGroup = await created('groupes', { name: 'Partenaires externes', permissions: readerPermissions });
  ids.missionA = await created('missions', { name: 'Conseil aux particuliers', allProjects: true });
  ids.missionB = await created('missions', { name: 'Copropriétés', allProjects: false });
  ids.missionE = await created('missions', { name: 'Programme partenaires', externalGroups: [externalGroup] });
  ids.state = await created('etats-projet', { name: 'En travaux' });

  const follow = async (who: LoggedIn, missions: number[]) =>
    t.database.db.update(users).set({ followedMissions: missions }).where(eq(users.id, who.session.user.id));
  const reader = (email: string) => logInWithProfile(t, { email, permissions: readerPermissions });
  readers.admin = t.admin;
  readers.missionA = await reader('mission-a@exemple.fr');
  readers.limitedB = await reader('limite-b@exemple.fr');
  readers.referentB = await reader('referent-b@exemple.fr');
  readers.noMission = await reader('sans-mission@exemple.fr');
  readers.territory = await reader('territoire@exemple.fr');
  await follow(readers.missionA, [ids.missionA]);
  await follow(readers.limitedB, [ids.missionB]);
  await follow(readers.referentB, [ids.missionB]);
  await follow(readers.territory, [ids.missionA]);
  const commune = (inseeCode: string, name: string, postalCode: string) =>
    created('communes', { inseeCode, name, postalCodes: [postalCode] });
  const bourg = (communes.bourg = await commune('01053', 'Bourg-en-Bresse', '01000'));
  const amberieu = (communes.amberieu = await commune('01004', 'Ambérieu-en-Bugey', '01500'));
  await t.database.db
    .update(users)
    .set({ confidentialityTerritories: [bourg] })
    .where(eq(users.id, readers.territory.session.user.id));
  const individual = (lastName: string, commune: number | null) => created('individus', { lastName, commune });
  const address = (label: string, commune: number, main: boolean) => ({ label, commune, main });
  const structure = (name: string, addresses: ReturnType<typeof address>[]) =>
    created('structures', { name, contactType: 'private', addresses });
  const [externalUser] = await t.database.db
    .insert(users)
    .values({
      email: 'externe@exemple.fr',
      passwordHash: await hashPassword('Mot-de-passe-externe-2026'),
      external: true,
      groupIds: [externalGroup],
    })
    .returning({ id: users.id });
  external = await loadActor(t.database.db, externalUser!.id);

  const row = (mission: number, officer: number | null = null) => [{ mission, projectType: null, officer }];
  const projects: [Project, string, number, Record<string, unknown>][] = [
    ['p1', 'public', ids.missionA, {}],
    ['p2', 'internal', ids.missionA, {}],
    ['p3', 'confidential', ids.missionA, {}],
    ['p4', 'public', ids.missionB, {}],
    ['p5', 'confidential', ids.missionB, { referents: [readers.referentB.session.user.id] }],
    ['p6', 'confidential', ids.missionB, {}],
    ['p7', 'public', ids.missionE, {}],
    ['p8', 'internal', ids.missionE, {}],
    ['p9', 'confidential', ids.missionA, { missions: row(ids.missionA, readers.noMission.session.user.id) }],
    [
      'p10',
      'internal',
      ids.missionA,
      {
        ownerIndividual: await individual('Habitant de Bourg', bourg),
        ownerStructure: await structure('SCI d’Ambérieu', [address('Siège', amberieu, true)]),
      },
    ],
    ['p11', 'internal', ids.missionA, { ownerIndividual: await individual('Habitant d’Ambérieu', amberieu) }],
    [
      'p12',
      'internal',
      ids.missionA,
      {
        ownerStructure: await structure('Syndic de Bourg', [
          address('Agence', amberieu, false),
          address('Siège', bourg, true),
        ]),
      },
    ],
    [
      'p13',
      'internal',
      ids.missionA,
      {
        ownerIndividual: await individual('Gérant sans commune', null),
        ownerStructure: await structure('Bailleur d’Ambérieu', [address('Siège', amberieu, true)]),
      },
    ],
    ['p14', 'internal', ids.missionA, { ownerIndividual: await individual('Habitant sans commune', null) }],
    [
      'p15',
      'confidential',
      ids.missionB,
      {
        ownerIndividual: await individual('Copropriétaire d’Ambérieu', amberieu),
        referents: [readers.territory.session.user.id],
      },
    ],
  ];
  for (const [key, status, mission, more] of projects) {
    ids[key] = await created('projet', { name: `Dossier ${key}`, status, missions: row(mission), ...more });
    const children = (child: string) => path('api.resource.children', { resource: 'projet', id: ids[key], child });
    const liaisonOfficer = key === 'p6' ? readers.limitedB.session.user.id : null;
    for (const [child, values] of [
      ['coporteurs-projet', { role: `Co-porteur ${key}`, structure: null, individual: null, liaisonOfficer }],
      ['commentaires-projet', { subject: `Acte ${key}`, actDate: '2026-03-02', actType: 'A01' }],
    ] as const) {
      const payload: Record<string, unknown> = { ...values };
      if (child === 'coporteurs-projet') {
        payload.individual = await created('individus', { lastName: `Porteur ${key}` });
      }
      const response = await api.post(child, payload, children(child));
      expect(response.statusCode, response.body).toBe(201);
    }
  }
});

afterAll(() => {
  console.log(
    `project confidentiality: ${tried.combinations} combinations (7 readers × 15 projects × reads), ${tried.leaks.length} leaks`,
  );
});

/** The project page's routes naming one project (load-apercu, owner, other projects, dashboard, variables, mails). */
const pageRoutes = (id: number) => ({
  overview: path('api.projects.overview', { id }),
  owner: path('api.projects.owner_json', { id }),
  'other projects': path('api.projects.owner_other_projects', { id }),
  dashboard: path('api.projects.dashboard', { id }),
  variables: path('api.projects.variables', { id }),
  'sent mails': path('api.projects.sent_emails', { projet: id }),
  'scheduled mails': path('api.projects.scheduled_emails', { projet: id }),
  gantt: path('api.projects.gantt', { projet: id }),
  'time report': path('api.projects.time_report', { projet: id }),
});

const projectKeys: Project[] = expected.admin;

/** Whether an export names this title: "Dossier p1" is not "Dossier p10". */
const mentions = (file: string, title: string) => new RegExp(`${title}(?!\\d)`).test(file);

/** One check: whether the reader got what they should. A project answered to a reader not meant to see it is a leak. */
function check(reader: Reader, project: Project, what: string, seen: boolean) {
  tried.combinations += 1;
  const allowed = expected[reader].includes(project);
  if (seen && !allowed) tried.leaks.push(`${reader} ${what} ${project}`);
  expect(seen, `${reader} ${what} ${project}`).toBe(allowed);
}

const backOfficeReaders = ['admin', 'missionA', 'limitedB', 'referentB', 'noMission', 'territory'] as const;

describe.each(backOfficeReaders.map((reader) => [reader]))('the back office, as %s', (reader) => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(readers[reader]) });
  const missing = async (url: string) => (await get(url)).json();

  it('lists, counts, suggests and exports only the projects they may see', async () => {
    const page = (
      await get(path('api.resource.collection', { resource: 'projet', parPage: 100 }))
    ).json<ResourcePage>();
    const listed = new Set(page.items.map((item) => item.id));
    for (const key of projectKeys) check(reader, key, 'list', listed.has(ids[key]));
    tried.combinations += 1;
    expect(page.total).toBe(expected[reader].length);
    const suggested = (await get(path('api.resource.autocomplete', { resource: 'projet', term: 'Dossier' }))).json<
      Suggestion[]
    >();
    for (const key of projectKeys)
      check(
        reader,
        key,
        'autocomplete',
        suggested.some(({ value }) => value === ids[key]),
      );
    const csv = (await get(path('api.resource.export', { resource: 'projet', format: 'csv' }))).body;
    for (const key of projectKeys) check(reader, key, 'export', mentions(csv, `Dossier ${key}`));
    const everyId = projectKeys.map((key) => ids[key]).join(',');
    const selection = (await get(path('api.projects.export_selection', { ids: everyId, format: 'csv' }))).body;
    for (const key of projectKeys) check(reader, key, 'export selection', mentions(selection, `Dossier ${key}`));
    const multiple = (await get(path('api.projects.export_multiple', { format: 'csv' }))).body;
    for (const key of projectKeys) check(reader, key, 'export multiple', mentions(multiple, `Dossier ${key}`));
    // Filtered by a mission: the same rule within it.
    const byMission = (
      await get(path('api.resource.collection', { resource: 'projet', missionIds: ids.missionB }))
    ).json<ResourcePage>();
    for (const key of ['p4', 'p5', 'p6', 'p15'] as const) {
      check(
        reader,
        key,
        'list by mission',
        byMission.items.some((item) => item.id === ids[key]),
      );
    }
  });

  it('opens a project, its history and its children only when they may see it, else as a missing one', async () => {
    const notFound: Record<string, unknown> = {
      show: await missing(path('api.resource.item', { resource: 'projet', id: 999999 })),
      history: await missing(path('api.resource.history', { resource: 'projet', id: 999999 })),
      children: await missing(
        path('api.resource.children', { resource: 'projet', id: 999999, child: 'coporteurs-projet' }),
      ),
      comments: await missing(path('api.projects.comments', { id: 999999 })),
      ...Object.fromEntries(
        await Promise.all(
          Object.entries(pageRoutes(999999)).map(async ([what, url]) => [what, await missing(url)] as const),
        ),
      ),
    };
    for (const key of projectKeys) {
      const urls = {
        show: path('api.resource.item', { resource: 'projet', id: ids[key] }),
        history: path('api.resource.history', { resource: 'projet', id: ids[key] }),
        children: path('api.resource.children', { resource: 'projet', id: ids[key], child: 'coporteurs-projet' }),
        comments: path('api.projects.comments', { id: ids[key] }),
        ...pageRoutes(ids[key]),
      };
      for (const [what, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
        const response = await get(url);
        check(reader, key, what, response.statusCode === 200);
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual(notFound[what]);
        }
      }
    }
  });

  it('lists and opens the children of the projects they may see only', async () => {
    for (const [slug, prefix] of [
      ['coporteurs-projet', 'Co-porteur'],
      ['commentaires-projet', 'Acte'],
    ] as const) {
      const page = (await get(path('api.resource.collection', { resource: slug, parPage: 100 }))).json<ResourcePage>();
      const titles = new Set(page.items.map((item) => String(item.role ?? item.subject)));
      for (const key of projectKeys) check(reader, key, `${slug} list`, titles.has(`${prefix} ${key}`));
      const csv = (await get(path('api.resource.export', { resource: slug, format: 'csv' }))).body;
      for (const key of projectKeys) check(reader, key, `${slug} export`, mentions(csv, `${prefix} ${key}`));
      // Each child by its id, as the administrator listed them.
      const all = (
        await t.app.inject({
          method: 'GET',
          url: path('api.resource.collection', { resource: slug, parPage: 100 }),
          headers: authHeaders(t.admin),
        })
      ).json<ResourcePage>();
      for (const item of all.items) {
        const key = projectKeys.find((candidate) => ids[candidate] === item.project)!;
        const response = await get(path('api.resource.item', { resource: slug, id: item.id }));
        check(reader, key, `${slug} show`, response.statusCode === 200);
      }
    }
  });

  it('changes the state of the projects they may see only; the others answer as missing', async () => {
    const missingProject = await t.app.inject({
      method: 'POST',
      url: path('api.projects.change_state', { id: 999999, etat: ids.state }),
      headers: authHeaders(readers[reader]),
    });
    expect(missingProject.statusCode).toBe(404);
    for (const key of projectKeys) {
      const response = await t.app.inject({
        method: 'POST',
        url: path('api.projects.change_state', { id: ids[key], etat: ids.state }),
        headers: authHeaders(readers[reader]),
      });
      check(reader, key, 'change-etat', response.statusCode === 200);
      if (response.statusCode !== 200) expect(response.json()).toEqual(missingProject.json());
    }
  });
});

describe('an external user', () => {
  const as = (): OperationContext => ({ actor: external, locale: 'fr', log });
  const query = { page: 1, pageSize: 100, sort: 'name', direction: 'asc' as const, search: '', filters: {} };
  const operations = () => t.app.resourceOperations;

  it('cannot open the back office at all', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: 'externe@exemple.fr', password: 'Mot-de-passe-externe-2026' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe("Vous n'appartenez pas à la société.");
    expect(login.cookies).toHaveLength(0);
  });

  it('reads, through the operations, the public projects of the missions naming their group only', async () => {
    const page = await operations().list(projet, query, as());
    for (const key of projectKeys)
      check(
        'external',
        key,
        'list',
        page.items.some((item) => item.id === ids[key]),
      );
    tried.combinations += 1;
    expect(page.total).toBe(1);
    const suggested = await operations().suggest(projet, 'Dossier', as());
    for (const key of projectKeys)
      check(
        'external',
        key,
        'autocomplete',
        suggested.some(({ value }) => value === ids[key]),
      );
    const file = await operations().export(projet, query, 'csv', as());
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    const csv = Buffer.concat(chunks).toString('utf8');
    for (const key of projectKeys) check('external', key, 'export', mentions(csv, `Dossier ${key}`));
    for (const key of projectKeys) {
      const shown = await operations()
        .get(projet, ids[key], as())
        .then(() => 200)
        .catch((error: { statusCode: number }) => error.statusCode);
      check('external', key, 'show', shown === 200);
      if (shown !== 200) expect(shown).toBe(404);
      const history = await operations()
        .history(projet, ids[key], { page: 1, pageSize: 20 }, as())
        .then(() => 200)
        .catch((error: { statusCode: number }) => error.statusCode);
      check('external', key, 'history', history === 200);
      const children = await operations()
        .children.list(
          coOwners,
          { definition: projet, id: ids[key], field: 'project' },
          { ...query, sort: 'role' },
          as(),
        )
        .then(() => 200)
        .catch((error: { statusCode: number }) => error.statusCode);
      check('external', key, 'children', children === 200);
    }
    const childPage = await operations().list(coOwners, { ...query, sort: 'role' }, as());
    for (const key of projectKeys) {
      check(
        'external',
        key,
        'coporteurs-projet list',
        childPage.items.some((item) => item.role === `Co-porteur ${key}`),
      );
    }
  });
});

it('leaks nothing', () => {
  expect(tried.leaks).toEqual([]);
  expect(tried.combinations).toBeGreaterThan(500);
});

describe('an adviser limited to a territory, editing the owners of projects', () => {
  const HIDDEN_PROJECT_MOVED =
    'Ce changement de commune déplacerait un projet que vous ne pouvez pas consulter : seul un utilisateur qui voit ce projet, ou un administrateur, peut le faire.';
  let editor: LoggedIn;
  const item = (resource: string, id: number) => path('api.resource.item', { resource, id });
  const read = async (resource: string, id: number) =>
    (await resourceRequests(t.app, t.admin).get(item(resource, id))).json<ResourceRecordView>();
  const sees = async (project: Project) =>
    (await resourceRequests(t.app, editor).get(item('projet', ids[project]))).statusCode;
  const send = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: authHeaders(editor), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // As the territory reader (mission A, Bourg), and may change and merge contacts.
    editor = await logInWithProfile(t, {
      email: 'territoire-contacts@exemple.fr',
      permissions: [
        ...readerPermissions,
        'individus.consult',
        'individus.modify',
        'individus.delete',
        'individus.add',
        'structures.consult',
        'structures.modify',
      ],
    });
    await t.database.db
      .update(users)
      .set({ followedMissions: [ids.missionA], confidentialityTerritories: [communes.bourg] })
      .where(eq(users.id, editor.session.user.id));
  });

  it('cannot clear or move the commune of a hidden project’s owner, by any path, nor merge the owner away', async () => {
    const api = resourceRequests(t.app, editor);
    // p11: its owner lives in Ambérieu; p13: no commune for its individual, its structure in Ambérieu.
    expect([await sees('p11'), await sees('p13')]).toEqual([404, 404]);
    const owner = await read('individus', Number((await read('projet', ids.p11)).ownerIndividual));
    for (const commune of [null, communes.bourg]) {
      const response = await api.put('individus', owner.id, { ...owner, commune });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ commune: HIDDEN_PROJECT_MOVED });
    }
    const structure = await read('structures', Number((await read('projet', ids.p13)).ownerStructure));
    const address = { label: 'Siège', commune: communes.bourg, main: true };
    const moved = await api.put('structures', structure.id, { ...structure, addresses: [address] });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual({ addresses: HIDDEN_PROJECT_MOVED });
    // The postal code and city may change (the place does not), but maj-commune may not follow them.
    const typed = await api.put('individus', owner.id, {
      ...owner,
      postalCode: '01000',
      cityOutside: 'Bourg-en-Bresse',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const command = await send(path('api.commune_update', { resource: 'individus', id: owner.id }));
    expect(command.statusCode).toBe(403);
    expect(command.json().message).toBe(HIDDEN_PROJECT_MOVED);
    // Merged into a namesake living in Bourg, the owner's projects would move there.
    const namesake = await api.created('individus', {
      lastName: 'Habitant d’Ambérieu',
      firstName: 'Jean',
      commune: communes.bourg,
    });
    const merge = await send(path('api.duplicates.merge', { resource: 'individus' }), {
      kept: namesake.id,
      removed: owner.id,
      choices: { commune: 'kept' },
    });
    expect(merge.statusCode).toBe(403);
    expect(merge.json().message).toBe(HIDDEN_PROJECT_MOVED);
    // Nothing moved: the owner is still there, in Ambérieu, and both projects stay out of sight.
    expect(await read('individus', owner.id)).toMatchObject({ commune: communes.amberieu });
    expect((await read('structures', structure.id)).addresses).toEqual(structure.addresses);
    expect([await sees('p11'), await sees('p13')]).toEqual([404, 404]);
  });

  it('changes the owners of the projects they see, and of none; an administrator any owner', async () => {
    const api = resourceRequests(t.app, editor);
    const neighbour = await api.created('individus', { lastName: 'Voisin de Bourg', commune: communes.bourg });
    const project = await resourceRequests(t.app, t.admin).created('projet', {
      name: 'Dossier du voisin',
      status: 'internal',
      missions: [{ mission: ids.missionA, projectType: null, officer: null }],
      ownerIndividual: neighbour.id,
    });
    expect((await api.get(item('projet', project.id))).statusCode).toBe(200);
    // Their own project moves out of their territory: they saw it.
    const moved = await api.put('individus', neighbour.id, { ...neighbour, commune: communes.amberieu });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api.get(item('projet', project.id))).statusCode).toBe(404);
    // An individual who owns no project.
    const alone = await api.created('individus', { lastName: 'Sans projet', commune: communes.amberieu });
    expect((await api.put('individus', alone.id, { ...alone, commune: null })).statusCode).toBe(200);
    // The administrator sees every project.
    const owner = await read('individus', Number((await read('projet', ids.p11)).ownerIndividual));
    const cleared = await resourceRequests(t.app, t.admin).put('individus', owner.id, { ...owner, commune: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // Placed nowhere now, p11 is still out of the limited adviser's sight.
    expect(await sees('p11')).toBe(404);
  });
});
