import { z } from 'zod';
import { dateValue } from '../../shared/resources/fields';
import { filterFields, type ResourceDefinition } from '../../shared/resources/resource';
import { pagingSchema, parseQuery, termValue } from '../http/paging';
import { serverFieldKinds } from './field-kinds';
import type { ListQuery } from './resource-store';

export function sortableFields(definition: ResourceDefinition): Set<string> {
  const fields = Object.entries(definition.fields)
    .filter(([, def]) => def.sortable)
    .map(([name]) => name);
  return new Set([...fields, 'createdAt', 'updatedAt', ...(definition.behaviours.sortable ? ['position'] : [])]);
}

/**
 * A date filter field also bounds the list: `<field>Du` (from that day) and `<field>Au` (to that
 * day), both included, besides `<field>` (that day).
 */
export function dateRangeParams(
  definition: ResourceDefinition,
): { param: string; field: string; bound: 'from' | 'to' }[] {
  return filterFields(definition)
    .filter((name) => serverFieldKinds[definition.fields[name]!.kind].dayRange)
    .flatMap((name) => [
      { param: `${name}Du`, field: name, bound: 'from' as const },
      { param: `${name}Au`, field: name, bound: 'to' as const },
    ]);
}

const schemas = new WeakMap<ResourceDefinition, z.ZodType>();

/** The list's query string: paging, sort (an unknown one falls back to the default), search and filters. */
function listQuerySchema(definition: ResourceDefinition) {
  let schema = schemas.get(definition);
  if (!schema) {
    const sortable = [...sortableFields(definition)] as [string, ...string[]];
    schema = pagingSchema(definition.pageSize).extend({
      tri: z.enum(sortable).optional().catch(undefined),
      ordre: z.enum(['asc', 'desc']).optional().catch(undefined),
      q: termValue.default(''),
      ...Object.fromEntries(
        filterFields(definition).map((name) => {
          const def = definition.fields[name]!;
          return [name, serverFieldKinds[def.kind].filterValue(def).optional()];
        }),
      ),
      ...Object.fromEntries(dateRangeParams(definition).map(({ param }) => [param, dateValue.optional()])),
    });
    schemas.set(definition, schema);
  }
  return schema;
}

/**
 * ?page=2&parPage=25&tri=name&ordre=desc&q=…&<filter field>=… — and the resource's own list
 * criteria, whose names match its `listCriteria` (its server file's listParams say what each keeps),
 * kept as filters; other parameters are ignored.
 */
export function parseListQuery(definition: ResourceDefinition, raw: unknown): ListQuery {
  const ownParams = definition.listCriteria;
  const { page, parPage, tri, ordre, q, ...filters } = parseQuery(listQuerySchema(definition), raw) as {
    page: number;
    parPage: number;
    tri?: string;
    ordre?: 'asc' | 'desc';
    q: string;
  } & Record<string, string | undefined>;
  const sort = tri ?? definition.defaultSort.field;
  const direction = ordre ?? (sort === definition.defaultSort.field ? definition.defaultSort.direction : 'asc');
  const given = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (ownParams) {
    const own = Object.entries((raw ?? {}) as Record<string, unknown>).filter(([name]) => ownParams.test(name));
    given.push(...Object.entries(parseQuery(z.record(z.string(), termValue), Object.fromEntries(own))));
  }
  return { page, pageSize: parPage, sort, direction, search: q, filters: Object.fromEntries(given) };
}
