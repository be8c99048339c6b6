import type { ServerResource } from '../engine/server-resource';
import { notifyTicketEvents } from './ticket-notifications';
import { ticketChildScope } from './ticket-scope';

/**
 * A ticket's comments: read by whoever may read the ticket; a new one is told to the ticket's users,
 * whichever route adds it (the ticket's child route, an import). Their edit by their author or an
 * administrator only is edit-commentaire-ajax's rule (ticket-record.routes.ts).
 */
export const ticketCommentsHooks: ServerResource = {
  ...ticketChildScope,
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
