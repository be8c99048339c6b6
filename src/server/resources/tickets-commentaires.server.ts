import type { ServerResource } from '../engine/server-resource';
import { notifyTicketEvents, type TicketEvent } from './ticket-notifications';
import { ticketChildScope } from './ticket-scope';

/**
 * A ticket's comments: read as their ticket. A new comment tells the ticket's attributed and notified
 * users (not its author), in the comment's transaction: the ticket's id is in the values already.
 */
export const ticketCommentsHooks: ServerResource = {
  ...ticketChildScope,
  async beforeChange(tx, records, actor) {
    const events: TicketEvent[] = records
      .filter(({ id, values }) => id === null && typeof values.ticket === 'number')
      .map(({ values }) => ({ kind: 'comment', ticket: values.ticket as number, actorId: actor.id }));
    if (events.length > 0) await notifyTicketEvents(tx, events);
    return records.map(() => null);
  },
};
