import { interactionsReplySchema } from '../dashboard/dashboard';
import { z } from 'zod';
import {
  headerNotificationsSchema,
  notificationIdsBody,
  notificationPageQuery,
  notificationPageSchema,
} from '../resources/notifications.resource';
import {
  boardCardSchema,
  boardFiltersSchema,
  boardSchema,
  editTransitionSchema,
  moveSchema,
  positionsSchema,
  statusChangeSchema,
  transitionFormSchema,
  transitionSchema,
} from '../resources/ticket-board';
import { ticketCloneSchema, ticketCommentSchema, ticketTimeTotalsSchema } from '../resources/ticket-record';
import { ticketStatuses } from '../resources/tickets.resource';
import { resourceRecordSchema } from '../resources/resource';
import { MAX_INTEGER } from '../resources/fields';
import { defineContracts, operation } from './contract';
import { wholeNumber } from './paging';

/** The moved card and the board's new version, for the mover's screen. */
const moved = operation({
  body: moveSchema,
  reply: z.object({ card: boardCardSchema, version: z.string() }),
  conflicts: true,
});
const editTransition = operation({ body: editTransitionSchema, reply: z.object({ id: z.number() }) });
// The comment's own field schema is the resource's: the route checks it.
const editComment = operation({ body: z.object({ comment: z.string() }), reply: ticketCommentSchema });
const deleted = operation({ reply: z.object({ id: z.number() }), conflicts: true });
/** A transition as the project's and the structure's histories list it. */
export const transitionEntrySchema = z.object({
  id: z.number(),
  ticket: z.object({ id: z.number(), name: z.string() }),
  project: z.object({ id: z.number(), name: z.string() }),
  fromStep: z.string().nullable(),
  toStep: z.string().nullable(),
  fromStatus: z.enum(ticketStatuses).nullable(),
  toStatus: z.enum(ticketStatuses).nullable(),
  comment: z.string(),
  characteristics: z.array(z.object({ characteristicName: z.string(), value: z.string() })),
  createdAt: z.string(),
  author: z.string().nullable(),
});
export type TransitionEntry = z.infer<typeof transitionEntrySchema>;
const notificationIds = operation({ body: notificationIdsBody, reply: z.object({ updated: z.number() }) });

/** The tickets: the board, a ticket's own routes, sub-tasks, transitions, notifications. */
export const ticketContracts = defineContracts({
  'api.tickets.board': { GET: operation({ query: boardFiltersSchema, reply: boardSchema }) },
  'api.tickets.board_version': {
    GET: operation({ query: boardFiltersSchema, reply: z.object({ version: z.string() }) }),
  },
  'api.tickets.card': { GET: operation({ reply: boardCardSchema }) },
  'api.tickets.move': { POST: moved },
  'api.tickets.load_transition': {
    GET: operation({
      query: z.object({
        ticket: wholeNumber(1, MAX_INTEGER).describe('openapi.parameters.tickets_ticket'),
        etape: wholeNumber(1, MAX_INTEGER).describe('openapi.parameters.tickets_step'),
      }),
      reply: transitionFormSchema,
    }),
  },
  'api.tickets.add_transition': { POST: { ...moved, body: transitionSchema } },
  'api.tickets.edit_transition': { POST: editTransition, PUT: editTransition },
  'api.tickets.save_positions': { POST: operation({ body: positionsSchema, reply: z.object({ saved: z.number() }) }) },
  // A ticket's status changes from its modal too, off the board: a ticket created without a step has none.
  'api.tickets.change_status': {
    POST: operation({ body: statusChangeSchema, reply: boardCardSchema.extend({ step: z.number().nullable() }) }),
  },
  'api.tickets.comments': { GET: operation({ reply: z.array(ticketCommentSchema) }) },
  'api.tickets.edit_comment': { POST: editComment, PUT: editComment },
  'api.tickets.clone_ajax': { POST: operation({ reply: ticketCloneSchema, status: 201 }) },
  'api.tickets.delete_ajax': { POST: deleted, PUT: deleted },
  'api.tickets.time_totals': { GET: operation({ reply: ticketTimeTotalsSchema }) },
  'api.sub_tasks.toggle_done': { POST: operation({ reply: resourceRecordSchema }) },
  'api.ticket_transitions.project_history': { GET: operation({ reply: z.array(transitionEntrySchema) }) },
  // A structure's latest interactions (its page's panel): the dashboard widget's, on its projects.
  'api.ticket_transitions.latest_for_structure': { GET: operation({ reply: interactionsReplySchema }) },
  'api.notifications.mark_seen': { POST: notificationIds },
  'api.notifications.archive': { POST: notificationIds },
  'api.notifications.unarchive': { POST: notificationIds },
  'api.notifications.header_unread': { GET: operation({ reply: headerNotificationsSchema }) },
  'api.notifications.page': {
    GET: operation({
      query: notificationPageQuery,
      reply: notificationPageSchema,
    }),
  },
});
