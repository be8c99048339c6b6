import { sql, type SQL } from 'drizzle-orm';
import { INTERACTIONS_LIMIT, type Interaction } from '../../../shared/dashboard/dashboard';
import { can } from '../../../shared/permissions';
import { projectComments } from '../../../shared/resources/commentaires-projet.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { ticketComments } from '../../../shared/resources/tickets-commentaires.resource';
import { ticketTransitions } from '../../../shared/resources/tickets-transitions.resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import type { Actor } from '../../auth/actor';
import { rowsOf } from '../../db/database';
import {
  projectCommentsTable,
  projectCoOwnersTable,
  projectPartnersTable,
  projectsTable,
  ticketCommentsTable,
  ticketsTable,
  ticketTransitionsTable,
  userDisplayName,
} from '../../db/schema';
import { liveRows } from '../../engine/record-scope';
import type { ResourceServices } from '../../engine/server-resource';

type Reads = Pick<ResourceServices, 'db' | 'store'>;

/**
 * Whose interactions: the user's projects (the dashboard, spec 1: "my projects and my missions"), or
 * a structure's (its page: the projects it owns, co-owns or is a partner of).
 */
export type InteractionsOf = { mine: true } | { structure: number };

/**
 * The user's projects: those they are a referent or a mission's officer of, and those of the
 * missions they follow (a condition on the project `p`, walked newest row first).
 */
const mine = (actor: Actor) => sql`(${actor.id}::integer = any(p.referents)
  or p.mission_ids && (select u.followed_missions from users u where u.id = ${actor.id})
  or exists (select 1 from jsonb_array_elements(p.missions) r where r ->> 'officer' = ${String(actor.id)}))`;

/** The ids of the live projects a structure owns, co-owns or is a partner of. */
const projectsOfStructure = (structure: number) => sql`select p.id from ${liveRows(projectsTable)} p
    where p.owner_structure = ${structure}
  union select c.project from ${liveRows(projectCoOwnersTable)} c where c.structure = ${structure}
  union select c.project from ${liveRows(projectPartnersTable)} c where c.structure = ${structure}`;

/**
 * Whether the actor may read the project `p`, asked row by row: the LIMIT keeps the planner from first
 * listing every project the actor may read (seconds for 50 000), where a branch looks at a few dozen.
 */
const readable = ({ store }: Reads, actor: Actor) =>
  sql`cross join lateral (select 1 from ${store.scoped(projects.slug, actor)} v where v.id = p.id limit 1) as seen`;

/**
 * One kind's latest rows (`from`: its rows joined to their project `p`; `order`: its id column),
 * readable ones only, newest first. The user's: the id index walked backwards until enough rows of
 * the user's readable projects are found. A structure's: its projects (a few, usually) first, then
 * their rows.
 */
function branch(reads: Reads, actor: Actor, of: InteractionsOf, select: SQL, from: SQL, order: SQL, extra?: SQL) {
  const where = 'mine' in of ? mine(actor) : sql`p.id in (select id from ours)`;
  return sql`(select ${select} from ${from} ${readable(reads, actor)}
    where ${where} ${extra ? sql`and ${extra}` : sql``} order by ${order} desc limit ${INTERACTIONS_LIMIT})`;
}

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The latest interactions (INTERACTIONS_LIMIT), newest first: ticket moves and comments, advice acts,
 * mails written from the project; each kind only for whoever may list it, and only on projects the
 * actor may read (checked in each kind's walk, so that hidden ones never crowd out readable ones). A
 * child's read scope is its project's; its own rows are live ones.
 */
export async function latestInteractions(reads: Reads, actor: Actor, of: InteractionsOf): Promise<Interaction[]> {
  const may = (slug: string) => can(actor, slug, 'list');
  const ticketsRead = may(tickets.slug);
  const part = (select: SQL, from: SQL, order: SQL, extra?: SQL) =>
    branch(reads, actor, of, select, from, order, extra);
  const branches: SQL[] = [];
  if (ticketsRead && may(ticketTransitions.slug)) {
    branches.push(
      part(
        sql`'transition' as kind, r.id, r.created_at as at, t.project as project_id, t.id as ticket_id,
          r.from_step, r.to_step, r.comment as text, r.created_by as author_id`,
        sql`${liveRows(ticketTransitionsTable)} r join ${liveRows(ticketsTable)} t on t.id = r.ticket
          join ${liveRows(projectsTable)} p on p.id = t.project`,
        sql`r.id`,
      ),
    );
  }
  if (ticketsRead && may(ticketComments.slug)) {
    branches.push(
      part(
        sql`'ticket_comment', c.id, c.created_at, t.project, t.id, null::integer, null::integer, c.comment, c.created_by`,
        sql`${liveRows(ticketCommentsTable)} c join ${liveRows(ticketsTable)} t on t.id = c.ticket
          join ${liveRows(projectsTable)} p on p.id = t.project`,
        sql`c.id`,
      ),
    );
  }
  if (may(projectComments.slug)) {
    branches.push(
      part(
        sql`'advice_act', a.id, a.created_at, a.project, null::integer, null::integer, null::integer, a.subject,
          coalesce(a.adviser, a.created_by)`,
        sql`${liveRows(projectCommentsTable)} a join ${liveRows(projectsTable)} p on p.id = a.project`,
        sql`a.id`,
      ),
    );
  }
  // A project's mails are read by whoever may see the project (its "Mails envoyés" panel).
  if (can(actor, projects.slug, 'show')) {
    branches.push(
      part(
        sql`'mail', m.id, coalesce(m.sent_at, m.date), m.project_id, null::integer, null::integer, null::integer,
          m.subject, m.created_by`,
        sql`email_log m join ${liveRows(projectsTable)} p on p.id = m.project_id`,
        sql`m.id`,
        sql`m.status in ('sent', 'recorded')`,
      ),
    );
  }
  if (branches.length === 0) return [];
  const ours = 'structure' in of ? sql`ours as materialized (${projectsOfStructure(of.structure)}),` : sql``;
  const rows = await rowsOf<{
    kind: Interaction['kind'];
    id: number;
    at: string;
    project_id: number;
    project_name: string;
    ticket_id: number | null;
    ticket_name: string | null;
    from_step: string | null;
    to_step: string | null;
    text: string;
    author: string | null;
  }>(
    reads.db,
    sql`with ${ours} candidates as materialized (${sql.join(branches, sql` union all `)})
      select c.kind, c.id, ${isoTime(sql`c.at`)} as at, p.id as project_id, p.name as project_name,
        c.ticket_id, t.name as ticket_name, f.name as from_step, s.name as to_step, c.text, ${userDisplayName('u')} as author
      from candidates c
      join projects p on p.id = c.project_id
      left join tickets t on t.id = c.ticket_id
      left join steps f on f.id = c.from_step
      left join steps s on s.id = c.to_step
      left join users u on u.id = c.author_id
      order by c.at desc, c.kind, c.id desc limit ${INTERACTIONS_LIMIT}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    date: row.at,
    project: { id: Number(row.project_id), name: row.project_name },
    ticket: row.ticket_id === null ? null : { id: Number(row.ticket_id), name: row.ticket_name ?? '' },
    fromStep: row.from_step,
    toStep: row.to_step,
    text: row.text,
    author: row.author,
  }));
}
