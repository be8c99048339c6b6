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
  },
});
