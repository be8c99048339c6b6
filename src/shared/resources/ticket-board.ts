import { z } from 'zod';
import { dateValue } from './fields';
import { ticketStatuses, type TicketStatus } from './tickets.resource';

/** A step as a column of the board: where its cards may go, and which moves ask characteristics. */
const boardColumnSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The finished step: entering it finishes the ticket (green). */
  done: z.boolean(),
  /** The steps a card of this column may move to. */
  reachableSteps: z.array(z.number()),
  /** The steps whose transition from this one asks characteristics (a modal before the move). */
  transitionsAsking: z.array(z.number()),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** A ticket as a card: what the board draws, nothing more (2 000 of them load at once). */
export const boardCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  step: z.number(),
  boardPosition: z.number(),
  /** Its project, with the project's owner as one line (individual — structure), null without one. */
  project: z.object({ id: z.number(), title: z.string(), owner: z.string().nullable() }),
  color: z.string().nullable(),
  /** As shown: orange when its deadline is near, whatever is stored (ticketStatusShown). */
  status: z.enum(ticketStatuses),
  /** Why it is orange when its deadline is the reason: near, or passed (deadlineAlert); null otherwise. */
  deadlineAlert: z.enum(['near', 'overdue']).nullable(),
  deadline: z.string().nullable(),
  attributions: z.array(z.object({ id: z.number(), name: z.string() })),
  taskType: z.object({ id: z.number(), name: z.string(), icon: z.string().nullable() }).nullable(),
  subTasks: z.object({ done: z.number(), total: z.number() }),
  comments: z.number(),
  /** A meeting's type and moment (only meetings whose type is flagged for the kanban are cards). */
  meeting: z.object({ type: z.string(), at: z.string().nullable() }).nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** A board: its columns in the steps' order, its cards in their columns' order; `version` changes with any card. */
export const boardSchema = z.object({
  columns: z.array(boardColumnSchema),
  cards: z.array(boardCardSchema),
  version: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

/** The board's filters (query parameters of ajax/tickets and its version). */
export const boardFiltersSchema = z
  .object({
    projet: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .describe('openapi.parameters.tickets_project'),
    mission: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .describe('openapi.parameters.tickets_mission'),
    utilisateur: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .describe('openapi.parameters.tickets_user'),
    typeTache: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .describe('openapi.parameters.tickets_task_type'),
    statut: z.enum(['in_progress', 'blocked', 'done']).optional().describe('openapi.parameters.tickets_status'),
    q: z.string().trim().max(255).optional().describe('openapi.parameters.tickets_search'),
    echeanceDu: dateValue.optional().describe('openapi.parameters.tickets_deadline_from'),
    echeanceAu: dateValue.optional().describe('openapi.parameters.tickets_deadline_to'),
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
export const transitionFormSchema = z.object({
  from: z.number(),
  to: z.number(),
  characteristics: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['text', 'number', 'date', 'choice', 'checkbox']),
      options: z.array(z.string()),
    }),
  ),
});
export type TransitionForm = z.infer<typeof transitionFormSchema>;

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

/** Why a card shows orange when its deadline makes it so (ticketStatusShown): near, or already passed. */
export type DeadlineAlert = 'near' | 'overdue';

/**
 * Whether the deadline is why a ticket shows orange: only a ticket stored white (work in progress)
 * whose deadline is `warningDays` days away or less; 'overdue' once the day is past.
 */
export function deadlineAlert(
  stored: TicketStatus,
  deadline: string | null,
  today: string,
  warningDays: number,
): DeadlineAlert | null {
  if (stored !== 'in_progress' || deadline === null) return null;
  const days = daysBetween(today, deadline);
  if (days < 0) return 'overdue';
  return days <= warningDays ? 'near' : null;
}

/** A meeting ahead, as the project's history lists it (its type says so). */
export const upcomingMeetingSchema = z.object({
  ticket: z.object({ id: z.number(), name: z.string() }),
  type: z.string(),
  at: z.string(),
});
export type UpcomingMeeting = z.infer<typeof upcomingMeetingSchema>;
