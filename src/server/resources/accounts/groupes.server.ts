import { asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { holdsAll, type PermissionGroup } from '../../../shared/permissions';
import { permissionGroupsOf } from '../../../shared/resources/resource';
import { findResource } from '../../../shared/resources/registry';
import { accessProfilesTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import type { ServerResource } from '../../engine/server-resource';

const columns = getTableColumns(accessProfilesTable) as Record<string, AnyPgColumn>;

export const accessProfilesHooks: ServerResource = {
  /**
   * Nobody but an administrator changes or deletes a profile granting a permission they do not hold:
   * the users it is given to would lose or keep rights beyond theirs.
   */
  async authorizeChange(db, actor, ids) {
    if (actor.isAdmin) return;
    const profiles = await db
      .select({ permissions: sql<string[]>`${columns.permissions!}` })
      .from(accessProfilesTable)
      .where(inArray(columns.id!, ids));
    if (profiles.some(({ permissions }) => !holdsAll(actor, permissions))) {
      throw new ApiError(403, 'accounts.errors.stronger_profile');
    }
  },

  /**
   * A permission names a declared resource, and a read-only one only grants reading; nobody gives a
   * profile a permission they do not hold (they would give it to themselves through the profile).
   */
  validate(values, { actor }) {
    const permissions = values.permissions as string[];
    const granted = permissions.map((key) => key.split('.') as [string, PermissionGroup]);
    const invalid = granted.some(([slug, group]) => {
      const resource = findResource(slug);
      return !resource || !permissionGroupsOf(resource).includes(group);
    });
    if (invalid) return { permissions: 'validation.permission' };
    if (!holdsAll(actor, permissions)) throw new ApiError(403, 'accounts.errors.profile_permissions');
  },

  routes: [
    {
      // configuration/groupes/recuperation/tous (POST): every live access profile, by name.
      name: 'api.access_profiles.all',
      method: 'POST',
      action: 'list',
      summary: 'openapi.operations.access_profiles_all',
      handle: (_request, { db }) =>
        db
          .select({ id: columns.id!, name: columns.name! })
          .from(accessProfilesTable)
          .where(isLive(accessProfilesTable))
          .orderBy(asc(columns.name!), asc(columns.id!))
          // The declaration's columns are untyped: the reply says what they hold.
          .then((rows) => rows.map(({ id, name }) => ({ id: Number(id), name: String(name) }))),
    },
  ],
};
