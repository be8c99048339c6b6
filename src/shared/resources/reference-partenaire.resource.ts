import { field } from './fields';
import { defineResource } from './resource';

/** Partner references, named on projects' partners. */
export const partnerReferences = defineResource({
  slug: 'reference-partenaire',
  table: 'partner_references',
  menu: { section: 'other', icon: 'list' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
  },
});
