import { field } from './fields';
import { defineResource } from './resource';

/** A form's columns: how many side by side, 2 unless chosen. */
export const FORM_COLUMNS = { default: 2, min: 1, max: 4 } as const;

/**
 * Forms filled in on projects: their fields (champs-de-formulaire) in order, for the project themes
 * and types they apply to. A new field can be created from the form itself.
 */
export const forms = defineResource({
  slug: 'formulaires',
  table: 'forms',
  menu: { section: 'other', icon: 'file' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    columns: field.integer({ required: true, defaultValue: FORM_COLUMNS.default, list: true }),
    projectThemes: field.references('thematiques-projet', { filter: true }),
    projectTypes: field.references('types-projet', { filter: true }),
    fields: field.references('champs-de-formulaire', { createInModal: true }),
    excludedFromProjectExport: field.boolean({ list: true, filter: true }),
  },
});
