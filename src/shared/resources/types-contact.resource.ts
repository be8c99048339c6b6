import { field } from './fields';
import { defineResource } from './resource';

/** Contact types; for some, a commune update also sets the structure's INSEE code. */
export const contactTypes = defineResource({
  slug: 'types-contact',
  table: 'contact_types',
  menu: { section: 'other', icon: 'list' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    updatesInseeCode: field.boolean({ list: true, filter: true }),
  },
});
