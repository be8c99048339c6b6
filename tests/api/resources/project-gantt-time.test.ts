import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../../src/server/clock';
import type { ProjectGantt, TemplateApplied, TimeReport } from '../../../src/shared/resources/project-tickets';
import type { ResourceRecordView } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../../support/test-app';
import { logInWithProfile } from '../../support/test-users';

/**
 * The project page's ticket panels (spec 2.1): the gantt's bars and links, the time report's sums
 * and export, and a task template applied to a project; a hidden project answers as a missing one.
 */
const t = useAdminApp();
const ids = {} as Record<
  'first' | 'second' | 'visit' | 'writing' | 'main' | 'secret' | 'diagnosis' | 'quote' | 'works' | 'template',
  number
>;
let reader: LoggedIn;
const api = () => resourceRequests(t.app, t.admin);
const get = (url: string, who: LoggedIn = t.admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(who) });
const sql = (query: string) => t.database.db.execute(query);
const notFound = {
  statusCode: 404,
  code: 'errors.not_found',
  message: "L'élément demandé n'existe pas ou a été supprimé.",
};

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  // Sees the projects that are not confidential (no mission limits them), and no more.
  reader = await logInWithProfile(t, {
    email: 'lectrice@exemple.fr',
    permissions: [
      'projet.consult',
      'projet.other',
      'tickets.consult',
      'tickets-temps.consult',
      'template-tache.consult',
      'tickets.add',
    ],
  });
  await sql(`update users set last_name = 'Martin', first_name = 'Alice' where id = ${t.admin.session.user.id}`);
  await sql(`update users set last_name = 'Bernard', first_name = 'Paul' where id = ${reader.session.user.id}`);
  ids.first = await created('etapes', { name: 'À faire' });
  ids.second = await created('etapes', { name: 'En cours' });
  ids.visit = await created('types-tache', { name: 'Visite' });
  ids.writing = await created('types-tache', { name: 'Rédaction' });
  ids.main = await created('projet', { name: 'Maison Dupont' });
  ids.secret = await created('projet', { name: 'Dossier secret', status: 'confidential' });
  const ticket = (values: Record<string, unknown>) => created('tickets', { project: ids.main, ...values });
  ids.quote = await ticket({ name: 'Devis', estimate: 60, taskType: ids.writing });
  // Diagnostic blocks Devis: Devis depends on it.
  ids.diagnosis = await ticket({
    name: 'Diagnostic',
    estimate: 120,
    taskType: ids.visit,
    color: '#e03131',
    deadline: '2026-03-10',
    linkedTicket: ids.quote,
    blockingType: 'blocks',
  });
  // Travaux is blocked by Diagnostic: it depends on it too.
  ids.works = await ticket({
    name: 'Travaux',
    deadline: '2026-04-30',
    linkedTicket: ids.diagnosis,
    blockingType: 'blocked_by',
  });
  const secretTicket = await created('tickets', { project: ids.secret, name: 'Confidentiel', estimate: 999 });
  // Their creation days, a later step and a finished ticket: what the board's moves would have set.
  await sql(`update tickets set created_at = '2026-03-02T09:00:00Z' where id = ${ids.diagnosis}`);
  await sql(`update tickets set created_at = '2026-03-05T09:00:00Z' where id = ${ids.quote}`);
  await sql(
    `update tickets set created_at = '2026-03-01T09:00:00Z', step = ${ids.second}, finished_at = now() where id = ${ids.works}`,
  );
  for (const [text, done] of [
    ['Métrés', true],
    ['Chiffrage', false],
    ['Relecture', false],
    ['Envoi', false],
  ] as const) {
    await created('tickets-sous-taches', { ticket: ids.quote, text, done });
  }
  const alice = t.admin.session.user.id;
  const paul = reader.session.user.id;
  for (const [ticketId, workedMinutes, workedOn, user] of [
    [ids.diagnosis, 90, '2026-03-03', alice],
    [ids.quote, 30, '2026-03-20', alice],
    [ids.diagnosis, 45, '2026-04-02', paul],
    [ids.works, 100, '2026-04-10', paul],
    [secretTicket, 500, '2026-04-10', alice],
  ] as const) {
    await created('tickets-temps', { ticket: ticketId, description: 'Travail', workedMinutes, workedOn, user });
  }
  // A deleted entry counts for nothing.
  const deleted = await created('tickets-temps', {
    ticket: ids.quote,
    description: 'Erreur de saisie',
    workedMinutes: 600,
    workedOn: '2026-03-21',
    user: alice,
  });
  const deletion = await t.app.inject({
    method: 'POST',
    url: path('api.resource.delete', { resource: 'tickets-temps', id: deleted }),
    headers: authHeaders(t.admin),
  });
  expect(deletion.statusCode, deletion.body).toBeLessThan(300);
});

describe('the project’s gantt', () => {
  it('answers its tickets as bars by step then start, with their progress and blocking links', async () => {
    const response = await get(path('api.projects.gantt', { projet: ids.main }));
    expect(response.statusCode, response.body).toBe(200);
    const first = { id: ids.first, name: 'À faire', position: 0 };
    expect(response.json<ProjectGantt>().tasks).toEqual([
      {
        id: ids.diagnosis,
        name: 'Diagnostic',
        step: first,
        start: '2026-03-02',
        end: '2026-03-10',
        progress: 0,
        color: '#e03131',
        dependencies: [],
      },
      {
        id: ids.quote,
        name: 'Devis',
        step: first,
        start: '2026-03-05',
        // No deadline: one day long.
        end: '2026-03-06',
        progress: 25,
        color: '',
        dependencies: [ids.diagnosis],
      },
      {
        id: ids.works,
        name: 'Travaux',
        step: { id: ids.second, name: 'En cours', position: 1 },
        start: '2026-03-01',
        end: '2026-04-30',
        progress: 100,
        color: '',
        dependencies: [ids.diagnosis],
      },
    ]);
  });

  it('answers a project the reader may not see exactly as a missing one', async () => {
    expect((await get(path('api.projects.gantt', { projet: ids.secret }))).statusCode).toBe(200);
    for (const projet of [ids.secret, 999999]) {
      const response = await get(path('api.projects.gantt', { projet }), reader);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
      const time = await get(path('api.projects.time_report', { projet }), reader);
      expect(time.json()).toEqual(notFound);
    }
    expect((await get(path('api.projects.gantt', { projet: ids.main }), reader)).statusCode).toBe(200);
  });
});

describe('the project’s time report', () => {
  it('sums the time per user, task type and month, and the estimate against the time spent', async () => {
    const response = await get(path('api.projects.time_report', { projet: ids.main }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TimeReport>()).toEqual({
      totals: { estimate: 180, spent: 265 },
      byUser: [
        { id: reader.session.user.id, name: 'Bernard Paul', minutes: 145 },
        { id: t.admin.session.user.id, name: 'Martin Alice', minutes: 120 },
      ],
      byTaskType: [
        { id: ids.visit, name: 'Visite', minutes: 135 },
        { id: null, name: null, minutes: 100 },
        { id: ids.writing, name: 'Rédaction', minutes: 30 },
      ],
      byMonth: [
        { month: '2026-03', minutes: 120 },
        { month: '2026-04', minutes: 145 },
      ],
      tickets: [
        { id: ids.quote, name: 'Devis', estimate: 60, spent: 30 },
        { id: ids.diagnosis, name: 'Diagnostic', estimate: 120, spent: 135 },
        { id: ids.works, name: 'Travaux', estimate: null, spent: 100 },
      ],
    });
  });

  it('exports the tickets’ table as CSV (BOM, semicolons) or XLSX, for whoever may export projects', async () => {
    const csv = await get(`${path('api.projects.time_report', { projet: ids.main })}?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="temps-projet-${ids.main}.csv"`);
    expect(csv.body).toBe(
      '\uFEFFTicket;Estimation (minutes);Temps passé (minutes)\r\nDevis;60;30\r\nDiagnostic;120;135\r\nTravaux;;100\r\n',
    );
    const xlsx = await get(`${path('api.projects.time_report', { projet: ids.main })}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const unknown = await get(`${path('api.projects.time_report', { projet: ids.main })}?format=pdf`);
    expect(unknown.statusCode).toBe(400);
    // Checked by the route's contract before the handler: the format's own message, as a field error.
    expect(unknown.json().fieldErrors).toEqual({ format: "Ce format d'export n'existe pas." });
    const noExport = await logInWithProfile(t, {
      email: 'sans-export@exemple.fr',
      permissions: ['projet.consult', 'tickets.consult', 'tickets-temps.consult'],
    });
    const refused = await get(`${path('api.projects.time_report', { projet: ids.main })}?format=csv`, noExport);
    expect(refused.statusCode).toBe(403);
    expect((await get(path('api.projects.time_report', { projet: ids.main }), noExport)).statusCode).toBe(200);
  });
});

describe('a task template applied to a project', () => {
  const apply = (template: number, projet: number, who: LoggedIn = t.admin) =>
    t.app.inject({
      method: 'POST',
      url: path('api.task_templates.apply', { id: template, projet }),
      headers: authHeaders(who),
    });

  beforeAll(async () => {
    ids.template = (
      await api().created('template-tache', {
        name: 'Rénovation',
        ticketColor: '#2f9e44',
        tasks: [
          { taskName: 'Visite initiale', taskType: ids.visit, dueIn: 3, dueUnit: 'days' },
          { taskName: 'Rapport', taskType: null, dueIn: 2, dueUnit: 'weeks' },
          { taskName: 'Bilan', taskType: ids.writing, dueIn: 1, dueUnit: 'months' },
        ],
      })
    ).id;
  });

  it('creates its prefilled tickets, due from today, in the template’s colour, in the first step', async () => {
    vi.spyOn(clock, 'now').mockReturnValue(new Date('2026-01-31T10:00:00Z'));
    const response = await apply(ids.template, ids.main);
    expect(response.statusCode, response.body).toBe(201);
    const { created } = response.json<TemplateApplied>();
    expect(created).toHaveLength(3);
    const records = await Promise.all(
      created.map(async (id) =>
        (await get(path('api.resource.item', { resource: 'tickets', id }))).json<ResourceRecordView>(),
      ),
    );
    expect(
      records.map(({ name, project, taskType, color, deadline, step, status }) => ({
        name,
        project,
        taskType,
        color,
        deadline,
        step,
        status,
      })),
    ).toEqual([
      {
        name: 'Visite initiale',
        project: ids.main,
        taskType: ids.visit,
        color: '#2f9e44',
        deadline: '2026-02-03',
        step: ids.first,
        status: 'in_progress',
      },
      {
        name: 'Rapport',
        project: ids.main,
        taskType: null,
        color: '#2f9e44',
        deadline: '2026-02-14',
        step: ids.first,
        status: 'in_progress',
      },
      {
        // 31 January + 1 month: the last day of February.
        name: 'Bilan',
        project: ids.main,
        taskType: ids.writing,
        color: '#2f9e44',
        deadline: '2026-02-28',
        step: ids.first,
        status: 'in_progress',
      },
    ]);
    // They are bars of the gantt.
    const gantt = (await get(path('api.projects.gantt', { projet: ids.main }))).json<ProjectGantt>();
    expect(gantt.tasks.map((task) => task.name)).toEqual(expect.arrayContaining(['Visite initiale', 'Bilan']));
  });

  it('refuses a hidden project as a missing one, and a user who may not create tickets', async () => {
    const count = async () =>
      (await get(path('api.projects.gantt', { projet: ids.secret }))).json<ProjectGantt>().tasks.length;
    const before = await count();
    for (const projet of [ids.secret, 999999]) {
      const response = await apply(ids.template, projet, reader);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await apply(999999, ids.main, reader)).statusCode).toBe(404);
    const noCreate = await logInWithProfile(t, {
      email: 'sans-creation@exemple.fr',
      permissions: ['projet.consult', 'template-tache.consult', 'tickets.consult'],
    });
    const refused = await apply(ids.template, ids.main, noCreate);
    expect(refused.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
