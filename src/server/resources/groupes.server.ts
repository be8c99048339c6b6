import { asc, getTableColumns, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PermissionGroup } from '../../shared/permissions';
import { permissionGroupsOf } from '../../shared/resources/resource';
import { findResource } from '../../shared/resources/registry';
import { accessProfilesTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ResourceServerHooks } from './resource-hooks';

const columns = getTableColumns(accessProfilesTable) as Record<string, AnyPgColumn>;

export const accessProfilesHooks: ResourceServerHooks = {
  /** A permission names a declared resource, and a read-only one only grants reading. */
  async beforeWrite(_tx, values) {
    const granted = (values.permissions as string[]).map((key) => key.split('.') as [string, PermissionGroup]);
    const invalid = granted.some(([slug, group]) => {
      const resource = findResource(slug);
      return !resource || !permissionGroupsOf(resource).includes(group);
    });
    if (invalid) throw new ApiError(400, 'errors.form', { permissions: 'validation.permission' });
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
          .where(isNull(columns.deletedAt!))
          .orderBy(asc(columns.name!), asc(columns.id!)),
    },
  ],
};
