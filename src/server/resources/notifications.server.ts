import { and, eq, sql } from 'drizzle-orm';
import type { ServerResource } from '../engine/server-resource';
import { visibleTicketIds } from './ticket-scope';

/** Notifications: each user reads only their own, and only about tickets they may still see. */
export const notificationsHooks: ServerResource = {
  readScope(actor, columns) {
    const tickets = visibleTicketIds(actor);
    const own = eq(columns.user!, actor.id);
    return tickets ? and(own, sql`${columns.ticket!} in (${tickets})`) : own;
  },
};
