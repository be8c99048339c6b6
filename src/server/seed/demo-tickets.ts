import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { stepsTable, ticketsTable } from '../db/schema';
import { liveRows } from '../engine/record-scope';
import type { DemoRecord } from './demo-data';
import { demoDocumentFiles } from './demo-project-documents';
import { demoProjects } from './demo-projects';

const ref = (name: string) => ({ ref: name });

/** The work a project's tickets follow, with its task type. */
const tasks = [
  { name: 'Premier appel', type: 'Appel téléphonique', minutes: 30 },
  { name: 'Visite technique', type: 'Visite technique', minutes: 120 },
  { name: 'Instruction du dossier', type: 'Instruction du dossier', minutes: 90 },
  { name: 'Relance des devis', type: 'Relance', minutes: 20 },
];
const officers = ['Martin', 'Bernard', 'Lefebvre'];
const colors = ['#1971c2', '#2f9e44', '#e8590c', ''];

/** The day n days from the seed's day: deadlines stay meaningful whenever the demo starts. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Three tickets on each of the first twelve demo projects: a board worth looking at. */
const seeds = demoProjects.slice(0, 12).flatMap((project, index) =>
  [0, 1, 2].map((offset) => {
    const task = tasks[(index + offset) % tasks.length]!;
    return { project: String(project.name), task, index: index * 3 + offset };
  }),
);

/** A ticket's name, unique among the demo tickets (children name their ticket by it). */
const ticketName = (seed: (typeof seeds)[number]) =>
  `${seed.task.name} – ${seed.project.split(',')[0]} (${seed.index + 1})`;

export const demoTickets: DemoRecord[] = seeds.map((seed) => ({
  name: ticketName(seed),
  project: ref(seed.project),
  taskType: ref(seed.task.type),
  color: colors[seed.index % colors.length]!,
  // Some due within days (orange on the board), some later, some without a deadline.
  deadline: seed.index % 5 === 4 ? null : inDays((seed.index % 7) * 6 - 4),
  estimate: seed.task.minutes * 2,
  attributions: [ref(officers[seed.index % officers.length]!)],
  description: `<p>${seed.task.name} pour le projet ${seed.project}.</p>`,
  warnProject: seed.index % 2 === 0,
}));

export const demoSubTasks: DemoRecord[] = seeds.slice(0, 12).flatMap((seed) =>
  ['Préparer le dossier', 'Prévenir le porteur'].map((text, position) => ({
    ticket: ref(ticketName(seed)),
    text,
    done: (seed.index + position) % 2 === 0,
  })),
);

export const demoTicketComments: DemoRecord[] = seeds.slice(0, 10).map((seed) => ({
  ticket: ref(ticketName(seed)),
  comment: seed.index % 2 === 0 ? 'Porteur rappelé, rendez-vous à fixer.' : 'Devis reçus, à comparer avec le porteur.',
}));

export const demoTimeEntries: DemoRecord[] = seeds.slice(0, 18).map((seed) => ({
  ticket: ref(ticketName(seed)),
  description: seed.task.name,
  workedMinutes: seed.task.minutes,
  workedOn: inDays(-(seed.index % 20)),
  user: ref(officers[seed.index % officers.length]!),
}));

export const demoTicketDocuments: DemoRecord[] = [
  { ticket: ref(ticketName(seeds[1]!)), title: 'Devis isolation des combles', file: demoDocumentFiles.quote },
];

/**
 * Spreads the demo tickets over the workflow's steps (they are created in the first one), the
 * finished ones green, each column in order, each move in the ticket's history (its transition
 * from the first step), and the administrator told of those that finished, the older half seen:
 * what the board and the bell would show after some weeks of work.
 */
export async function seedTicketSteps(tx: Database, adminId: number): Promise<void> {
  const [steps, tickets] = [liveRows(stepsTable), liveRows(ticketsTable)];
  const first = sql`(select id from ${steps} s order by position, id limit 1)`;
  await tx.execute(sql`
    with step as (select id, done, row_number() over (order by position, id) - 1 as n, count(*) over () as total
                  from ${steps} s)
    update tickets t set step = step.id,
                         status = case when step.done then 'done' else t.status end,
                         finished_at = case when step.done then now() end
    from step where step.n = t.id % step.total and t.id in (select id from ${tickets} l)`);
  await tx.execute(sql`
    update tickets t set board_position = r.rank * 1024
    from (select id, row_number() over (partition by step order by id) as rank from ${tickets} l) r
    where t.id = r.id`);
  await tx.execute(sql`
    insert into ticket_transitions (ticket, from_step, to_step, from_status, to_status, created_by, updated_by)
    select t.id, ${first}, t.step, 'in_progress', t.status, t.created_by, t.created_by
    from ${tickets} t where t.step <> ${first}`);
  await tx.execute(sql`
    insert into notifications ("user", kind, ticket, step, seen, created_by, updated_by)
    select ${adminId}, 'step_entry', t.id, t.step, row_number() over (order by t.id) % 2 = 0, t.created_by, t.created_by
    from ${tickets} t join steps s on s.id = t.step
    where s.done`);
}
