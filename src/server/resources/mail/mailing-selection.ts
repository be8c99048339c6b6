import { projects } from '../../../shared/resources/projet.resource';
import { parseListQuery } from '../../engine/list-query';
import type { ResourceContext } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { loadSettings, mailSettings } from '../../settings/settings';

/** A mailing's selection: the ticked projects, or the project list's own criteria (exactly one of them). */
export interface MailingSelection {
  projets?: number[];
  filtres?: Record<string, string>;
}

/** Projects read at a time while resolving a selection made by the list's criteria. */
const CHUNK = 1_000;

/**
 * The projects a mailing (or its recipients' file) goes to: the ticked ones as given (the callers
 * check each is readable), or those the project list finds with its criteria (`filtres`, the list's
 * query, read by the list's own parser as export-multiple reads it), within the actor's read scope.
 * Over the configured limit, counted once resolved, the spec's refusal (5), before anything is read
 * or written; criteria that find nothing, the empty selection's.
 */
export async function mailingSelection(context: ResourceContext, selection: MailingSelection): Promise<number[]> {
  const { mailingLimit } = await loadSettings(context.db, mailSettings);
  const tooMany = () => new ApiError(400, 'mail.errors.too_many_projects');
  if (selection.projets) {
    if (selection.projets.length > mailingLimit) throw tooMany();
    return [...new Set(selection.projets)];
  }
  const { store, actor } = context;
  const { page: _page, pageSize: _size, ...query } = parseListQuery(projects, selection.filtres ?? {});
  const { total } = await store.list(projects, { ...query, page: 1, pageSize: 1 }, actor);
  if (total > mailingLimit) throw tooMany();
  if (total === 0) throw new ApiError(400, 'batch.no_items');
  const ids: number[] = [];
  for await (const { items } of store.listAll(projects, query, CHUNK, actor)) ids.push(...items.map(({ id }) => id));
  // Projects written meanwhile count as well.
  if (ids.length > mailingLimit) throw tooMany();
  if (ids.length === 0) throw new ApiError(400, 'batch.no_items');
  return ids;
}
