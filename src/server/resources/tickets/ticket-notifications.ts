import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import { projectsTable, ticketsTable, users } from '../../db/schema';
import { liveRows } from '../../engine/record-scope';
import { projectPlace, projectReadableBy } from '../projet/project-scope';

/** Something that happened to a ticket that its users may be told about. */
export type TicketEvent =
  | { kind: 'step_change'; ticket: number; fromStep: number | null; toStep: number; actorId: number }
  | { kind: 'attribution'; ticket: number; users: number[]; actorId: number }
  | { kind: 'comment'; ticket: number; actorId: number };

/**
 * Inserts the notifications of candidate rows (`uid`, `kind`, `ticket`, `step`, `actor`, `deadline`,
 * a subquery aliased `cand`) for the users who may be told, in one statement:
 * - never the actor of their own action;
 * - only live, enabled, internal users who may read the ticket: the project's read rule for that
 *   user (projectReadableBy, the one the projects' readScope applies for an actor, asked here for
 *   every candidate at once: no store's `scoped` can, it answers for one actor);
 * - within their notification territories when they have any: the project's place (its owner's
 *   commune) must be one of them. A project with no known place still notifies: it is in no other
 *   commune, and its users would otherwise never hear of its tickets (these territories choose what
 *   a user hears of; the confidentiality territories, which choose what they may read, hide it).
 */
function insertNotifications(candidates: SQL, onConflict = sql``): SQL {
  const place = projectPlace(sql.raw('pr.owner_individual'), sql.raw('pr.owner_structure'));
  return sql`insert into notifications ("user", kind, ticket, step, deadline, created_by, updated_by)
    select distinct cand.uid, cand.kind, t.id, cand.step, cand.deadline, cand.actor, cand.actor
    from (${candidates}) cand
    join ${liveRows(ticketsTable)} t on t.id = cand.ticket
    join ${liveRows(projectsTable)} pr on pr.id = t.project
    join ${liveRows(users)} nu on nu.id = cand.uid and nu.enabled and not nu.external
    where cand.actor is distinct from cand.uid
      and ${projectReadableBy(sql.raw('nu.id'), sql.raw('nu.id::text'))}
      and (cardinality(nu.notification_territories) = 0
        or coalesce(${place} = any(nu.notification_territories), true))
    ${onConflict}`;
}

/** The events of one kind as rows of a JSON parameter (one statement whatever their number). */
const eventRows = (events: TicketEvent[], kind: TicketEvent['kind']) =>
  sql`${JSON.stringify(events.filter((event) => event.kind === kind))}::jsonb`;

/**
 * Writes the notifications these events give, in the caller's transaction (so they exist exactly
 * when the change commits): a step left (its `notifiedOnExit` users when it notifies on exit) and
 * entered (`notifiedOnEntry` when it notifies on entry), users newly attributed, the attributed and
 * notified users of a commented ticket. One insert … select per kind of event.
 */
export async function notifyTicketEvents(tx: Database, events: TicketEvent[]): Promise<void> {
  if (events.some(({ kind }) => kind === 'step_change')) {
    const rows = eventRows(events, 'step_change');
    await tx.execute(
      insertNotifications(sql`
        select x.uid, 'step_exit' as kind, e.ticket, s.id as step, e."actorId" as actor, null::date as deadline
        from jsonb_to_recordset(${rows}) e(ticket integer, "fromStep" integer, "actorId" integer)
        join steps s on s.id = e."fromStep" and s.notify_on_exit
        cross join unnest(s.notified_on_exit) x(uid)
        union all
        select x.uid, 'step_entry', e.ticket, s.id, e."actorId", null::date
        from jsonb_to_recordset(${rows}) e(ticket integer, "toStep" integer, "actorId" integer)
        join steps s on s.id = e."toStep" and s.notify_on_entry
        cross join unnest(s.notified_on_entry) x(uid)`),
    );
  }
  if (events.some(({ kind }) => kind === 'attribution')) {
    await tx.execute(
      insertNotifications(sql`
        select x.uid::integer as uid, 'attribution' as kind, e.ticket, null::integer as step,
               e."actorId" as actor, null::date as deadline
        from jsonb_to_recordset(${eventRows(events, 'attribution')}) e(ticket integer, users jsonb, "actorId" integer)
        cross join jsonb_array_elements_text(e.users) x(uid)`),
    );
  }
  if (events.some(({ kind }) => kind === 'comment')) {
    await tx.execute(
      insertNotifications(sql`
        select x.uid, 'comment' as kind, e.ticket, null::integer as step, e."actorId" as actor, null::date as deadline
        from jsonb_to_recordset(${eventRows(events, 'comment')}) e(ticket integer, "actorId" integer)
        join tickets c on c.id = e.ticket
        cross join unnest(c.attributions || c.notified_users) x(uid)`),
    );
  }
}

/**
 * The attribution notifications of a ticket's creation, by the job its creation queues (the new
 * ticket's id is unknown before the store inserts it, so its beforeChange cannot write them). Only
 * the users attributed now who have no attribution notification of this ticket yet: the job may run
 * twice (a retry, a process taken over), and an update since then has already told its new ones.
 */
export async function notifyCreatedTicketAttributions(db: Database, ticket: number, actorId: number): Promise<void> {
  await db.execute(
    insertNotifications(sql`
      select x.uid, 'attribution' as kind, c.id as ticket, null::integer as step, ${actorId}::integer as actor,
             null::date as deadline
      from tickets c cross join unnest(c.attributions) x(uid)
      where c.id = ${ticket} and not exists (
        select 1 from notifications n where n.ticket = c.id and n."user" = x.uid and n.kind = 'attribution')`),
  );
}

/**
 * The attribution notifications of ticket updates, from their beforeChange (in the write's
 * transaction): each user in the new attributions who was not in the row's current ones.
 */
export async function notifyNewAttributions(
  tx: Database,
  records: { id: number | null; values: Record<string, unknown> }[],
  actorId: number,
): Promise<void> {
  const updates = records.filter(
    (record): record is { id: number; values: Record<string, unknown> } =>
      record.id !== null && Array.isArray(record.values.attributions),
  );
  if (updates.length === 0) return;
  const current = await rowsOf<{ id: number; attributions: number[] }>(
    tx,
    sql`select id, attributions from tickets where id in (${sql.join(
      updates.map(({ id }) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const before = new Map(current.map(({ id, attributions }) => [id, new Set(attributions)]));
  const events: TicketEvent[] = updates.map(({ id, values }) => ({
    kind: 'attribution',
    ticket: id,
    users: [...new Set(values.attributions as number[])].filter((user) => !before.get(id)?.has(user)),
    actorId,
  }));
  await notifyTicketEvents(
    tx,
    events.filter((event) => event.kind === 'attribution' && event.users.length > 0),
  );
}

/**
 * The deadline notifications (the hourly maintenance): the attributed users of each ticket that turns
 * orange — in progress, not finished, its deadline `warningDays` days away or less — once per user,
 * ticket and deadline (a postponed deadline that comes near again tells them again). The unique index
 * `notifications_deadline_once` makes it once: two processes running it at once insert one row, the
 * second's conflicting insert doing nothing.
 */
export async function notifyNearDeadlines(db: Database, today: string, warningDays: number): Promise<void> {
  await db.execute(
    insertNotifications(
      sql`
        select x.uid, 'deadline' as kind, c.id as ticket, null::integer as step, null::integer as actor,
               c.deadline
        from ${liveRows(ticketsTable)} c cross join unnest(c.attributions) x(uid)
        where c.status = 'in_progress' and c.finished_at is null
          and c.deadline is not null and c.deadline <= ${today}::date + ${warningDays}::integer`,
      sql`on conflict do nothing`,
    ),
  );
}
