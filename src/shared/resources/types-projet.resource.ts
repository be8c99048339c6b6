import { field } from './fields';
import { defineResource } from './resource';

/** Project types, each offered within the missions it belongs to (ajax/par-mission/{mission}). */
export const projectTypes = defineResource({
  slug: 'types-projet',
  table: 'project_types',
  menu: { section: 'other', icon: 'list' },
  titleField: 'name',
  behaviours: { activatable: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    missions: field.references('missions', { list: true, filter: true }),
  },
});
