import { field } from './fields';
import { defineResource } from './resource';

/** Project themes, as a tree: a theme with children cannot be deleted while they live. */
export const projectThemes = defineResource({
  slug: 'thematiques-projet',
  table: 'project_themes',
  menu: { section: 'other', icon: 'tags' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    parent: field.reference('thematiques-projet', { list: true, filter: true }),
    attachedToWatch: field.boolean({ list: true, filter: true }),
  },
});
