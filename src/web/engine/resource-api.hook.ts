import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { api, apiAt } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * One page of a resource's records from its collection's path (its list, or a parent record's
 * child resource); the query holds page, sort, search and filters as the URL does.
 */
export function useResourcePage(
  definition: ResourceDefinition,
  query: Record<string, string>,
  collectionPath = path('api.resource.collection', { resource: definition.slug }),
) {
  const search = new URLSearchParams(query).toString();
  const url = search ? `${collectionPath}?${search}` : collectionPath;
  return useQuery({
    queryKey: queryKeys.resource.list(definition.slug, url),
    queryFn: () => apiAt('GET', 'api.resource.collection', url),
    placeholderData: (previous) => previous,
  });
}

export function useResourceRecord(definition: ResourceDefinition, id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.resource.item(definition.slug, id),
    queryFn: () => api('GET', 'api.resource.item', { params: { resource: definition.slug, id: id ?? '' } }),
    enabled: id !== undefined,
  });
}

/** After a write: every cached list and record of the resource is fetched again. */
export function useRefreshResource(definition: ResourceDefinition) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.resource.all(definition.slug) });
}
