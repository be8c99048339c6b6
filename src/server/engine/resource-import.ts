import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { locales, translate } from '../../shared/i18n/catalog';
import { isReference } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importableFields,
  normalize,
  type ImportAnalysis,
  type ImportFailure,
  type ImportMapping,
  type ImportResult,
  type ImportRowError,
} from '../../shared/resources/import';
import { inputSchema, type ResourceDefinition, type ResourceInputValues } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import { ApiError } from '../http/api-error';
import { serverFieldKinds } from './field-kinds';
import type { ResourceStore } from './resource-store';
import { bufferFile, checkArchive, csvEncoding, isBlankRow, sheetRows, type SheetRow } from './sheet-reader';

/** A file read as text: its first row names the columns; blank rows are left out. */
export interface Sheet {
  columns: string[];
  rows: SheetRow[];
}

const SAMPLE_ROWS = 5;
/** The report holds the first errors only: a wrong mapping fails every row. */
const MAX_REPORTED_ERRORS = 100;

/**
 * Options of the import routes, whose body is the file (application/octet-stream, parsed as a Buffer
 * by the raw-body parser app.ts registers): 10 MB at most, refused on its
 * announced size before it is read.
 */
export const importRouteOptions = {
  bodyLimit: IMPORT_MAX_BYTES,
  preParsing: async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw new ApiError(413, 'import.too_large');
  },
};

/** An XLSX file (its first tab) or a CSV text, whole: anything else is refused. */
export async function readSheet(body: unknown): Promise<Sheet> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, 'import.no_file');
  const file = bufferFile(body);
  if (file.format === 'xlsx') await checkArchive(file);
  const encoding = file.format === 'csv' ? await csvEncoding(file) : 'utf-8';
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(file, { sheet: 0, encoding })) {
    if (isBlankRow(row)) continue;
    if (rows.length > IMPORT_MAX_ROWS) throw new ApiError(400, 'import.too_many_rows');
    rows.push(row);
  }
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new ApiError(400, 'import.empty');
  return { columns: header.cells.map((cell) => cell.trim()), rows: data };
}

/** The names a column may carry for a field: its own, and its label in every catalog. */
function fieldNames(definition: ResourceDefinition, name: string): Set<string> {
  const labels = locales.map((locale) => translate(locale, `resources.${definition.slug}.fields.${name}`));
  return new Set([name, ...labels].map(normalize));
}

export function analyseImport(definition: ResourceDefinition, sheet: Sheet): ImportAnalysis {
  const headers = sheet.columns.map(normalize);
  const mapping = Object.fromEntries(
    importableFields(definition).map(([name]) => {
      const names = fieldNames(definition, name);
      const index = headers.findIndex((header) => header !== '' && names.has(header));
      return [name, index === -1 ? null : index];
    }),
  );
  return {
    columns: sheet.columns,
    sample: sheet.rows.slice(0, SAMPLE_ROWS).map(({ cells }) => cells),
    rowCount: sheet.rows.length,
    mapping,
  };
}

const mappingSchema = z.record(z.string(), z.number().int().min(0).nullable());

/** ?mapping={"field": column index or null}; every required field needs a column. */
export function parseMapping(definition: ResourceDefinition, raw: unknown): ImportMapping {
  let json: unknown;
  try {
    json = JSON.parse(String(raw));
  } catch {
    throw new ApiError(400, 'import.invalid_mapping');
  }
  const parsed = mappingSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, 'import.invalid_mapping');
  const fields = importableFields(definition);
  const mapping = Object.fromEntries(fields.map(([name]) => [name, parsed.data[name] ?? null]));
  const unmapped = fields.filter(([name, def]) => def.required && mapping[name] === null);
  if (unmapped.length > 0) {
    const fieldErrors = Object.fromEntries(unmapped.map(([name]) => [name, 'import.required_field']));
    throw new ApiError(400, 'import.required_unmapped', fieldErrors);
  }
  return mapping;
}

/** A cell converted to a field's value, or the catalog key of why it cannot be. */
export type Converted = { value: unknown } | { error: string };

/** A reference field's target records: by normalized title (null when several share it), and their ids. */
export interface ReferenceLookup {
  byTitle: Map<string, number | null>;
  ids: Set<number>;
}

/** A cell as the value of a field: the schema then checks it as it checks a form's. */
export function convertCell(
  definition: ResourceDefinition,
  name: string,
  def: FieldDef,
  raw: string,
  lookup: ReferenceLookup | undefined,
): Converted {
  return serverFieldKinds[def.kind].importCell(raw.trim(), def, lookup, definition, name);
}

/** The live records of a reference target, to find by title or id. */
export async function referenceLookup(store: ResourceStore, target: string, actor: Actor): Promise<ReferenceLookup> {
  const lookup: ReferenceLookup = { byTitle: new Map(), ids: new Set() };
  for (const { value, label } of await store.referenceChoices(target, actor)) {
    const title = normalize(label);
    lookup.byTitle.set(title, lookup.byTitle.has(title) ? null : value);
    lookup.ids.add(value);
  }
  return lookup;
}

async function referenceLookups(
  store: ResourceStore,
  definition: ResourceDefinition,
  names: string[],
  actor: Actor,
): Promise<Record<string, ReferenceLookup>> {
  const lookups: Record<string, ReferenceLookup> = {};
  for (const name of names) {
    const def = definition.fields[name]!;
    if (!isReference(def) || !def.target) continue;
    lookups[name] = await referenceLookup(store, def.target, actor);
  }
  return lookups;
}

/**
 * Converts and validates every row, then creates them all in one transaction, or none (`createMany`:
 * the operations' create, so the resource's rules and after-commit work apply): the report then
 * names each row's errors.
 */
export async function importSheet(
  store: ResourceStore,
  definition: ResourceDefinition,
  sheet: Sheet,
  mapping: ImportMapping,
  actor: Actor,
  createMany: (rows: ResourceInputValues[]) => Promise<unknown[]>,
): Promise<ImportResult | Pick<ImportFailure, 'errors' | 'errorCount'>> {
  const mapped = Object.entries(mapping).filter((entry): entry is [string, number] => entry[1] !== null);
  if (mapped.some(([, column]) => column >= sheet.columns.length)) throw new ApiError(400, 'import.invalid_mapping');
  const lookups = await referenceLookups(
    store,
    definition,
    mapped.map(([name]) => name),
    actor,
  );
  const schema = inputSchema(definition);
  const errors: ImportRowError[] = [];
  const valid: ResourceInputValues[] = [];
  for (const { row, cells } of sheet.rows) {
    const values: ResourceInputValues = {};
    const rowErrors = new Map<string, string>();
    for (const [name, column] of mapped) {
      const converted = convertCell(definition, name, definition.fields[name]!, cells[column] ?? '', lookups[name]);
      if ('error' in converted) rowErrors.set(name, converted.error);
      else values[name] = converted.value;
    }
    const parsed = schema.safeParse(values);
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? '');
      if (!rowErrors.has(field)) rowErrors.set(field, issue.message);
    }
    if (parsed.success && rowErrors.size === 0) valid.push(parsed.data);
    for (const [field, message] of rowErrors) errors.push({ row, field, message });
  }
  if (errors.length > 0) return { errors: errors.slice(0, MAX_REPORTED_ERRORS), errorCount: errors.length };
  return { imported: (await createMany(valid)).length };
}
