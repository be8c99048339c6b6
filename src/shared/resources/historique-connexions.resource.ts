import { USERS_TARGET, field } from './fields';
import { defineResource } from './resource';

export const loginStates = ['success', 'failure', 'locked'] as const;
export type LoginState = (typeof loginStates)[number];
export const loginApplications = ['back_office', 'customer_area', 'impersonation'] as const;
export type LoginApplication = (typeof loginApplications)[number];
export const loginDevices = ['computer', 'mobile', 'tablet'] as const;
export type LoginDevice = (typeof loginDevices)[number];

/** The device a user agent describes, told simply: tablets first, as their agents often say "Mobile" too. */
export function deviceOf(userAgent: string): LoginDevice {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'computer';
}

/** Login history (spec 3): every login attempt, written by the login route only. */
export const loginHistory = defineResource({
  slug: 'historique-connexions',
  table: 'login_history',
  menu: { section: 'logs', icon: 'history' },
  titleField: 'username',
  defaultSort: { field: 'date', direction: 'desc' },
  fields: {
    date: field.datetime({ required: true, list: true, sortable: true, filter: true }),
    username: field.text({ required: true, list: true, sortable: true, filter: true, searchable: true }),
    state: field.select(loginStates, { required: true, list: true, filter: true }),
    application: field.select(loginApplications, { required: true, list: true, filter: true }),
    device: field.select(loginDevices, { required: true, list: true }),
    ipAddress: field.text({ list: true, filter: true }),
    userAgent: field.textarea({ maxLength: 1000 }),
    user: field.reference(USERS_TARGET, { autocomplete: true }),
    /** Who logged in as the user (application "impersonation"). */
    impersonator: field.reference(USERS_TARGET, { autocomplete: true, list: true }),
  },
  behaviours: { readOnly: true },
  // A user's own logins, also listed on their page.
  parent: { resource: USERS_TARGET, field: 'user' },
});
