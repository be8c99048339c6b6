import { field } from './fields';
import { defineResource } from './resource';

/** Template files (Word or Excel models) offered for the projects of some types. */
export const templateFiles = defineResource({
  slug: 'fichier-type',
  table: 'template_files',
  menu: { section: 'content', icon: 'file' },
  titleField: 'name',
  behaviours: { publishable: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    file: field.file({ required: true, list: true }),
    projectTypes: field.references('types-projet', { list: true, filter: true }),
  },
});
