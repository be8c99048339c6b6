import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResource } from '../../../src/server/engine/server-resource';
import { serverHooks } from '../../../src/server/resources/registry';
import type { AuditPage } from '../../../src/shared/resources/audit';
import type { ResourcePage, ResourceRecord } from '../../../src/shared/resources/resource';
import type { TicketComment, TicketTimeTotals } from '../../../src/shared/resources/ticket-record';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, createTestApp, logIn, useAdminApp, type LoggedIn, type TestApp } from '../../support/test-app';
import { logInWithProfile } from '../../support/test-users';

/** A ticket's own routes: comments, comment edit, clone, delete, sub-task toggle, time totals, and the read scope. */
const t = useAdminApp();
const ids = {} as Record<'todo' | 'doing' | 'house' | 'secret', number>;
let colleague: LoggedIn;
let outsider: LoggedIn;

const api = (who: LoggedIn = t.admin) => resourceRequests(t.app, who);
type TicketRoute =
  | 'api.tickets.comments'
  | 'api.tickets.edit_comment'
  | 'api.tickets.clone_ajax'
  | 'api.tickets.delete_ajax'
  | 'api.tickets.time_totals'
  | 'api.sub_tasks.toggle_done';
const send = (
  method: 'GET' | 'POST' | 'PUT',
  name: TicketRoute,
  id: number,
  who: LoggedIn = t.admin,
  payload?: object,
) => t.app.inject({ method, url: path(name, { id }), headers: authHeaders(who), payload });
const childUrl = (ticket: number, child: string) =>
  path('api.resource.children', { resource: 'tickets', id: ticket, child });
const addChild = async (ticket: number, child: string, values: Record<string, unknown>, who: LoggedIn = t.admin) => {
  const response = await api(who).post(child, values, childUrl(ticket, child));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ResourceRecord>();
};
const newTicket = async (name: string, values: Record<string, unknown> = {}) =>
  (await api().created('tickets', { name, project: ids.house, ...values })).id;
const ticket = async (id: number) =>
  (await api().get(path('api.resource.item', { resource: 'tickets', id }))).json<ResourceRecord>();
const comments = async (id: number, who: LoggedIn = t.admin) => {
  const response = await send('GET', 'api.tickets.comments', id, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TicketComment[]>();
};

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  // New tickets start in the first step.
  ids.todo = await created('etapes', { name: 'À faire' });
  ids.doing = await created('etapes', { name: 'En cours' });
  ids.house = await created('projet', { name: 'Rénovation maison Dupont' });
  // Confidential, and the outsider is attached to none of its missions: out of their sight.
  ids.secret = await created('projet', { name: 'Dossier confidentiel', status: 'confidential' });
  const permissions = [
    'projet.consult',
    'tickets.consult',
    'tickets.modify',
    'tickets.add',
    'tickets.delete',
    'tickets-sous-taches.add',
    'tickets-sous-taches.modify',
    'tickets-commentaires.consult',
    'tickets-commentaires.add',
    'tickets-commentaires.modify',
    'tickets-temps.consult',
  ];
  colleague = await logInWithProfile(t, { email: 'collegue@exemple.fr', permissions });
  outsider = await logInWithProfile(t, { email: 'exterieur@exemple.fr', permissions });
});

describe('a ticket’s comments', () => {
  it('are listed newest first with their authors, and edited by their author or an administrator only', async () => {
    const id = await newTicket('Relancer le devis');
    const first = await addChild(id, 'tickets-commentaires', { comment: 'Devis demandé au couvreur.' });
    const second = await addChild(id, 'tickets-commentaires', { comment: 'Relance faite.' }, colleague);

    expect((await comments(id)).map(({ comment, authorName }) => [comment, authorName])).toEqual([
      ['Relance faite.', 'collegue@exemple.fr'],
      ['Devis demandé au couvreur.', 'Principal Administrateur'],
    ]);

    // The colleague may not edit the administrator's comment: a French 403, nothing changed.
    const refused = await send('POST', 'api.tickets.edit_comment', first.id, colleague, { comment: 'Effacé' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Seul l'auteur du commentaire ou un administrateur peut le modifier.");

    // Its author may (PUT or POST), and so may an administrator.
    const own = await send('PUT', 'api.tickets.edit_comment', second.id, colleague, { comment: 'Relance faite le 3.' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: second.id,
      comment: 'Relance faite le 3.',
      authorName: 'collegue@exemple.fr',
    });
    const byAdmin = await send('POST', 'api.tickets.edit_comment', second.id, t.admin, { comment: 'Relance faite.' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const empty = await send('POST', 'api.tickets.edit_comment', first.id, t.admin, { comment: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ comment: 'Ce champ est obligatoire.' });

    expect((await comments(id)).map(({ comment }) => comment)).toEqual([
      'Relance faite.',
      'Devis demandé au couvreur.',
    ]);
    // Each edit is a line of the ticket's history.
    const history = (await api().get(path('api.resource.history', { resource: 'tickets', id }))).json<AuditPage>();
    expect(history.entries.slice(0, 2).map((entry) => entry.changes[0])).toMatchObject([
      { field: 'tickets-commentaires', before: 'Relance faite le 3.', after: 'Relance faite.' },
      { field: 'tickets-commentaires', before: 'Relance faite.', after: 'Relance faite le 3.' },
    ]);
    // The ticket's deletion takes every comment with it, whoever deletes it.
    expect((await send('POST', 'api.tickets.delete_ajax', id, colleague)).statusCode).toBe(200);
  });
});

describe('a ticket cloned', () => {
  it('is a copy named "(copie)", in the first step, with its sub-tasks to do', async () => {
    const id = await newTicket('Changer la chaudière', { estimate: 90, color: '#ff0000', showOnDashboard: true });
    await addChild(id, 'tickets-sous-taches', { text: 'Demander trois devis', done: true });
    await addChild(id, 'tickets-sous-taches', { text: 'Choisir l’installateur', done: false });
    await addChild(id, 'tickets-commentaires', { comment: 'Pas copié.' });

    const response = await send('POST', 'api.tickets.clone_ajax', id);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<{ id: number }>().id;
    expect(copy).not.toBe(id);
    expect(await ticket(copy)).toMatchObject({
      name: 'Changer la chaudière (copie)',
      project: ids.house,
      estimate: 90,
      color: '#ff0000',
      showOnDashboard: true,
      step: ids.todo,
      status: 'in_progress',
    });
    const subTasks = (await api().get(childUrl(copy, 'tickets-sous-taches'))).json<ResourcePage>();
    expect(subTasks.items.map(({ text, done }) => [text, done])).toEqual([
      ['Demander trois devis', false],
      ['Choisir l’installateur', false],
    ]);
    expect(await comments(copy)).toEqual([]);
  });
});

describe('a ticket deleted from its modal or the board', () => {
  it('is soft-deleted with its children, and its project’s history says so', async () => {
    const id = await newTicket('Ticket à supprimer');
    await addChild(id, 'tickets-sous-taches', { text: 'Une étape' });
    await addChild(id, 'tickets-commentaires', { comment: 'Un commentaire' });

    const response = await send('POST', 'api.tickets.delete_ajax', id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id });
    expect((await api().get(path('api.resource.item', { resource: 'tickets', id }))).statusCode).toBe(404);
    expect((await send('PUT', 'api.tickets.delete_ajax', id)).statusCode).toBe(404);
    const history = (
      await api().get(path('api.resource.history', { resource: 'projet', id: ids.house }))
    ).json<AuditPage>();
    expect(history.entries[0]?.changes).toEqual([{ field: 'tickets', before: 'Ticket à supprimer', after: null }]);
  });

  it('is refused while another ticket names it as its linked task, its children kept', async () => {
    const id = await newTicket('Commander la chaudière');
    await addChild(id, 'tickets-sous-taches', { text: 'Choisir le modèle' });
    const blocked = await newTicket('Poser la chaudière', { linkedTicket: id, blockingType: 'blocked_by' });

    const response = await send('POST', 'api.tickets.delete_ajax', id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^L'élément que vous tentez de supprimer est lié/);
    // Nothing deleted, its sub-task included.
    const subTasks = (await api().get(childUrl(id, 'tickets-sous-taches'))).json<ResourcePage>();
    expect(subTasks.items.map(({ text }) => text)).toEqual(['Choisir le modèle']);
    expect((await ticket(blocked)).linkedTicket).toBe(id);
  });
});

describe('a sub-task', () => {
  it('is ticked and unticked through toggle-fait, in its ticket’s history', async () => {
    const id = await newTicket('Poser les radiateurs');
    const subTask = await addChild(id, 'tickets-sous-taches', { text: 'Commander les radiateurs' });
    expect(subTask.done).toBe(false);

    const ticked = await send('POST', 'api.sub_tasks.toggle_done', subTask.id, colleague);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ id: subTask.id, text: 'Commander les radiateurs', done: true });
    const unticked = await send('POST', 'api.sub_tasks.toggle_done', subTask.id);
    expect(unticked.json()).toMatchObject({ id: subTask.id, done: false });

    const history = (await api().get(path('api.resource.history', { resource: 'tickets', id }))).json<AuditPage>();
    expect(history.entries.slice(0, 2).map((entry) => entry.changes[0])).toMatchObject([
      { field: 'tickets-sous-taches', before: 'Commander les radiateurs', after: 'Commander les radiateurs' },
      { field: 'tickets-sous-taches', before: 'Commander les radiateurs', after: 'Commander les radiateurs' },
    ]);
    expect((await send('POST', 'api.sub_tasks.toggle_done', 999999)).statusCode).toBe(404);
  });
});

describe('a ticket’s time', () => {
  it('sums its entries, in all and by user, and what remains of its estimate', async () => {
    const id = await newTicket('Audit énergétique', { estimate: 240 });
    const [admin, other] = [t.admin.session.user.id, colleague.session.user.id];
    const entry = (user: number, workedMinutes: number, workedOn: string) =>
      addChild(id, 'tickets-temps', { description: 'Visite', workedMinutes, workedOn, user });
    await entry(admin, 45, '2026-03-02');
    await entry(other, 30, '2026-03-03');
    await entry(admin, 75, '2026-03-04');
    const removed = await entry(other, 500, '2026-03-05');
    const deleted = await t.app.inject({
      method: 'POST',
      url: path('api.resource.child_delete', { resource: 'tickets', id, child: 'tickets-temps', childId: removed.id }),
      headers: authHeaders(t.admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const totals = async (ticketId: number) => {
      const response = await send('GET', 'api.tickets.time_totals', ticketId);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TicketTimeTotals>();
    };
    // 45 + 75 by the administrator, 30 by the colleague (the deleted 500 no longer counts): 150 of 240.
    expect(await totals(id)).toEqual({
      estimate: 240,
      spent: 150,
      remaining: 90,
      byUser: [
        { user: admin, name: 'Principal Administrateur', minutes: 120 },
        { user: other, name: 'collegue@exemple.fr', minutes: 30 },
      ],
    });

    // Over the estimate, nothing remains; without an estimate, nothing either.
    await entry(other, 120, '2026-03-06');
    expect(await totals(id)).toMatchObject({ estimate: 240, spent: 270, remaining: 0 });
    const unestimated = await newTicket('Sans estimation');
    expect(await totals(unestimated)).toEqual({ estimate: null, spent: 0, remaining: 0, byUser: [] });
  });
});

describe('a ticket of a confidential project', () => {
  it('is, to an outsider, as missing as a ticket that does not exist, on every route', async () => {
    const id = (await api().created('tickets', { name: 'Ticket confidentiel', project: ids.secret, estimate: 60 })).id;
    const comment = await addChild(id, 'tickets-commentaires', { comment: 'Secret' });
    const subTask = await addChild(id, 'tickets-sous-taches', { text: 'Secret aussi' });
    const requests: [string, () => ReturnType<typeof send>][] = [
      ['comments', () => send('GET', 'api.tickets.comments', id, outsider)],
      ['edit comment', () => send('POST', 'api.tickets.edit_comment', comment.id, outsider, { comment: 'Vu' })],
      ['clone', () => send('POST', 'api.tickets.clone_ajax', id, outsider)],
      ['delete', () => send('POST', 'api.tickets.delete_ajax', id, outsider)],
      ['time', () => send('GET', 'api.tickets.time_totals', id, outsider)],
      ['sub-task', () => send('POST', 'api.sub_tasks.toggle_done', subTask.id, outsider)],
    ];
    for (const [what, request] of requests) {
      const response = await request();
      expect([what, response.statusCode]).toEqual([what, 404]);
    }
    // Nothing changed: the ticket, its comment and sub-task as they were, and no copy made.
    expect(await ticket(id)).toMatchObject({ name: 'Ticket confidentiel' });
    expect((await comments(id)).map(({ comment: text }) => text)).toEqual(['Secret']);
    const subTasks = (await api().get(childUrl(id, 'tickets-sous-taches'))).json<ResourcePage>();
    expect(subTasks.items.map(({ done }) => done)).toEqual([false]);
    const copies = (
      await api().get(path('api.resource.collection', { resource: 'tickets', q: 'Ticket confidentiel (copie)' }))
    ).json<ResourcePage>();
    expect(copies.total).toBe(0);
    // A ticket that does not exist answers the same.
    expect((await send('GET', 'api.tickets.time_totals', 999999, outsider)).statusCode).toBe(404);
  });
});

describe('a ticket’s write the server does not expect to fail', () => {
  // Sub-tasks and tickets whose rules throw a plain error (a bug, the database gone): the spec's generic ticket errors.
  const failing = (slug: string, fails: (values: Record<string, unknown>) => boolean): ServerResource => ({
    ...serverHooks(slug),
    async beforeChange(tx, records, actor) {
      if (records.some(({ values }) => fails(values))) throw new Error('unexpected failure');
      return (await serverHooks(slug).beforeChange?.(tx, records, actor)) ?? records.map(() => null);
    },
  });
  let failingApp: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    failingApp = await createTestApp(undefined, {
      hooksOf: (slug) =>
        slug === 'tickets-sous-taches'
          ? failing(slug, (values) => values.done === true)
          : slug === 'tickets'
            ? failing(slug, (values) => String(values.name).endsWith('(copie)'))
            : serverHooks(slug),
    });
    admin = await logIn(failingApp.app);
  });
  afterAll(() => failingApp.close());

  it('answers a 500 with its French message, nothing written', async () => {
    const requests = resourceRequests(failingApp.app, admin);
    await requests.created('etapes', { name: 'À faire' });
    const project = (await requests.created('projet', { name: 'Maison Martin' })).id;
    const id = (await requests.created('tickets', { name: 'Isoler les combles', project })).id;
    const subTask = await requests.post(
      'tickets-sous-taches',
      { text: 'Mesurer' },
      childUrl(id, 'tickets-sous-taches'),
    );
    expect(subTask.statusCode, subTask.body).toBe(201);
    const inject = (method: 'POST' | 'GET', url: string) =>
      failingApp.app.inject({ method, url, headers: authHeaders(admin) });

    const toggled = await inject('POST', path('api.sub_tasks.toggle_done', { id: subTask.json<ResourceRecord>().id }));
    expect(toggled.statusCode).toBe(500);
    expect(toggled.json().message).toBe('Une erreur est survenue lors de la modification de la sous-tâche.');
    const cloned = await inject('POST', path('api.tickets.clone_ajax', { id }));
    expect(cloned.statusCode).toBe(500);
    expect(cloned.json().message).toBe('Une erreur est survenue lors de la duplication du ticket.');

    const list = (await inject('GET', path('api.resource.collection', { resource: 'tickets' }))).json<ResourcePage>();
    expect(list.items.map(({ name }) => name)).toEqual(['Isoler les combles']);
    const subTasks = (await inject('GET', childUrl(id, 'tickets-sous-taches'))).json<ResourcePage>();
    expect(subTasks.items.map(({ done }) => done)).toEqual([false]);
  });
});
