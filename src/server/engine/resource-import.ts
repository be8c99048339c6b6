import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { locales, translate } from '../../shared/i18n/catalog';
import type { FieldDef } from '../../shared/resources/fields';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importableFields,
  type ImportAnalysis,
  type ImportFailure,
  type ImportMapping,
  type ImportResult,
  type ImportRowError,
} from '../../shared/resources/import';
import { inputSchema, type ResourceDefinition, type ResourceInputValues } from '../../shared/resources/resource';
import { ApiError } from '../http/api-error';
import type { ResourceStore } from './resource-store';

/** A row of a file, as text, with its number in the spreadsheet (the header being row 1). */
interface SheetRow {
  row: number;
  cells: string[];
}

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

/** Lower case, no accents, anything but letters and digits as single spaces: "Adresse (URL)" → "adresse url". */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function pushRow(rows: SheetRow[], row: SheetRow): void {
  if (row.cells.every((cell) => cell.trim() === '')) return;
  if (rows.length > IMPORT_MAX_ROWS) throw new ApiError(400, 'import.too_many_rows');
  rows.push(row);
}

/** UTF-8 (its BOM dropped), or Windows-1252 when the bytes are not valid UTF-8. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Semicolons (as French Excel writes them) unless the first line holds more commas. */
function detectSeparator(text: string): string {
  const firstLine = (/^.*/.exec(text)?.[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (separator: string) => firstLine.split(separator).length;
  return count(',') > count(';') ? ',' : ';';
}

/** RFC 4180 CSV: quoted fields, "" for a quote, line breaks inside quotes. */
function readCsv(bytes: Buffer): SheetRow[] {
  // Line breaks as \n, inside quoted cells too, as spreadsheets keep them.
  const text = decode(bytes).replace(/\r\n?/g, '\n');
  const separator = detectSeparator(text);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  // Row numbers count every record, blank ones included, as a spreadsheet shows them.
  let row = 1;
  const endRow = () => {
    cells.push(cell);
    pushRow(rows, { row, cells });
    row += 1;
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') endRow();
    else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A date cell as yyyy-mm-dd, with " hh:mm" when it has a time (Excel keeps local times). */
function dateCellText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** What a cell shows: rich text as plain text, a formula's result, a link's text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateCellText(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return ''; // #N/A and other errors
}

/** The first worksheet. */
async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new ApiError(400, 'import.unreadable');
  }
  const rows: SheetRow[] = [];
  workbook.worksheets[0]?.eachRow((row, number) => {
    const cells = Array.from({ length: row.cellCount }, (_, index) => cellText(row.getCell(index + 1).value));
    pushRow(rows, { row: number, cells });
  });
  return rows;
}

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An XLSX file (a zip) or a CSV text: anything else is refused. */
export async function readSheet(body: unknown): Promise<Sheet> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, 'import.no_file');
  const isXlsx = body.subarray(0, 4).equals(zipSignature);
  if (!isXlsx && body.includes(0)) throw new ApiError(400, 'import.unknown_format');
  const [header, ...rows] = isXlsx ? await readXlsx(body) : readCsv(body);
  if (!header || rows.length === 0) throw new ApiError(400, 'import.empty');
  return { columns: header.cells.map((cell) => cell.trim()), rows };
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

type Converted = { value: unknown } | { error: string };
const ok = (value: unknown): Converted => ({ value });

/** A reference field's target records: by normalized title (null when several share it), and their ids. */
interface ReferenceLookup {
  byTitle: Map<string, number | null>;
  ids: Set<number>;
}

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

/** A cell as the value of a field: the schema then checks it as it checks a form's. */
function convertCell(
  definition: ResourceDefinition,
  name: string,
  def: FieldDef,
  raw: string,
  lookup: ReferenceLookup | undefined,
): Converted {
  const text = raw.trim();
  const list = () =>
    text
      .split(/[;,]/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  switch (def.kind) {
    case 'boolean': {
      const word = normalize(text);
      if (trueWords.has(word)) return ok(true);
      return falseWords.has(word) ? ok(false) : { error: 'import.boolean' };
    }
    case 'integer': {
      const digits = text.replace(/[\s\u00a0\u202f]/g, '');
      if (digits === '') return ok(null);
      return /^[-+]?\d+$/.test(digits) ? ok(Number(digits)) : { error: 'validation.integer' };
    }
    case 'date':
      return ok(text === '' ? null : toIsoDate(text));
    case 'datetime':
      return ok(text === '' ? null : toIsoDateTime(text));
    case 'select': {
      if (text === '') return ok(null);
      const labelOf = (choice: string) =>
        locales.map((locale) => translate(locale, `resources.${definition.slug}.choices.${name}.${choice}`));
      const choice = def.choices?.find((value) =>
        [value, ...labelOf(value)].some((candidate) => normalize(candidate) === normalize(text)),
      );
      return ok(choice ?? text);
    }
    case 'reference':
      return text === '' ? ok(null) : resolveReference(lookup!, text);
    case 'references': {
      const resolved = list().map((part) => resolveReference(lookup!, part));
      const failed = resolved.find((item) => 'error' in item);
      return failed ?? ok(resolved.map((item) => ('value' in item ? item.value : null)));
    }
    case 'texts':
      return ok(list());
    default:
      return ok(text);
  }
}

async function referenceLookups(
  store: ResourceStore,
  definition: ResourceDefinition,
  names: string[],
): Promise<Record<string, ReferenceLookup>> {
  const lookups: Record<string, ReferenceLookup> = {};
  for (const name of names) {
    const def = definition.fields[name]!;
    if ((def.kind !== 'reference' && def.kind !== 'references') || !def.target) continue;
    const lookup: ReferenceLookup = { byTitle: new Map(), ids: new Set() };
    for (const { value, label } of await store.referenceChoices(def.target)) {
      const title = normalize(label);
      lookup.byTitle.set(title, lookup.byTitle.has(title) ? null : value);
      lookup.ids.add(value);
    }
    lookups[name] = lookup;
  }
  return lookups;
}

/**
 * Converts and validates every row, then creates them all in one transaction, or none: the report
 * then names each row's errors.
 */
export async function importSheet(
  store: ResourceStore,
  definition: ResourceDefinition,
  sheet: Sheet,
  mapping: ImportMapping,
  userId: number,
): Promise<ImportResult | Pick<ImportFailure, 'errors' | 'errorCount'>> {
  const mapped = Object.entries(mapping).filter((entry): entry is [string, number] => entry[1] !== null);
  if (mapped.some(([, column]) => column >= sheet.columns.length)) throw new ApiError(400, 'import.invalid_mapping');
  const lookups = await referenceLookups(
    store,
    definition,
    mapped.map(([name]) => name),
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
  return { imported: (await store.createMany(definition, valid, userId)).length };
}
