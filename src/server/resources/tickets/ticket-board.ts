import {
  meetingTypesTable,
  stepsTable,
  subTasksTable,
  taskTypesTable,
  ticketCommentsTable,
  ticketsTable,
  ticketTransitionsTable,
  userDisplayName,
} from '../../db/schema';
import { sql, type SQL } from 'drizzle-orm';
import {
  deadlineAlert,
  ticketStatusShown,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardFilters,
  type MoveRequest,
  type TransitionForm,
} from '../../../shared/resources/ticket-board';
import { dateValue } from '../../../shared/resources/fields';
import { tickets, type TicketStatus } from '../../../shared/resources/tickets.resource';
import type { ResourceInputValues } from '../../../shared/resources/resource';
import { clock } from '../../clock';
import { rowsOf, type Database } from '../../db/database';
import { liveRows } from '../../engine/record-scope';
import type { ResourceContext } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { loadSettings, ticketSettings } from '../../settings/settings';
import { projectOwnerName } from '../projet/project-owner-name';
import { advanceLastIntervention } from '../projet/project-children';
import { notifyTicketEvents } from './ticket-notifications';

/** The room left between two cards' positions, so that a card dropped between them needs one write. */
export const BOARD_GAP = 1024;

/** The day the server is in, as the board compares deadlines with it. */
const today = () => clock.now().toISOString().slice(0, 10);

/** The tickets the actor may see (its project's read scope), as a relation to name `t`. */
const visibleTickets = ({ store, actor }: ResourceContext): SQL => store.scoped('tickets', actor);

/** The board's filters as conditions on `t`; the status one compares the status shown (deadline near: orange). */
function filterConditions(filters: BoardFilters, warningDays: number): SQL[] {
  const near = sql`(t.deadline is not null and t.deadline <= ${today()}::date + ${warningDays}::int)`;
  const byStatus: Record<TicketStatus, SQL> = {
    done: sql`t.status = 'done'`,
    blocked: sql`(t.status = 'blocked' or (t.status = 'in_progress' and ${near}))`,
    in_progress: sql`(t.status = 'in_progress' and not ${near})`,
  };
  return [
    filters.projet !== undefined && sql`t.project = ${filters.projet}`,
    filters.mission !== undefined && sql`t.mission = ${filters.mission}`,
    filters.utilisateur !== undefined && sql`${filters.utilisateur}::int = any(t.attributions)`,
    filters.typeTache !== undefined && sql`t.task_type = ${filters.typeTache}`,
    filters.statut !== undefined && byStatus[filters.statut],
    filters.q &&
      sql`immutable_unaccent(t.name) ilike immutable_unaccent(${`%${filters.q.replace(/[\\%_]/g, '\\$&')}%`})`,
    filters.echeanceDu !== undefined && sql`t.deadline >= ${filters.echeanceDu}::date`,
    filters.echeanceAu !== undefined && sql`t.deadline <= ${filters.echeanceAu}::date`,
  ].filter((condition): condition is SQL => condition !== false && condition !== undefined && condition !== '');
}

interface CardRow {
  id: number;
  name: string;
  step: number;
  board_position: number;
  project: number;
  project_title: string;
  project_owner: string | null;
  color: string;
  status: TicketStatus;
  deadline: string | null;
  attributions: number[];
  task_type: number | null;
  task_type_name: string | null;
  task_type_icon: string | null;
  sub_tasks_done: number;
  sub_tasks: number;
  comments: number;
  meeting_type: string | null;
  meeting_at: string | null;
}

/** Cards of the visible tickets matching the condition, in their columns' order: one statement, counts included. */
async function cardsWhere(context: ResourceContext, where: SQL): Promise<BoardCard[]> {
  const { db } = context;
  const rows = await rowsOf<CardRow>(
    db,
    sql`select t.id, t.name, t.step, t.board_position, t.project, p.name as project_title,
               ${projectOwnerName(sql`p`)} as project_owner, t.color, t.status,
               to_char(t.deadline, 'YYYY-MM-DD') as deadline, t.attributions,
               t.task_type, tt.name as task_type_name, nullif(tt.icon, '') as task_type_icon,
               coalesce(st.done, 0) as sub_tasks_done, coalesce(st.total, 0) as sub_tasks,
               coalesce(c.total, 0) as comments, mt.name as meeting_type,
               to_char(t.meeting_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as meeting_at
        from ${visibleTickets(context)} t
        join projects p on p.id = t.project
        left join ${liveRows(taskTypesTable)} tt on tt.id = t.task_type
        left join meeting_types mt on mt.id = t.meeting_type
        left join lateral (select (count(*) filter (where s.done))::int as done, count(*)::int as total
                           from ${liveRows(subTasksTable)} s where s.ticket = t.id) st on true
        left join lateral (select count(*)::int as total
                           from ${liveRows(ticketCommentsTable)} k where k.ticket = t.id) c on true
        where ${where}
        order by t.step, t.board_position, t.id`,
  );
  const userIds = [...new Set(rows.flatMap((row) => row.attributions))];
  const names = new Map<number, string>();
  if (userIds.length > 0) {
    const users = await rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, ${userDisplayName('users')} as name from users
          where id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const user of users) names.set(user.id, user.name);
  }
  const { deadlineWarningDays } = await loadSettings(db, ticketSettings);
  const day = today();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    step: row.step,
    boardPosition: row.board_position,
    project: { id: row.project, title: row.project_title, owner: row.project_owner },
    color: row.color === '' ? null : row.color,
    status: ticketStatusShown(row.status, row.deadline, day, deadlineWarningDays),
    deadlineAlert: deadlineAlert(row.status, row.deadline, day, deadlineWarningDays),
    deadline: row.deadline,
    attributions: row.attributions.map((id) => ({ id, name: names.get(id) ?? '' })),
    taskType:
      row.task_type === null ? null : { id: row.task_type, name: row.task_type_name ?? '', icon: row.task_type_icon },
    subTasks: { done: row.sub_tasks_done, total: row.sub_tasks },
    comments: row.comments,
    meeting: row.meeting_type === null ? null : { type: row.meeting_type, at: row.meeting_at },
  }));
}

interface StepRow {
  id: number;
  name: string;
  done: boolean;
  reachable_steps: number[];
  transitions: {
    target: number;
    characteristics?: { characteristicName: string; characteristicType: string; characteristicOptions?: string }[];
  }[];
}

const liveSteps = (db: Database) =>
  rowsOf<StepRow>(
    db,
    sql`select id, name, done, reachable_steps, transitions from ${liveRows(stepsTable)} s order by position, id`,
  );

/** The characteristics the transition from one step to another asks (none: an empty list). */
function askedCharacteristics(from: StepRow | undefined, to: number): TransitionForm['characteristics'] {
  const transition = from?.transitions.find((candidate) => candidate.target === to);
  return (transition?.characteristics ?? []).map((characteristic) => ({
    name: characteristic.characteristicName,
    type: characteristic.characteristicType as TransitionForm['characteristics'][number]['type'],
    options: (characteristic.characteristicOptions ?? '')
      .split(',')
      .map((option) => option.trim())
      .filter((option) => option !== ''),
  }));
}

const columnOf = (step: StepRow): BoardColumn => ({
  id: step.id,
  name: step.name,
  done: step.done,
  reachableSteps: step.reachable_steps,
  transitionsAsking: step.transitions
    .filter((transition) => (transition.characteristics ?? []).length > 0)
    .map((transition) => transition.target),
});

/** Shown on the kanban: said so, and, for a meeting, its type flagged for the kanban. */
const onKanban = sql`t.show_on_kanban and (t.meeting_type is null or exists (
  select 1 from ${liveRows(meetingTypesTable)} m where m.id = t.meeting_type and m.on_kanban))`;

/** The board's cards among the visible tickets, as a condition on `t`: shown on the kanban, matching the filters. */
async function boardTickets(db: Database, filters: BoardFilters): Promise<SQL> {
  const { deadlineWarningDays } = await loadSettings(db, ticketSettings);
  return sql.join([onKanban, ...filterConditions(filters, deadlineWarningDays)], sql` and `);
}

/** A board: every step, and the cards of the visible tickets shown on the kanban matching the filters. */
export async function boardOf(context: ResourceContext, filters: BoardFilters): Promise<Board> {
  const where = await boardTickets(context.db, filters);
  const [steps, cards, version] = await Promise.all([
    liveSteps(context.db),
    cardsWhere(context, where),
    versionOf(context, where),
  ]);
  return { columns: steps.map(columnOf), cards, version };
}

/**
 * What changes when any card of the board changes: its cards' count and latest write, the latest
 * write of their sub-tasks and comments (their counts are on the cards), and of the steps. Read over
 * the board's own cards only, so that it tells nothing of the tickets the actor may not see. Cheap
 * enough to poll.
 */
export async function boardVersion(context: ResourceContext, filters: BoardFilters): Promise<string> {
  return versionOf(context, await boardTickets(context.db, filters));
}

/** The version of the board whose cards are the visible tickets matching the condition. */
async function versionOf(context: ResourceContext, where: SQL): Promise<string> {
  const [row] = await rowsOf<{ version: string }>(
    context.db,
    sql`with cards as (select t.id, t.updated_at from ${visibleTickets(context)} t where ${where})
        select concat_ws('-', (select count(*) from cards), (select extract(epoch from max(updated_at)) from cards),
                 (select extract(epoch from max(s.updated_at)) from sub_tasks s where s.ticket in (select id from cards)),
                 (select extract(epoch from max(k.updated_at)) from ticket_comments k where k.ticket in (select id from cards)),
                 (select extract(epoch from max(updated_at)) from steps)) as version`,
  );
  return row!.version;
}

/** One visible ticket's card, or a 404 like a missing ticket. */
export async function cardOf(context: ResourceContext, id: number): Promise<BoardCard> {
  const [card] = await cardsWhere(context, sql`t.id = ${id}`);
  if (!card) throw new ApiError(404, 'errors.not_found');
  return card;
}

interface LockedTicket {
  id: number;
  project: number;
  step: number | null;
  status: TicketStatus;
  finished: boolean;
  warn_project: boolean;
}

/** Locks a visible ticket's row for the change (two moves of one card wait for each other). */
async function lockTicket(tx: Database, context: ResourceContext, id: number): Promise<LockedTicket> {
  const [ticket] = await rowsOf<LockedTicket>(
    tx,
    sql`select t.id, t.project, t.step, t.status, t.finished_at is not null as finished, t.warn_project
        from tickets t where t.id = ${id} and t.id in (select id from ${visibleTickets(context)} v) for update of t`,
  );
  if (!ticket) throw new ApiError(404, 'errors.not_found');
  return ticket;
}

/**
 * The position of a card put in a step before another card (null: at the end). Called with the
 * step's lock held, so two advisers dropping into one column get distinct places in one order.
 * When no room is left between the neighbours, the column is renumbered first.
 */
async function positionIn(tx: Database, step: number, moving: number, before: number | null): Promise<number> {
  const live = liveRows(ticketsTable);
  const inColumn = sql`t.step = ${step} and t.id <> ${moving}`;
  if (before !== null) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const [neighbours] = await rowsOf<{ next: number | null; previous: number | null }>(
        tx,
        sql`select n.board_position as next,
                   (select max(t.board_position) from ${live} t
                    where ${inColumn} and (t.board_position, t.id) < (n.board_position, n.id)) as previous
            from ${live} n where n.id = ${before} and n.step = ${step} and n.id <> ${moving}`,
      );
      // The card it was dropped before has left the column meanwhile: the end of the column.
      if (!neighbours || neighbours.next === null) break;
      const previous = neighbours.previous ?? neighbours.next - 2 * BOARD_GAP;
      if (neighbours.next - previous >= 2) return Math.floor((previous + neighbours.next) / 2);
      await tx.execute(sql`update tickets t set board_position = r.rank * ${BOARD_GAP}
                           from (select id, row_number() over (order by board_position, id) as rank
                                 from ${live} t where ${inColumn}) r
                           where t.id = r.id`);
    }
  }
  const [last] = await rowsOf<{ position: number | null }>(
    tx,
    sql`select max(t.board_position) as position from ${live} t where ${inColumn}`,
  );
  return (last?.position ?? 0) + BOARD_GAP;
}

/** Every card written to one column waits for the others: positions are computed one writer at a time. */
const lockColumn = (tx: Database, step: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticket-board'), ${step})`);

/** Checks each asked characteristic's value by its type: French field errors, by name. */
function checkCharacteristics(
  asked: TransitionForm['characteristics'],
  values: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { name, type, options } of asked) {
    const value = (values[name] ?? '').trim();
    if (type === 'checkbox') {
      if (value !== '' && value !== 'true' && value !== 'false')
        errors[`characteristics.${name}`] = 'validation.choice';
      continue;
    }
    if (value === '') errors[`characteristics.${name}`] = 'validation.required';
    else if (type === 'number' && !/^-?\d+([.,]\d+)?$/.test(value))
      errors[`characteristics.${name}`] = 'validation.number';
    else if (type === 'date' && !dateValue.safeParse(value).success)
      errors[`characteristics.${name}`] = 'validation.date';
    else if (type === 'choice' && !options.includes(value)) errors[`characteristics.${name}`] = 'validation.choice';
  }
  return errors;
}

/**
 * Writes the ticket's step, place, status or finished date through the operations' patch (the
 * tickets' update permission and read scope, the audit entry, after-commit work): its history holds
 * its step and status, not its place in the column nor its finished date, and its project's history
 * the change only when the ticket says "warn project".
 */
const patchTicket = (tx: Database, context: ResourceContext, ticket: LockedTicket, values: ResourceInputValues) =>
  context.operations.patch(
    tickets,
    [{ id: ticket.id, values }],
    { ...context, tx },
    { untracked: ['boardPosition', 'finishedAt'], inParentHistory: ticket.warn_project },
  );

/** Writes a change of step or status (patchTicket), then its transition and the project's last intervention. */
async function recordTicketChange(
  tx: Database,
  context: ResourceContext,
  ticket: LockedTicket,
  values: ResourceInputValues,
  transition: {
    fromStep: number | null;
    toStep: number | null;
    toStatus: TicketStatus;
    comment: string;
    characteristics: { characteristicName: string; value: string }[];
  },
): Promise<void> {
  await patchTicket(tx, context, ticket, values);
  const { actor } = context;
  await tx.execute(sql`insert into ticket_transitions
                         (ticket, from_step, to_step, from_status, to_status, comment, characteristics, created_by, updated_by)
                       values (${ticket.id}, ${transition.fromStep}, ${transition.toStep}, ${ticket.status}, ${transition.toStatus},
                               ${transition.comment}, ${JSON.stringify(transition.characteristics)}::jsonb, ${actor.id}, ${actor.id})`);
  await advanceLastIntervention(tx, ticket.project, today());
}

/**
 * Moves a card (move-ajax, add-transition-ajax): to a step its current step lists as reachable
 * (or within its column), before another card or at the end. A transition asking characteristics
 * needs their values (409 with what it asks otherwise). Entering the finished step finishes the
 * ticket (green, finished date); leaving it starts it again.
 */
export async function moveTicket(
  context: ResourceContext,
  move: MoveRequest,
  characteristics: Record<string, string> | null,
): Promise<void> {
  const steps = await liveSteps(context.db);
  const target = steps.find((step) => step.id === move.step);
  if (!target) throw new ApiError(400, 'tickets.errors.unknown_step');
  await context.db.transaction(async (tx) => {
    await lockColumn(tx, move.step);
    const ticket = await lockTicket(tx, context, move.ticket);
    const from = steps.find((step) => step.id === ticket.step);
    const changesStep = ticket.step !== move.step;
    if (changesStep && from && !from.reachable_steps.includes(move.step)) {
      throw new ApiError(400, 'tickets.errors.unreachable_step', {}, { values: { from: from.name, to: target.name } });
    }
    const asked = changesStep ? askedCharacteristics(from, move.step) : [];
    if (asked.length > 0 && characteristics === null) {
      const transition: TransitionForm = { from: ticket.step!, to: move.step, characteristics: asked };
      throw new ApiError(409, 'tickets.errors.transition_required', {}, { data: { transition } });
    }
    const errors = checkCharacteristics(asked, characteristics ?? {});
    if (Object.keys(errors).length > 0) throw new ApiError(400, 'errors.form', errors);
    // Computed under the column's lock; a column without room is renumbered first, in SQL: that
    // shift is the column's order, not a change of its tickets, and stays one statement.
    const position = await positionIn(tx, move.step, ticket.id, move.before);
    const status: TicketStatus = target.done ? 'done' : ticket.status === 'done' ? 'in_progress' : ticket.status;
    const finishedAt = target.done ? (ticket.finished ? undefined : clock.now()) : ticket.finished ? null : undefined;
    const values = {
      step: move.step,
      boardPosition: position,
      status,
      ...(finishedAt === undefined ? {} : { finishedAt }),
    };
    if (!changesStep) {
      // A place within the column: no trail, no transition.
      await patchTicket(tx, context, ticket, values);
      return;
    }
    await recordTicketChange(tx, context, ticket, values, {
      fromStep: ticket.step,
      toStep: move.step,
      toStatus: status,
      comment: '',
      characteristics: asked.map(({ name }) => ({
        characteristicName: name,
        value: (characteristics ?? {})[name] ?? '',
      })),
    });
    await notifyTicketEvents(tx, [
      { kind: 'step_change', ticket: ticket.id, fromStep: ticket.step, toStep: move.step, actorId: context.actor.id },
    ]);
  });
}

/** What the transition from the ticket's step to another asks (load-transition-ajax); an unreachable step is refused. */
export async function transitionFormOf(
  context: ResourceContext,
  ticketId: number,
  to: number,
): Promise<TransitionForm> {
  const steps = await liveSteps(context.db);
  const [ticket] = await rowsOf<{ step: number | null }>(
    context.db,
    sql`select t.step from ${visibleTickets(context)} t where t.id = ${ticketId}`,
  );
  if (!ticket) throw new ApiError(404, 'errors.not_found');
  const from = steps.find((step) => step.id === ticket.step);
  const target = steps.find((step) => step.id === to);
  if (!target) throw new ApiError(400, 'tickets.errors.unknown_step');
  if (from && from.id !== to && !from.reachable_steps.includes(to)) {
    throw new ApiError(400, 'tickets.errors.unreachable_step', {}, { values: { from: from.name, to: target.name } });
  }
  return { from: ticket.step ?? to, to, characteristics: from ? askedCharacteristics(from, to) : [] };
}

/** Changes a recorded transition's characteristic values (edit-transition-ajax): only those its transition asked. */
export async function editTransition(
  context: ResourceContext,
  id: number,
  values: Record<string, string>,
): Promise<void> {
  const { db, actor } = context;
  const [transition] = await rowsOf<{ from_step: number | null; to_step: number | null }>(
    db,
    sql`select r.from_step, r.to_step from ${liveRows(ticketTransitionsTable)} r
        join ${visibleTickets(context)} t on t.id = r.ticket
        where r.id = ${id}`,
  );
  if (!transition || transition.to_step === null) throw new ApiError(404, 'errors.not_found');
  const steps = await liveSteps(db);
  const asked = askedCharacteristics(
    steps.find((step) => step.id === transition.from_step),
    transition.to_step,
  );
  const errors = checkCharacteristics(asked, values);
  if (Object.keys(errors).length > 0) throw new ApiError(400, 'errors.form', errors);
  const characteristics = asked.map(({ name }) => ({ characteristicName: name, value: values[name] ?? '' }));
  await db.execute(sql`update ticket_transitions set characteristics = ${JSON.stringify(characteristics)}::jsonb,
                         updated_at = now(), updated_by = ${actor.id} where id = ${id}`);
}

/**
 * A column's order as an adviser left it (sauvegarder-positions): the listed cards still in the
 * step take that order, and any card moved in meanwhile by someone else follows them in its own
 * order — so after any interleaving every card is in one column, in one order for everyone. One
 * statement under the column's lock, like the store's reorder: an order, not a change of the
 * tickets' trail.
 */
export async function savePositions(context: ResourceContext, step: number, ids: number[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    await lockColumn(tx, step);
    const listed =
      ids.length === 0
        ? sql`array[]::int[]`
        : sql`array[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::int[]`;
    await tx.execute(sql`update tickets t set board_position = r.rank * ${BOARD_GAP}
                         from (select t.id, row_number() over (
                                 order by array_position(${listed}, t.id) nulls last, t.board_position, t.id) as rank
                               from ${visibleTickets(context)} t where t.step = ${step}) r
                         where t.id = r.id and t.board_position is distinct from r.rank * ${BOARD_GAP}`);
  });
}

/** A status change with its comment (spec 4): not for a finished ticket, whose green comes from its step. */
export async function changeStatus(
  context: ResourceContext,
  id: number,
  status: 'in_progress' | 'blocked',
  comment: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, context, id);
    if (ticket.status === 'done') throw new ApiError(400, 'tickets.errors.status_of_finished');
    if (ticket.status === status) throw new ApiError(400, 'tickets.errors.status_unchanged');
    await recordTicketChange(
      tx,
      context,
      ticket,
      { status },
      {
        fromStep: ticket.step,
        toStep: ticket.step,
        toStatus: status,
        comment,
        characteristics: [],
      },
    );
  });
}
