import { field } from './fields';
import { defineResource } from './resource';

/** The authority's services; a user's service fills defaults in forms and, flagged, locks linked fields. */
export const services = defineResource({
  slug: 'service',
  table: 'services',
  menu: { section: 'other', icon: 'users' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    disableLinkedFields: field.boolean({ list: true, filter: true }),
  },
});
