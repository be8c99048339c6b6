import { field } from './fields';
import { defineResource } from './resource';

/** Task types, in an order of the users' choosing. */
export const taskTypes = defineResource({
  slug: 'types-tache',
  table: 'task_types',
  menu: { section: 'other', icon: 'checklist' },
  titleField: 'name',
  defaultSort: { field: 'position', direction: 'asc' },
  behaviours: { sortable: true },
  fields: {
    name: field.text({ required: true, list: true, searchable: true }),
    icon: field.text({ maxLength: 64, list: true }),
  },
});
