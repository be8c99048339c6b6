import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/**
 * A ticket's status as stored (spec 4): white, work in progress; orange, blocked; green, its step is
 * the finished one. Only a status change (with its comment) or a move sets it; the board also shows
 * orange a ticket whose deadline is near (ticketStatusShown in ticket-board.ts).
 */
export const ticketStatuses = ['in_progress', 'blocked', 'done'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
/** How a linked ticket relates to this one. */
export const blockingTypes = ['blocks', 'blocked_by'] as const;

/**
 * Tickets (spec 3): the service's work on a project, cards of the kanban whose columns are the
 * workflow steps (etapes). Step, status and board position change only through the board's routes
 * (a move to a reachable step, a status change with its comment), which record a transition. A child of its project: read by whoever may
 * read the project, each addition, change and deletion in the project's history.
 */
export const tickets = defineResource({
  slug: 'tickets',
  table: 'tickets',
  menu: { section: 'content', icon: 'checklist' },
  titleField: 'name',
  defaultSort: { field: 'deadline', direction: 'asc' },
  behaviours: { audited: true, importable: false, modalCreate: true, modalEdit: true },
  parent: { resource: 'projet', field: 'project', inHistory: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    project: field.reference('projet', {
      required: true,
      autocomplete: true,
      list: true,
      filter: true,
      tab: 'general',
    }),
    mission: field.reference('missions', { filter: true, tab: 'general' }),
    domain: field.reference('thematiques-projet', { filter: true, tab: 'general' }),
    taskType: field.reference('types-tache', { list: true, filter: true, tab: 'general' }),
    color: field.color({ tab: 'general' }),
    step: field.reference('etapes', { readOnly: true, list: true, filter: true }),
    status: field.select(ticketStatuses, { readOnly: true, list: true, filter: true }),
    deadline: field.date({ list: true, sortable: true, filter: 'range', tab: 'general' }),
    // A meeting (spec 3's meeting types): on the kanban when its type says so, and, ahead, in the
    // project's history when its type says so.
    meetingType: field.reference('types-reunion', { filter: true, tab: 'meeting' }),
    meetingAt: field.datetime({ tab: 'meeting' }),
    // Minutes; the time spent is the sum of the ticket's time entries (tickets-temps), summed where shown.
    estimate: field.integer({ tab: 'general' }),
    attributions: field.references(USERS_TARGET, { filter: true, tab: 'people' }),
    notifiedUsers: field.references(USERS_TARGET, { tab: 'people' }),
    linkedTicket: field.reference('tickets', { autocomplete: true, tab: 'links' }),
    blockingType: field.select(blockingTypes, { tab: 'links' }),
    description: field.richtext({ tab: 'description' }),
    showOnKanban: field.boolean({ defaultValue: true, filter: true, tab: 'general' }),
    showOnDashboard: field.boolean({ filter: true, tab: 'general' }),
    // Each step and status change is also written in the project's history.
    warnProject: field.boolean({ tab: 'general' }),
    // The project's referents are added to the ticket's attributions when it is saved.
    addReferent: field.boolean({ tab: 'people' }),
    // The card's place in its column: changed by the board's moves and saved positions only.
    boardPosition: field.integer({ readOnly: true, internal: true }),
    finishedAt: field.datetime({ readOnly: true, list: true }),
  },
});
