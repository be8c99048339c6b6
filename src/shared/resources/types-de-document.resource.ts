import { field } from './fields';
import { defineResource } from './resource';

/** Document types, to file the documents of projects and tickets. */
export const documentTypes = defineResource({
  slug: 'types-de-document',
  table: 'document_types',
  menu: { section: 'other', icon: 'file' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
  },
});
