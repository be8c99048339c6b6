import Docxtemplater from 'docxtemplater';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { isKnownTag, isLoop, type DocumentFormat } from '../../shared/documents/document-templates';
import type { TemplateLoop } from '../../shared/mail/template-variables';
import { ApiError } from '../http/api-error';

/**
 * Merging a template file with a project's values: Word with docxtemplater (over pizzip), Excel
 * with exceljs; never by replacing text in the files' XML by hand. The syntax is the mails'
 * (`{{ projet.reference }}`) with loops and conditions (`{{#actes}}…{{/actes}}`, `{{^var}}…{{/var}}`).
 */

/** A project's values: each variable's text, and each list's items (their fields' texts). */
export interface TemplateData {
  values: Map<string, string>;
  loops: Record<TemplateLoop, Record<string, string>[]>;
}

/** What checking a template finds: the variables it uses (to read only those), or the first unknown one and its place. */
export interface TemplateCheck {
  used: Set<string>;
  unknown?: { name: string; place: string };
}

const delimiters = { start: '{{', end: '}}' };

/** Tags are looked up in the innermost scope first (a loop's item), then outward (the project's values). */
const parser = (tag: string) => {
  const name = tag.trim();
  return { get: (scope: unknown) => (name === '.' ? scope : (scope as Record<string, unknown> | null)?.[name]) };
};

function wordTemplate(file: Buffer): Docxtemplater {
  try {
    return new Docxtemplater(new PizZip(file), {
      delimiters,
      parser,
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
    });
  } catch (error) {
    throw templateError(error);
  }
}

/** docxtemplater's syntax errors (an unclosed loop, a tag left open) as the file's refusal. */
function templateError(error: unknown): ApiError {
  const first = (error as { properties?: { errors?: { properties?: { xtag?: string; id?: string } }[] } }).properties
    ?.errors?.[0]?.properties;
  if (!first) return new ApiError(400, 'documents.errors.unreadable', { file: 'documents.errors.unreadable' });
  return new ApiError(
    400,
    'documents.errors.syntax',
    { file: 'documents.errors.syntax' },
    { values: { name: first.xtag ?? '', detail: first.id ?? '' } },
  );
}

interface Part {
  type: string;
  tag?: string;
  position?: string;
  value?: string;
  module?: string;
  subparsed?: Part[];
}

/** The tags of a Word template, each with its place: the paragraph, or the table's row and cell. */
function checkWord(file: Buffer): TemplateCheck {
  const doc = wordTemplate(file);
  const used = new Set<string>();
  let unknown: TemplateCheck['unknown'];
  const compiled = (doc as unknown as { compiled: Record<string, { postparsed: Part[] }> }).compiled;
  for (const [name, { postparsed }] of Object.entries(compiled)) {
    const part = /header/.test(name) ? 'en-tête, ' : /footer/.test(name) ? 'pied de page, ' : '';
    let paragraph = 0;
    let table = 0;
    let row = 0;
    let cell = 0;
    let tableDepth = 0;
    const place = () =>
      tableDepth > 0 ? `${part}tableau ${table}, ligne ${row}, cellule ${cell}` : `${part}paragraphe ${paragraph}`;
    const walk = (parts: Part[], loops: string[]) => {
      for (const item of parts) {
        if (item.type === 'tag' && item.position === 'start') {
          if (item.tag === 'w:p') paragraph += 1;
          if (item.tag === 'w:tbl') [table, tableDepth, row] = [table + 1, tableDepth + 1, 0];
          if (item.tag === 'w:tr') [row, cell] = [row + 1, 0];
          if (item.tag === 'w:tc') cell += 1;
        } else if (item.type === 'tag' && item.position === 'end' && item.tag === 'w:tbl') tableDepth -= 1;
        if (item.type !== 'placeholder') continue;
        const tag = (item.value ?? '').trim();
        // A loop's or condition's name is a list, or a variable (shown when not empty).
        const known = item.module === 'loop' ? isLoop(tag) || isKnownTag(tag, []) : isKnownTag(tag, loops);
        if (!known) unknown ??= { name: tag, place: place() };
        used.add(tag);
        if (item.subparsed) walk(item.subparsed, item.module === 'loop' && isLoop(tag) ? [...loops, tag] : loops);
      }
    };
    walk(postparsed, []);
  }
  return { used, unknown };
}

/** `{{ name }}`, `{{#list}}`, `{{/list}}` in a cell's text. */
const cellTag = /\{\{\s*([#^/]?)\s*([^{}\s]+)\s*\}\}/g;

const cellText = (cell: ExcelJS.Cell): string | undefined => {
  const value = cell.value;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'richText' in value) return value.richText.map((run) => run.text).join('');
  return undefined;
};

/** The list a row repeats: the `{{#list}}` one of its cells holds (the convention of docs/documents.md). */
const rowLoop = (row: ExcelJS.Row): string | undefined => {
  let loop: string | undefined;
  row.eachCell((cell) => {
    for (const match of (cellText(cell) ?? '').matchAll(cellTag)) if (match[1] === '#') loop ??= match[2];
  });
  return loop;
};

async function readWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(400, 'documents.errors.unreadable', { file: 'documents.errors.unreadable' });
  }
  return workbook;
}

async function checkExcel(file: Buffer): Promise<TemplateCheck> {
  const workbook = await readWorkbook(file);
  const used = new Set<string>();
  let unknown: TemplateCheck['unknown'];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      const loop = rowLoop(row);
      row.eachCell((cell) => {
        for (const [, mark, name] of (cellText(cell) ?? '').matchAll(cellTag)) {
          const known = mark ? isLoop(name!) : isKnownTag(name!, loop ? [loop] : []);
          if (!known) unknown ??= { name: name!, place: `feuille « ${sheet.name} », cellule ${cell.address}` };
          used.add(name!);
        }
      });
    });
  });
  return { used, unknown };
}

/** The variables a template uses, or why it is refused: its syntax, or an unknown variable named with its place. */
export async function checkTemplate(file: Buffer, format: DocumentFormat): Promise<TemplateCheck> {
  return format === 'docx' ? checkWord(file) : checkExcel(file);
}

/** The data as docxtemplater's scope: the variables by their full name, the lists by theirs. */
const scopeOf = (data: TemplateData) => ({ ...Object.fromEntries(data.values), ...data.loops });

export function mergeWord(file: Buffer, data: TemplateData): Buffer {
  const doc = wordTemplate(file);
  doc.render(scopeOf(data));
  return doc.toBuffer({ compression: 'DEFLATE' });
}

/** A loaded Excel template, merged once per project (a selection's ZIP loads it once). */
export async function mergeExcel(file: Buffer, data: TemplateData): Promise<Buffer> {
  const workbook = await readWorkbook(file);
  const fill = (text: string, item?: Record<string, string>) =>
    text.replace(cellTag, (_all, mark: string, name: string) =>
      mark ? '' : (item?.[name] ?? data.values.get(name) ?? ''),
    );
  workbook.eachSheet((sheet) => {
    // From the bottom up: a repeated row pushes down only rows already merged.
    for (let number = sheet.rowCount; number >= 1; number -= 1) {
      const row = sheet.getRow(number);
      const loop = rowLoop(row);
      if (!loop) {
        row.eachCell((cell) => {
          const text = cellText(cell);
          if (text !== undefined && text.includes('{{')) cell.value = fill(text);
        });
        continue;
      }
      const items = isLoop(loop) ? data.loops[loop] : [];
      if (items.length === 0) {
        sheet.spliceRows(number, 1);
        continue;
      }
      if (items.length > 1) sheet.duplicateRow(number, items.length - 1, true);
      items.forEach((item, index) => {
        sheet.getRow(number + index).eachCell((cell) => {
          const text = cellText(cell);
          if (text !== undefined) cell.value = fill(text, item);
        });
      });
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function mergeTemplate(file: Buffer, format: DocumentFormat, data: TemplateData): Promise<Buffer> {
  return format === 'docx' ? mergeWord(file, data) : mergeExcel(file, data);
}
