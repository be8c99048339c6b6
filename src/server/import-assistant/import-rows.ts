import type { z } from 'zod';
import {
  defaultCriteria,
  findImportField,
  importFields,
  parseColumn,
  type ImportConfig,
  type ImportEntity,
  type ImportField,
} from '../../shared/import-assistant/import-assistant';
import { comparable } from '../db/comparable';
import { fieldSchema } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { normalize } from '../../shared/resources/import';
import { convertCell, type ReferenceLookup } from '../engine/resource-import';
import type { SheetRow } from '../engine/sheet-reader';

/** A field given a column of the file. */
export interface MappedField {
  spec: ImportField;
  column: number;
}

/** The run's mapping, by record: which columns fill what, and which fields find the existing record. */
export interface CompiledMapping {
  config: ImportConfig;
  fields: Record<ImportEntity, MappedField[]>;
  /** Compared to find the record a row updates: the fields marked as criteria, else the duplicate rule's. */
  criteria: Record<'structure' | 'individual', ImportField[]>;
  /** The column of the structure's parent territories, when mapped. */
  territories: MappedField | undefined;
}

export function compileMapping(config: ImportConfig): CompiledMapping {
  const mapped = config.fields.map(({ field, column, searchCriterion }) => ({
    spec: findImportField(field)!,
    column: parseColumn(column, config.numericColumns)!,
    searchCriterion,
  }));
  const of = (entity: ImportEntity) =>
    mapped.filter(({ spec }) => spec.entity === entity && spec.key !== 'structure.territories');
  const entities: ImportEntity[] = [
    'structure',
    'individual',
    'link',
    'project',
    'mission',
    'coOwner',
    'partner',
    'characteristic',
  ];
  const criteria = (entity: 'structure' | 'individual') => {
    const chosen = mapped.filter(({ spec, searchCriterion }) => spec.entity === entity && searchCriterion);
    return chosen.length > 0
      ? chosen.map(({ spec }) => spec)
      : defaultCriteria[entity].map((key) => findImportField(key)!);
  };
  return {
    config,
    fields: Object.fromEntries(entities.map((entity) => [entity, of(entity)])) as unknown as Record<
      ImportEntity,
      MappedField[]
    >,
    criteria: { structure: criteria('structure'), individual: criteria('individual') },
    territories: mapped.find(({ spec }) => spec.key === 'structure.territories'),
  };
}

/** A commune found by INSEE code, or by name (the postal code telling apart communes of one name). */
export interface CommuneLookup {
  byInsee: Map<string, number>;
  byName: Map<string, { id: number; postalCodes: string[] }[]>;
}

/** The records cells are matched against: communes, and contact types by name or id; a project's references by target. */
export interface Lookups {
  communes: CommuneLookup;
  contactTypes: ReferenceLookup;
  references?: Map<string, ReferenceLookup>;
}

/** A name that matches no record of a project's reference, by its target: the rejection names the value. */
const unknownOf: Record<string, string> = {
  'etats-projet': 'import_assistant.rejections.unknown_state',
  'thematiques-projet': 'import_assistant.rejections.unknown_theme',
  missions: 'import_assistant.rejections.unknown_mission',
  'types-projet': 'import_assistant.rejections.unknown_project_type',
  utilisateurs: 'import_assistant.rejections.unknown_user',
};

/** A row's error: the import field, a catalog key and its placeholders. */
export interface CellError {
  field: string | null;
  message: string;
  params?: Record<string, string>;
}

/** One record's cells of a row, converted and checked field by field; empty cells are left out. */
export interface RecordCells {
  values: Map<string, unknown>;
  errors: CellError[];
}

const schemas = new Map<FieldDef, z.ZodType>();
function schemaOf(def: FieldDef): z.ZodType {
  let schema = schemas.get(def);
  if (!schema) schemas.set(def, (schema = fieldSchema(def)));
  return schema;
}

const cellOf = (row: SheetRow, column: number) => (row.cells[column] ?? '').trim();

function convertCommune(lookup: CommuneLookup, text: string, postalCode: string): { value: number } | CellError {
  const byInsee = lookup.byInsee.get(text.toUpperCase());
  if (byInsee !== undefined) return { value: byInsee };
  const named = lookup.byName.get(normalize(text)) ?? [];
  const candidates =
    named.length > 1 && postalCode !== '' ? named.filter(({ postalCodes }) => postalCodes.includes(postalCode)) : named;
  if (candidates.length === 1) return { value: candidates[0]!.id };
  return {
    field: null,
    message: candidates.length === 0 ? 'import_assistant.rejections.unknown_commune' : 'import.ambiguous_reference',
    params: { name: text },
  };
}

/** The cells of one record of a row (a structure, an individual or their link), as field values. */
export function readRecord(row: SheetRow, fields: MappedField[], lookups: Lookups): RecordCells {
  const values = new Map<string, unknown>();
  const errors: CellError[] = [];
  for (const { spec, column } of fields) {
    const text = cellOf(row, column);
    if (text === '') continue;
    if (spec.def.target === 'communes') {
      const postal = fields.find(
        ({ spec: other }) => other.entity === spec.entity && other.key.endsWith('.postalCode'),
      );
      const converted = convertCommune(lookups.communes, text, postal ? cellOf(row, postal.column) : '');
      if ('value' in converted) values.set(spec.key, converted.value);
      else errors.push({ ...converted, field: spec.key });
      continue;
    }
    const converted = convertCell(
      spec.resource,
      spec.sub ?? spec.field,
      spec.def,
      text,
      spec.def.target === 'types-contact'
        ? lookups.contactTypes
        : spec.def.target
          ? lookups.references?.get(spec.def.target)
          : undefined,
    );
    if ('error' in converted) {
      // A name that matches no record: the rejection says which.
      const message =
        converted.error === 'validation.reference'
          ? (unknownOf[spec.def.target ?? ''] ?? 'import_assistant.rejections.unknown_value')
          : converted.error;
      errors.push({ field: spec.key, message, params: { value: text } });
      continue;
    }
    const parsed = schemaOf(spec.def).safeParse(converted.value);
    if (parsed.success) values.set(spec.key, parsed.data);
    else errors.push({ field: spec.key, message: parsed.error.issues[0]!.message, params: { value: text } });
  }
  return { values, errors };
}

/** The names a cell of territories gives: separated by commas (spaces around them ignored). */
export function territoryNames(row: SheetRow, territories: MappedField): string[] {
  return cellOf(row, territories.column)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Whether a row has any of these columns filled. */
export const fillsAny = (row: SheetRow, fields: MappedField[]) =>
  fields.some(({ column }) => cellOf(row, column) !== '');

/** How a criterion compares values: names as people compare them, emails without case, other values as they are stored. */
export type Comparison = 'name' | 'email' | 'exact';

export function comparisonOf(def: FieldDef): Comparison {
  if (def.kind === 'email') return 'email';
  return (def.kind === 'text' || def.kind === 'textarea' || def.kind === 'url') && !def.format ? 'name' : 'exact';
}

/** A value as a criterion compares it, in JavaScript (the same as the match query's expression). */
export function criterionText(def: FieldDef, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  switch (comparisonOf(def)) {
    case 'name':
      return comparable(text);
    case 'email':
      return text.toLowerCase();
    default:
      return text;
  }
}

/** The values of the criteria, as the match query takes them (empty for an empty cell). */
export const criteriaValues = (criteria: ImportField[], values: Map<string, unknown>): string[] =>
  criteria.map(({ key }) => {
    const value = values.get(key);
    return value === undefined || value === null ? '' : String(value);
  });

/** Whether a row leaves every criterion empty: it then matches no existing record. */
export const givesNoCriteria = (criteria: ImportField[], values: Map<string, unknown>): boolean =>
  criteria.every(({ key }) => values.get(key) === undefined || values.get(key) === '');

/**
 * What tells a record of the file from another: its criteria's values, compared as the database
 * does; the duplicate rule's fields when it leaves every criterion empty.
 */
export function criteriaKey(
  criteria: ImportField[],
  values: Map<string, unknown>,
  entity: 'structure' | 'individual',
): string {
  const empty = givesNoCriteria(criteria, values);
  const fields = empty ? defaultCriteria[entity].map((key) => findImportField(key)!) : criteria;
  return (empty ? '\u0002' : '') + fields.map((spec) => criterionText(spec.def, values.get(spec.key))).join('\u0001');
}

/** The import field a resource's field (or a collection's sub-field) comes from, to name a refused value. */
export function importKeyOf(entity: 'structure' | 'individual', path: readonly PropertyKey[]): string | null {
  const [field, , sub] = path.map(String);
  const spec = importFields.find(
    (candidate) =>
      (entity === 'structure') === (candidate.entity === 'structure') &&
      candidate.field === field &&
      (candidate.sub === undefined || candidate.sub === sub),
  );
  return spec?.key ?? null;
}

/** The values of a resource's record, keyed by field name: from a row of the file. */
export function fieldValues(definition: ResourceDefinition, cells: Map<string, unknown>, entity: ImportEntity) {
  const values: Record<string, unknown> = {};
  for (const [key, value] of cells) {
    const spec = findImportField(key)!;
    if (spec.entity === entity && spec.resource === definition && spec.sub === undefined) values[spec.field] = value;
  }
  return values;
}

/** The values a collection row gets from the cells (a structure's main address, an individual's link). */
export function subValues(cells: Map<string, unknown>, entity: ImportEntity): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of cells) {
    const spec = findImportField(key)!;
    if (spec.entity === entity && spec.sub !== undefined) values[spec.sub] = value;
  }
  return values;
}
