import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { ProjectDashboard, ProjectOverview } from '../../src/shared/resources/project-page';
import { findResource } from '../../src/shared/resources/registry';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { createSampleLinks, sampleLinks, sampleValues } from '../support/resource-samples';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The permission matrix of the child resources' nested routes (/api/{parent}/{id}/{child}…) and of
 * the own routes that read or write a child's records (the project page's, the ticket's): each
 * profile tries each route, and the answer is the one the table below writes out. A refused write
 * changes nothing (rows counted, records read back, victims still there).
 */
const t = useAdminApp();

const profileNames = ['projet-lu', 'parents', 'enfants', 'enfants-projet-lu', 'sans-service', 'admin'] as const;
type ProfileName = (typeof profileNames)[number];
/**
 * 200, 201, 403; `service`: 403 with spec 6's message; `masqué`: 200, the child records the profile
 * may not list left out (null).
 */
type Answer = 200 | 201 | 403 | 'service' | 'masqué';

/** The resources whose parent is the project, and those whose parent is the ticket. */
const projectChildren = ['commentaires-projet', 'coporteurs-projet', 'partenaires-projet', 'piece-jointe', 'tickets'];
const ticketChildren = ['tickets-commentaires', 'tickets-documents', 'tickets-sous-taches', 'tickets-temps'];
const groups = (slug: string, names: string[]) => names.map((group) => `${slug}.${group}`);
const everyGroup = ['add', 'consult', 'modify', 'delete', 'other'];
/** The project, its children with every right on them, and what two own routes also read. */
const withChildren = [
  ...groups('projet', ['consult', 'modify']),
  ...[...projectChildren, ...ticketChildren].flatMap((slug) => groups(slug, ['add', 'consult', 'modify', 'delete'])),
  'tickets-transitions.consult',
  'template-tache.consult',
  'structures.consult',
];

/** Who tries: what their one access profile grants, and whether they have a service (spec 6). */
const profileGrants: Record<Exclude<ProfileName, 'admin'>, { permissions: string[]; withService?: boolean }> = {
  // The projects' consult permission only.
  'projet-lu': { permissions: ['projet.consult'] },
  // Every right on the parents (the projects, the tickets), none on their children.
  parents: { permissions: [...groups('projet', everyGroup), ...groups('tickets', everyGroup)] },
  // The project (consult, modify) and every child's permissions.
  enfants: { permissions: withChildren },
  // The same without modifying the project: nothing is written under it (see the nested routes' rule).
  'enfants-projet-lu': { permissions: withChildren.filter((permission) => permission !== 'projet.modify') },
  // The same as "enfants", without a service: spec 6, nothing created.
  'sans-service': { permissions: withChildren, withService: false },
};

/**
 * What each route answers each profile, in the order of profileNames:
 * projet-lu, parents, enfants, enfants-projet-lu, sans-service, admin.
 */
const expected: Record<string, readonly Answer[]> = {
  // Nested under the project: the project's show (or update, to write) and the child's own permission.
  ...Object.fromEntries(
    projectChildren
      .filter((slug) => slug !== 'tickets')
      .flatMap((slug) => [
        [`projet/${slug} list`, [403, 403, 200, 200, 200, 200]],
        [`projet/${slug} show`, [403, 403, 200, 200, 200, 200]],
        [`projet/${slug} create`, [403, 403, 201, 403, 'service', 201]],
        [`projet/${slug} update`, [403, 403, 200, 403, 200, 200]],
        [`projet/${slug} delete`, [403, 403, 200, 403, 200, 200]],
      ]),
  ),
  'projet/tickets list': [403, 200, 200, 200, 200, 200],
  'projet/tickets show': [403, 200, 200, 200, 200, 200],
  'projet/tickets create': [403, 201, 201, 403, 'service', 201],
  'projet/tickets update': [403, 200, 200, 403, 200, 200],
  'projet/tickets delete': [403, 200, 200, 403, 200, 200],
  // Nested under the ticket: the ticket's show (or update) and the child's own permission.
  ...Object.fromEntries(
    ticketChildren.flatMap((slug) => [
      [`tickets/${slug} list`, [403, 403, 200, 200, 200, 200]],
      [`tickets/${slug} show`, [403, 403, 200, 200, 200, 200]],
      [`tickets/${slug} create`, [403, 403, 201, 201, 'service', 201]],
      [`tickets/${slug} update`, [403, 403, 200, 200, 200, 200]],
      [`tickets/${slug} delete`, [403, 403, 200, 200, 200, 200]],
    ]),
  ),
  'tickets/tickets-transitions list': [403, 403, 200, 200, 200, 200],
  'tickets/tickets-transitions show': [403, 403, 200, 200, 200, 200],
  // A user's login history: nobody here consults users but the administrator.
  'utilisateurs/historique-connexions list': [403, 403, 403, 403, 403, 200],
  'utilisateurs/historique-connexions show': [403, 403, 403, 403, 403, 200],
  // The project page's routes.
  'projet load-apercu': ['masqué', 'masqué', 200, 200, 200, 200],
  'projet dashboard': ['masqué', 'masqué', 200, 200, 200, 200],
  'projet commentaires': [403, 403, 200, 200, 200, 200],
  'projet reunions-a-venir': [403, 200, 200, 200, 200, 200],
  'projet gantt': [403, 200, 200, 200, 200, 200],
  'projet temps': [403, 403, 200, 200, 200, 200],
  'projet historique?type=tickets': [403, 200, 200, 200, 200, 200],
  'projet historique?type=piece-jointe': [403, 403, 200, 200, 200, 200],
  'tickets-transitions historique-projet': [403, 403, 200, 200, 200, 200],
  'tickets-transitions dernieres-interactions': [403, 403, 200, 200, 200, 200],
  'template-tache appliquer': [403, 403, 201, 201, 'service', 201],
  // The ticket's routes.
  'tickets commentaires': [403, 403, 200, 200, 200, 200],
  'tickets edit-commentaire-ajax': [403, 403, 200, 200, 200, 200],
  'tickets temps': [403, 403, 200, 200, 200, 200],
  // "parents": the ticket has a sub-task, which they may not create.
  'tickets clone/ajax': [403, 403, 201, 201, 'service', 201],
  'tickets supprimer/ajax': [403, 200, 200, 200, 200, 200],
  'tickets-sous-taches toggle-fait': [403, 403, 200, 200, 200, 200],
};

/** The child kinds of the project's history each profile sees (the others' entries left out). */
const historyKindsSeen: Record<ProfileName, string[]> = {
  'projet-lu': [],
  parents: ['tickets'],
  enfants: projectChildren,
  'enfants-projet-lu': projectChildren,
  'sans-service': projectChildren,
  admin: projectChildren,
};

const profiles = {} as Record<ProfileName, LoggedIn>;
const tried = { requests: 0, routes: new Set<string>() };
const ids = {} as Record<'cloned' | 'subTask' | 'template' | 'transition' | 'login', number>;
/** Per profile, per child (`<parent>/<slug>`): the record it updates and the record it deletes. */
const targets = {} as Record<string, Record<ProfileName, { updated: number; deleted: number }>>;
const shared = {} as Record<string, number>;
/** Per profile, the ticket it deletes from the board (supprimer/ajax). */
const ajaxVictims = {} as Record<ProfileName, number>;

const definition = (slug: string) => findResource(slug)!;
const send = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: authHeaders(who), ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  send(t.admin, method, url, payload);
const shownAsAdmin = (slug: string, id: number) => asAdmin('GET', path('api.resource.item', { resource: slug, id }));
/** Live rows of a table (whatever anyone's read scope). */
const liveRows = async (table: string) =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql.raw(`select count(*)::integer as n from ${table} where deleted_at is null`),
    )
  )[0]!.n;

async function createdAsAdmin(slug: string, values: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await asAdmin('POST', path('api.resource.collection', { resource: slug }), values);
  expect(response.statusCode, `${slug}: ${response.body}`).toBe(201);
  return response.json();
}

/** The status a route must answer, and the French message of spec 6 for `service`. */
async function expectAnswer(key: string, profile: ProfileName, response: Awaited<ReturnType<typeof send>>) {
  const answer = expected[key]![profileNames.indexOf(profile)]!;
  tried.requests += 1;
  tried.routes.add(key);
  const status = answer === 'service' ? 403 : answer === 'masqué' ? 200 : answer;
  expect(response.statusCode, `${profile} ${key}: ${response.body.slice(0, 200)}`).toBe(status);
  if (answer === 'service') {
    expect(response.json().message).toBe('Vous ne possédez pas les droits pour créer cette ressource');
  }
  return answer;
}
const granted = (answer: Answer) => answer === 200 || answer === 201 || answer === 'masqué';

beforeAll(async () => {
  await createSampleLinks(t.app, t.admin);
  for (const [name, grants] of Object.entries(profileGrants)) {
    profiles[name as ProfileName] = await logInWithProfile(t, { email: `${name}@exemple.fr`, ...grants });
  }
  profiles.admin = t.admin;
  // A ticket with one sub-task, to clone; a task template of one task; a status change (a transition).
  ids.cloned = (await createdAsAdmin('tickets', { name: 'Ticket à dupliquer', project: sampleLinks.project })).id;
  ids.subTask = (await createdAsAdmin('tickets-sous-taches', { ticket: ids.cloned, text: 'Relire' })).id;
  ids.template = (
    await createdAsAdmin('template-tache', {
      name: 'Démarrage',
      tasks: [{ taskName: 'Premier appel', taskType: null, dueIn: 2, dueUnit: 'days' }],
    })
  ).id;
  const status = await asAdmin('POST', path('api.tickets.change_status', { id: sampleLinks.ticket! }), {
    status: 'blocked',
    comment: 'En attente du devis',
  });
  expect(status.statusCode, status.body).toBe(200);
  const transitions = await asAdmin('GET', path('api.resource.collection', { resource: 'tickets-transitions' }));
  ids.transition = transitions.json().items[0].id;
  const logins = await asAdmin(
    'GET',
    path('api.resource.children', {
      resource: 'utilisateurs',
      id: t.admin.session.user.id,
      child: 'historique-connexions',
    }),
  );
  ids.login = logins.json().items[0].id;
  for (const profile of profileNames) {
    ajaxVictims[profile] = (
      await createdAsAdmin('tickets', { name: `À supprimer (${profile})`, project: sampleLinks.project })
    ).id;
  }
  // Per child: a record every profile shows, and per profile one to update and one to delete.
  const parentOf = (slug: string) => (projectChildren.includes(slug) ? 'projet' : 'tickets');
  for (const slug of [...projectChildren, ...ticketChildren]) {
    const key = `${parentOf(slug)}/${slug}`;
    shared[key] = (await createdAsAdmin(slug, sampleValues(definition(slug), 100))).id;
    targets[key] = {} as Record<ProfileName, { updated: number; deleted: number }>;
    for (const [index, profile] of profileNames.entries()) {
      const updated = (await createdAsAdmin(slug, sampleValues(definition(slug), 300 + index))).id;
      const deleted = (await createdAsAdmin(slug, sampleValues(definition(slug), 350 + index))).id;
      targets[key][profile] = { updated, deleted };
    }
  }
  // A comment is changed by its author only: each profile's targets are its own.
  for (const profile of profileNames) {
    const { updated, deleted } = targets['tickets/tickets-commentaires']![profile];
    await t.database.db.execute(
      sql`update ticket_comments set created_by = ${profiles[profile].session.user.id} where id in (${updated}, ${deleted})`,
    );
  }
}, 300_000);

afterAll(() => {
  console.log(
    `nested permission matrix: ${tried.routes.size} routes × ${profileNames.length} profiles = ${tried.requests} requests`,
  );
});

describe('the table', () => {
  it('names every route once for every profile', () => {
    expect(Object.values(expected).every((answers) => answers.length === profileNames.length)).toBe(true);
    expect(Object.keys(expected)).toHaveLength(66);
  });
});

describe.each(profileNames.map((name) => [name] as const))('as %s', (profile) => {
  const who = () => profiles[profile];

  it("sees in the project's history the entries of the children it may list only", async () => {
    const response = await send(
      who(),
      'GET',
      path('api.resource.history', { resource: 'projet', id: sampleLinks.project!, parPage: 100 }),
    );
    expect(response.statusCode).toBe(200);
    const kinds = new Set(
      response
        .json<AuditPage>()
        .entries.flatMap(({ changes }) => changes.map(({ field }) => field))
        .filter((field) => projectChildren.includes(field)),
    );
    expect([...kinds].sort()).toEqual(historyKindsSeen[profile]);
  });

  it.each([...projectChildren.map((slug) => ['projet', slug]), ...ticketChildren.map((slug) => ['tickets', slug])])(
    'under %s, %s: lists, shows, creates, updates and deletes as the table says; a refused write changes nothing',
    async (parent, slug) => {
      const key = `${parent}/${slug}`;
      const child = definition(slug);
      const parentId = parent === 'projet' ? sampleLinks.project! : sampleLinks.ticket!;
      const index = profileNames.indexOf(profile);
      const children = path('api.resource.children', { resource: parent, id: parentId, child: slug });
      const one = (childId: number) =>
        path('api.resource.child', { resource: parent, id: parentId, child: slug, childId });

      const list = await send(who(), 'GET', children);
      if (granted(await expectAnswer(`${key} list`, profile, list))) {
        expect(list.json().items.map((item: ResourceRecord) => item.id)).toContain(shared[key]);
      }
      await expectAnswer(`${key} show`, profile, await send(who(), 'GET', one(shared[key]!)));

      const before = await liveRows(child.table);
      const create = await send(who(), 'POST', children, sampleValues(child, 600 + index));
      const created = granted(await expectAnswer(`${key} create`, profile, create));
      expect(await liveRows(child.table), `${profile} ${key} create: rows`).toBe(before + (created ? 1 : 0));

      const { updated, deleted } = targets[key]![profile];
      const sent = sampleValues(child, 400 + index);
      expect(sent).not.toEqual(sampleValues(child, 300 + index));
      const update = await send(who(), 'PUT', one(updated), sent);
      const changed = granted(await expectAnswer(`${key} update`, profile, update));
      expect((await shownAsAdmin(slug, updated)).json(), `${profile} ${key} update`).toMatchObject(
        changed ? sent : sampleValues(child, 300 + index),
      );

      const remove = await send(
        who(),
        'POST',
        path('api.resource.child_delete', { resource: parent, id: parentId, child: slug, childId: deleted }),
      );
      const removed = granted(await expectAnswer(`${key} delete`, profile, remove));
      expect((await shownAsAdmin(slug, deleted)).statusCode, `${profile} ${key} delete`).toBe(removed ? 404 : 200);
    },
  );

  it('reads the read-only children under their parent as the table says', async () => {
    const read = async (parent: string, id: number, slug: string, childId: number) => {
      const key = `${parent}/${slug}`;
      await expectAnswer(
        `${key} list`,
        profile,
        await send(who(), 'GET', path('api.resource.children', { resource: parent, id, child: slug })),
      );
      await expectAnswer(
        `${key} show`,
        profile,
        await send(who(), 'GET', path('api.resource.child', { resource: parent, id, child: slug, childId })),
      );
    };
    await read('tickets', sampleLinks.ticket!, 'tickets-transitions', ids.transition);
    await read('utilisateurs', t.admin.session.user.id, 'historique-connexions', ids.login);
  });

  it("reads through the project page's and the ticket's routes as the table says", async () => {
    const project = sampleLinks.project!;
    const get = async (key: string, url: string) => expectAnswer(key, profile, await send(who(), 'GET', url));

    const overview = await send(who(), 'GET', path('api.projects.overview', { id: project }));
    const acts = overview.json<ProjectOverview>().latestActs;
    if ((await expectAnswer('projet load-apercu', profile, overview)) === 'masqué') expect(acts).toBeNull();
    else expect(acts!.length).toBeGreaterThan(0);

    const dashboard = await send(who(), 'GET', path('api.projects.dashboard', { id: project }));
    const { coOwners, partners, acts: actCount } = dashboard.json<ProjectDashboard>();
    if ((await expectAnswer('projet dashboard', profile, dashboard)) === 'masqué') {
      expect([coOwners, partners, actCount]).toEqual([null, null, null]);
    } else {
      expect([coOwners, partners, actCount].every((count) => typeof count === 'number' && count > 0)).toBe(true);
    }

    await get('projet commentaires', path('api.projects.comments', { id: project }));
    await get('projet reunions-a-venir', path('api.projects.upcoming_meetings', { projet: project }));
    await get('projet gantt', path('api.projects.gantt', { projet: project }));
    await get('projet temps', path('api.projects.time_report', { projet: project }));
    for (const kind of ['tickets', 'piece-jointe']) {
      await get(
        `projet historique?type=${kind}`,
        path('api.resource.history', { resource: 'projet', id: project, type: kind }),
      );
    }
    await get(
      'tickets-transitions historique-projet',
      path('api.ticket_transitions.project_history', { projet: project }),
    );
    await get(
      'tickets-transitions dernieres-interactions',
      path('api.ticket_transitions.latest_for_structure', { structure: sampleLinks.structure! }),
    );
    await get('tickets commentaires', path('api.tickets.comments', { id: sampleLinks.ticket! }));
    await get('tickets temps', path('api.tickets.time_totals', { id: sampleLinks.ticket! }));
  });

  it("writes through the ticket's and the task template's routes as the table says; refused, nothing changes", async () => {
    // A comment of the profile's own (the author rule), its text changed.
    const comment = targets['tickets/tickets-commentaires']![profile].updated;
    const textBefore = (await shownAsAdmin('tickets-commentaires', comment)).json().comment;
    const edit = await send(who(), 'POST', path('api.tickets.edit_comment', { id: comment }), {
      comment: `Corrigé par ${profile}`,
    });
    const edited = granted(await expectAnswer('tickets edit-commentaire-ajax', profile, edit));
    expect((await shownAsAdmin('tickets-commentaires', comment)).json().comment).toBe(
      edited ? `Corrigé par ${profile}` : textBefore,
    );

    // The clone: a ticket and its one sub-task, or nothing.
    const [ticketsBefore, subTasksBefore] = [await liveRows('tickets'), await liveRows('sub_tasks')];
    const clone = await send(who(), 'POST', path('api.tickets.clone_ajax', { id: ids.cloned }));
    const cloned = granted(await expectAnswer('tickets clone/ajax', profile, clone));
    expect([await liveRows('tickets'), await liveRows('sub_tasks')]).toEqual(
      cloned ? [ticketsBefore + 1, subTasksBefore + 1] : [ticketsBefore, subTasksBefore],
    );

    // The board's delete of a ticket of the profile's own.
    const victim = ajaxVictims[profile];
    const remove = await send(who(), 'POST', path('api.tickets.delete_ajax', { id: victim }));
    const removed = granted(await expectAnswer('tickets supprimer/ajax', profile, remove));
    expect((await shownAsAdmin('tickets', victim)).statusCode).toBe(removed ? 404 : 200);

    // A sub-task's done flag.
    const doneBefore = (await shownAsAdmin('tickets-sous-taches', ids.subTask)).json().done;
    const toggle = await send(who(), 'POST', path('api.sub_tasks.toggle_done', { id: ids.subTask }));
    const toggled = granted(await expectAnswer('tickets-sous-taches toggle-fait', profile, toggle));
    expect((await shownAsAdmin('tickets-sous-taches', ids.subTask)).json().done).toBe(
      toggled ? !doneBefore : doneBefore,
    );

    // A task template's one ticket, or none.
    const before = await liveRows('tickets');
    const apply = await send(
      who(),
      'POST',
      path('api.task_templates.apply', { id: ids.template, projet: sampleLinks.project! }),
    );
    const applied = granted(await expectAnswer('template-tache appliquer', profile, apply));
    expect(await liveRows('tickets')).toBe(before + (applied ? 1 : 0));
  });
});

describe('the table, once every profile tried', () => {
  it('was tried route by route, profile by profile', () => {
    expect(tried.routes.size).toBe(Object.keys(expected).length);
    expect(tried.requests).toBe(Object.keys(expected).length * profileNames.length);
  });
});
