import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/**
 * Workflow steps: the kanban's columns, in order (the first at position 0). Each lists the steps a
 * ticket may move on to, its transitions with their characteristics, and whom to notify.
 */
export const steps = defineResource({
  slug: 'etapes',
  table: 'steps',
  menu: { section: 'other', icon: 'checklist' },
  titleField: 'name',
  defaultSort: { field: 'position', direction: 'asc' },
  behaviours: { sortable: true },
  fields: {
    name: field.text({ required: true, list: true, searchable: true, tab: 'general' }),
    description: field.textarea({ maxLength: 2000, tab: 'general' }),
    done: field.boolean({ list: true, filter: true, tab: 'general' }),
    validationStep: field.boolean({ list: true, filter: true, tab: 'general' }),
    reachableSteps: field.references('etapes', { list: true, tab: 'workflow' }),
    transitions: field.collection(
      {
        target: field.reference('etapes', { required: true }),
        characteristics: field.collection({
          characteristicName: field.text({ required: true }),
          characteristicType: field.select(['text', 'number', 'date', 'choice', 'checkbox'], { required: true }),
          characteristicOptions: field.text(),
        }),
      },
      { tab: 'workflow' },
    ),
    notifyOnEntry: field.boolean({ tab: 'notifications' }),
    notifyOnExit: field.boolean({ tab: 'notifications' }),
    notifiedOnEntry: field.references(USERS_TARGET, { autocomplete: true, tab: 'notifications' }),
    notifiedOnExit: field.references(USERS_TARGET, { autocomplete: true, tab: 'notifications' }),
  },
});
