import { z } from 'zod';
import { dateValue } from './fields';
import type { TicketStatus } from './tickets.resource';

/** A step as a column of the board: where its cards may go, and which moves ask characteristics. */
export interface BoardColumn {
  id: number;
  name: string;
  /** The finished step: entering it finishes the ticket (green). */
  done: boolean;
  /** The steps a card of this column may move to. */
  reachableSteps: number[];
  /** The steps whose transition from this one asks characteristics (a modal before the move). */
  transitionsAsking: number[];
}

/** A ticket as a card: what the board draws, nothing more (2 000 of them load at once). */
export interface BoardCard {
  id: number;
  name: string;
  step: number;
  boardPosition: number;
  project: { id: number; title: string };
  color: string | null;
  /** As shown: orange when its deadline is near, whatever is stored (ticketStatusShown). */
  status: TicketStatus;
  deadline: string | null;
  attributions: { id: number; name: string }[];
  taskType: { id: number; name: string; icon: string | null } | null;
  subTasks: { done: number; total: number };
  comments: number;
  /** A meeting's type and moment (only meetings whose type is flagged for the kanban are cards). */
  meeting: { type: string; at: string | null } | null;
}

/** A board: its columns in the steps' order, its cards in their columns' order; `version` changes with any card. */
export interface Board {
  columns: BoardColumn[];
  cards: BoardCard[];
  version: string;
}

/** The board's filters (query parameters of ajax/tickets and its version). */
export const boardFiltersSchema = z
  .object({
    projet: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    mission: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    utilisateur: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    typeTache: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    statut: z.enum(['in_progress', 'blocked', 'done']).optional(),
    q: z.string().trim().max(255).optional(),
    echeanceDu: dateValue.optional(),
    echeanceAu: dateValue.optional(),
  })
  .refine((filters) => !filters.echeanceDu || !filters.echeanceAu || filters.echeanceDu <= filters.echeanceAu, {
    message: 'tickets.errors.deadline_range',
    path: ['echeanceAu'],
  });
export type BoardFilters = z.infer<typeof boardFiltersSchema>;

const id = z.number().int().positive().max(2_147_483_647);

/** A card moved to a step, before another card of it (null: at the column's end). */
export const moveSchema = z.object({
  ticket: id,
  step: id,
  before: id.nullable(),
});
export type MoveRequest = z.infer<typeof moveSchema>;

/** A move whose transition asks characteristics: their values, by name. */
export const transitionSchema = moveSchema.extend({
  characteristics: z.record(z.string().max(255), z.string().max(5000)),
});
export type TransitionRequest = z.infer<typeof transitionSchema>;

/** A recorded transition's characteristics, corrected (edit-transition-ajax). */
export const editTransitionSchema = z.object({
  characteristics: z.record(z.string().max(255), z.string().max(5000)),
});

/** What a transition asks before a move (load-transition-ajax). */
export interface TransitionForm {
  from: number;
  to: number;
  characteristics: { name: string; type: 'text' | 'number' | 'date' | 'choice' | 'checkbox'; options: string[] }[];
}

/** A column's cards in the order an adviser left them (sauvegarder-positions). */
export const positionsSchema = z.object({ step: id, tickets: z.array(id).max(5000) });
export type PositionsRequest = z.infer<typeof positionsSchema>;

/** A status change always says why (spec 4). Green comes from the finished step, not from here. */
export const statusChangeSchema = z.object({
  status: z.enum(['in_progress', 'blocked']),
  comment: z.string().trim().min(1, 'tickets.errors.status_comment_required').max(5000),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** Days between two ISO dates (b − a). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/**
 * The status a ticket shows (spec 4): green when its step is the finished one, orange when blocked
 * or when its deadline is `warningDays` days away or less (computed at each read, so never stale),
 * white otherwise.
 */
export function ticketStatusShown(
  stored: TicketStatus,
  deadline: string | null,
  today: string,
  warningDays: number,
): TicketStatus {
  if (stored !== 'in_progress') return stored;
  if (deadline !== null && daysBetween(today, deadline) <= warningDays) return 'blocked';
  return 'in_progress';
}

/** A meeting ahead, as the project's history lists it (its type says so). */
export interface UpcomingMeeting {
  ticket: { id: number; name: string };
  type: string;
  at: string;
}
