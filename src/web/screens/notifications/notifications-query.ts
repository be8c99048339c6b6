import type { NotificationItem } from '../../../shared/resources/notifications.resource';
import { ticketPath } from '../../resources/tickets/ticket-address.hook';

/** The query keys of the bell and the notifications screen: both refetched after any change. */

/** The bell polls this often (the header's unread count). */
export const BELL_POLL_MS = 30_000;

/** Where a notification leads: its ticket, open on its project's board. */
export const notificationPath = (item: NotificationItem) => ticketPath(item.project.id, item.ticket.id);
