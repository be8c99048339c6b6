import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RegistrationSettings } from '../../shared/account/registration.schema';
import { can, type ResourceAction } from '../../shared/permissions';
import { routePattern, type RouteName } from '../../shared/routes';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { accessProfilesTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import {
  dashboardSettings,
  externalServicesSettings,
  loadSettings,
  registrationSettings,
  saveSettings,
  type SettingsGroup,
} from '../settings/settings';

/**
 * The configuration screen's groups of values, each read and written whole (GET and PUT on its
 * route). No access profile grants "configuration": administrators only.
 */
export function registerConfigurationRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const allowed = (action: ResourceAction) => async (request: FastifyRequest) => {
    if (!can(currentAuth(request).user, 'configuration', action)) throw new ApiError(403, 'errors.forbidden');
  };

  function settingsRoutes<T>(route: RouteName, group: SettingsGroup<T>, check?: (values: T) => Promise<void>): void {
    api.get(routePattern(route), { preHandler: [requireUser, allowed('show')] }, () => loadSettings(db, group));
    api.put(
      routePattern(route),
      { preHandler: [requireUser, allowed('update')], schema: { body: group.schema } },
      async (request) => {
        const values = request.body as T;
        await check?.(values);
        await saveSettings(db, group, values);
        return values;
      },
    );
  }

  settingsRoutes('api.configuration.registration', registrationSettings, async (values: RegistrationSettings) => {
    if (values.defaultGroupId !== null && !(await liveAccessProfile(db, values.defaultGroupId))) {
      throw new ApiError(400, 'errors.form', { defaultGroupId: 'validation.reference' });
    }
  });
  settingsRoutes('api.configuration.dashboard', dashboardSettings);
  // Where the back office finds ADEME's RGE dataset and the BAN's geocoder, and how long it waits.
  settingsRoutes('api.configuration.external_services', externalServicesSettings);
}

/** Whether an access profile exists and is not deleted: the default group must be one. */
async function liveAccessProfile(db: Database, id: number): Promise<boolean> {
  const columns = getTableColumns(accessProfilesTable) as Record<string, AnyPgColumn>;
  const [profile] = await db
    .select({ id: columns.id! })
    .from(accessProfilesTable)
    .where(and(eq(columns.id!, id), isNull(columns.deletedAt!)));
  return profile !== undefined;
}
