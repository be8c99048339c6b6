import { z } from 'zod';

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
  | 'reference'
  | 'references'
  | 'color';

export interface FieldOptions {
  required?: boolean;
  /** Characters at most; textareas show the remaining count. */
  maxLength?: number;
  /** Shown as a list column. */
  list?: boolean;
  /** The list can be sorted on it (list columns only). */
  sortable?: boolean;
  /** Offered in the search panel. */
  filter?: boolean;
  /** Matched by the free-text search of the list. */
  searchable?: boolean;
  /** Form tab (catalog key resources.<slug>.tabs.<tab>); untabbed fields go in the first tab. */
  tab?: string;
}

export interface FieldDef extends FieldOptions {
  kind: FieldKind;
  /** select: the allowed values (labels in resources.<slug>.choices.<field>.<value>). */
  choices?: readonly string[];
  /** reference(s): the slug of the resource pointed at. */
  target?: string;
}

const DEFAULT_TEXT_MAX = 255;

function build(kind: FieldKind, options: FieldOptions, extra: Partial<FieldDef> = {}): FieldDef {
  return { kind, ...options, ...extra };
}

export const field = {
  text: (options: FieldOptions = {}) => build('text', { maxLength: DEFAULT_TEXT_MAX, ...options }),
  textarea: (options: FieldOptions = {}) => build('textarea', { maxLength: 5000, ...options }),
  email: (options: FieldOptions = {}) => build('email', options),
  url: (options: FieldOptions = {}) => build('url', options),
  integer: (options: FieldOptions = {}) => build('integer', options),
  boolean: (options: FieldOptions = {}) => build('boolean', options),
  date: (options: FieldOptions = {}) => build('date', options),
  color: (options: FieldOptions = {}) => build('color', options),
  select: (choices: readonly string[], options: FieldOptions = {}) => build('select', options, { choices }),
  reference: (target: string, options: FieldOptions = {}) => build('reference', options, { target }),
  references: (target: string, options: FieldOptions = {}) => build('references', options, { target }),
};

const text = (def: FieldDef) => {
  const base = z
    .string()
    .trim()
    .max(def.maxLength ?? DEFAULT_TEXT_MAX, 'validation.too_long');
  return def.required ? base.min(1, 'validation.required') : base.default('');
};

/** Empty or matching: optional fields accept an empty value. */
const orEmpty = (def: FieldDef, check: z.ZodType<string>) =>
  def.required ? check : z.union([z.literal(''), check]).default('');

const isoDate = z.iso.date('validation.date');
const nullableUnlessRequired = <T extends z.ZodType>(def: FieldDef, schema: T) =>
  def.required ? schema : schema.nullable().default(null);

/** The value's schema for create and update. */
export function fieldSchema(def: FieldDef): z.ZodType {
  switch (def.kind) {
    case 'text':
    case 'textarea':
      return text(def);
    case 'email':
      return orEmpty(def, z.string().trim().pipe(z.email('validation.email')));
    case 'url':
      return orEmpty(
        def,
        z
          .string()
          .trim()
          .pipe(z.url({ message: 'validation.url', protocol: /^https?$/ })),
      );
    case 'color':
      return orEmpty(def, z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'));
    case 'integer':
      return nullableUnlessRequired(def, z.number('validation.required').int('validation.integer'));
    case 'boolean':
      return z.boolean().default(false);
    case 'date':
      return nullableUnlessRequired(def, isoDate);
    case 'select':
      return nullableUnlessRequired(def, z.enum(def.choices as [string, ...string[]], 'validation.choice'));
    case 'reference':
      return nullableUnlessRequired(def, z.number('validation.required').int().positive());
    case 'references':
      return z.array(z.number().int().positive()).default([]);
  }
}
