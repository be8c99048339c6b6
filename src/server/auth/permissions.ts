import type { SessionUser } from './sessions';

/** The actions a resource permission covers; access profiles group them as add, consult, modify, delete, other. */
export type ResourceAction = 'list' | 'show' | 'create' | 'update' | 'delete' | 'export' | 'sort';

const readActions: ReadonlySet<ResourceAction> = new Set(['list', 'show', 'export']);

/**
 * Whether a user may do an action on a resource. Administrators may do everything. Until access
 * profiles exist (Accounts issue), other users may only consult.
 */
export function can(user: SessionUser, _resource: string, action: ResourceAction): boolean {
  return user.isAdmin || readActions.has(action);
}
