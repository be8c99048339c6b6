import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defaultLocale, translate } from '../../shared/i18n/catalog';
import { registrationSettingsSchema, type RegistrationSettings } from '../../shared/account/registration.schema';
import {
  dashboardSettingsSchema,
  externalServicesSettingsSchema,
  type DashboardSettings,
  type ExternalServicesSettings,
  mailSettingsSchema,
  type MailSettings,
  ticketSettingsSchema,
  type TicketSettings,
} from '../../shared/configuration.schema';
import { themeColorDefaults, themeSettingsSchema, type ThemeSettings } from '../../shared/theme/theme.schema';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

/** A group of back-office configuration values, stored as one JSON object under its key. */
export interface SettingsGroup<T> {
  key: string;
  schema: z.ZodType<T>;
  defaults: () => T;
}

export const registrationSettings: SettingsGroup<RegistrationSettings> = {
  key: 'registration',
  schema: registrationSettingsSchema,
  defaults: () => ({
    enabled: false,
    defaultGroupId: null,
    welcomeEmailSubject: translate(defaultLocale, 'mail.welcome.subject', {
      app: translate(defaultLocale, 'app.name'),
    }),
    welcomeEmailContent: translate(defaultLocale, 'mail.welcome.content'),
  }),
};

/** The users' dashboards: which sites (https only) their iframe tabs may show. */
export const dashboardSettings: SettingsGroup<DashboardSettings> = {
  key: 'dashboard',
  schema: dashboardSettingsSchema,
  defaults: () => ({
    allowedIframeHosts: ['datawrapper.dwcdn.net', 'www.data.gouv.fr', 'public.tableau.com', 'app.powerbi.com'],
  }),
};

/**
 * The external reference services the back office calls (spec 8: their failures are "error from an
 * external repository service call"); tests point them at local fake servers.
 */
export const externalServicesSettings: SettingsGroup<ExternalServicesSettings> = {
  key: 'externalServices',
  schema: externalServicesSettingsSchema,
  defaults: () => ({
    rgeDatasetUrl: 'https://data.ademe.fr/data-fair/api/v1/datasets/liste-des-entreprises-rge-2',
    // The BAN's API, run by IGN's Géoplateforme since api-adresse.data.gouv.fr was handed over to it.
    geocoderUrl: 'https://data.geopf.fr/geocodage',
    timeoutMs: 10_000,
  }),
};

/** The tickets: a ticket turns orange this many days before its deadline. */
export const ticketSettings: SettingsGroup<TicketSettings> = {
  key: 'tickets',
  schema: ticketSettingsSchema,
  defaults: () => ({ deadlineWarningDays: 3 }),
};

/** Mail: the mailing's selection limit, the delivery's throttle (0: none). */
export const mailSettings: SettingsGroup<MailSettings> = {
  key: 'mail',
  schema: mailSettingsSchema,
  defaults: () => ({ mailingLimit: 500, perMinute: 0 }),
};

/** The stored values over the defaults: a value added to a group later reads as its default. */
export async function loadSettings<T>(db: Database, group: SettingsGroup<T>): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, group.key));
  return group.schema.parse({ ...group.defaults(), ...(row?.value as object | undefined) });
}

export async function saveSettings<T>(db: Database, group: SettingsGroup<T>, values: T): Promise<void> {
  await db
    .insert(settings)
    .values({ key: group.key, value: values })
    .onConflictDoUpdate({ target: settings.key, set: { value: values, updatedAt: sql`now()` } });
}

/**
 * Reads a group's values and writes what `change` makes of them, its row locked meanwhile: two
 * writers at once (two administrators, two processes) each build on the other's change instead of
 * overwriting it. `change` may throw to refuse: nothing is written.
 */
export async function updateSettings<T>(
  db: Database,
  group: SettingsGroup<T>,
  change: (current: T) => T,
): Promise<{ before: T; after: T }> {
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: group.key, value: {} }).onConflictDoNothing();
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, group.key))
      .for('update');
    const before = group.schema.parse({ ...group.defaults(), ...(row?.value as object | undefined) });
    const after = change(before);
    await tx
      .update(settings)
      .set({ value: after, updatedAt: sql`now()` })
      .where(eq(settings.key, group.key));
    return { before, after };
  });
}

/** The theme editor's colours, images and meta title (src/shared/theme/theme.schema.ts). */
export const themeSettings: SettingsGroup<ThemeSettings> = {
  key: 'theme',
  schema: themeSettingsSchema,
  defaults: () => ({
    ...themeColorDefaults,
    loginBackgroundOpacity: 1,
    logo: null,
    favicon: null,
    touchIcon: null,
    backgroundImage: null,
    mobileBackgroundImage: null,
    metaTitle: translate(defaultLocale, 'app.name'),
  }),
};
