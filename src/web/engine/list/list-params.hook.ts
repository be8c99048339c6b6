import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDefinition } from '../../../shared/resources/resource';

/** A list's criteria — page, sort (tri, ordre), search and filters — as the URL's query names them. */
export interface ListParams {
  params: URLSearchParams;
  /** The criteria as the API's query. */
  query: Record<string, string>;
  sort: string;
  direction: 'asc' | 'desc';
  /** Sets these criteria (an empty value removes one). */
  update: (changes: Record<string, string>) => void;
}

function listParams(
  definition: ResourceDefinition,
  params: URLSearchParams,
  setParams: (next: URLSearchParams) => void,
): ListParams {
  const sort = params.get('tri') ?? definition.defaultSort.field;
  const direction =
    params.get('ordre') ?? (sort === definition.defaultSort.field ? definition.defaultSort.direction : 'asc');
  return {
    params,
    query: Object.fromEntries(params),
    sort,
    direction: direction === 'desc' ? 'desc' : 'asc',
    update(changes) {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value === '') next.delete(name);
        else next.set(name, value);
      }
      setParams(next);
    },
  };
}

/** The list page's criteria, in the address: a reload or a shared link shows the same list. */
export function useUrlListParams(definition: ResourceDefinition): ListParams {
  const [params, setParams] = useSearchParams();
  return listParams(definition, params, setParams);
}

/** A list within a page (a record's child resources): its criteria held by the page, not the address. */
export function useLocalListParams(definition: ResourceDefinition): ListParams {
  const [params, setParams] = useState(() => new URLSearchParams());
  return listParams(definition, params, setParams);
}
