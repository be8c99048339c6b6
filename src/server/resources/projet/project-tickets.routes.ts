import { userDisplayName } from '../../db/schema';
import { sql, type SQL } from 'drizzle-orm';
import { translate } from '../../../shared/i18n/catalog';
import type { GanttTask, ProjectGantt, TimeBreakdown, TimeReport } from '../../../shared/resources/project-tickets';
import { projects } from '../../../shared/resources/projet.resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { timeEntries } from '../../../shared/resources/tickets-temps.resource';
import { subTasks } from '../../../shared/resources/tickets-sous-taches.resource';
import type { UpcomingMeeting } from '../../../shared/resources/ticket-board';
import { clock } from '../../clock';
import { rowsOf } from '../../db/database';
import {
  CSV_CONTENT_TYPE,
  csvStream,
  type ExportFormat,
  XLSX_CONTENT_TYPE,
  xlsxStream,
} from '../../engine/resource-export';
import { authorize } from '../../engine/resource-operations';
import { type ResourceContext, type ResourceRoute } from '../../engine/server-resource';

/**
 * The project of the path's parameter, read through the store: a hidden project is a missing one
 * (404), not an empty one. The queries below then read its tickets, their sub-tasks and time
 * entries through the store's `scoped` (their read scope is their project's).
 */
const visibleProject = async (
  request: { params: { projet: number } },
  { store, actor }: ResourceContext,
): Promise<number> => (await store.get(projects, request.params.projet, actor)).id;

interface GanttRow {
  id: number;
  name: string;
  color: string;
  start: string;
  end: string;
  progress: number;
  step_id: number | null;
  step_name: string | null;
  step_position: number | null;
  linked_ticket: number | null;
  blocking_type: string | null;
}

/**
 * The project's tickets as bars: from the day created to the deadline (included; the next day when
 * there is none, and from the deadline when it came before the creation, so no bar is dropped),
 * ordered by their step's position then start. Progress: the share of sub-tasks done, 100 once finished.
 */
async function projectGantt({ db, store, actor }: ResourceContext, project: number): Promise<ProjectGantt> {
  const rows = await rowsOf<GanttRow>(
    db,
    sql`select t.id, t.name, t.color, t.linked_ticket, t.blocking_type,
               s.id as step_id, s.name as step_name, s.position as step_position,
               to_char(least(c.created, coalesce(t.deadline, c.created)), 'YYYY-MM-DD') as start,
               -- greatest() skips nulls: a ticket without deadline ends the day after it starts.
               to_char(case when t.deadline is null then c.created + 1 else greatest(t.deadline, c.created) end,
                       'YYYY-MM-DD') as "end",
               case when t.finished_at is not null or t.status = 'done' then 100
                    else coalesce((select round(100.0 * count(*) filter (where st.done) / nullif(count(*), 0))
                                   from ${store.scoped(subTasks.slug, actor)} st where st.ticket = t.id), 0)
               end::int as progress
        from ${store.scoped(tickets.slug, actor)} t
        cross join lateral (select (t.created_at at time zone 'UTC')::date as created) c
        left join steps s on s.id = t.step
        where t.project = ${project}
        order by s.position nulls last, s.id, start, t.id`,
  );
  const shown = new Set(rows.map((row) => row.id));
  const dependencies = new Map<number, Set<number>>(rows.map((row) => [row.id, new Set()]));
  for (const row of rows) {
    // Links to a ticket elsewhere (another project, deleted) are not drawn: it has no bar here.
    if (row.linked_ticket === null || !shown.has(row.linked_ticket) || row.linked_ticket === row.id) continue;
    if (row.blocking_type === 'blocks') dependencies.get(row.linked_ticket)!.add(row.id);
    if (row.blocking_type === 'blocked_by') dependencies.get(row.id)!.add(row.linked_ticket);
  }
  const tasks = rows.map((row): GanttTask => ({
    id: row.id,
    name: row.name,
    step:
      row.step_id === null ? null : { id: row.step_id, name: row.step_name ?? '', position: row.step_position ?? 0 },
    start: row.start,
    end: row.end,
    progress: row.progress,
    color: row.color,
    dependencies: [...dependencies.get(row.id)!],
  }));
  return { tasks };
}

/** The time report's figures, each one aggregate query. */
async function timeReport({ db, store, actor }: ResourceContext, project: number): Promise<TimeReport> {
  const projectTickets = sql`${store.scoped(tickets.slug, actor)} t`;
  const entries = sql`${store.scoped(timeEntries.slug, actor)} e`;
  /** The project's time entries, of its tickets (`t`), joined to `joined`, as a query's from and where. */
  const entriesOf = (joined: SQL = sql``): SQL =>
    sql`from ${entries} join ${projectTickets} on t.id = e.ticket ${joined} where t.project = ${project}`;
  const [totals, byUser, byTaskType, byMonth, ticketRows] = await Promise.all([
    rowsOf<TimeReport['totals']>(
      db,
      sql`select (select coalesce(sum(t.estimate), 0)::int from ${projectTickets}
                  where t.project = ${project}) as estimate,
                 (select coalesce(sum(e.worked_minutes), 0)::int ${entriesOf()}) as spent`,
    ),
    rowsOf<TimeBreakdown>(
      db,
      sql`select u.id, ${userDisplayName('u')} as name, sum(e.worked_minutes)::int as minutes
          ${entriesOf(sql`join users u on u.id = e."user"`)}
          group by u.id order by minutes desc, name`,
    ),
    rowsOf<TimeBreakdown>(
      db,
      sql`select tt.id, tt.name, sum(e.worked_minutes)::int as minutes
          ${entriesOf(sql`left join task_types tt on tt.id = t.task_type`)}
          group by tt.id, tt.name order by minutes desc, tt.name nulls last`,
    ),
    rowsOf<TimeReport['byMonth'][number]>(
      db,
      sql`select to_char(e.worked_on, 'YYYY-MM') as month, sum(e.worked_minutes)::int as minutes
          ${entriesOf()}
          group by month order by month`,
    ),
    rowsOf<TimeReport['tickets'][number]>(
      db,
      sql`select t.id, t.name, t.estimate, coalesce(sum(e.worked_minutes), 0)::int as spent
          from ${projectTickets} left join ${entries} on e.ticket = t.id
          where t.project = ${project}
          group by t.id, t.name, t.estimate order by t.name, t.id`,
    ),
  ]);
  return { totals: totals[0]!, byUser, byTaskType, byMonth, tickets: ticketRows };
}

/** The per-ticket table of the time report as a CSV or XLSX file (the engine's export conventions). */
function timeReportFile(format: ExportFormat, context: ResourceContext, report: TimeReport, project: number) {
  authorize(context.actor, 'projet', 'export');
  const t = (key: string) => translate(context.locale, `resources.projet.time_report.${key}`);
  const header = [t('columns.ticket'), t('columns.estimate_minutes'), t('columns.spent_minutes')];
  async function* rows() {
    for (const ticket of report.tickets) yield [ticket.name, String(ticket.estimate ?? ''), String(ticket.spent)];
  }
  const body = format === 'csv' ? csvStream(header, rows()) : xlsxStream(t('sheet'), header, rows());
  context
    .session!.reply.header('content-type', format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="temps-projet-${project}.${format}"`);
  return body;
}

/** The project's meetings ahead whose type lists them in its history, soonest first. */
export async function upcomingMeetings(
  { db, store, actor }: ResourceContext,
  project: number,
): Promise<UpcomingMeeting[]> {
  const rows = await rowsOf<{ id: number; name: string; type: string; at: string }>(
    db,
    sql`select t.id, t.name, m.name as type,
               to_char(t.meeting_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
        from ${store.scoped(tickets.slug, actor)} t join meeting_types m on m.id = t.meeting_type and m.upcoming_in_history
        where t.project = ${project} and t.meeting_at > ${clock.now().toISOString()}::timestamptz
        order by t.meeting_at, t.id`,
  );
  return rows.map(({ id, name, type, at }) => ({ ticket: { id, name }, type, at }));
}

/**
 * The project page's ticket routes: its meetings ahead, its gantt and its time report (spec 2.1),
 * each for whoever may also list the tickets (and the time entries) it shows.
 */
export const projectTicketRoutes: ResourceRoute[] = [
  {
    // reunions-a-venir/{projet}: what the project's history lists ahead of its entries.
    name: 'api.projects.upcoming_meetings',
    method: 'GET',
    action: 'show',
    alsoNeeds: [{ resource: tickets.slug, action: 'list' }],
    summary: 'openapi.operations.projects_upcoming_meetings',
    async handle(request, context) {
      return upcomingMeetings(context, await visibleProject(request, context));
    },
  },
  {
    // gantt/{projet}: the project's tickets as bars, with their blocking links.
    name: 'api.projects.gantt',
    method: 'GET',
    action: 'show',
    alsoNeeds: [{ resource: tickets.slug, action: 'list' }],
    summary: 'openapi.operations.projects_gantt',
    async handle(request, context) {
      return projectGantt(context, await visibleProject(request, context));
    },
  },
  {
    // temps/{projet}: time worked per user, task type and month, estimate against spent; ?format= exports the tickets' table.
    name: 'api.projects.time_report',
    method: 'GET',
    action: 'show',
    // Its tickets' names and estimates, and the time worked by each user.
    alsoNeeds: [
      { resource: tickets.slug, action: 'list' },
      { resource: timeEntries.slug, action: 'list' },
    ],
    summary: 'openapi.operations.projects_time_report',
    async handle(request, context) {
      const project = await visibleProject(request, context);
      const report = await timeReport(context, project);
      const { format } = request.query;
      return format === undefined ? report : timeReportFile(format, context, report, project);
    },
  },
];
