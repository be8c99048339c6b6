import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database';
import type { ServerResource } from '../engine/server-resource';
import { ApiError } from '../http/api-error';
import { ticketChildScope } from './ticket-scope';

/**
 * A ticket's comments: read by whoever may read the ticket; changed or deleted by their author or
 * an administrator only, whichever route asks (edit-commentaire-ajax, the ticket's child routes).
 * The ticket's own deletion takes its comments with it (ticket-record.routes.ts).
 */
export const ticketCommentsHooks: ServerResource = {
  ...ticketChildScope,
  async authorizeChange(db, actor, ids) {
    if (actor.isAdmin) return;
    const others = await rowsOf<{ id: number }>(
      db,
      sql`select id from ticket_comments
          where id = any(${sql.param(ids)}::integer[]) and created_by is distinct from ${actor.id}`,
    );
    if (others.length > 0) throw new ApiError(403, 'tickets.errors.comment_not_author');
  },
};
