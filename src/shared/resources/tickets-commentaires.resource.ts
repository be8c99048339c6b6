import { field } from './fields';
import { defineResource } from './resource';

/** A ticket's comments (spec 3's ticket comment): each in the ticket's history by its author's words. */
export const ticketComments = defineResource({
  slug: 'tickets-commentaires',
  table: 'ticket_comments',
  menu: { section: 'content', icon: 'history', hidden: true },
  titleField: 'comment',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  behaviours: { importable: false, clonable: false },
  parent: { resource: 'tickets', field: 'ticket', inHistory: true, deletedWithParent: true },
  fields: {
    ticket: field.reference('tickets', { required: true, autocomplete: true, list: true, filter: true }),
    comment: field.textarea({ required: true, maxLength: 5000, list: true, searchable: true }),
  },
});
