import { z } from 'zod';
import type { ParamlessRouteName, RouteName } from '../routes';
import type { TextFormat } from './formats';

/**
 * Field builders: one declaration per field gives its validation (the same zod schema on the server
 * and in the forms), its database column, its list column, its filter and its form input.
 * Validation messages are catalog keys.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'select'
  | 'choices'
  | 'reference'
  | 'references'
  | 'color'
  | 'texts'
  | 'datetime'
  | 'month-year'
  | 'collection'
  | 'file'
  | 'permissions'
  | 'richtext';

export interface FieldOptions {
  required?: boolean;
  /** Characters at most; textareas show the remaining count. */
  maxLength?: number;
  /** Shown as a list column. */
  list?: boolean;
  /** The list can be sorted on it (list columns only). */
  sortable?: boolean;
  /**
   * Offered in the search panel; a date's `'range'` offers a first and a last day (the API's
   * `<field>Du` and `<field>Au`) rather than one day.
   */
  filter?: boolean | 'range';
  /** Matched by the free-text search of the list. */
  searchable?: boolean;
  /** No two live records share the value (a unique index on live rows; a clash is the field's error). */
  unique?: boolean;
  /** Form tab (catalog key resources.<slug>.tabs.<tab>); untabbed fields go in the first tab. */
  tab?: string;
  /** Shown, never written through the API (e.g. a user's last login): left out of the input schema and forms. */
  readOnly?: boolean;
  /** The application's own bookkeeping (a card's place in its column): never an entry of the record's history. */
  internal?: boolean;
  /** The value of a field left out of a create: the schema's default, the column's and the new form's. */
  defaultValue?: string | number | boolean;
  /**
   * A collection's sub-field: its input stays disabled until this other sub-field of the same row has
   * a value (an individual's structure waits for the link's contact type). The server file checks
   * the rule itself.
   */
  enabledBy?: string;
}

export interface FieldDef extends FieldOptions {
  kind: FieldKind;
  /** select, choices: the allowed values (labels in resources.<slug>.choices.<field>.<value>). */
  choices?: readonly string[];
  /** reference(s): the slug of the resource pointed at ("utilisateurs": the users). */
  target?: string;
  /** collection: the fields of each row (labels in resources.<slug>.subfields.<name>). */
  fields?: Record<string, FieldDef>;
  /** reference(s): chosen by typing (autocomplete, GET …/autocomplete?term=) rather than from a list. */
  autocomplete?: boolean;
  /**
   * reference(s): a button next to the input creates a target record in a modal (POST
   * …/modal/ajouter: the target has the modalCreate behaviour) and selects it.
   */
  createInModal?: boolean;
  /**
   * reference (spec 2.2's edit-link marker): a link beside the input edits the chosen record, or,
   * while none is chosen, adds one.
   */
  editLink?: boolean;
  /** text: checked and stored in one form (phone numbers as "01 23 45 67 89", SIRET, postal code). */
  format?: TextFormat;
  /**
   * text: chosen among the suggestions of this route (GET …?term=, JSON `Suggestion<string>[]`),
   * e.g. a NAF code: the value is the code, the suggestion's label names it in forms and on show pages.
   * reference(s) by autocomplete: this route suggests instead of the target's autocomplete; an edit
   * form adds `record` (the id edited), e.g. the structures that may be a structure's parents.
   */
  suggest?: ParamlessRouteName;
  /**
   * reference to the communes: narrowed by the postal code typed in this other field of the form (or
   * of the collection's row): five digits offer that code's communes (communes/ajax/code-postal), and
   * choose the only one.
   */
  postalCodeFrom?: string;
  /**
   * reference: choosing a record asks this route (its one parameter being the chosen id) and sets the
   * form's other fields from its JSON reply (a user's service fills the missions followed).
   */
  fillsFrom?: RouteName;
}

type ReferenceOptions = FieldOptions &
  Pick<FieldDef, 'autocomplete' | 'createInModal' | 'editLink' | 'suggest' | 'postalCodeFrom' | 'fillsFrom'>;

/** A text field's length limit unless it declares one; each of a `texts` field's texts too. */
export const DEFAULT_TEXT_MAX = 255;
/** The longest email address (RFC 5321's path limit), wherever one is typed: a field, a login, a reset. */
export const EMAIL_MAX_LENGTH = 254;
/** The longest web address a url field keeps. */
export const URL_MAX_LENGTH = 2048;

/** The reference target naming the back office's users (not an engine resource). */
export const USERS_TARGET = 'utilisateurs';

/** A postal code's filter matches from the start, as people narrow down by department ("13"). */
export const filtersByPrefix = (def: FieldDef) => def.kind === 'text' && def.format === 'postalCode';

function build(kind: FieldKind, options: FieldOptions, extra: Partial<FieldDef> = {}): FieldDef {
  return { kind, ...options, ...extra };
}

export const field = {
  text: (options: FieldOptions & Pick<FieldDef, 'format' | 'suggest'> = {}) =>
    build('text', { maxLength: DEFAULT_TEXT_MAX, ...options }),
  textarea: (options: FieldOptions = {}) => build('textarea', { maxLength: 5000, ...options }),
  email: (options: FieldOptions = {}) => build('email', options),
  url: (options: FieldOptions = {}) => build('url', options),
  integer: (options: FieldOptions = {}) => build('integer', options),
  boolean: (options: FieldOptions = {}) => build('boolean', options),
  date: (options: FieldOptions = {}) => build('date', options),
  color: (options: FieldOptions = {}) => build('color', options),
  select: (choices: readonly string[], options: FieldOptions = {}) => build('select', options, { choices }),
  /**
   * Several values of a fixed list (an advice act's types of information): kept as their codes in
   * the list's order, shown by their labels (resources.<slug>.choices.<field>.<value>).
   */
  choices: (choices: readonly string[], options: FieldOptions = {}) => build('choices', options, { choices }),
  reference: (target: string, options: ReferenceOptions = {}) => build('reference', options, { target }),
  references: (target: string, options: ReferenceOptions = {}) => build('references', options, { target }),
  /** Several short texts, such as postal codes. */
  texts: (options: FieldOptions = {}) => build('texts', options),
  /** A moment, typed dd/mm/yyyy - hh:mm. */
  datetime: (options: FieldOptions = {}) => build('datetime', options),
  /** A month of a year, typed mm/aaaa through the 99/9999 mask (spec 5), kept as "2026-03". */
  monthYear: (options: FieldOptions = {}) => build('month-year', options),
  /** Repeatable rows of sub-fields, added and removed in the form. */
  collection: (fields: Record<string, FieldDef>, options: FieldOptions = {}) =>
    build('collection', options, { fields }),
  /** An uploaded file: its path under /uploads. */
  file: (options: FieldOptions = {}) => build('file', options),
  /** Formatted text (the rich-text editor's HTML), cleaned on the server before it is stored. */
  richtext: (options: FieldOptions = {}) => build('richtext', { maxLength: 20000, ...options }),
  /** An access profile's permissions: "<resource>.<group>" keys, chosen in a grid of resources × groups. */
  permissions: (options: FieldOptions = {}) => build('permissions', options),
};

/**
 * The years a date may name: the service's records (projects, acts, deadlines) fall between them, and
 * PostgreSQL refuses year 0 outright, so a wider one would answer a database error rather than the
 * date's own.
 */
const YEAR_RANGE = { first: 1900, last: 2999 } as const;
/** Whether a "yyyy-…" text (a day, a moment, a month) names a year of YEAR_RANGE. */
const withinYearRange = (value: string) => {
  const year = Number(/^\d{4}(?=-)/.exec(value)?.[0]);
  return year >= YEAR_RANGE.first && year <= YEAR_RANGE.last;
};
/**
 * A day as sent and kept ("2026-03-14"): a real one, within YEAR_RANGE. Every date that enters
 * (fields, list filters, routes' own query values, characteristics) is read by it.
 */
export const dateValue = z.iso.date('validation.date').refine(withinYearRange, 'validation.date');
/** The largest integer a column holds (PostgreSQL integer): ids and integer fields stay within it. */
export const MAX_INTEGER = 2_147_483_647;
/** A record's id, as a body gives it. */
export const recordId = z
  .number('validation.required')
  .int('validation.integer')
  .positive()
  .max(MAX_INTEGER, 'validation.out_of_range');
/** A month-year as kept and sent: "2026-03", months 01 to 12. */
export const monthYearPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month-year value ("2026-03"), within YEAR_RANGE. */
export const monthYearValue = z
  .string('validation.month_year')
  .regex(monthYearPattern, { message: 'validation.month_year', abort: true })
  .refine(withinYearRange, 'validation.date');
/** A moment as sent (ISO, with its offset), within YEAR_RANGE. */
export const isoDateTime = z.iso
  .datetime({ offset: true, message: 'validation.datetime' })
  .refine(withinYearRange, 'validation.datetime');
/** What an upload answers (POST /api/televersements): the path a file field stores. */
export interface UploadedFile {
  path: string;
  name: string;
  size: number;
}

/** Where an uploaded file lives under /uploads: <folder>/<random id>/<name>, nothing else. */
export const uploadPathPattern = /^[a-z0-9-]+\/[0-9a-f-]{36}\/[^/\\]+$/;
