import { z } from 'zod';
import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/** Why a user is told: about a ticket, or their documents' export (a background ZIP) finished or failed. */
export const notificationKinds = [
  'step_entry',
  'step_exit',
  'attribution',
  'comment',
  'deadline',
  'export_done',
  'export_failed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds about an export, which have no ticket. */
export const exportNotificationKinds: readonly NotificationKind[] = ['export_done', 'export_failed'];

/**
 * A user's notifications (spec 2.1, 4): about a ticket entering or leaving a step, attributed to
 * them, commented, or turning orange; or their background documents' ZIP finished (its file to
 * download, `exportJob`, until the hourly cleanup removes it) or failed. Each user reads only their
 * own, and only those of tickets they may see; "À traiter" are those not archived, "Archivées" the others.
 */
export const notifications = defineResource({
  slug: 'notifications',
  table: 'notifications',
  menu: { section: 'dashboard', icon: 'flag' },
  titleField: 'kind',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  behaviours: { readOnly: true },
  fields: {
    user: field.reference(USERS_TARGET, { required: true }),
    kind: field.select(notificationKinds, { required: true, list: true, filter: true }),
    // Every kind but the exports' has one.
    ticket: field.reference('tickets', { list: true, filter: true }),
    step: field.reference('etapes', { list: true }),
    seen: field.boolean({ list: true, filter: true }),
    archived: field.boolean({ filter: true }),
    // A deadline notification's deadline: one per user, ticket and deadline (a postponed one tells again).
    deadline: field.date({ readOnly: true }),
    // An export's job (its ZIP under DATA_DIR/uploads/documents/<user>/); emptied when the file is removed.
    exportJob: field.text({ readOnly: true, maxLength: 36 }),
  },
});

/**
 * A notification as the bell and the notifications screen show it: what, about which ticket of which
 * project; an export's has neither, and `exportJob` names its ZIP to download (null once expired).
 */
const notificationItemSchema = z.object({
  id: z.number(),
  kind: z.enum(notificationKinds),
  ticket: z.object({ id: z.number(), title: z.string() }).nullable(),
  project: z.object({ id: z.number(), title: z.string() }).nullable(),
  exportJob: z.string().nullable(),
  createdAt: z.string(),
  seen: z.boolean(),
  archived: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The header's bell (GET header-unread-notifications): the unread count and the five newest not archived. */
export const headerNotificationsSchema = z.object({ unread: z.number(), latest: z.array(notificationItemSchema) });
export type HeaderNotifications = z.infer<typeof headerNotificationsSchema>;

/** A page of the notifications screen (GET notifications/liste?archived=&page=), newest first. */
export const notificationPageSchema = z.object({
  items: z.array(notificationItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The ids a batch route acts on: the caller's own among them, the others ignored. */
export const notificationIdsBody = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000) });

/** The notifications screen's query: to process (0) or archived (1), and the page. */
export const notificationPageQuery = z.object({
  archived: z.enum(['0', '1']).default('0').describe('openapi.parameters.notifications_archived'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('openapi.parameters.page'),
});
