import { z } from 'zod';

/** Groups of back-office configuration values (the registration's are with the account schemas). */

/** The back-office configuration of the users' dashboards: the sites their iframe tabs may show. */
export const dashboardSettingsSchema = z.object({
  allowedIframeHosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'validation.host'),
    )
    .max(50, 'validation.too_long'),
});
export type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;

const httpUrl = z.url({ protocol: /^https?$/, message: 'validation.url' });

export const externalServicesSettingsSchema = z.object({
  /** ADEME's data-fair dataset of RGE companies: its /lines are searched by SIRET. */
  rgeDatasetUrl: httpUrl,
  /** The Base adresse nationale's geocoder: its /search turns an address into a point. */
  geocoderUrl: httpUrl,
  /** How long a call may take before it counts as failed. */
  timeoutMs: z
    .number('validation.timeout')
    .int('validation.timeout')
    .min(500, 'validation.timeout')
    .max(60_000, 'validation.timeout'),
});
export type ExternalServicesSettings = z.infer<typeof externalServicesSettingsSchema>;

/** The tickets: how many days before its deadline a ticket turns orange (spec 4). */
export const ticketSettingsSchema = z.object({
  deadlineWarningDays: z
    .number('validation.warning_days')
    .int('validation.warning_days')
    .min(0, 'validation.warning_days')
    .max(365, 'validation.warning_days'),
});
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;

/** Mail: how many projects one mailing takes (spec 5, a value not shown to users), how many mails leave per minute (0: no limit). */
export const mailSettingsSchema = z.object({
  mailingLimit: z
    .number('validation.integer')
    .int('validation.integer')
    .min(1, 'validation.out_of_range')
    .max(100_000, 'validation.out_of_range'),
  perMinute: z
    .number('validation.integer')
    .int('validation.integer')
    .min(0, 'validation.out_of_range')
    .max(100_000, 'validation.out_of_range'),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
