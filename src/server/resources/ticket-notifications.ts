import type { Database } from '../db/database';

/** Something that happened to a ticket that its users may be told about. */
export type TicketEvent =
  | { kind: 'step_change'; ticket: number; fromStep: number | null; toStep: number; actorId: number }
  | { kind: 'attribution'; ticket: number; users: number[]; actorId: number }
  | { kind: 'comment'; ticket: number; actorId: number };

/**
 * Writes the notifications these events give, in the caller's transaction (so they exist exactly
 * when the change commits). To be filled by the notifications work: step entry and exit (the
 * steps' configured users), attributions, comments, within each user's notification territories.
 */
export async function notifyTicketEvents(_tx: Database, _events: TicketEvent[]): Promise<void> {}
