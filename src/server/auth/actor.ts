import { eq } from 'drizzle-orm';
import type { PermissionHolder } from '../../shared/permissions';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { clock } from '../clock';
import { ApiError } from '../http/api-error';
import { grantedPermissions, type AuthContext } from './sessions';

/**
 * Who does something: a user with what they may do. Their id stamps the records they write; the
 * session, when there is one, is the one kept when they change their own account.
 */
export interface Actor extends PermissionHolder {
  id: number;
  sessionId?: string;
  /** The server itself (systemActor): its audit entries name no user. */
  system?: boolean;
}

export const actorOf = ({ user, sessionId }: AuthContext): Actor => ({
  id: user.id,
  isAdmin: user.isAdmin,
  permissions: user.permissions,
  serviceId: user.serviceId,
  sessionId,
});

/** An administrator's rights under an account's id (what systemActor builds on). */
export const administratorActor = (id: number): Actor => ({ id, isAdmin: true, permissions: [], serviceId: null });

/**
 * The server acting where no user does (the first start's demo data): an administrator's rights,
 * its records stamped with the first administrator's account (their columns name a user), its audit
 * entries with no user, which the history names "Système".
 */
export const systemActor = (adminId: number): Actor => ({ ...administratorActor(adminId), system: true });

/**
 * A user as the actor of work done outside their request (a background import): their rights now,
 * while their account may still act (enabled, not deleted, not expired; 403 otherwise).
 */
export async function loadActor(db: Database, userId: number): Promise<Actor> {
  const [user] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      serviceId: users.serviceId,
      permissions: grantedPermissions,
      enabled: users.enabled,
      deletedAt: users.deletedAt,
      expiresAt: users.expiresAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new ApiError(401, 'errors.unauthenticated');
  const { enabled, deletedAt, expiresAt, ...actor } = user;
  if (!enabled || deletedAt || (expiresAt && expiresAt.getTime() <= clock.now().getTime())) {
    throw new ApiError(403, 'errors.forbidden');
  }
  return actor;
}
