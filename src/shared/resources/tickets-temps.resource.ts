import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/** Time worked on a ticket (spec 3's time entry): who, which day, how many minutes, doing what. */
export const timeEntries = defineResource({
  slug: 'tickets-temps',
  table: 'time_entries',
  menu: { section: 'content', icon: 'calendar', hidden: true },
  titleField: 'description',
  defaultSort: { field: 'workedOn', direction: 'desc' },
  behaviours: { importable: false, clonable: false },
  parent: { resource: 'tickets', field: 'ticket', inHistory: true, deletedWithParent: true },
  fields: {
    ticket: field.reference('tickets', { required: true, autocomplete: true, list: true, filter: true }),
    description: field.text({ required: true, list: true, searchable: true }),
    workedMinutes: field.integer({ required: true, list: true }),
    workedOn: field.date({ required: true, list: true, sortable: true, filter: 'range' }),
    // Left empty, the writer's.
    user: field.reference(USERS_TARGET, { list: true, filter: true }),
  },
});
