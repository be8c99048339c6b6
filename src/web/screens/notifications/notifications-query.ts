import type { NotificationItem } from '../../../shared/resources/notifications.resource';
import { path } from '../../../shared/routes';
import { ticketPath } from '../../resources/tickets/ticket-address.hook';

/** The query keys of the bell and the notifications screen: both refetched after any change. */

/** The bell polls this often (the header's unread count). */
export const BELL_POLL_MS = 30_000;

/** Where a notification leads: its ticket, open on its project's board; an export's, the notifications screen. */
export const notificationPath = (item: NotificationItem) =>
  item.ticket && item.project
    ? ticketPath(item.project.id, item.ticket.id)
    : path('admin.resource.list', { resource: 'notifications' });

/** A finished export's ZIP, while it is kept (a day: the hourly maintenance removes it then). */
export const exportFilePath = (item: NotificationItem) =>
  item.kind === 'export_done' && item.exportJob
    ? path('api.projects.documents_job_file', { job: item.exportJob })
    : undefined;

/**
 * What an export's notification says beside its kind: the download, or why there is none (the
 * file expired, the export failed), as a catalog key.
 */
export const exportNotificationText = (item: NotificationItem) =>
  item.kind === 'export_failed'
    ? 'export.failed'
    : item.exportJob
      ? 'notifications.export_ready'
      : 'notifications.export_expired';
