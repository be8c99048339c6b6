import { userDisplayName } from '../../db/schema';
import { sql, type SQL } from 'drizzle-orm';
import type { TicketStatus } from '../../../shared/resources/tickets.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { ticketTransitions } from '../../../shared/resources/tickets-transitions.resource';
import { structures } from '../../../shared/resources/structures.resource';
import { rowsOf } from '../../db/database';
import { latestInteractions } from './latest-interactions';
import { type ResourceContext, type ServerResource } from '../../engine/server-resource';

/** A transition as the project's and the structure's histories list it. */
export interface TransitionEntry {
  id: number;
  ticket: { id: number; name: string };
  project: { id: number; name: string };
  fromStep: string | null;
  toStep: string | null;
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus | null;
  comment: string;
  characteristics: { characteristicName: string; value: string }[];
  createdAt: string;
  author: string | null;
}

/** The latest transitions the actor may read matching a condition on their project `p`, newest first. */
async function transitionsWhere({ db, store, actor }: ResourceContext, projectCondition: SQL, limit: number) {
  const rows = await rowsOf<
    Omit<TransitionEntry, 'ticket' | 'project'> & {
      ticket_id: number;
      ticket_name: string;
      project_id: number;
      project_name: string;
    }
  >(
    db,
    sql`select r.id, t.id as ticket_id, t.name as ticket_name, p.id as project_id, p.name as project_name,
               f.name as "fromStep", s.name as "toStep", r.from_status as "fromStatus", r.to_status as "toStatus",
               r.comment, r.characteristics, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
               ${userDisplayName('u')} as author
        from ${store.scoped(ticketTransitions.slug, actor)} r
        join tickets t on t.id = r.ticket
        join projects p on p.id = t.project
        left join steps f on f.id = r.from_step
        left join steps s on s.id = r.to_step
        left join users u on u.id = r.created_by
        where ${projectCondition}
        order by r.created_at desc, r.id desc
        limit ${limit}`,
  );
  return rows.map(({ ticket_id, ticket_name, project_id, project_name, ...entry }): TransitionEntry => ({
    ...entry,
    ticket: { id: ticket_id, name: ticket_name },
    project: { id: project_id, name: project_name },
  }));
}

/** How many transitions a history shows at most. */
const HISTORY_LIMIT = 200;

/** A ticket's transitions: read by whoever may read the ticket; written by the board's routes only. */
export const ticketTransitionsHooks: ServerResource = {
  routes: [
    {
      // historique-projet/{projet}: the moves and status changes of a project's tickets.
      name: 'api.ticket_transitions.project_history',
      method: 'GET',
      action: 'list',
      // Under a project, naming its tickets: the nested list's permissions.
      alsoNeeds: [
        { resource: projects.slug, action: 'show' },
        { resource: tickets.slug, action: 'list' },
      ],
      summary: 'openapi.operations.ticket_transitions_project_history',
      async handle(request, context) {
        const project = await context.store.get(projects, request.params.projet, context.actor);
        return transitionsWhere(context, sql`p.id = ${project.id}`, HISTORY_LIMIT);
      },
    },
    {
      // dernieres-interactions/{structure}: the latest interactions on the projects the structure owns,
      // co-owns or is a partner of (the dashboard widget's query); a structure out of sight is a 404.
      name: 'api.ticket_transitions.latest_for_structure',
      method: 'GET',
      action: 'list',
      // A structure's, naming the projects it owns and their tickets.
      alsoNeeds: [
        { resource: structures.slug, action: 'show' },
        { resource: projects.slug, action: 'list' },
        { resource: tickets.slug, action: 'list' },
      ],
      summary: 'openapi.operations.ticket_transitions_latest_for_structure',
      async handle(request, context) {
        const structure = await context.store.get(structures, request.params.structure, context.actor);
        return { items: await latestInteractions(context, context.actor, { structure: structure.id }) };
      },
    },
  ],
};
