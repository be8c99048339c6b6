import { field } from './fields';
import { defineResource } from './resource';

/** Task templates: the tickets a project of a type starts with, each due some days, weeks or months later. */
export const taskTemplates = defineResource({
  slug: 'template-tache',
  table: 'task_templates',
  menu: { section: 'other', icon: 'template' },
  titleField: 'name',
  behaviours: { modalCreate: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    projectType: field.reference('types-projet', { list: true, filter: true, editLink: true }),
    ticketColor: field.color({ list: true }),
    tasks: field.collection({
      taskName: field.text({ required: true }),
      taskType: field.reference('types-tache'),
      dueIn: field.integer({ required: true }),
      dueUnit: field.select(['days', 'weeks', 'months'], { required: true }),
    }),
  },
});
