import { field } from './fields';
import { defineResource } from './resource';

/** Project templates: the prefix and suffix around a new project's reference name. */
export const projectTemplates = defineResource({
  slug: 'template-projet',
  table: 'project_templates',
  menu: { section: 'other', icon: 'template' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    prefix: field.text({ maxLength: 50, list: true }),
    suffix: field.text({ maxLength: 50, list: true }),
  },
});
