import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { path } from '../../../shared/routes';

/**
 * The address's parameter naming the ticket open in its modal, on a board or the project page
 * (…/kanban/12?ticket=34, …/voir-ou-editer/12?ticket=34#gantt): the address of a ticket.
 */
export const TICKET_PARAMETER = 'ticket';

/** A ticket's address: its project's board with the ticket open (where a notification leads). */
export const ticketPath = (project: number, ticket: number) =>
  `${path('admin.tickets.board', { projet: project })}?${new URLSearchParams({ [TICKET_PARAMETER]: String(ticket) })}`;

/**
 * The ticket the address names (null: none), and `show`, which writes another (or none) in the
 * address in place of the current one, keeping the rest of it (the board's criteria, the page's tab):
 * opening a ticket changes the address, and that address opens it.
 */
export function useTicketAddress(): { ticketId: number | null; show: (id: number | null) => void } {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const named = new URLSearchParams(search).get(TICKET_PARAMETER);
  const ticketId = named !== null && /^[1-9]\d*$/.test(named) ? Number(named) : null;
  const show = useCallback(
    (id: number | null) => {
      const params = new URLSearchParams(window.location.search);
      if (id === null) params.delete(TICKET_PARAMETER);
      else params.set(TICKET_PARAMETER, String(id));
      const next = params.toString();
      // Replaced, not pushed: going back leaves the page (asking first for unsaved data), never
      // closes a modal behind the form's back.
      void navigate({ search: next ? `?${next}` : '', hash }, { replace: true });
    },
    [navigate, hash],
  );
  return { ticketId, show };
}
