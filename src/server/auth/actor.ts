import type { PermissionHolder } from '../../shared/permissions';
import type { AuthContext } from './sessions';

/**
 * Who does something: a user with what they may do. Their id stamps the records they write; the
 * session, when there is one, is the one kept when they change their own account.
 */
export interface Actor extends PermissionHolder {
  id: number;
  sessionId?: string;
}

export const actorOf = ({ user, sessionId }: AuthContext): Actor => ({
  id: user.id,
  isAdmin: user.isAdmin,
  permissions: user.permissions,
  serviceId: user.serviceId,
  sessionId,
});

/** The first administrator, writing on the server's own behalf (first start, demo data). */
export const administratorActor = (id: number): Actor => ({ id, isAdmin: true, permissions: [], serviceId: null });
