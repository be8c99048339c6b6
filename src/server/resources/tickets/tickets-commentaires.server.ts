import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database';
import type { ServerResource } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { notifyTicketEvents } from './ticket-notifications';

/**
 * A ticket's comments: read by whoever may read the ticket; a new one is told to the ticket's users,
 * whichever route adds it (the ticket's child route, an import); only its author or an administrator
 * changes or deletes it, whichever route does (the child routes, edit-commentaire-ajax).
 */
export const ticketCommentsHooks: ServerResource = {
  async authorizeChange(db, actor, ids) {
    if (actor.isAdmin) return;
    const others = await rowsOf<{ id: number }>(
      db,
      sql`select id from ticket_comments where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
          and created_by is distinct from ${actor.id}`,
    );
    if (others.length > 0) throw new ApiError(403, 'tickets.errors.comment_not_author');
  },
  async beforeChange(tx, records, actor) {
    // In the write's transaction: the notifications exist exactly when the comment does.
    const events = records.flatMap(({ id, values }) =>
      id === null && typeof values.ticket === 'number'
        ? [{ kind: 'comment' as const, ticket: values.ticket, actorId: actor.id }]
        : [],
    );
    if (events.length > 0) await notifyTicketEvents(tx, events);
    return records.map(() => null);
  },
};
