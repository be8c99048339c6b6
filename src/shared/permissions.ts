/** The actions a resource permission covers; access profiles group them as add, consult, modify, delete, other. */
export type ResourceAction = 'list' | 'show' | 'create' | 'update' | 'delete' | 'export' | 'sort' | 'impersonate';

/**
 * Spec 3: an access profile grants a resource's actions by group — add, consult, modify, delete,
 * other — and the individual permission names are not shown. A profile's permission is
 * "<resource slug>.<group>". Spec 6's permission to log in as another user is a group of its own,
 * offered by the users alone ("utilisateurs.impersonate"): "other" (export) never implies it.
 */
export const permissionGroups = {
  add: ['create'],
  consult: ['list', 'show'],
  modify: ['update', 'sort'],
  delete: ['delete'],
  other: ['export'],
  impersonate: ['impersonate'],
} as const satisfies Record<string, readonly ResourceAction[]>;
export type PermissionGroup = keyof typeof permissionGroups;
/** Every action, each in its group. */
export const resourceActions: readonly ResourceAction[] = Object.values(permissionGroups).flat();
export const permissionGroupNames = Object.keys(permissionGroups) as PermissionGroup[];
/** Spec 3's five groups, which every resource a profile may grant offers; the others belong to a resource's command. */
export const commonGroups: readonly PermissionGroup[] = ['add', 'consult', 'modify', 'delete', 'other'];

export const permissionKey = (resource: string, group: PermissionGroup) => `${resource}.${group}`;

/** The groups that read: all a read-only resource (written by the server alone) can grant. */
export const readingGroups: readonly PermissionGroup[] = ['consult', 'other'];
export const permissionKeyPattern = new RegExp(`^[a-z0-9-]+\\.(${permissionGroupNames.join('|')})$`);

/** The group of actions an action belongs to. */
export function groupOf(action: ResourceAction): PermissionGroup {
  return permissionGroupNames.find((group) => (permissionGroups[group] as readonly ResourceAction[]).includes(action))!;
}

/** Who asks: an administrator may do everything; anyone else what their access profiles grant. */
export interface PermissionHolder {
  isAdmin: boolean;
  permissions: readonly string[];
  /** Spec 6: a user without a service creates nothing, whatever their profiles grant. */
  serviceId: number | null;
}

/** Whether the user lacks the service that creating needs. */
export const createsNothing = (user: PermissionHolder) => !user.isAdmin && user.serviceId === null;

/**
 * Resources whose records are each user's own (their read scope keeps every user to theirs): every
 * user consults them whatever their profiles, as a profile withholding them would only hide a user's
 * own notifications from themselves.
 */
export const everyonesOwnResources: readonly string[] = ['notifications'];

/**
 * Whether a user may do an action on a resource: checked by the server on every request, and by
 * the screens to hide what the user may not do.
 */
export function can(user: PermissionHolder, resource: string, action: ResourceAction): boolean {
  if (action === 'create' && createsNothing(user)) return false;
  if (groupOf(action) === 'consult' && everyonesOwnResources.includes(resource)) return true;
  return user.isAdmin || user.permissions.includes(permissionKey(resource, groupOf(action)));
}

/**
 * Whether the user holds every one of these permissions (an administrator holds them all): nobody
 * grants, nor acts on an account holding, a permission they do not hold themselves.
 */
export function holdsAll(user: PermissionHolder, permissions: readonly string[]): boolean {
  return user.isAdmin || permissions.every((permission) => user.permissions.includes(permission));
}

/** Who may do nothing: the screens' stand-in while the session loads. */
export const nobody: PermissionHolder = { isAdmin: false, permissions: [], serviceId: null };
