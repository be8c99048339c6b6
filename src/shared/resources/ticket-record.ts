import { z } from 'zod';

/** What a ticket's own routes answer (ticket-record.routes.ts), as the ticket modal reads it. */

/** A ticket's comment as its list shows it: who wrote it, when, and whether the reader may edit it. */
export const ticketCommentSchema = z.object({
  id: z.number(),
  comment: z.string(),
  author: z.number().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** A ticket's time: its estimate, the minutes worked (all users, then by user) and what remains, in minutes. */
export const ticketTimeTotalsSchema = z.object({
  estimate: z.number().nullable(),
  spent: z.number(),
  /** max(0, estimate − spent); 0 without an estimate. */
  remaining: z.number(),
  byUser: z.array(z.object({ user: z.number(), name: z.string(), minutes: z.number() })),
});
export type TicketTimeTotals = z.infer<typeof ticketTimeTotalsSchema>;

/** A ticket cloned: the new ticket's id. */
export const ticketCloneSchema = z.object({ id: z.number() });
export type TicketClone = z.infer<typeof ticketCloneSchema>;
