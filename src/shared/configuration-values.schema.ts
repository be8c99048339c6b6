import { z } from 'zod';

/**
 * Spec 3's configuration values: each has a field type, which says how the configuration screen
 * enters it and how the server checks it. Shared by the server (validation, contract) and the web
 * (one input per type).
 */
export const configurationFieldTypes = [
  'checkbox',
  'country',
  'currency',
  'date',
  'datetime',
  'code_editor',
  'email',
  'entity_select',
  'hidden',
  'input',
  'number',
  'password',
  'radio',
  'recaptcha',
  'rich_text',
  'select',
  'phone',
  'textarea',
  'time',
  'upload',
  'yes_no',
  'colour',
  'month',
  'individual_select',
  'structure_select',
  'form_state',
  'title',
  'separator',
  'iframe',
] as const;
export type ConfigurationFieldType = (typeof configurationFieldTypes)[number];

/** Types that only lay out the screen (a heading, a line): they hold no value. */
export const layoutFieldTypes: readonly ConfigurationFieldType[] = ['title', 'separator'];
/** Types whose value (or part of it) is a secret: never sent back, only whether one is set. */
export const secretFieldTypes: readonly ConfigurationFieldType[] = ['password', 'recaptcha'];
/** Types that choose among the value's `options.choices`. */
export const choiceFieldTypes: readonly ConfigurationFieldType[] = ['radio', 'select', 'form_state'];
/** Types that choose a record: the resource is `options.resource` (entity select) or fixed. */
export const recordFieldResources: Partial<Record<ConfigurationFieldType, string>> = {
  individual_select: 'individus',
  structure_select: 'structures',
};

export const configurationOptionsSchema = z.object({
  /** radio, select, form state: the values offered, each with its label. */
  choices: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** entity select: the resource (slug) whose records are offered. */
  resource: z.string().optional(),
  /** number: the bounds. */
  min: z.number().optional(),
  max: z.number().optional(),
});
export type ConfigurationOptions = z.infer<typeof configurationOptionsSchema>;

/** A recaptcha value: the public site key and the secret key (never sent back: null in answers). */
export interface RecaptchaValue {
  siteKey: string;
  secretKey: string | null;
}

const errorKey = (name: string) => `configuration_values.errors.${name}`;

/** ISO 3166-1 alpha-2 codes that the platform can name: the country field's choices. */
export function countryCodes(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      // Exceptionally reserved or grouping codes (EU, UN, ZZ…) are not countries.
      if (['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'XK'].includes(code)) continue;
      if (names.of(code) !== undefined) codes.push(code);
    }
  }
  return codes;
}

/** ISO 4217 currency codes the platform knows: the currency field's choices. */
export const currencyCodes = (): string[] => Intl.supportedValuesOf('currency');

const isRealDate = (text: string) => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const text = (max: number) => z.string(errorKey('text')).max(max, 'validation.too_long');
const time = /^([01]\d|2[0-3]):[0-5]\d$/;
const choice = (options: ConfigurationOptions) =>
  z
    .string('validation.choice')
    .refine((value) => (options.choices ?? []).some((item) => item.value === value), 'validation.choice');

/**
 * The schema a value of this type must meet (null is always accepted: it puts back the default).
 * Record types are checked here as ids; the server checks that the record exists.
 */
export function configurationValueSchema(type: ConfigurationFieldType, options: ConfigurationOptions): z.ZodType {
  switch (type) {
    case 'checkbox':
    case 'yes_no':
      return z.boolean(errorKey('boolean'));
    case 'country':
      return z.string(errorKey('country')).refine((code) => countryCodes().includes(code), errorKey('country'));
    case 'currency':
      return z.string(errorKey('currency')).refine((code) => currencyCodes().includes(code), errorKey('currency'));
    case 'date':
      return z
        .string('validation.date')
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
        .refine(isRealDate, 'validation.date');
    case 'datetime':
      return z
        .string(errorKey('datetime'))
        .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, errorKey('datetime'))
        .refine((value) => isRealDate(value.slice(0, 10)), errorKey('datetime'));
    case 'time':
      return z.string(errorKey('time')).regex(time, errorKey('time'));
    case 'month':
      return z.string(errorKey('month')).regex(/^\d{4}-(0[1-9]|1[0-2])$/, errorKey('month'));
    case 'code_editor':
      return text(100_000);
    case 'textarea':
    case 'rich_text':
      return text(20_000);
    case 'input':
    case 'hidden':
      return text(255);
    case 'email':
      return z.email('validation.email').max(255, 'validation.too_long');
    case 'number':
      return z
        .number('validation.number')
        .refine((value) => options.min === undefined || value >= options.min, 'validation.out_of_range')
        .refine((value) => options.max === undefined || value <= options.max, 'validation.out_of_range');
    case 'password':
      return z.string(errorKey('password')).min(8, errorKey('password')).max(255, 'validation.too_long');
    case 'radio':
    case 'select':
    case 'form_state':
      return choice(options);
    case 'recaptcha':
      return z.object(
        {
          siteKey: z.string(errorKey('recaptcha')).regex(/^[\w-]{20,100}$/, errorKey('recaptcha')),
          // null keeps the stored secret.
          secretKey: z
            .string(errorKey('recaptcha'))
            .regex(/^[\w-]{20,100}$/, errorKey('recaptcha'))
            .nullable(),
        },
        errorKey('recaptcha'),
      );
    case 'phone':
      return z
        .string('validation.phone')
        .regex(/^(0[1-9](\s?\d{2}){4}|\+[1-9]\d{7,14})$/, 'validation.phone')
        .transform((value) => value.replace(/\s/g, ''));
    case 'upload':
      return z
        .string(errorKey('upload'))
        .max(500, 'validation.too_long')
        .regex(/^[\w\- .]+(\/[\w\- .]+)*$/, errorKey('upload'))
        .refine((value) => !value.split('/').some((part) => part === '..' || part === '.'), errorKey('upload'));
    case 'colour':
      return z.string('validation.color').regex(/^#[0-9a-f]{6}$/i, 'validation.color');
    case 'entity_select':
    case 'individual_select':
    case 'structure_select':
      return z.number('validation.reference').int('validation.reference').positive('validation.reference');
    case 'iframe':
      return z.url({ protocol: /^https$/, message: errorKey('iframe') }).max(2000, 'validation.too_long');
    case 'title':
    case 'separator':
      return z.never(errorKey('no_value'));
  }
}

/** One value as the API shows it: a secret is never sent back, `set` says whether one is stored. */
export const configurationValueReplySchema = z.object({
  slug: z.string(),
  name: z.string(),
  help: z.string().nullable(),
  fieldType: z.enum(configurationFieldTypes),
  options: configurationOptionsSchema,
  permission: z.string().nullable(),
  defaultValue: z.unknown(),
  value: z.unknown(),
  set: z.boolean(),
});
export type ConfigurationValueReply = z.infer<typeof configurationValueReplySchema>;

export const configurationGroupReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  values: z.array(configurationValueReplySchema),
});
export type ConfigurationGroupReply = z.infer<typeof configurationGroupReplySchema>;

export const configurationValuesReplySchema = z.object({ groups: z.array(configurationGroupReplySchema) });
export type ConfigurationValuesReply = z.infer<typeof configurationValuesReplySchema>;

/** PUT: the changed values by slug; null puts back a value's default (clears a password). */
export const configurationValuesChangeSchema = z.object({
  values: z.record(z.string().max(100), z.unknown()),
});
export type ConfigurationValuesChange = z.infer<typeof configurationValuesChangeSchema>;

/** Spec 3's site settings. */
export const siteSettingsSchema = z.object({
  /** The analytics code (a script tag or snippet), inserted in the public pages only. */
  analyticsCode: z.string().max(20_000, 'validation.too_long'),
  /** The text of the error pages; empty: each page's standard text. */
  errorTemplate: z.string().max(5_000, 'validation.too_long'),
  /** robots.txt, served as written. */
  robotsTxt: z.string().max(20_000, 'validation.too_long'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** A flash message waiting for the session's next page. */
export const flashSchema = z.object({
  level: z.enum(['success', 'error', 'info', 'warning']),
  message: z.string(),
});
export type Flash = z.infer<typeof flashSchema>;
