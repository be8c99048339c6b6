import { asc, gt, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { rowsOf } from '../../src/server/db/database';
import { auditEntries } from '../../src/server/db/schema';
import type { AuditChange, AuditPage } from '../../src/shared/resources/audit';
import type { TemplateApplied } from '../../src/shared/resources/project-tickets';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, untilJobsSettled, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * A ticket created by any of its four paths — the tickets' collection, the project's children route,
 * the board's clone and a task template applied to the project — goes through the same operations:
 * the same notifications (issue 25) and the same audit entries, whoever it names.
 */
const t = useAdminApp();
const ids = {} as Record<'project' | 'firstStep' | 'visit' | 'template' | 'source', number>;
const people = {} as Record<'adviser' | 'reader' | 'outsider', { who: LoggedIn; id: number }>;
const admin = () => t.admin.session.user.id;
const api = (who: LoggedIn) => resourceRequests(t.app, who);

/** Everyone by name, so that the expected notifications read as sentences. */
const nameOf = (id: number | null) =>
  id === admin() ? 'admin' : (Object.entries(people).find(([, person]) => person.id === id)?.[0] ?? `#${id}`);

/**
 * What one creation wrote, once the job queue has run what it queued: the tickets it created, every
 * audit entry and every notification written since it began.
 */
async function creation(create: () => Promise<number[]>) {
  const last = async (table: 'audit_entries' | 'notifications') =>
    (
      await rowsOf<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as id from ${sql.raw(table)}`)
    )[0]!.id;
  const [auditMark, notificationMark] = [await last('audit_entries'), await last('notifications')];
  const tickets = await create();
  await untilJobsSettled(t.database);
  const trail = await t.database.db
    .select({
      resource: auditEntries.resource,
      record: auditEntries.recordId,
      action: auditEntries.action,
      actor: auditEntries.actorId,
      changes: auditEntries.changes,
    })
    .from(auditEntries)
    .where(gt(auditEntries.id, auditMark))
    .orderBy(asc(auditEntries.id));
  const notifications = await rowsOf<{ user: number; kind: string; ticket: number; created_by: number | null }>(
    t.database.db,
    sql`select "user", kind, ticket, created_by from notifications where id > ${notificationMark} order by kind, "user"`,
  );
  return {
    tickets,
    trail,
    // "<who> <kind> by <actor>", about the path's first ticket, or naming the other one's id.
    told: notifications.map(
      (row) =>
        `${nameOf(row.user)} ${row.kind} by ${nameOf(row.created_by)}${row.ticket === tickets[0] ? '' : ` on #${row.ticket}`}`,
    ),
  };
}

const created = async (who: LoggedIn, slug: string, values: Record<string, unknown>) =>
  (await api(who).created(slug, values)).id;
const posted = async (url: string, payload?: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers: authHeaders(people.adviser.who), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number } & Partial<TemplateApplied>>();
};

/** The ticket every path creates, as its form (or its template's task) gives it. */
const ticketValues = () => ({
  name: 'Visite technique',
  taskType: ids.visit,
  color: '#2f9e44',
  deadline: '2036-03-02',
  attributions: [people.reader.id, people.outsider.id, people.adviser.id, admin()],
});

/**
 * The creation entry of the ticket, its declared fields none → value: the same for every path but
 * the values given here, the ones that legitimately differ: the clone's name, the attributions (none
 * on a template's tickets). Its place in its column is not of its history (an internal field).
 */
const createdTicket = ({ name, attributions }: { name: string; attributions: number[] }): AuditChange[] => [
  { field: 'name', before: null, after: name },
  { field: 'project', before: null, after: ids.project },
  { field: 'taskType', before: null, after: ids.visit },
  { field: 'color', before: null, after: '#2f9e44' },
  { field: 'step', before: null, after: ids.firstStep },
  { field: 'status', before: null, after: 'in_progress' },
  { field: 'deadline', before: null, after: '2036-03-02' },
  ...(attributions.length > 0 ? [{ field: 'attributions', before: null, after: attributions }] : []),
  { field: 'showOnKanban', before: null, after: true },
  { field: 'showOnDashboard', before: null, after: false },
  { field: 'warnProject', before: null, after: false },
  { field: 'addReferent', before: null, after: false },
];

beforeAll(async () => {
  const permissions = ['projet.consult', 'tickets.consult'];
  const adviserPermissions = [
    ...permissions,
    // The nested route writes under the project: its update too.
    'projet.modify',
    'tickets.add',
    'tickets-sous-taches.consult',
    'tickets-sous-taches.add',
    'template-tache.consult',
  ];
  for (const [name, granted] of [
    ['adviser', adviserPermissions],
    ['reader', permissions],
    ['outsider', permissions],
  ] as const) {
    const who = await logInWithProfile(t, { email: `${name}@exemple.fr`, permissions: [...granted] });
    people[name] = { who, id: who.session.user.id };
  }
  // New tickets start in the first step; no step notifies anyone.
  ids.firstStep = await created(t.admin, 'etapes', { name: 'À faire' });
  await created(t.admin, 'etapes', { name: 'En cours' });
  ids.visit = await created(t.admin, 'types-tache', { name: 'Visite' });
  // Confidential: the adviser and the reader are its referents (attached, they read it), the
  // outsider holds the same permissions but may not read it; the administrator reads every project.
  ids.project = await created(t.admin, 'projet', {
    name: 'Maison Dupont',
    status: 'confidential',
    referents: [people.adviser.id, people.reader.id],
  });
  // A template's prefilled task names nobody (spec: name, task type, delay): its tickets are attributed
  // to no one. Two tasks: a template creates its tickets in one write.
  ids.template = await created(t.admin, 'template-tache', {
    name: 'Première visite',
    ticketColor: '#2f9e44',
    tasks: [
      { taskName: 'Visite technique', taskType: ids.visit, dueIn: 120, dueUnit: 'months' },
      { taskName: 'Compte rendu de visite', taskType: ids.visit, dueIn: 120, dueUnit: 'months' },
    ],
  });
  // The ticket the clone copies, with a sub-task done (the copy's is to do).
  ids.source = await created(people.adviser.who, 'tickets', { ...ticketValues(), project: ids.project });
  const subTask = await api(t.admin).post(
    'tickets-sous-taches',
    { text: 'Prendre les mesures', done: true },
    path('api.resource.children', { resource: 'tickets', id: ids.source, child: 'tickets-sous-taches' }),
  );
  expect(subTask.statusCode, subTask.body).toBe(201);
  await untilJobsSettled(t.database);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a ticket created by the flat route, the nested route, the clone or a task template', () => {
  it('tells the same users and leaves the same audit entries, whatever the path', async () => {
    // Today for the template's delay: 120 months later is the deadline the other paths are given.
    vi.spyOn(clock, 'now').mockReturnValue(new Date('2026-03-02T09:00:00Z'));
    const values = { ...ticketValues(), project: ids.project };
    const flat = await creation(async () => [
      (await posted(path('api.resource.collection', { resource: 'tickets' }), values)).id,
    ]);
    const nested = await creation(async () => [
      (
        await posted(
          path('api.resource.children', { resource: 'projet', id: ids.project, child: 'tickets' }),
          ticketValues(),
        )
      ).id,
    ]);
    const clone = await creation(async () => [(await posted(path('api.tickets.clone_ajax', { id: ids.source }))).id]);
    const template = await creation(
      async () => (await posted(path('api.task_templates.apply', { id: ids.template, projet: ids.project }))).created!,
    );
    expect(template.tickets).toHaveLength(2);

    // Notifications: the attributed readers once each (the reader, the administrator), by the adviser;
    // never the adviser, who acted; never the outsider, who may not read the project. The
    // template's tickets are attributed to no one: nobody is told.
    expect(flat.told).toEqual(['admin attribution by adviser', 'reader attribution by adviser']);
    expect(nested.told).toEqual(['admin attribution by adviser', 'reader attribution by adviser']);
    expect(clone.told).toEqual(['admin attribution by adviser', 'reader attribution by adviser']);
    expect(template.told).toEqual([]);

    // Audit entries: the ticket's creation by the adviser, then the project's history naming it.
    const attributed = [people.reader.id, people.outsider.id, people.adviser.id, admin()];
    const creationOf = (ticket: number, changes: AuditChange[]) => ({
      resource: 'tickets',
      record: ticket,
      action: 'create',
      actor: people.adviser.id,
      changes,
    });
    const inProject = (name: string) => ({
      resource: 'projet',
      record: ids.project,
      action: 'add',
      actor: people.adviser.id,
      changes: [{ field: 'tickets', before: null, after: name }],
    });
    expect(flat.trail).toEqual([
      creationOf(flat.tickets[0]!, createdTicket({ name: 'Visite technique', attributions: attributed })),
      inProject('Visite technique'),
    ]);
    expect(nested.trail).toEqual([
      creationOf(nested.tickets[0]!, createdTicket({ name: 'Visite technique', attributions: attributed })),
      inProject('Visite technique'),
    ]);
    // The clone also copies the sub-task, to do: an entry of the copy's history, by the adviser.
    expect(clone.trail).toEqual([
      creationOf(clone.tickets[0]!, createdTicket({ name: 'Visite technique (copie)', attributions: attributed })),
      inProject('Visite technique (copie)'),
      {
        resource: 'tickets',
        record: clone.tickets[0],
        action: 'add',
        actor: people.adviser.id,
        changes: [{ field: 'tickets-sous-taches', before: null, after: 'Prendre les mesures' }],
      },
    ]);
    // The template's two tickets, in one write: one after the other at the end of the column.
    expect(template.trail).toEqual([
      creationOf(template.tickets[0]!, createdTicket({ name: 'Visite technique', attributions: [] })),
      creationOf(template.tickets[1]!, createdTicket({ name: 'Compte rendu de visite', attributions: [] })),
      inProject('Visite technique'),
      inProject('Compte rendu de visite'),
    ]);

    // As the ticket's history shows it to a reader: created by the adviser.
    for (const ticket of [flat, nested, clone, template].flatMap(({ tickets }) => tickets)) {
      const history = await api(people.reader.who).get(
        path('api.resource.history', { resource: 'tickets', id: ticket }),
      );
      expect(history.statusCode, history.body).toBe(200);
      const creations = history.json<AuditPage>().entries.filter(({ action }) => action === 'create');
      expect(creations.map(({ actorName }) => actorName)).toEqual(['adviser@exemple.fr']);
    }
  });
});
