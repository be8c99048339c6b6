import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Actor } from '../auth/actor';
import { translate, type Locale } from '../../shared/i18n/catalog';
import { fieldText } from '../../shared/resources/field-kinds';
import type { ReferenceTitles, ResourceDefinition, ResourceRecord } from '../../shared/resources/resource';
import type { ListQuery, ResourceStore } from './resource-store';
import type { ExportColumns } from './server-resource';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Rows read from the database at a time: the export never holds the whole table. */
const CHUNK_SIZE = 2000;

/** What a spreadsheet would run as a formula when it opens a CSV file. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A CSV cell: one a spreadsheet would run as a formula starts with a quote instead (formula
 * injection), and one holding a separator of either kind (a spreadsheet may be set to commas), a
 * quote or a line break is quoted, so it stays one cell.
 */
export function csvCell(text: string): string {
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return /[;,"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An XLSX cell is a typed string, never a formula: its text is kept as it is, formatted as text ("@"). */
const textCell = { numFmt: '@' };

export interface ExportStream {
  /** Rows the export holds, known before the first byte is sent. */
  total: number;
  contentType: string;
  body: Readable;
}

/** Streams a filtered, sorted list as CSV (semicolons, UTF-8 with BOM for Excel) or XLSX. */
export async function exportResource(
  store: ResourceStore,
  definition: ResourceDefinition,
  query: Omit<ListQuery, 'page' | 'pageSize'>,
  format: ExportFormat,
  locale: Locale,
  actor: Actor,
  extra?: ExportColumns,
): Promise<ExportStream> {
  const fields = Object.entries(definition.fields);
  const header = [
    ...fields.map(([name]) => translate(locale, `resources.${definition.slug}.fields.${name}`)),
    ...(extra?.header ?? []),
  ];
  const t = (key: string) => translate(locale, key);
  const toCells = (record: ResourceRecord, titles: ReferenceTitles) =>
    fields.map(([name, def]) => fieldText(name, def, record[name], { slug: definition.slug, titles, t }));

  const { total } = await store.list(definition, { ...query, page: 1, pageSize: 1 }, actor);
  async function* rows(): AsyncGenerator<string[]> {
    for await (const { items, titles } of store.listAll(definition, query, CHUNK_SIZE, actor)) {
      const extraCells = await extra?.cellsOf(items.map((record) => record.id));
      const blank = (extra?.header ?? []).map(() => '');
      for (const record of items) yield [...toCells(record, titles), ...(extraCells?.get(record.id) ?? blank)];
    }
  }

  if (format === 'csv') return { total: total, contentType: CSV_CONTENT_TYPE, body: csvStream(header, rows()) };

  return {
    total: total,
    contentType: XLSX_CONTENT_TYPE,
    body: xlsxStream(translate(locale, `resources.${definition.slug}.label`), header, rows()),
  };
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A CSV file written as the rows come: UTF-8 with a BOM (Excel), semicolons, CRLF, each cell made safe by csvCell. */
export function csvStream(header: string[], rows: AsyncIterable<string[]>): Readable {
  const lines = async function* () {
    yield `\uFEFF${header.map(csvCell).join(';')}\r\n`;
    for await (const cells of rows) yield `${cells.map(csvCell).join(';')}\r\n`;
  };
  return Readable.from(lines());
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A one-sheet XLSX file written as the rows come (never held whole): a bold header, then the rows.
 * A cell a spreadsheet would run as a formula is formatted as text.
 */
export function xlsxStream(sheetName: string, header: string[], rows: AsyncIterable<string[]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  const write = async () => {
    const headerRow = sheet.addRow(header);
    headerRow.font = { bold: true };
    headerRow.commit();
    for await (const cells of rows) {
      const row = sheet.addRow(cells);
      row.eachCell((cell) => {
        if (formulaStart.test(String(cell.value))) cell.style = textCell;
      });
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
