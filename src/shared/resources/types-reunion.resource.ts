import { field } from './fields';
import { defineResource } from './resource';

/** Meeting types: some appear on the kanban, some list upcoming meetings in the project history. */
export const meetingTypes = defineResource({
  slug: 'types-reunion',
  table: 'meeting_types',
  menu: { section: 'other', icon: 'calendar' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    onKanban: field.boolean({ list: true, filter: true }),
    upcomingInHistory: field.boolean({ list: true, filter: true }),
  },
});
