import { z } from 'zod';
import { formatDate, formatDateTime, formatMonthYear } from '../i18n/format';
import { permissionKeyPattern } from '../permissions';
import {
  DEFAULT_TEXT_MAX,
  EMAIL_MAX_LENGTH,
  MAX_INTEGER,
  URL_MAX_LENGTH,
  dateValue,
  isoDateTime,
  monthYearValue,
  recordId,
  uploadPathPattern,
  type FieldDef,
  type FieldKind,
} from './fields';
import { textFormats } from './formats';
import type { ReferenceTitles } from './resource';

/**
 * What each field kind is, on both sides: one entry per kind (a kind without one fails to compile).
 * The server engine's entries (filters, import cells) are in engine/field-kinds.ts, its
 * columns in db/schema.ts (kindColumns), the web's inputs and displays in engine/field-kinds.component.tsx.
 */
interface SharedFieldKind {
  /** The value's schema for create and update, before the field's declared default. */
  schema: (def: FieldDef) => z.ZodType;
  /** A value (never null) as a person reads it in one line; `key` as fieldText's. */
  text: (value: unknown, def: FieldDef, key: string, context: FieldTextContext) => string;
  /** What the field holds when nothing is entered and it declares no default (a new form's, a new row's). */
  empty: () => unknown;
  /** Names records of the field's `target`: one id, or a list of ids. */
  reference?: 'one' | 'many';
  /** May be `searchable`: the list's free search matches its text. */
  searchable?: true;
  /** A spreadsheet cell cannot hold it: an import leaves it to the form. */
  unimportable?: true;
}

export interface FieldTextContext {
  slug: string;
  titles: ReferenceTitles;
  /** Translates a catalog key (the server's locale-bound translate, or the web's t). */
  t: (key: string) => string;
}

const textSchema = (def: FieldDef) => {
  const base = z
    .string()
    .trim()
    .max(def.maxLength ?? DEFAULT_TEXT_MAX, 'validation.too_long');
  const checked = def.required ? base.min(1, 'validation.required') : base.default('');
  if (!def.format) return checked;
  const { normalise, message } = textFormats[def.format];
  return checked.transform((value, context) => {
    const normalised = value === '' ? value : normalise(value);
    if (normalised === undefined) context.addIssue({ code: 'custom', message, input: value });
    return normalised ?? value;
  });
};

/** Empty or matching: optional fields accept an empty value. */
const orEmpty = (def: FieldDef, check: z.ZodType<string>) =>
  def.required ? check : z.union([z.literal(''), check]).default('');

const nullableUnlessRequired = <T extends z.ZodType>(def: FieldDef, schema: T) =>
  def.required ? schema : schema.nullable().default(null);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Rich text's words, for lists and exports: tags dropped, the usual entities decoded. */
function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One of a select's or a choices field's values: z.enum names a wrong one "validation.choice". */
const choiceSchema = (def: FieldDef) => z.enum(def.choices as [string, ...string[]], 'validation.choice');

/** A choice's label, resources.<slug>.choices.<field>.<value> (`key` a collection's "<field>.<sub-field>"). */
const choiceLabel = (value: unknown, key: string, { slug, t }: FieldTextContext) =>
  t(`resources.${slug}.choices.${key.split('.').pop()!}.${String(value)}`);

const asWritten = (value: unknown) => String(value);
const nothing = () => '';
const none = () => null;
const noItems = () => [];

export const fieldKinds: Record<FieldKind, SharedFieldKind> = {
  text: { schema: textSchema, text: asWritten, empty: nothing, searchable: true },
  textarea: { schema: textSchema, text: asWritten, empty: nothing, searchable: true },
  richtext: { schema: textSchema, text: (value) => htmlToText(String(value)), empty: nothing },
  email: {
    schema: (def) =>
      orEmpty(def, z.string().trim().pipe(z.email('validation.email').max(EMAIL_MAX_LENGTH, 'validation.too_long'))),
    text: asWritten,
    empty: nothing,
    searchable: true,
  },
  url: {
    schema: (def) =>
      orEmpty(
        def,
        z
          .string()
          .trim()
          .pipe(z.url({ message: 'validation.url', protocol: /^https?$/ }).max(URL_MAX_LENGTH, 'validation.too_long')),
      ),
    text: asWritten,
    empty: nothing,
    searchable: true,
  },
  color: {
    schema: (def) => orEmpty(def, z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color')),
    text: asWritten,
    empty: nothing,
  },
  integer: {
    schema: (def) =>
      nullableUnlessRequired(
        def,
        z
          .number('validation.required')
          .int('validation.integer')
          .min(-MAX_INTEGER - 1, 'validation.out_of_range')
          .max(MAX_INTEGER, 'validation.out_of_range'),
      ),
    text: asWritten,
    empty: none,
  },
  boolean: {
    schema: () => z.boolean().default(false),
    text: (value, _def, _key, { t }) => t(value ? 'engine.yes' : 'engine.no'),
    empty: () => false,
  },
  date: {
    schema: (def) => nullableUnlessRequired(def, dateValue),
    text: (value) => (value ? formatDate(String(value)) : ''),
    empty: none,
  },
  datetime: {
    // A Date for the database; sent as JSON it is the same ISO moment again.
    schema: (def) =>
      nullableUnlessRequired(
        def,
        isoDateTime.transform((value) => new Date(value)),
      ),
    text: (value) => (value ? formatDateTime(String(value)) : ''),
    empty: none,
  },
  'month-year': {
    schema: (def) => nullableUnlessRequired(def, monthYearValue),
    text: (value) => formatMonthYear(String(value)),
    empty: none,
  },
  select: {
    schema: (def) => nullableUnlessRequired(def, choiceSchema(def)),
    text: (value, _def, key, context) => choiceLabel(value, key, context),
    empty: none,
  },
  choices: {
    schema: (def) => {
      const order = def.choices ?? [];
      const values = z.array(choiceSchema(def));
      // Each once, in the list's order, whatever order they were picked in.
      return (def.required ? values.min(1, 'validation.required') : values.default([])).transform((picked) =>
        order.filter((choice) => picked.includes(choice)),
      );
    },
    text: (value, _def, key, context) =>
      (value as unknown[]).map((choice) => choiceLabel(choice, key, context)).join(', '),
    empty: noItems,
  },
  reference: {
    schema: (def) => nullableUnlessRequired(def, recordId),
    text: (value, _def, key, { titles }) => titles[key]?.[String(value)] ?? '',
    empty: none,
    reference: 'one',
  },
  references: {
    schema: () => z.array(recordId).default([]),
    text: (value, _def, key, { titles }) => (value as number[]).map((id) => titles[key]?.[String(id)] ?? '').join(', '),
    empty: noItems,
    reference: 'many',
  },
  texts: {
    schema: () =>
      z.array(z.string().trim().min(1, 'validation.required').max(DEFAULT_TEXT_MAX, 'validation.too_long')).default([]),
    text: (value) => (value as string[]).join(', '),
    empty: noItems,
  },
  collection: {
    schema: (def) => {
      const row = z.object(
        Object.fromEntries(Object.entries(def.fields ?? {}).map(([name, sub]) => [name, fieldSchema(sub)])),
      );
      const rows = z.array(row);
      return def.required ? rows.min(1, 'validation.required') : rows.default([]);
    },
    // Each row as "label : value" pairs; empty values are left out.
    text: (value, def, key, context) =>
      (value as Record<string, unknown>[])
        .map((row) =>
          Object.entries(def.fields ?? {})
            .flatMap(([sub, subDef]) => {
              const text = fieldText(`${key}.${sub}`, subDef, row[sub], context);
              return text === '' ? [] : [`${context.t(`resources.${context.slug}.subfields.${sub}`)} : ${text}`];
            })
            .join(', '),
        )
        .join(' | '),
    empty: noItems,
    unimportable: true,
  },
  file: {
    schema: (def) => orEmpty(def, z.string().regex(uploadPathPattern, 'validation.file')),
    text: (value) => String(value).split('/').pop() ?? '',
    empty: nothing,
    searchable: true,
    unimportable: true,
  },
  permissions: {
    schema: () =>
      z
        .array(z.string().regex(permissionKeyPattern, 'validation.permission'))
        .transform((keys) => [...new Set(keys)].sort())
        .default([]),
    // "Liens utiles : Ajouter, Consulter ; Étapes : Consulter"
    text: (value, _def, _key, { t }) => {
      const byResource = new Map<string, string[]>();
      for (const key of value as string[]) {
        const [resource = '', group = ''] = key.split('.');
        byResource.set(resource, [...(byResource.get(resource) ?? []), t(`permissions.groups.${group}`)]);
      }
      return [...byResource]
        .map(([resource, groups]) => `${t(`resources.${resource}.label`)} : ${groups.join(', ')}`)
        .join(' ; ');
    },
    empty: noItems,
    unimportable: true,
  },
};

/** The value's schema for create and update; a declared default fills a value left out. */
export function fieldSchema(def: FieldDef): z.ZodType {
  const schema = fieldKinds[def.kind].schema(def);
  return def.defaultValue === undefined ? schema : schema.default(def.defaultValue);
}

/**
 * A value as a person reads it, in one line: Oui/Non, dd/mm/yyyy, a referenced record's title,
 * a collection's rows. Exports and collection summaries use it. `key` is the field's name, or
 * "<collection>.<sub-field>" inside a collection (the key of its reference titles).
 */
export function fieldText(key: string, def: FieldDef, value: unknown, context: FieldTextContext): string {
  if (value === null || value === undefined) return '';
  return fieldKinds[def.kind].text(value, def, key, context);
}

/** What a field holds when nothing is entered: its declared default, else nothing of its kind. */
export function emptyValue(def: FieldDef): unknown {
  return def.defaultValue !== undefined ? def.defaultValue : fieldKinds[def.kind].empty();
}

export const isReference = (def: FieldDef) => fieldKinds[def.kind].reference !== undefined;
