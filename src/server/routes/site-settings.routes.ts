import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConfigurationValuesChange } from '../../shared/configuration-values.schema';
import { can, type ResourceAction } from '../../shared/permissions';
import { routePattern } from '../../shared/routes';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { registerAnalyticsSnippet } from '../settings/analytics-snippet';
import { loadConfigurationValues, saveConfigurationValues } from '../settings/configuration-values';
import { takeFlashes } from '../settings/flashes';
import { loadSettings, saveSettings } from '../settings/settings';
import { siteSettings } from '../settings/site-settings';

/**
 * Spec 3's site settings (administrators: analytics code, error template, robots.txt) and what they
 * drive (/robots.txt, the analytics code in the public pages, the error pages' text), the
 * configuration values (each user those whose permission they hold), and the session's flash messages.
 */
export function registerSiteSettingsRoutes(app: FastifyInstance, db: Database): void {
  const allowed = (action: ResourceAction) => async (request: FastifyRequest) => {
    if (!can(currentAuth(request).user, 'configuration', action)) throw new ApiError(403, 'errors.forbidden');
  };

  declareRoute(app, {
    name: 'api.configuration.site',
    method: 'GET',
    options: { onRequest: [requireUser, allowed('show')] },
    document: (tools) => tools.operation('service', 'site_settings_show', { access: 'read', errors: [401, 403] }),
    handler: () => loadSettings(db, siteSettings),
  });
  declareRoute(app, {
    name: 'api.configuration.site',
    method: 'PUT',
    options: { onRequest: [requireUser, allowed('update')] },
    document: (tools) =>
      tools.operation('service', 'site_settings_update', { access: 'write', errors: [400, 401, 403] }),
    handler: async (request) => {
      const values = siteSettings.schema.parse(request.body);
      await saveSettings(db, siteSettings, values);
      return values;
    },
  });

  declareRoute(app, {
    name: 'api.site.error_template',
    method: 'GET',
    document: (tools) => tools.operation('service', 'error_template_show', { access: 'public', errors: [] }),
    handler: async () => ({ errorTemplate: (await loadSettings(db, siteSettings)).errorTemplate }),
  });

  // Served as the administrator wrote it, to every crawler.
  app.get(routePattern('robots_txt'), async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((await loadSettings(db, siteSettings)).robotsTxt),
  );

  registerAnalyticsSnippet(app, async () => (await loadSettings(db, siteSettings)).analyticsCode);

  declareRoute(app, {
    name: 'api.configuration.values',
    method: 'GET',
    options: { onRequest: [requireUser] },
    document: (tools) => tools.operation('service', 'configuration_values_show', { access: 'read', errors: [401] }),
    handler: (request) => loadConfigurationValues(db, currentAuth(request).user),
  });
  declareRoute(app, {
    name: 'api.configuration.values',
    method: 'PUT',
    options: { onRequest: [requireUser] },
    document: (tools) =>
      tools.operation('service', 'configuration_values_update', { access: 'write', errors: [400, 401] }),
    handler: async (request) => {
      const { user } = currentAuth(request);
      await saveConfigurationValues(db, user, (request.body as ConfigurationValuesChange).values);
      return loadConfigurationValues(db, user);
    },
  });

  declareRoute(app, {
    name: 'api.flashes',
    method: 'GET',
    document: (tools) => tools.operation('service', 'flashes', { access: 'public', errors: [] }),
    // No session, no flash: the login page asks too.
    handler: async (request) => (request.auth ? takeFlashes(db, request.auth.sessionId) : []),
  });
}
