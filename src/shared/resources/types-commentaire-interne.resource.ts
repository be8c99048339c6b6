import { field } from './fields';
import { defineResource } from './resource';

/** Internal comment types. */
export const internalCommentTypes = defineResource({
  slug: 'types-commentaire-interne',
  table: 'internal_comment_types',
  menu: { section: 'other', icon: 'list' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
  },
});
