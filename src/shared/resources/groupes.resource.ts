import { field } from './fields';
import { defineResource } from './resource';

/**
 * Access profiles (groupes): what their members may do, resource by resource and by group of
 * actions (add, consult, modify, delete, other), the forms they do not see, and their territories.
 */
export const accessProfiles = defineResource({
  slug: 'groupes',
  table: 'access_profiles',
  menu: { section: 'other', icon: 'users' },
  titleField: 'name',
  behaviours: { audited: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    description: field.textarea({ maxLength: 2000, tab: 'general' }),
    image: field.file({ tab: 'general' }),
    link: field.url({ tab: 'general' }),
    agglomerationMember: field.boolean({ list: true, filter: true, tab: 'general' }),
    territories: field.references('communes', { autocomplete: true, tab: 'general' }),
    permissions: field.permissions({ tab: 'permissions' }),
    hiddenForms: field.references('formulaires', { tab: 'forms' }),
  },
});
