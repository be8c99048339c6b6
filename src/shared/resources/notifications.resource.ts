import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/** Why a user is told about a ticket. */
export const notificationKinds = ['step_entry', 'step_exit', 'attribution', 'comment', 'deadline'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * A user's notifications (spec 2.1, 4): about a ticket entering or leaving a step, attributed to
 * them, commented, or turning orange. Each user reads only their own, and only those of tickets they
 * may see; "À traiter" are those not archived, "Archivées" the others.
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
    ticket: field.reference('tickets', { required: true, list: true, filter: true }),
    step: field.reference('etapes', { list: true }),
    seen: field.boolean({ list: true, filter: true }),
    archived: field.boolean({ filter: true }),
    // A deadline notification's deadline: one per user, ticket and deadline (a postponed one tells again).
    deadline: field.date({ readOnly: true }),
  },
});

/** A notification as the bell and the notifications screen show it: what, about which ticket of which project. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  ticket: { id: number; title: string };
  project: { id: number; title: string };
  createdAt: string;
  seen: boolean;
  archived: boolean;
}

/** The header's bell (GET header-unread-notifications): the unread count and the five newest not archived. */
export interface HeaderNotifications {
  unread: number;
  latest: NotificationItem[];
}

/** A page of the notifications screen (GET notifications/liste?archived=&page=), newest first. */
export interface NotificationPage {
  items: NotificationItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
