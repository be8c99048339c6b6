import { field } from './fields';
import { defineResource } from './resource';

/** A ticket's sub-tasks (spec 3): a text and a done flag, toggled from the ticket (toggle-fait). */
export const subTasks = defineResource({
  slug: 'tickets-sous-taches',
  table: 'sub_tasks',
  menu: { section: 'content', icon: 'checklist', hidden: true },
  titleField: 'text',
  defaultSort: { field: 'position', direction: 'asc' },
  behaviours: { importable: false, clonable: false, sortable: true },
  parent: { resource: 'tickets', field: 'ticket', inHistory: true, deletedWithParent: true },
  fields: {
    ticket: field.reference('tickets', { required: true, autocomplete: true, list: true, filter: true }),
    text: field.text({ required: true, list: true, searchable: true }),
    done: field.boolean({ list: true, filter: true }),
  },
});
