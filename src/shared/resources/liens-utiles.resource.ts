import { field } from './fields';
import { defineResource } from './resource';

/** Useful links, shown on the dashboard. */
export const usefulLinks = defineResource({
  slug: 'liens-utiles',
  table: 'useful_links',
  menu: { section: 'content', icon: 'link' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, filter: true, searchable: true }),
    url: field.url({ required: true, list: true, searchable: true }),
  },
});
