import { siteSettingsSchema, type SiteSettings } from '../../shared/configuration-values.schema';
import type { SettingsGroup } from './settings';

/** What robots.txt says until an administrator writes it: crawlers keep out of the back office and the API. */
export const defaultRobotsTxt = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', ''].join('\n');

/** Spec 3's site settings: the analytics code, the error pages' text, robots.txt. */
export const siteSettings: SettingsGroup<SiteSettings> = {
  key: 'site',
  schema: siteSettingsSchema,
  defaults: () => ({ analyticsCode: '', errorTemplate: '', robotsTxt: defaultRobotsTxt }),
};
