import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistrationSettings } from '../../shared/account/registration.schema';
import { can, type ResourceAction } from '../../shared/permissions';
import type { RouteName } from '../../shared/routes';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { accessProfilesTable } from '../db/schema';
import { isLive } from '../engine/record-scope';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import {
  dashboardSettings,
  externalServicesSettings,
  loadSettings,
  registrationSettings,
  saveSettings,
  ticketSettings,
  mailSettings,
  type SettingsGroup,
} from '../settings/settings';

/**
 * The configuration screen's groups of values, each read and written whole (GET and PUT on its
 * route). No access profile grants "configuration": administrators only.
 */
export function registerConfigurationRoutes(app: FastifyInstance, db: Database): void {
  const allowed = (action: ResourceAction) => async (request: FastifyRequest) => {
    if (!can(currentAuth(request).user, 'configuration', action)) throw new ApiError(403, 'errors.forbidden');
  };

  function settingsRoutes<T>(
    route: RouteName,
    [tag, name]: ['account' | 'service', string],
    group: SettingsGroup<T>,
    check?: (values: T) => Promise<void>,
  ): void {
    declareRoute(app, {
      name: route,
      method: 'GET',
      options: { onRequest: [requireUser, allowed('show')] },
      document: (tools) => tools.operation(tag, `${name}_show`, { access: 'read', errors: [401, 403] }),
      handler: () => loadSettings(db, group),
    });
    declareRoute(app, {
      name: route,
      method: 'PUT',
      options: { onRequest: [requireUser, allowed('update')] },
      document: (tools) => tools.operation(tag, `${name}_update`, { access: 'write', errors: [400, 401, 403] }),
      handler: async (request) => {
        const values = request.body as T;
        await check?.(values);
        await saveSettings(db, group, values);
        return values;
      },
    });
  }

  settingsRoutes(
    'api.configuration.registration',
    ['account', 'registration_settings'],
    registrationSettings,
    async (values: RegistrationSettings) => {
      if (values.defaultGroupId !== null && !(await liveAccessProfile(db, values.defaultGroupId))) {
        throw new ApiError(400, 'errors.form', { defaultGroupId: 'validation.reference' });
      }
    },
  );
  settingsRoutes('api.configuration.dashboard', ['account', 'dashboard_settings'], dashboardSettings);
  // Where the back office finds ADEME's RGE dataset and the BAN's geocoder, and how long it waits.
  settingsRoutes('api.configuration.external_services', ['service', 'external_services'], externalServicesSettings);
  // How many days before its deadline a ticket turns orange.
  settingsRoutes('api.configuration.tickets', ['service', 'ticket_settings'], ticketSettings);
  // The mailing's selection limit and the mails sent per minute.
  settingsRoutes('api.configuration.mail', ['service', 'mail_settings'], mailSettings);
}

/** Whether an access profile exists and is not deleted: the default group must be one. */
async function liveAccessProfile(db: Database, id: number): Promise<boolean> {
  const columns = getTableColumns(accessProfilesTable) as Record<string, AnyPgColumn>;
  const [profile] = await db
    .select({ id: columns.id! })
    .from(accessProfilesTable)
    .where(and(eq(columns.id!, id), isLive(accessProfilesTable)));
  return profile !== undefined;
}
