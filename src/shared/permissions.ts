/** The actions a resource permission covers; access profiles group them as add, consult, modify, delete, other. */
export type ResourceAction = 'list' | 'show' | 'create' | 'update' | 'delete' | 'export' | 'sort';

const readActions: ReadonlySet<ResourceAction> = new Set(['list', 'show', 'export']);

/**
 * Whether a user may do an action on a resource: checked by the server on every request, and by
 * the screens to hide what the user may not do. Administrators may do everything; until access
 * profiles exist (Accounts issue), other users may only consult.
 */
export function can(user: { isAdmin: boolean }, _resource: string, action: ResourceAction): boolean {
  return user.isAdmin || readActions.has(action);
}
