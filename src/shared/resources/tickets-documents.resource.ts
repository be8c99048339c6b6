import { field } from './fields';
import { defineResource } from './resource';

/** A ticket's documents (spec 3's ticket document): a titled file, of the kinds a project's documents may be. */
export const ticketDocuments = defineResource({
  slug: 'tickets-documents',
  table: 'ticket_documents',
  menu: { section: 'content', icon: 'file', hidden: true },
  titleField: 'title',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  behaviours: { importable: false, clonable: false },
  parent: { resource: 'tickets', field: 'ticket', inHistory: true, deletedWithParent: true },
  fields: {
    ticket: field.reference('tickets', { required: true, autocomplete: true, list: true, filter: true }),
    title: field.text({ required: true, list: true, sortable: true, searchable: true }),
    file: field.file({ required: true, list: true, searchable: true }),
  },
});
