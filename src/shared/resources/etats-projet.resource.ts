import { field } from './fields';
import { defineResource } from './resource';

/** Project states; six are built in (closed, in payment, in works, submitted, in processing, to process). */
export const projectStates = defineResource({
  slug: 'etats-projet',
  table: 'project_states',
  menu: { section: 'other', icon: 'flag' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    displayedOnDashboard: field.boolean({ list: true, filter: true }),
  },
});
