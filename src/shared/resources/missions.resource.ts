import { field } from './fields';
import { defineResource } from './resource';

/**
 * The service's missions (e.g. "Conseil aux particuliers"): project types and users follow them.
 * Their service, access profiles and project permissions come with the Accounts issue.
 */
export const missions = defineResource({
  slug: 'missions',
  table: 'missions',
  menu: { section: 'other', icon: 'flag' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    acronym: field.text({ maxLength: 30, list: true, sortable: true, searchable: true }),
  },
});
