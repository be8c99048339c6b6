import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { ErrorScreen, errorStatusOfFailure } from '../../shell/error.screen';
import { Loading } from '../../shell/loading.component';
import { useTicketAddress } from './ticket-address.hook';

/**
 * A project's page or board that could not be loaded. When its address names a ticket (a
 * notification's, a link kept or sent), the ticket's own refusal is shown if it has one: its assignee,
 * kept out by a confidential project, reads why (issue 26) rather than "page not found".
 */
export function ProjectFailure({ error }: { error: unknown }) {
  const { ticketId } = useTicketAddress();
  const ticket = useQuery({
    queryKey: queryKeys.ticket.record(ticketId ?? 0),
    queryFn: () => api('GET', 'api.resource.item', { params: { resource: 'tickets', id: ticketId! } }),
    enabled: ticketId !== null,
  });
  if (ticketId !== null && ticket.isPending) return <Loading />;
  const refusal = ticket.error instanceof ApiRequestError && ticket.error.status === 403 ? ticket.error : null;
  return <ErrorScreen status={refusal ? 403 : errorStatusOfFailure(error)} message={refusal?.message} />;
}
