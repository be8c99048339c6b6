import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';

/** How many project states the menus list: all of them (six are built in). */
const STATES_LISTED = 100;

/**
 * The project states in their order (the order they were set up in, as the server's starting state
 * reads them: "À traiter" first in the built-in ones), each with its name; fetched once `enabled`.
 */
export function useProjectStates(enabled = true) {
  return useQuery({
    queryKey: queryKeys.resource.list('etats-projet', 'in-order'),
    queryFn: async () => {
      const page = await api('GET', 'api.resource.collection', {
        params: { resource: 'etats-projet' },
        query: { parPage: STATES_LISTED, tri: 'createdAt', ordre: 'asc' },
      });
      return page.items.map((item) => ({ id: item.id, name: String(item.name) }));
    },
    enabled,
  });
}
