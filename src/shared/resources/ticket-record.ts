/** What a ticket's own routes answer (ticket-record.routes.ts), as the ticket modal reads it. */

/** A ticket's comment as its list shows it: who wrote it, when, and whether the reader may edit it. */
export interface TicketComment {
  id: number;
  comment: string;
  author: number | null;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A ticket's time: its estimate, the minutes worked (all users, then by user) and what remains, in minutes. */
export interface TicketTimeTotals {
  estimate: number | null;
  spent: number;
  /** max(0, estimate − spent); 0 without an estimate. */
  remaining: number;
  byUser: { user: number; name: string; minutes: number }[];
}

/** A ticket cloned: the new ticket's id. */
export interface TicketClone {
  id: number;
}
