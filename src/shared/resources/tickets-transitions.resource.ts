import { field } from './fields';
import { defineResource } from './resource';
import { ticketStatuses } from './tickets.resource';

/**
 * What happened to a ticket on the board (spec 4): a move from one step to another, with the
 * characteristics its transition asked, or a status change with its comment. Written by the board's
 * routes only.
 */
export const ticketTransitions = defineResource({
  slug: 'tickets-transitions',
  table: 'ticket_transitions',
  menu: { section: 'content', icon: 'history', hidden: true },
  titleField: 'comment',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  behaviours: { readOnly: true, exportable: true },
  parent: { resource: 'tickets', field: 'ticket' },
  fields: {
    ticket: field.reference('tickets', { required: true, list: true, filter: true }),
    fromStep: field.reference('etapes', { list: true, filter: true }),
    toStep: field.reference('etapes', { list: true, filter: true }),
    fromStatus: field.select(ticketStatuses, { list: true }),
    toStatus: field.select(ticketStatuses, { list: true }),
    comment: field.textarea({ maxLength: 5000, list: true, searchable: true }),
    // The characteristics the transition asked, by name: { "Montant": "1200" }.
    characteristics: field.collection({
      characteristicName: field.text({ required: true }),
      value: field.text(),
    }),
  },
});
