import type { FastifyRequest } from 'fastify';
import { boardFiltersSchema } from '../../../shared/resources/ticket-board';
import { ApiError } from '../../http/api-error';
import { parseBody } from '../../http/request-parsing';
import type { ResourceContext, ResourceRoute } from '../../engine/server-resource';
import {
  boardOf,
  boardVersion,
  cardOf,
  changeStatus,
  editTransition,
  moveTicket,
  savePositions,
  transitionFormOf,
} from './ticket-board';

/** A write of the board: a refusal is answered as it is, anything else logged and answered as the spec's move error. */
async function boardWrite<T>(context: ResourceContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    context.log.error({ err: error }, 'ticket board write failed');
    throw new ApiError(500, 'tickets.errors.move');
  }
}

/** The moved card and the board's new version, for the mover's screen (a move's contract has no query: the board's filters are read here). */
async function movedCard(request: FastifyRequest, context: ResourceContext, ticket: number) {
  const filters = parseBody(boardFiltersSchema, request.query);
  const [card, version] = await Promise.all([cardOf(context, ticket), boardVersion(context, filters)]);
  return { card, version };
}

/** The tickets' board routes (spec 2.3): cards, moves, transitions, positions, status changes. */
export const ticketBoardRoutes: ResourceRoute[] = [
  {
    // ajax/tickets: the global board, or one project's (?projet=), with the filters.
    name: 'api.tickets.board',
    method: 'GET',
    action: 'list',
    summary: 'openapi.operations.tickets_board',
    handle: (request, context) => boardOf(context, request.query),
  },
  {
    // What the boards poll to see other advisers' moves.
    name: 'api.tickets.board_version',
    method: 'GET',
    action: 'list',
    summary: 'openapi.operations.tickets_board_version',
    handle: async (request, context) => ({
      version: await boardVersion(context, request.query),
    }),
  },
  {
    name: 'api.tickets.card',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.tickets_card',
    handle: (request, context) => cardOf(context, request.params.id),
  },
  {
    name: 'api.tickets.move',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.tickets_move',
    async handle(request, context) {
      const move = request.body;
      await boardWrite(context, () => moveTicket(context, move, null));
      return movedCard(request, context, move.ticket);
    },
  },
  {
    name: 'api.tickets.load_transition',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.tickets_load_transition',
    handle: (request, context) => transitionFormOf(context, request.query.ticket, request.query.etape),
  },
  {
    name: 'api.tickets.add_transition',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.tickets_add_transition',
    async handle(request, context) {
      const { characteristics, ...move } = request.body;
      await boardWrite(context, () => moveTicket(context, move, characteristics));
      return movedCard(request, context, move.ticket);
    },
  },
  {
    // edit-transition-ajax/{id}: a recorded transition's characteristics, corrected.
    name: 'api.tickets.edit_transition',
    method: ['POST', 'PUT'],
    action: 'update',
    summary: 'openapi.operations.tickets_edit_transition',
    async handle(request, context) {
      const { characteristics } = request.body;
      const id = request.params.id;
      await boardWrite(context, () => editTransition(context, id, characteristics));
      return { id };
    },
  },
  {
    name: 'api.tickets.save_positions',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.tickets_save_positions',
    async handle(request, context) {
      const { step, tickets } = request.body;
      await boardWrite(context, () => savePositions(context, step, tickets));
      return { saved: tickets.length };
    },
  },
  {
    // changer-statut/{id}: white or orange, with the comment spec 4 asks.
    name: 'api.tickets.change_status',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.tickets_change_status',
    async handle(request, context) {
      const { status, comment } = request.body;
      const id = request.params.id;
      await boardWrite(context, () => changeStatus(context, id, status, comment));
      return cardOf(context, id);
    },
  },
];
