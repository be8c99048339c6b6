import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../src/shared/resources/audit';
import type { ResourcePage } from '../../../src/shared/resources/resource';
import type { Board, BoardCard } from '../../../src/shared/resources/ticket-board';
import { path, type RouteName } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../../support/test-app';
import { logInWithProfile } from '../../support/test-users';

/** The tickets' board (spec 2.3, 4): cards in their columns, moves along the workflow, transitions, positions, statuses. */
const t = useAdminApp();
const step = {} as Record<'todo' | 'doing' | 'review' | 'done', number>;
const project = {} as Record<'house' | 'secret', number>;
let adviser: LoggedIn;
let outsider: LoggedIn;

const api = (who: LoggedIn = t.admin) => resourceRequests(t.app, who);
const send = (
  method: 'GET' | 'POST',
  name: RouteName,
  params: Record<string, string | number>,
  payload?: object,
  who = t.admin,
) =>
  t.app.inject({
    method,
    url: path(name, params as never),
    headers: authHeaders(who),
    ...(payload ? { payload } : {}),
  });
const board = async (query: Record<string, string | number> = {}, who = t.admin) => {
  const response = await send('GET', 'api.tickets.board', query, undefined, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Board>();
};
/** Each column's card names, in order: what an adviser sees. */
const columns = async (query: Record<string, string | number> = { projet: project.house }, who = t.admin) => {
  const { cards } = await board(query, who);
  return Object.fromEntries(
    Object.entries(step).map(([name, id]) => [name, cards.filter((card) => card.step === id).map((card) => card.name)]),
  );
};
const ticket = async (name: string, values: Record<string, unknown> = {}) =>
  (await api().created('tickets', { name, project: project.house, ...values })).id;
const move = (ticketId: number, to: number, before: number | null = null, who = t.admin) =>
  send('POST', 'api.tickets.move', {}, { ticket: ticketId, step: to, before }, who);

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  step.todo = await created('etapes', { name: 'À faire' });
  step.doing = await created('etapes', { name: 'En cours' });
  step.review = await created('etapes', { name: 'Validation' });
  step.done = await created('etapes', { name: 'Terminé', done: true });
  // To do → doing → review (asking the amount) → done; review may go back to doing.
  await api().put('etapes', step.todo, { name: 'À faire', reachableSteps: [step.doing] });
  await api().put('etapes', step.doing, {
    name: 'En cours',
    reachableSteps: [step.review],
    transitions: [
      {
        target: step.review,
        characteristics: [
          { characteristicName: 'Montant', characteristicType: 'number' },
          { characteristicName: 'Avis', characteristicType: 'choice', characteristicOptions: 'favorable, défavorable' },
        ],
      },
    ],
  });
  await api().put('etapes', step.review, { name: 'Validation', reachableSteps: [step.doing, step.done] });
  const owner = await created('individus', { lastName: 'Dupont', firstName: 'Marie' });
  const builder = await created('structures', { name: 'Atelier Vert' });
  project.house = await created('projet', { name: 'Maison Dupont', ownerIndividual: owner, ownerStructure: builder });
  project.secret = await created('projet', { name: 'Dossier confidentiel', status: 'confidential' });
  adviser = await logInWithProfile(t, {
    email: 'conseiller@exemple.fr',
    permissions: ['tickets.consult', 'tickets.modify', 'tickets.add', 'tickets-transitions.consult', 'projet.consult'],
  });
  outsider = await logInWithProfile(t, {
    email: 'observateur@exemple.fr',
    permissions: ['tickets.consult', 'projet.consult'],
  });
});

describe('the board', () => {
  it('starts a new ticket in the first step, at the end of its column, white', async () => {
    await ticket('Visite technique');
    await ticket('Devis isolation', { deadline: '2099-01-01' });
    expect(await columns()).toEqual({ todo: ['Visite technique', 'Devis isolation'], doing: [], review: [], done: [] });
    const { columns: steps, cards } = await board({ projet: project.house });
    expect(steps.map((column) => column.name)).toEqual(['À faire', 'En cours', 'Validation', 'Terminé']);
    expect(steps[1]).toMatchObject({ reachableSteps: [step.review], transitionsAsking: [step.review] });
    expect(cards[1]).toMatchObject({ name: 'Devis isolation', status: 'in_progress', deadline: '2099-01-01' });
    expect(cards[1]!.project).toEqual({
      id: project.house,
      title: 'Maison Dupont',
      owner: 'Dupont Marie — Atelier Vert',
    });
    // The project's owner also comes with the tickets' export, after their fields.
    const csv = await api().get(path('api.resource.export', { resource: 'tickets', format: 'csv' }));
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const row = rows.find((line) => line.startsWith('Visite technique;'))!.split(';');
    expect(row[header!.split(';').indexOf('Porteur du projet')]).toBe('Dupont Marie — Atelier Vert');
    // A ticket is an intervention on its project.
    const house = await api().get(path('api.resource.item', { resource: 'projet', id: project.house }));
    expect(house.json().lastInterventionDate).toBe(new Date().toISOString().slice(0, 10));
  });

  it('moves a card to a reachable step, before another card, and refuses an unreachable one in French', async () => {
    const first = await ticket('Audit énergétique');
    const second = await ticket('Dossier MaPrimeRénov');
    expect((await move(second, step.doing)).statusCode).toBe(200);
    const moved = await move(first, step.doing, second);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ card: BoardCard }>().card).toMatchObject({ name: 'Audit énergétique', step: step.doing });
    expect((await columns()).doing).toEqual(['Audit énergétique', 'Dossier MaPrimeRénov']);

    const refused = await move(first, step.done);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Le ticket ne peut pas passer de l'étape « En cours » à l'étape « Terminé ».");
    expect((await columns()).doing).toEqual(['Audit énergétique', 'Dossier MaPrimeRénov']);
  });

  it('asks the transition’s characteristics, records them, and finishes a ticket entering the finished step', async () => {
    const id = await ticket('Rapport final');
    await move(id, step.doing);
    const asked = await move(id, step.review);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().transition).toEqual({
      from: step.doing,
      to: step.review,
      characteristics: [
        { name: 'Montant', type: 'number', options: [] },
        { name: 'Avis', type: 'choice', options: ['favorable', 'défavorable'] },
      ],
    });
    const form = await send('GET', 'api.tickets.load_transition', { ticket: id, etape: step.review });
    expect(form.json()).toEqual(asked.json().transition);

    const transition = { ticket: id, step: step.review, before: null };
    const wrong = await send(
      'POST',
      'api.tickets.add_transition',
      {},
      { ...transition, characteristics: { Montant: 'beaucoup', Avis: 'peut-être' } },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({
      'characteristics.Montant': 'Saisissez un nombre.',
      'characteristics.Avis': expect.any(String),
    });
    const recorded = await send(
      'POST',
      'api.tickets.add_transition',
      {},
      { ...transition, characteristics: { Montant: '1200', Avis: 'favorable' } },
    );
    expect(recorded.statusCode, recorded.body).toBe(200);

    const finished = await move(id, step.done);
    expect(finished.json<{ card: BoardCard }>().card).toMatchObject({ step: step.done, status: 'done' });
    const record = (await api().get(path('api.resource.item', { resource: 'tickets', id }))).json();
    expect(record.finishedAt).not.toBeNull();

    const transitions = (
      await api().get(
        path('api.resource.children', {
          resource: 'tickets',
          id,
          child: 'tickets-transitions',
          tri: 'createdAt',
          ordre: 'asc',
        }),
      )
    ).json<ResourcePage>();
    expect(transitions.items.map((item) => [item.fromStep, item.toStep, item.characteristics])).toEqual([
      [step.todo, step.doing, []],
      [
        step.doing,
        step.review,
        [
          { characteristicName: 'Montant', value: '1200' },
          { characteristicName: 'Avis', value: 'favorable' },
        ],
      ],
      [step.review, step.done, []],
    ]);
    const history = (await api().get(path('api.resource.history', { resource: 'tickets', id }))).json<AuditPage>();
    expect(history.entries[0]!.changes).toEqual([
      { field: 'step', before: step.review, after: step.done },
      { field: 'status', before: 'in_progress', after: 'done' },
    ]);
  });

  it('changes a status only with a comment, and shows orange a ticket whose deadline is near', async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const id = await ticket('Relance artisan', { deadline: soon });
    expect((await send('GET', 'api.tickets.card', { id })).json<BoardCard>().status).toBe('blocked');
    const calm = await ticket('Classement');
    const silent = await send('POST', 'api.tickets.change_status', { id: calm }, { status: 'blocked', comment: ' ' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().fieldErrors).toEqual({ comment: 'Un commentaire est obligatoire pour changer le statut.' });
    const blocked = await send(
      'POST',
      'api.tickets.change_status',
      { id: calm },
      { status: 'blocked', comment: 'En attente du devis' },
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json<BoardCard>().status).toBe('blocked');
    expect((await board({ projet: project.house, statut: 'blocked' })).cards.map((card) => card.name)).toEqual([
      'Relance artisan',
      'Classement',
    ]);
  });

  it('turns orange as many days before the deadline as the configuration says', async () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const id = await ticket('Dépôt du dossier', { deadline: inThreeDays });
    const settings = path('api.configuration.tickets');
    const put = (deadlineWarningDays: number) =>
      t.app.inject({ method: 'PUT', url: settings, headers: authHeaders(t.admin), payload: { deadlineWarningDays } });
    const refused = await put(400);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ deadlineWarningDays: 'Indiquez un nombre de jours entre 0 et 365.' });
    expect((await put(2)).statusCode).toBe(200);
    expect((await send('GET', 'api.tickets.card', { id })).json<BoardCard>().status).toBe('in_progress');
    expect((await put(3)).statusCode).toBe(200);
    expect((await send('GET', 'api.tickets.card', { id })).json<BoardCard>().status).toBe('blocked');
  });

  it('refuses a deadline range whose start is after its end', async () => {
    const response = await send('GET', 'api.tickets.board', { echeanceDu: '2026-12-31', echeanceAu: '2026-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      echeanceAu: 'La date de début doit être antérieure à la date de fin.',
    });
  });
});

describe('two advisers on one board', () => {
  it('lose no card and no move, whatever the interleaving: one column each, one order for everyone', async () => {
    const ids = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ticket(`Carte ${name}`, { project: project.house })),
    );
    // Both advisers drop cards into "En cours" at once, each before a card the other may be moving.
    await Promise.all([
      ...ids.slice(0, 3).map((id, index) => move(id, step.doing, index === 0 ? null : ids[index - 1]!, adviser)),
      ...ids.slice(3).map((id, index) => move(id, step.doing, ids[index]!, t.admin)),
      send('POST', 'api.tickets.save_positions', {}, { step: step.doing, tickets: [...ids].reverse() }, adviser),
    ]);
    const seenByAdmin = await columns();
    const seenByAdviser = await columns({ projet: project.house }, adviser);
    expect(seenByAdviser).toEqual(seenByAdmin);
    const placed = Object.values(seenByAdmin).flat();
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F'])
      expect(placed.filter((card) => card === `Carte ${name}`)).toHaveLength(1);
    expect(seenByAdmin.doing!.filter((name) => name.startsWith('Carte'))).toHaveLength(6);
  });

  it('saves a column’s order as an adviser left it', async () => {
    const { cards } = await board({ projet: project.house });
    const todo = cards.filter((card) => card.step === step.todo).map((card) => card.id);
    const reversed = [...todo].reverse();
    expect(
      (await send('POST', 'api.tickets.save_positions', {}, { step: step.todo, tickets: reversed })).statusCode,
    ).toBe(200);
    expect(
      (await board({ projet: project.house })).cards.filter((card) => card.step === step.todo).map((card) => card.id),
    ).toEqual(reversed);
  });
});

describe('meetings', () => {
  it('are on the kanban and ahead in the project’s history only when their type says so', async () => {
    const created = async (values: Record<string, unknown>) => (await api().created('types-reunion', values)).id;
    const site = await created({ name: 'Visite de chantier', onKanban: true, upcomingInHistory: true });
    const internal = await created({ name: 'Réunion interne', onKanban: false, upcomingInHistory: false });
    const owned = (await api().created('projet', { name: 'Maison Petit' })).id;
    // Whole seconds from one moment, so the expected time is the one sent.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const meeting = async (name: string, meetingType: number, days: number) =>
      (await api().created('tickets', { name, project: owned, meetingType, meetingAt: at(days) })).id;
    await meeting('Visite des combles', site, 3);
    await meeting('Point d’équipe', internal, 2);
    await meeting('Visite passée', site, -3);
    await api().created('tickets', { name: 'Devis à relancer', project: owned });

    const { cards } = await board({ projet: owned });
    expect(cards.map((card) => [card.name, card.meeting?.type ?? null])).toEqual([
      ['Visite des combles', 'Visite de chantier'],
      ['Visite passée', 'Visite de chantier'],
      ['Devis à relancer', null],
    ]);
    const upcoming = await send('GET', 'api.projects.upcoming_meetings', { projet: owned });
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    expect(upcoming.json()).toEqual([
      {
        ticket: { id: expect.any(Number), name: 'Visite des combles' },
        type: 'Visite de chantier',
        at: at(3).replace('.000Z', 'Z'),
      },
    ]);
    expect(
      (await send('GET', 'api.projects.upcoming_meetings', { projet: project.secret }, undefined, adviser)).statusCode,
    ).toBe(404);
  });
});

describe('the transitions’ histories', () => {
  it('list a project’s moves and status changes, newest first, and the latest on a structure’s projects', async () => {
    const structure = (await api().created('structures', { name: 'SCI Les Tilleuls', contactType: 'private' })).id;
    const owned = (await api().created('projet', { name: 'Immeuble des Tilleuls', ownerStructure: structure })).id;
    const id = (await api().created('tickets', { name: 'Diagnostic', project: owned })).id;
    await move(id, step.doing);
    await send('POST', 'api.tickets.change_status', { id }, { status: 'blocked', comment: 'Syndic injoignable' });
    const history = await send('GET', 'api.ticket_transitions.project_history', { projet: owned });
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json()
        .map((entry: Record<string, unknown>) => [entry.fromStep, entry.toStep, entry.toStatus, entry.comment]),
    ).toEqual([
      ['En cours', 'En cours', 'blocked', 'Syndic injoignable'],
      ['À faire', 'En cours', 'in_progress', ''],
    ]);
    const latest = await send('GET', 'api.ticket_transitions.latest_for_structure', { structure });
    // The structure's latest interactions (its page's panel): the ticket's two moves.
    expect(
      latest
        .json()
        .items.map((entry: { kind: string; ticket: { name: string } }) => `${entry.kind} ${entry.ticket.name}`),
    ).toEqual(['transition Diagnostic', 'transition Diagnostic']);
    expect(
      (await send('GET', 'api.ticket_transitions.project_history', { projet: project.secret }, undefined, adviser))
        .statusCode,
    ).toBe(404);
  });
});

describe('the trail of moves and status changes', () => {
  it("is the ticket's step and status by whoever changed them, never its place, and the project's only when the ticket warns it", async () => {
    const projectId = (await api().created('projet', { name: 'Maison Lambert' })).id;
    const quiet = (await api().created('tickets', { name: 'Relevé', project: projectId })).id;
    const warning = (await api().created('tickets', { name: 'Chantier', project: projectId, warnProject: true })).id;
    for (const id of [quiet, warning]) {
      expect((await move(id, step.doing)).statusCode).toBe(200);
      const blocked = await send('POST', 'api.tickets.change_status', { id }, { status: 'blocked', comment: 'Devis' });
      expect(blocked.statusCode, blocked.body).toBe(200);
    }
    // A place within its column: in no history.
    expect((await move(warning, step.doing, quiet)).statusCode).toBe(200);
    expect((await columns({ projet: projectId })).doing).toEqual(['Chantier', 'Relevé']);

    const historyOf = async (resource: string, id: number) =>
      (await api().get(path('api.resource.history', { resource, id }))).json<AuditPage>().entries;
    for (const id of [quiet, warning]) {
      expect(
        (await historyOf('tickets', id)).map(({ action, actorName, changes }) => ({ action, actorName, changes })),
      ).toEqual([
        {
          action: 'update',
          actorName: 'Principal Administrateur',
          changes: [{ field: 'status', before: 'in_progress', after: 'blocked' }],
        },
        {
          action: 'update',
          actorName: 'Principal Administrateur',
          changes: [{ field: 'step', before: step.todo, after: step.doing }],
        },
        expect.objectContaining({ action: 'create' }),
      ]);
    }
    const changed = (await historyOf('projet', projectId))
      .flatMap((entry) => entry.changes)
      .filter((change) => change.field === 'tickets' && change.before !== null);
    expect(changed).toEqual([
      // Each with its values before → after (a step by its name).
      {
        field: 'tickets',
        before: 'Chantier',
        after: 'Chantier',
        fields: ['status'],
        values: [{ field: 'status', before: 'in_progress', after: 'blocked' }],
      },
      {
        field: 'tickets',
        before: 'Chantier',
        after: 'Chantier',
        fields: ['step'],
        values: [{ field: 'step', before: 'À faire', after: 'En cours' }],
      },
    ]);
  });
});

describe('a ticket deleted', () => {
  it('takes its comments, sub-tasks and time with it, and leaves the board', async () => {
    const id = await ticket('Ticket à supprimer');
    const child = (slug: string) => path('api.resource.children', { resource: 'tickets', id, child: slug });
    expect(
      (await api().post('tickets-commentaires', { comment: 'Vu avec le porteur' }, child('tickets-commentaires')))
        .statusCode,
    ).toBe(201);
    expect(
      (await api().post('tickets-sous-taches', { text: 'Appeler', done: false }, child('tickets-sous-taches')))
        .statusCode,
    ).toBe(201);
    await move(id, step.doing);
    const deleted = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'tickets', id }),
      headers: authHeaders(t.admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const comments = await api().get(path('api.resource.collection', { resource: 'tickets-commentaires', ticket: id }));
    expect(comments.json<ResourcePage>().total).toBe(0);
    const subTasks = await api().get(path('api.resource.collection', { resource: 'tickets-sous-taches', ticket: id }));
    expect(subTasks.json<ResourcePage>().total).toBe(0);
    expect((await board({ projet: project.house })).cards.map((card) => card.name)).not.toContain('Ticket à supprimer');
  });
});

describe('confidentiality', () => {
  it('keeps the tickets of a project a user may not see off their board, card and moves', async () => {
    const hidden = await ticket('Ticket confidentiel', { project: project.secret });
    const version = (await send('GET', 'api.tickets.board_version', {}, undefined, outsider)).json().version;
    expect((await board({}, outsider)).cards.map((card) => card.name)).not.toContain('Ticket confidentiel');
    expect((await send('GET', 'api.tickets.card', { id: hidden }, undefined, outsider)).statusCode).toBe(404);
    expect((await move(hidden, step.doing, null, adviser)).statusCode).toBe(404);
    expect((await send('GET', 'api.tickets.board_version', {}, undefined, outsider)).json().version).toBe(version);
    expect((await board({})).cards.map((card) => card.name)).toContain('Ticket confidentiel');
  });

  it("keeps a user's board version still while only tickets they may not see change", async () => {
    const hidden = await ticket('Ticket confidentiel commenté', { project: project.secret });
    const child = (slug: string) => path('api.resource.children', { resource: 'tickets', id: hidden, child: slug });
    const version = async () =>
      (await send('GET', 'api.tickets.board_version', {}, undefined, outsider)).json().version;
    const before = await version();
    const comment = await api().post(
      'tickets-commentaires',
      { comment: 'Note interne' },
      child('tickets-commentaires'),
    );
    expect(comment.statusCode, comment.body).toBe(201);
    const subTask = await api().post(
      'tickets-sous-taches',
      { text: 'Vérifier', done: false },
      child('tickets-sous-taches'),
    );
    expect(subTask.statusCode, subTask.body).toBe(201);
    expect(await version()).toBe(before);
    // A change the user may see still changes it.
    await ticket('Ticket visible de tous');
    expect(await version()).not.toBe(before);
  });

  it('refuses a move to whoever may only consult tickets', async () => {
    const id = await ticket('Lecture seule');
    expect((await move(id, step.doing, null, outsider)).statusCode).toBe(403);
  });
});
