import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../shared/resources/resource';

import { ApiRequestError, api } from '../../../api-client';
import { queryKeys } from '../../../query-keys';

/** Every child record a ticket's tab shows fits in one page of the API's largest. */
const CHILDREN_PAGE = 100;

/** GET /api/tickets/{id}/<child>: the ticket's records of a child resource, in the child's order unless said. */
export function useTicketChildren(
  ticketId: number,
  child: ResourceDefinition,
  sort: { field: string; direction: 'asc' | 'desc' } = child.defaultSort,
) {
  return useQuery({
    queryKey: queryKeys.ticket.children(ticketId, child.slug),
    queryFn: () =>
      api('GET', 'api.resource.children', {
        params: { resource: 'tickets', id: ticketId, child: child.slug },
        query: { parPage: CHILDREN_PAGE, tri: sort.field, ordre: sort.direction },
      }),
  });
}

/** After a write on a ticket or a child: the modal's tabs, and the lists and boards showing tickets, fetched again. */
export function useRefreshTicket() {
  const queryClient = useQueryClient();
  return (child?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('tickets') }),
      ...(child ? [queryClient.invalidateQueries({ queryKey: queryKeys.resource.all(child) })] : []),
    ]);
}

/**
 * What a failed ticket request says: the server's own French message (a refusal, or its generic
 * ticket error), else — no answer at all — the spec's generic error of that operation.
 */
export function useTicketError() {
  const { t } = useTranslation();
  return (error: unknown, key: string): string =>
    error instanceof ApiRequestError && error.message !== '' ? error.message : t(key);
}
