import { importFieldKeys, importTypes } from '../import-assistant/import-assistant';
import { field } from './fields';
import { defineResource } from './resource';

/**
 * Import templates (spec 3): a saved mapping of the contacts import assistant — the type of file,
 * how its columns are written (letters, or 0-based indexes), whether its first row is a header,
 * which tab to read (0 being the first), and each field's column and search-criterion flag.
 * Its rules (fields of its type, valid columns) are in templates-import.server.ts.
 */
export const importTemplates = defineResource({
  slug: 'templates-import',
  table: 'import_templates',
  menu: { section: 'contacts', icon: 'template' },
  titleField: 'name',
  // A mapping is made on the assistant's screen, from a file: a spreadsheet of mappings makes no sense.
  behaviours: { importable: false },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    type: field.select(importTypes, { required: true, list: true, filter: true }),
    numericColumns: field.boolean({ list: true }),
    header: field.boolean({ list: true, defaultValue: true }),
    sheet: field.integer({ required: true, defaultValue: 0, list: true }),
    fields: field.collection({
      field: field.select(importFieldKeys, { required: true }),
      column: field.text({ required: true, maxLength: 10 }),
      searchCriterion: field.boolean(),
    }),
  },
});
