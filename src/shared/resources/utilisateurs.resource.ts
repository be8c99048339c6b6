import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/** Spec 3's main permission: the user's main role, among the staff the service has. */
export const mainPermissions = ['administrator', 'project_officer', 'adviser'] as const;

/**
 * The back office's users. Their password, language and screen preferences are theirs alone (login,
 * profile, password links): no field here writes them.
 */
export const usersResource = defineResource({
  slug: USERS_TARGET,
  table: 'users',
  menu: { section: 'other', icon: 'users' },
  titleField: 'lastName',
  titleSuffix: ['firstName'],
  // The list's search suggests users as one types, typos tolerated (find-approximately).
  searchSuggest: 'api.users.find_approximately',
  // Enabled or not through the enable and disable batch actions of the list.
  behaviours: { clonable: false, importable: false, activatable: true, audited: true },
  // A password-creation link for a user who has none yet, else a reset link, mailed to the user.
  // "Log in as" the user: for holders of the users' own "log in as" permission; the banner leads back.
  commands: [
    { name: 'password_link', kind: 'post', route: 'api.users.password_link', action: 'update' },
    { name: 'impersonate', kind: 'post', route: 'api.users.impersonate', action: 'impersonate' },
  ],
  fields: {
    lastName: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'identity' }),
    firstName: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'identity' }),
    email: field.email({ required: true, list: true, sortable: true, searchable: true, tab: 'identity' }),
    username: field.text({ maxLength: 100, tab: 'identity' }),
    photo: field.file({ tab: 'identity' }),
    emailSignature: field.richtext({ tab: 'identity' }),
    mainPermission: field.select(mainPermissions, { list: true, filter: true, tab: 'access' }),
    isAdmin: field.boolean({ list: true, filter: true, tab: 'access' }),
    external: field.boolean({ filter: true, tab: 'access' }),
    expiresAt: field.datetime({ tab: 'access' }),
    // Choosing a service fills the missions followed with the service's (get-form-values-from-service).
    serviceId: field.reference('service', {
      list: true,
      filter: true,
      tab: 'access',
      fillsFrom: 'api.users.form_values_from_service',
    }),
    groupIds: field.references('groupes', { list: true, filter: true, tab: 'access' }),
    followedMissions: field.references('missions', { tab: 'access' }),
    notificationTerritories: field.references('communes', { autocomplete: true, tab: 'territories' }),
    confidentialityTerritories: field.references('communes', { autocomplete: true, tab: 'territories' }),
    dashboardIframes: field.collection(
      {
        tabTitle: field.text({ required: true, maxLength: 60 }),
        iframeCode: field.textarea({ required: true, maxLength: 2000 }),
      },
      { tab: 'dashboard' },
    ),
    lastLoginAt: field.datetime({ readOnly: true, list: true, sortable: true }),
  },
});
