import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema';
import { runMaintenance } from '../../src/server/jobs/maintenance';
import type { HeaderNotifications } from '../../src/shared/resources/notifications.resource';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, untilJobsSettled, useAdminApp, type LoggedIn } from '../support/test-app';
import { temporaryUploadsDir } from '../support/test-database';
import { logInWithProfile } from '../support/test-users';

/**
 * Notifications (spec 2.1, 4): step entry and exit, attributions, comments and deadlines, each told
 * only to users who may read the ticket, within their notification territories, never to the actor;
 * the header's count and the routes acting on one's own notifications only.
 */
const t = useAdminApp();
const api = (who: LoggedIn = t.admin) => resourceRequests(t.app, who);
const ids = {} as Record<
  'bourg' | 'amberieu' | 'inBourg' | 'inAmberieu' | 'nowhere' | 'secret' | 'first' | 'second',
  number
>;
const people = {} as Record<'alice' | 'bob' | 'carol' | 'dave' | 'mover', { who: LoggedIn; id: number }>;
const admin = () => t.admin.session.user.id;
// The maintenance's own folder of uploads: it removes old import files there (none in this file).
let uploadsDir: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const created = async (slug: string, values: Record<string, unknown>, who: LoggedIn = t.admin) =>
  (await api(who).created(slug, values)).id;
const ticket = (project: number, name: string, more: Record<string, unknown> = {}) =>
  created('tickets', { name, project, ...more });
/** The notifications of a ticket, as "user kind" pairs in a stable order. */
const told = async (ticketId: number) =>
  (
    await rowsOf<{ user: number; kind: string }>(
      t.database.db,
      sql`select "user", kind from notifications where ticket = ${ticketId} order by kind, "user"`,
    )
  ).map(({ user, kind }) => `${nameOf(user)} ${kind}`);
const nameOf = (id: number) =>
  id === admin() ? 'admin' : Object.entries(people).find(([, person]) => person.id === id)?.[0];
/** The board's move of a ticket from the first step to the second (move-ajax), by the mover. */
const moved = async (ticketId: number) => {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.tickets.move'),
    headers: authHeaders(people.mover.who),
    payload: { ticket: ticketId, step: ids.second, before: null },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const header = async (who: LoggedIn) => {
  const response = await api(who).get(path('api.notifications.header_unread'));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HeaderNotifications>();
};
const post = (
  who: LoggedIn,
  name: 'api.notifications.mark_seen' | 'api.notifications.archive' | 'api.notifications.unarchive',
  body: unknown,
) => t.app.inject({ method: 'POST', url: path(name), headers: authHeaders(who), payload: body as object });
/** Waits for the job queue to have written what a ticket's creation queued. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  uploadsDir = await temporaryUploadsDir();
  const permissions = [
    'projet.consult',
    'tickets.consult',
    'tickets.add',
    'tickets.modify',
    'tickets-commentaires.add',
  ];
  for (const name of ['alice', 'bob', 'carol', 'dave', 'mover'] as const) {
    const who = await logInWithProfile(t, { email: `${name}@exemple.fr`, permissions });
    people[name] = { who, id: who.session.user.id };
  }
  ids.bourg = await created('communes', { inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'] });
  ids.amberieu = await created('communes', { inseeCode: '01004', name: 'Ambérieu-en-Bugey', postalCodes: ['01500'] });
  // Carol hears only of her commune's projects (and of those placed nowhere).
  await t.database.db
    .update(users)
    .set({ notificationTerritories: [ids.amberieu] })
    .where(eq(users.id, people.carol.id));
  const owner = async (lastName: string, commune: number) => created('individus', { lastName, commune });
  ids.inBourg = await created('projet', { name: 'Maison à Bourg', ownerIndividual: await owner('Dupont', ids.bourg) });
  ids.inAmberieu = await created('projet', {
    name: 'Maison à Ambérieu',
    ownerIndividual: await owner('Martin', ids.amberieu),
  });
  ids.nowhere = await created('projet', { name: 'Dossier sans commune' });
  // The mover is its referent (attached, they see and move its tickets); nobody else but the administrator sees it.
  ids.secret = await created('projet', {
    name: 'Dossier confidentiel',
    status: 'confidential',
    referents: [people.mover.id],
  });
  ids.first = await created('etapes', {
    name: 'À faire',
    notifyOnExit: true,
    notifiedOnExit: [people.bob.id, people.mover.id],
    notifyOnEntry: true,
    notifiedOnEntry: [people.alice.id],
  });
  ids.second = await created('etapes', {
    name: 'En cours',
    notifyOnEntry: true,
    notifiedOnEntry: [people.alice.id, people.carol.id, people.dave.id, people.mover.id, admin()],
    notifyOnExit: true,
    notifiedOnExit: [people.dave.id],
  });
  const first = await api().put('etapes', ids.first, {
    name: 'À faire',
    reachableSteps: [ids.second],
    notifyOnExit: true,
    notifiedOnExit: [people.bob.id, people.mover.id],
    notifyOnEntry: true,
    notifiedOnEntry: [people.alice.id],
  });
  expect(first.statusCode, first.body).toBe(200);
  // A step that notifies no one though it names users: its flags are off.
  await created('etapes', { name: 'Muet', notifiedOnEntry: [people.bob.id], notifiedOnExit: [people.bob.id] });
});

describe('a ticket changing step', () => {
  it("tells the left step's exit users and the entered step's entry users, never the one who moved it", async () => {
    const id = await ticket(ids.inBourg, 'Relancer le devis');
    await moved(id);
    // Bob leaves (exit of the first), alice, dave and the administrator enter the second; the mover
    // is on both lists but moved it; carol's territories hold Ambérieu only; the first step's entry
    // users and the second's exit ones are not concerned.
    expect(await told(id)).toEqual(['admin step_entry', 'alice step_entry', 'dave step_entry', 'bob step_exit']);
  });

  it("limits users with notification territories to their communes' projects, and to projects placed nowhere", async () => {
    const inAmberieu = await ticket(ids.inAmberieu, 'Visite technique');
    const nowhere = await ticket(ids.nowhere, 'Appeler le porteur');
    await moved(inAmberieu);
    await moved(nowhere);
    expect(await told(inAmberieu)).toContain('carol step_entry');
    expect(await told(nowhere)).toContain('carol step_entry');
  });

  it('tells nobody who may not read the project: only the administrator hears of a confidential one', async () => {
    const id = await ticket(ids.secret, 'Ticket confidentiel');
    await moved(id);
    expect(await told(id)).toEqual(['admin step_entry']);
  });
});

describe('attributions', () => {
  it('tells each newly attributed user once: on creation (after it commits), then the ones an update adds', async () => {
    const id = await ticket(ids.inBourg, 'Monter le dossier', { attributions: [people.alice.id, admin()] });
    // The administrator attributed it to themselves: not told.
    expect(await eventually(() => told(id), ['alice attribution'])).toEqual(['alice attribution']);
    const update = await api().put('tickets', id, {
      name: 'Monter le dossier',
      project: ids.inBourg,
      attributions: [people.alice.id, admin(), people.bob.id],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await told(id)).toEqual(['alice attribution', 'bob attribution']);
    // Saved again, unchanged: nobody is told twice.
    await api().put('tickets', id, {
      name: 'Monter le dossier (relu)',
      project: ids.inBourg,
      attributions: [people.alice.id, admin(), people.bob.id],
    });
    // The creation's job, had it run again, finds everybody told already: asserted once the queue has run it.
    await untilJobsSettled(t.database);
    expect(await told(id)).toEqual(['alice attribution', 'bob attribution']);
  });

  it('tells the users attributed a ticket created under its project (the nested route), as the direct route does', async () => {
    const response = await api().post(
      'tickets',
      { name: 'Créé depuis le projet', attributions: [people.alice.id] },
      path('api.resource.children', { resource: 'projet', id: ids.inBourg, child: 'tickets' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: number }>().id;
    expect(await eventually(() => told(id), ['alice attribution'])).toEqual(['alice attribution']);
  });

  it('tells the users attributed a ticket copied from the board (clone/ajax), as a created ticket does', async () => {
    const original = await ticket(ids.inBourg, 'À dupliquer', { attributions: [people.alice.id] });
    await eventually(() => told(original), ['alice attribution']);
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.tickets.clone_ajax', { id: original }),
      headers: authHeaders(t.admin),
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<{ id: number }>().id;
    expect(await eventually(() => told(copy), ['alice attribution'])).toEqual(['alice attribution']);
  });

  it('tells nothing to a user attributed a ticket of a project they may not see; their count does not move', async () => {
    const before = await header(people.dave.who);
    const id = await ticket(ids.secret, 'Dossier secret à traiter', { attributions: [people.dave.id] });
    await api().put('tickets', id, {
      name: 'Dossier secret à traiter',
      project: ids.secret,
      attributions: [people.dave.id, people.carol.id],
    });
    await untilJobsSettled(t.database);
    expect(await told(id)).toEqual([]);
    const after = await header(people.dave.who);
    expect(after.unread).toBe(before.unread);
    expect(after.latest.map((notification) => notification.ticket?.title)).not.toContain('Dossier secret à traiter');
    // Made visible no longer (confidential), a project takes its notifications out of its users' sight.
    const told2 = await ticket(ids.nowhere, 'Bientôt confidentiel', { attributions: [people.dave.id] });
    await eventually(() => told(told2), ['dave attribution']);
    expect((await header(people.dave.who)).unread).toBe(before.unread + 1);
    const hidden = await api().put('projet', ids.nowhere, { name: 'Dossier sans commune', status: 'confidential' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    // This attribution and the step entry of "Appeler le porteur" above, both of that project, are out of sight.
    expect((await header(people.dave.who)).unread).toBe(before.unread - 1);
    const shown = await api().put('projet', ids.nowhere, { name: 'Dossier sans commune', status: 'internal' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await header(people.dave.who)).unread).toBe(before.unread + 1);
  });
});

describe('comments', () => {
  it("tell the ticket's attributed and notified users, not the author", async () => {
    const id = await ticket(ids.inBourg, 'Compléter la fiche', {
      attributions: [people.alice.id, people.bob.id],
      notifiedUsers: [people.dave.id],
    });
    await eventually(() => told(id), ['alice attribution', 'bob attribution']);
    const response = await api(people.alice.who).post(
      'tickets-commentaires',
      { comment: 'Le porteur a répondu.' },
      path('api.resource.children', { resource: 'tickets', id, child: 'tickets-commentaires' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await told(id)).filter((pair) => pair.endsWith('comment'))).toEqual(['bob comment', 'dave comment']);
  });
});

describe('deadlines', () => {
  it('tell the attributed users of a ticket turning orange once, even when the maintenance runs twice at once', async () => {
    const near = await ticket(ids.inBourg, 'Échéance proche', {
      attributions: [people.alice.id, people.bob.id],
      deadline: day(2),
    });
    const far = await ticket(ids.inBourg, 'Échéance lointaine', { attributions: [people.alice.id], deadline: day(10) });
    // Their creation's attribution notifications first (a job), so that the order below is fixed.
    await eventually(() => told(near), ['alice attribution', 'bob attribution']);
    await eventually(() => told(far), ['alice attribution']);
    await Promise.all([runMaintenance(t.database.db, uploadsDir), runMaintenance(t.database.db, uploadsDir)]);
    await runMaintenance(t.database.db, uploadsDir);
    const deadlines = async (id: number) => (await told(id)).filter((pair) => pair.endsWith('deadline'));
    expect(await deadlines(near)).toEqual(['alice deadline', 'bob deadline']);
    expect(await deadlines(far)).toEqual([]);
    // Postponed, then near again: a new deadline, told again.
    await api().put('tickets', near, {
      name: 'Échéance proche',
      project: ids.inBourg,
      attributions: [people.alice.id, people.bob.id],
      deadline: day(1),
    });
    await runMaintenance(t.database.db, uploadsDir);
    expect(await deadlines(near)).toEqual(['alice deadline', 'alice deadline', 'bob deadline', 'bob deadline']);
  });
});

describe("one's own notifications", () => {
  it('the header counts the unread ones and gives the five newest with their ticket and project', async () => {
    const bells = await header(people.bob.who);
    const [count] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::integer as n from notifications where "user" = ${people.bob.id} and not seen and not archived`,
    );
    // Bob: three exits of the first step, three attributions, a comment and two deadlines above.
    expect(count!.n).toBe(9);
    expect(bells.unread).toBe(9);
    expect(bells.latest).toHaveLength(5);
    expect(bells.latest[0]).toMatchObject({ kind: 'deadline', ticket: { title: 'Échéance proche' }, seen: false });
    expect(bells.latest[0]!.project).toEqual({ id: ids.inBourg, title: 'Maison à Bourg' });
  });

  it("marks as seen the caller's own only, ignoring another user's ids", async () => {
    const own = (await header(people.bob.who)).latest.map(({ id }) => id);
    const others = (await header(people.alice.who)).latest.map(({ id }) => id);
    const aliceBefore = (await header(people.alice.who)).unread;
    const response = await post(people.bob.who, 'api.notifications.mark_seen', { ids: [own[0], own[1], ...others] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    expect((await header(people.bob.who)).unread).toBe(7);
    expect((await header(people.alice.who)).unread).toBe(aliceBefore);
  });

  it('archives and puts back: archived ones leave the header and the list "À traiter"', async () => {
    const own = (await header(people.bob.who)).latest.map(({ id }) => id);
    expect((await post(people.bob.who, 'api.notifications.archive', { ids: own.slice(2) })).json()).toEqual({
      updated: 3,
    });
    const after = await header(people.bob.who);
    expect(after.unread).toBe(4);
    expect(after.latest.map(({ id }) => id)).not.toContain(own[2]);
    const list = await api(people.bob.who).get(
      path('api.resource.collection', { resource: 'notifications', archived: 'true' }),
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<ResourcePage>().total).toBe(3);
    await post(people.bob.who, 'api.notifications.unarchive', { ids: own.slice(2) });
    expect((await header(people.bob.who)).unread).toBe(7);
  });

  it("a user with no profile at all lists their own notifications, and nobody else's", async () => {
    const nobody = await logInWithProfile(t, { email: 'sans-droit@exemple.fr', permissions: [] });
    const mine = await api(nobody).get(path('api.resource.collection', { resource: 'notifications' }));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<ResourcePage>().total).toBe(0);
    const carols = await api(people.carol.who).get(path('api.resource.collection', { resource: 'notifications' }));
    expect(carols.json<ResourcePage>().items.every((item) => item.user === people.carol.id)).toBe(true);
    expect(carols.json<ResourcePage>().total).toBe(2);
  });
});

describe("a deleted ticket's notifications", () => {
  it('leave every bell, list and batch route, the administrator’s too (they read tickets through their read scope)', async () => {
    const id = await ticket(ids.inBourg, 'Ticket supprimé ensuite');
    await moved(id);
    expect(await told(id)).toContain('admin step_entry');
    const before = await header(t.admin);
    expect(before.latest.map(({ ticket }) => ticket?.id)).toContain(id);
    const [notification] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from notifications where ticket = ${id} and "user" = ${admin()}`,
    );
    const deleted = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'tickets', id }),
      headers: authHeaders(t.admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await header(t.admin);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.latest.map(({ ticket }) => ticket?.id)).not.toContain(id);
    const list = await api().get(path('api.resource.collection', { resource: 'notifications' }));
    expect(list.json<ResourcePage>().items.map((item) => item.id)).not.toContain(notification!.id);
    const page = await api().get(path('api.notifications.page'));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ items: { id: number }[] }>().items.map((item) => item.id)).not.toContain(notification!.id);
    expect((await post(t.admin, 'api.notifications.mark_seen', { ids: [notification!.id] })).json()).toEqual({
      updated: 0,
    });
  });
});
