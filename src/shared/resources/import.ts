import { z } from 'zod';
import type { ApiErrorPayload } from '../account/account.schema';
import { fieldKinds } from './field-kinds';
import type { FieldDef } from './fields';
import type { ResourceDefinition } from './resource';

/** The largest file an import reads (the catalog's import.too_large says 10 Mo). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows an import takes, the header aside (the catalog's import.too_many_rows says 20 000). */
export const IMPORT_MAX_ROWS = 20_000;
/** The most an XLSX file (a zip) may hold once uncompressed: a zip bomb is refused before it is read. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;

/** Field name → the index of the file's column its values come from, or null for none. */
export const importMappingSchema = z.record(z.string(), z.number().nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** POST /api/<slug>/import/analyse */
export const importAnalysisSchema = z.object({
  /** The file's first row. */
  columns: z.array(z.string()),
  /** The first rows after it, for a preview. */
  sample: z.array(z.array(z.string())),
  /** Rows after the header, blank ones aside. */
  rowCount: z.number(),
  /** Suggested from the headers: a field's name or label, ignoring case and accents. */
  mapping: importMappingSchema,
});
export type ImportAnalysis = z.infer<typeof importAnalysisSchema>;

/** One problem of one row: its number in the spreadsheet (the header being row 1), the field, a catalog key. */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** POST /api/<slug>/import */
export const importResultSchema = z.object({ imported: z.number() });
export type ImportResult = z.infer<typeof importResultSchema>;

/** The 400 reply of POST /api/<slug>/import when rows are invalid: nothing was imported. */
export interface ImportFailure extends ApiErrorPayload {
  /** The first errors, in row order. */
  errors: ImportRowError[];
  /** Every error of the file: more than `errors` holds when the file has many. */
  errorCount: number;
}

/** Lower case, no accents, anything but letters and digits as single spaces: "Adresse (URL)" → "adresse url". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The fields an import can fill, in declaration order. */
export function importableFields(definition: ResourceDefinition): [string, FieldDef][] {
  return Object.entries(definition.fields).filter(([, def]) => !fieldKinds[def.kind].unimportable);
}

/** Import is offered when the declaration allows it and a file can fill every required field. */
export function isImportable(definition: ResourceDefinition): boolean {
  return (
    definition.behaviours.importable &&
    Object.values(definition.fields).every((def) => !def.required || !fieldKinds[def.kind].unimportable)
  );
}
