import { createContext, useContext, type ComponentType } from 'react';
import { can, nobody, type PermissionHolder } from '../../../shared/permissions';
import {
  batchActionPermission,
  batchActionsOf,
  canOnRecord,
  type ResourceDefinition,
  type ResourcePage,
  type ResourceRecord,
} from '../../../shared/resources/resource';
import { useSession } from '../../session.hook';
import { useRefreshResource, useResourcePage } from '../resource-api.hook';
import type { ChildParent } from '../resource-modal-form.component';
import type { ListParams } from './list-params.hook';
import { useListSelection, type ListSelection } from './list-selection.hook';
import { useWebModule } from '../web-module';

/**
 * What every part of a list reads — toolbar, table or a module's list body, row actions, batch
 * bar, pagination — so that a list body replacing the table (a kanban board) keeps the rest.
 */
export interface ListState extends ListParams {
  definition: ResourceDefinition;
  user: PermissionHolder;
  page: ResourcePage | undefined;
  isPending: boolean;
  error: Error | null;
  /** The records shown. */
  items: ResourceRecord[];
  /** The engine's actions the user may take on the resource (a record may still refuse some). */
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** The batch actions the user may take; none, and none of the resource's own: the list has no selection. */
  batchActions: string[];
  /** The resource's own batch actions (its web module's), when the user may take some. */
  ownBatchActions?: ComponentType;
  selection: ListSelection;
  /** Criteria changed: the selection is cleared (it named records of the former page). */
  update: (changes: Record<string, string>) => void;
  /** Fetches every list and record of the resource again, after a write. */
  refresh: () => Promise<void>;
  /** A child resource's list whose records the user may change in place, through the parent's routes. */
  parent?: ChildParent;
}

export const ListContext = createContext<ListState | null>(null);

/** The list around this part. */
export function useListContext(): ListState {
  const list = useContext(ListContext);
  if (!list) throw new Error('useListContext needs a ListContext.Provider above it.');
  return list;
}

/**
 * A list's state: its page of records fetched under its criteria, the user's permissions and the
 * selection. `collectionPath` is where its records come from (the resource's list, or a parent
 * record's child resource); `batch: false` leaves the batch actions out.
 */
export function useListController(
  definition: ResourceDefinition,
  params: ListParams,
  { collectionPath, batch = true, parent }: { collectionPath?: string; batch?: boolean; parent?: ChildParent } = {},
): ListState {
  const { slug } = definition;
  const user = useSession().data?.user ?? nobody;
  const { data: page, isPending, error } = useResourcePage(definition, params.query, collectionPath);
  const refresh = useRefreshResource(definition);
  const writable = !definition.behaviours.readOnly;
  const batchActions = batch
    ? batchActionsOf(definition).filter((action) => can(user, slug, batchActionPermission(definition, action)))
    : [];
  const own = useWebModule(slug).batchActions;
  const ownBatchActions =
    batch && own && own.needs.some((action) => can(user, slug, action)) ? own.Component : undefined;
  const items = page?.items ?? [];
  // A row is selectable when every batch action may apply to its record: rows the user may not act
  // on (an administrator's account for a user manager) are disabled, and select-all skips them.
  const selectable = new Set(
    items
      .filter((record) =>
        batchActions.every((action) =>
          canOnRecord(user, definition, record, batchActionPermission(definition, action)),
        ),
      )
      .map((record) => record.id),
  );
  const selection = useListSelection(
    items.map((item) => item.id),
    (id) => (batchActions.length > 0 || ownBatchActions !== undefined) && selectable.has(id),
  );
  return {
    ...params,
    definition,
    user,
    page,
    isPending,
    error,
    items,
    canCreate: writable && can(user, slug, 'create'),
    canUpdate: writable && can(user, slug, 'update'),
    canDelete: writable && can(user, slug, 'delete'),
    batchActions,
    ownBatchActions,
    selection,
    update(changes) {
      params.update(changes);
      selection.clear();
    },
    refresh,
    parent,
  };
}
