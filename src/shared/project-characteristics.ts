import { z } from 'zod';
import type { formFieldTypes } from './resources/champs-de-formulaire.resource';
import { dateValue, monthYearValue } from './resources/fields';

/**
 * A project's characteristics (dynamic forms, issue 13): the forms its project types and theme call
 * for, each field's value, what the server checks of each by the field's type, a form's progress and
 * the header's highlighted values. Shared by the server's routes and the project page's panel.
 */

export type FormFieldType = (typeof formFieldTypes)[number];

/** A characteristic's value: text (text, long text, choice, month-year, form state), number, date ("2026-03-31"), yes/no, several choices, an individual's or structure's id. */
export type CharacteristicValue = string | number | boolean | string[] | null;

/** The project list's criterion `caracteristique[<field id>]=<value>`. */
export const CHARACTERISTIC_PARAM = /^caracteristique\[(\d{1,9})\]$/;
export const characteristicParam = (fieldId: number) => `caracteristique[${fieldId}]`;

/**
 * GET /api/projet/champs-filtrables: the form fields a project list can filter on, by name, with
 * what the search panel's value input needs: the field's type, and its choices (an option's label
 * and code; a form state's name as both).
 */
export const filterableFieldSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.custom<FormFieldType>((value) => typeof value === 'string'),
  choices: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type FilterableField = z.infer<typeof filterableFieldSchema>;

/** Fields that lay out a form rather than ask: no value. */
export const layoutFieldTypes: readonly FormFieldType[] = ['title', 'iframe'];

/** A form field as a project's form shows it. */
const characteristicFieldSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.custom<FormFieldType>((value) => typeof value === 'string'),
  autocomplete: z.boolean(),
  options: z.array(z.object({ label: z.string(), value: z.string() })),
  states: z.array(z.object({ name: z.string(), color: z.string().nullable() })),
  thousandsSeparator: z.boolean(),
  unit: z.string().nullable(),
  firstMonth: z.string().nullable(),
  lastMonth: z.string().nullable(),
  /** An iframe's page, only when its host is allowed (null otherwise: the panel says so). */
  iframeUrl: z.string().nullable(),
  highlightColor: z.string().nullable(),
  bold: z.boolean(),
  fontSize: z.number(),
});
export type CharacteristicField = z.infer<typeof characteristicFieldSchema>;

/** Fields filled in out of those that ask a value (the form state aside), and the form's state. */
export const formProgressSchema = z.object({
  filled: z.number(),
  total: z.number(),
  state: z.object({ name: z.string(), color: z.string().nullable() }).nullable(),
});
export type FormProgress = z.infer<typeof formProgressSchema>;

const characteristicValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

/** One form of a project: its fields in order, the project's values by field id, its progress. */
export const projectFormSchema = z.object({
  id: z.number(),
  name: z.string(),
  columns: z.number(),
  fields: z.array(characteristicFieldSchema),
  values: z.record(z.string(), characteristicValueSchema),
  /** The titles of the individuals and structures the values name, by field id. */
  titles: z.record(z.string(), z.string()),
  progress: formProgressSchema,
});
export type ProjectForm = z.infer<typeof projectFormSchema>;

/** A highlighted characteristic of the project's header. */
export const headerCharacteristicSchema = z.object({
  field: z.number(),
  name: z.string(),
  /** The value as shown: an option's label, a formatted number with its unit, a date dd/mm/yyyy… */
  value: z.string(),
  color: z.string(),
  bold: z.boolean(),
  fontSize: z.number(),
});
export type HeaderCharacteristic = z.infer<typeof headerCharacteristicSchema>;

/** One form's values, by field id: what POST caracteristiques/{projet}/{form} takes. */
export const formValuesSchema = z.object({
  values: z.record(z.string().regex(/^\d{1,9}$/), z.unknown()),
});

/** Several forms' values, by form id then field id: what POST forms/{projet} takes. */
export const formsValuesSchema = z.object({
  forms: z.record(z.string().regex(/^\d{1,9}$/), z.record(z.string().regex(/^\d{1,9}$/), z.unknown())),
});

const MAX_TEXT = 255;
const MAX_LONG_TEXT = 5000;

const text = (max: number) => z.string('projectForms.errors.text').trim().max(max, 'validation.too_long');

/** The schema of a non-empty value of this field, its messages catalog keys. Layout fields take none. */
function valueSchema(field: CharacteristicField): z.ZodType<CharacteristicValue> {
  const choice = (values: string[]) => z.string().refine((value) => values.includes(value), 'validation.choice');
  const optionValues = field.options.map((option) => option.value);
  switch (field.type) {
    case 'text':
      return text(MAX_TEXT);
    case 'textarea':
      return text(MAX_LONG_TEXT);
    case 'number':
      return z.number('projectForms.errors.number').refine(Number.isFinite, 'projectForms.errors.number');
    case 'date':
      return dateValue;
    case 'month_year':
      return monthYearValue.refine(
        (month) => (!field.firstMonth || month >= field.firstMonth) && (!field.lastMonth || month <= field.lastMonth),
        'projectForms.errors.month_range',
      );
    case 'select':
      return choice(optionValues);
    case 'multiselect':
      return z
        .array(choice(optionValues), 'validation.choice')
        .transform((values) => (values.length === 0 ? null : [...new Set(values)]));
    case 'checkbox':
      // Unticked is no value: the box counts as filled in once ticked.
      return z.boolean('validation.choice').transform((ticked) => (ticked ? true : null));
    case 'form_state':
      return choice(field.states.map((state) => state.name));
    case 'individual':
    case 'structure':
      return z
        .number('validation.reference')
        .int('validation.reference')
        .min(1, 'validation.reference')
        .max(2 ** 31 - 1, 'validation.reference');
    default:
      return z.null('projectForms.errors.no_value');
  }
}

/**
 * A value given for this field, checked by the field's type: '' and null clear the characteristic,
 * anything else must be of the field's type (the error: a catalog key).
 */
export function parseCharacteristicValue(
  field: CharacteristicField,
  raw: unknown,
): { value: CharacteristicValue } | { error: string } {
  if (raw === null || raw === '') return { value: null };
  const result = valueSchema(field).safeParse(typeof raw === 'string' ? raw.trim() : raw);
  if (result.success) return { value: result.data === '' ? null : result.data };
  return { error: result.error.issues[0]?.message ?? 'validation.choice' };
}

/** Whether a value counts as filled in (progress). */
export const isFilled = (value: CharacteristicValue | undefined): boolean =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
