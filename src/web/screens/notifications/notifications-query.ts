import type { NotificationItem } from '../../../shared/resources/notifications.resource';
import { path } from '../../../shared/routes';

/** The query keys of the bell and the notifications screen: both refetched after any change. */

/** The bell polls this often (the header's unread count). */
export const BELL_POLL_MS = 30_000;

/** Where a notification leads: its ticket's project's board. */
export const boardPath = (item: NotificationItem) => path('admin.tickets.board', { projet: item.project.id });
