import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { locales, translate } from '../../shared/i18n/catalog';
import { parseMonthYear } from '../../shared/i18n/format';
import {
  dateValue,
  filtersByPrefix,
  monthYearPattern,
  type FieldDef,
  type FieldKind,
} from '../../shared/resources/fields';
import { normalize } from '../../shared/resources/import';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { containsIgnoringAccents, escapeLike } from '../db/schema';
import { integer, type Schema } from '../http/openapi-tools';
import { idValue, integerValue, termValue } from '../http/paging';
import type { Converted, ReferenceLookup } from './resource-import';

/**
 * What each field kind is to the server engine: how the list filters on it (its query value, that
 * value's OpenAPI schema, its SQL condition) and how an import reads a cell into it. One entry per
 * kind, a kind without one fails to compile; its column is db/schema.ts's (kindColumns), the rest
 * shared/resources/field-kinds.ts's.
 */
interface ServerFieldKind {
  /** The list filter's query value, as the store reads it. */
  filterValue: (def: FieldDef) => z.ZodType<string>;
  /** The filter's query value as the OpenAPI document describes it. */
  filterDoc: (def: FieldDef) => Schema;
  /** The rows a filter value (not empty) keeps; undefined keeps them all. */
  filterCondition: (column: AnyPgColumn, value: string, def: FieldDef) => SQL | undefined;
  /** A day: its filter also bounds the list, `<field>Du` and `<field>Au` (list-query.ts, dateRangeParams). */
  dayRange?: true;
  /** An import's cell, trimmed, as the field's value (the input schema then checks it), or why it cannot be. */
  importCell: (
    text: string,
    def: FieldDef,
    lookup: ReferenceLookup | undefined,
    definition: ResourceDefinition,
    name: string,
  ) => Converted;
}

const ok = (value: unknown): Converted => ({ value });
const wholeNumber = /^\d+$/;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A text's filter: a postal code matches from its start, any other text anywhere, accents ignored. */
const textCondition = (column: AnyPgColumn, value: string, def: FieldDef) =>
  filtersByPrefix(def) ? sql`${column} like ${`${escapeLike(value)}%`}` : containsIgnoringAccents(column, value);

/** Kinds filtered and imported as plain text. */
const asText = {
  filterValue: () => termValue,
  filterDoc: () => ({ type: 'string' }),
  filterCondition: textCondition,
  importCell: (text: string) => ok(text),
} satisfies Partial<ServerFieldKind>;

function resolveReference(lookup: ReferenceLookup, text: string): Converted {
  const id = lookup.byTitle.get(normalize(text));
  if (id === null) return { error: 'import.ambiguous_reference' };
  if (id !== undefined) return ok(id);
  return /^\d+$/.test(text) && lookup.ids.has(Number(text)) ? ok(Number(text)) : { error: 'validation.reference' };
}

const pad = (n: number, length = 2) => String(n).padStart(length, '0');

/** [year, month, day, hours, minutes] of dd/mm/yyyy[ hh:mm], yyyy-mm-dd[Thh:mm…] or an Excel day number. */
function dateParts(text: string): number[] | undefined {
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\D+(\d{1,2})[:h](\d{2})(?::\d{2})?)?$/.exec(text);
  if (french) return [french[3], french[2], french[1], french[4], french[5]].map((part) => Number(part ?? 0));
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text);
  if (iso) return iso.slice(1).map((part) => Number(part ?? 0));
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  // Excel counts days from 30/12/1899 (25569 is 01/01/1970).
  const date = new Date(Math.round((Number(text) - 25569) * 86_400_000));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()];
}

/** yyyy-mm-dd, or the text as it is for the schema to refuse. */
function toIsoDate(text: string): string {
  const [year, month, day] = dateParts(text) ?? [];
  return year === undefined ? text : `${pad(year, 4)}-${pad(month!)}-${pad(day!)}`;
}

/** An ISO moment: times without an offset are the server's local time. */
function toIsoDateTime(text: string): string {
  if (/T.*(z|[+-]\d{2}:?\d{2})$/i.test(text)) return text;
  const [year, month, day, hours, minutes] = dateParts(text) ?? [];
  if (year === undefined) return text;
  const date = new Date(year, month! - 1, day, hours, minutes);
  return date.getMonth() === month! - 1 && date.getDate() === day ? date.toISOString() : text;
}

const trueWords = new Set(['oui', 'vrai', '1', 'x', 'true', 'yes']);
const falseWords = new Set(['', 'non', 'faux', '0', 'false', 'no']);

/** A select's (or choices field's) choices by every way of writing them (value, label in each catalog), normalized: by "<slug>.<field>". */
const choiceNames = new Map<string, Map<string, string>>();

function choiceNamed(definition: ResourceDefinition, name: string, def: FieldDef, text: string): string | undefined {
  const key = `${definition.slug}.${name}`;
  let names = choiceNames.get(key);
  if (!names) {
    names = new Map();
    for (const value of def.choices ?? []) {
      const labels = locales.map((locale) =>
        translate(locale, `resources.${definition.slug}.choices.${name}.${value}`),
      );
      for (const candidate of [value, ...labels])
        if (!names.has(normalize(candidate))) names.set(normalize(candidate), value);
    }
    choiceNames.set(key, names);
  }
  return names.get(normalize(text));
}

/** Several values of one cell, separated by ";" or ",". */
const listOf = (text: string) =>
  text
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

const dayKind = {
  filterValue: () => dateValue,
  filterDoc: () => ({ type: 'string', format: 'date' }),
  dayRange: true,
} satisfies Partial<ServerFieldKind>;

export const serverFieldKinds: Record<FieldKind, ServerFieldKind> = {
  text: asText,
  textarea: asText,
  richtext: asText,
  email: asText,
  url: asText,
  color: asText,
  file: asText,
  collection: asText,
  permissions: asText,
  'month-year': {
    ...asText,
    filterDoc: () => ({ type: 'string', pattern: monthYearPattern.source }),
    // mm/yyyy as typed, else the text as it is (yyyy-mm kept) for the schema to refuse.
    importCell: (text) => ok(text === '' ? null : (parseMonthYear(text) ?? text)),
  },
  texts: {
    ...asText,
    filterCondition: (column, value) => sql`${value} = any(${column})`,
    importCell: (text) => ok(listOf(text)),
  },
  boolean: {
    filterValue: () => z.enum(['true', 'false'], 'validation.choice'),
    filterDoc: () => ({ type: 'boolean' }),
    filterCondition: (column, value) =>
      value === 'true' || value === 'false' ? eq(column, value === 'true') : undefined,
    importCell: (text) => {
      const word = normalize(text);
      if (trueWords.has(word)) return ok(true);
      return falseWords.has(word) ? ok(false) : { error: 'import.boolean' };
    },
  },
  integer: {
    filterValue: () => integerValue.transform(String),
    filterDoc: () => integer,
    filterCondition: (column, value) => (wholeNumber.test(value) ? eq(column, Number(value)) : undefined),
    importCell: (text) => {
      const digits = text.replace(/[\s\u00a0\u202f]/g, '');
      if (digits === '') return ok(null);
      return /^[-+]?\d+$/.test(digits) ? ok(Number(digits)) : { error: 'validation.integer' };
    },
  },
  select: {
    filterValue: (def) => z.enum(def.choices as [string, ...string[]], 'validation.choice'),
    filterDoc: (def) => ({ type: 'string', enum: [...(def.choices ?? [])] }),
    filterCondition: (column, value) => eq(column, value),
    importCell: (text, def, _lookup, definition, name) =>
      ok(text === '' ? null : (choiceNamed(definition, name, def, text) ?? text)),
  },
  choices: {
    filterValue: (def) => z.enum(def.choices as [string, ...string[]], 'validation.choice'),
    filterDoc: (def) => ({ type: 'string', enum: [...(def.choices ?? [])] }),
    // The records holding that value among theirs.
    filterCondition: (column, value) => sql`${value} = any(${column})`,
    // Values or labels (any catalog's, or the SARE file's capitals), separated as listOf says.
    importCell: (text, def, _lookup, definition, name) =>
      ok(listOf(text).map((part) => choiceNamed(definition, name, def, part) ?? part)),
  },
  date: {
    ...dayKind,
    filterCondition: (column, value) => eq(column, value),
    importCell: (text) => ok(text === '' ? null : toIsoDate(text)),
  },
  datetime: {
    ...dayKind,
    filterCondition: (column, value) => (isoDay.test(value) ? sql`(${column})::date = ${value}::date` : undefined),
    importCell: (text) => ok(text === '' ? null : toIsoDateTime(text)),
  },
  reference: {
    filterValue: () => idValue.transform(String),
    filterDoc: () => integer,
    filterCondition: (column, value) => (wholeNumber.test(value) ? eq(column, Number(value)) : undefined),
    importCell: (text, _def, lookup) => (text === '' ? ok(null) : resolveReference(lookup!, text)),
  },
  references: {
    filterValue: () => idValue.transform(String),
    filterDoc: () => integer,
    filterCondition: (column, value) => (wholeNumber.test(value) ? sql`${Number(value)} = any(${column})` : undefined),
    importCell: (text, _def, lookup) => {
      const resolved = listOf(text).map((part) => resolveReference(lookup!, part));
      const failed = resolved.find((item) => 'error' in item);
      return failed ?? ok(resolved.map((item) => ('value' in item ? item.value : null)));
    },
  },
};
