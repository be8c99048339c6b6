import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { XLSX_MAX_UNCOMPRESSED_BYTES } from '../../shared/resources/import';
import { ApiError } from '../http/api-error';

/**
 * Spreadsheets read as rows of text, streamed: a CSV (";" or ",", UTF-8 with or without BOM, else
 * Windows-1252) or an XLSX tab (exceljs's streaming reader, after a check of the archive's real
 * size). Used by the engine's import and by the contacts import assistant.
 */

/** A row of a file, as text, with its number in the spreadsheet (the first row being 1). */
export interface SheetRow {
  row: number;
  cells: string[];
}

export type SheetFormat = 'csv' | 'xlsx';
export type CsvEncoding = 'utf-8' | 'windows-1252';

/** A file to read, from memory or from disk: read as many times as needed, from the start each time. */
export interface SheetFile {
  format: SheetFormat;
  size: number;
  /** The bytes, from `start` to `end` included (all of them by default). */
  open(start?: number, end?: number): Readable;
  read(offset: number, length: number): Promise<Buffer>;
}

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An XLSX file (a zip) or a CSV text: anything else is refused. */
function formatOf(head: Buffer): SheetFormat {
  if (head.subarray(0, 4).equals(zipSignature)) return 'xlsx';
  if (head.includes(0)) throw new ApiError(400, 'import.unknown_format');
  return 'csv';
}

export function bufferFile(bytes: Buffer): SheetFile {
  return {
    format: formatOf(bytes.subarray(0, 4096)),
    size: bytes.length,
    open: (start = 0, end = bytes.length - 1) => Readable.from([bytes.subarray(start, end + 1)]),
    read: async (offset, length) => bytes.subarray(offset, offset + length),
  };
}

export async function diskFile(path: string): Promise<SheetFile> {
  const { size } = await stat(path);
  const read = async (offset: number, length: number) => {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      await handle.read(buffer, 0, buffer.length, offset);
      return buffer;
    } finally {
      await handle.close();
    }
  };
  return {
    format: formatOf(await read(0, 4096)),
    size,
    open: (start = 0, end = size - 1) => createReadStream(path, { start, end, highWaterMark: 256 * 1024 }),
    read,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The file as text, a chunk at a time; a UTF-8 decoder refuses bytes that are not UTF-8. */
async function* textChunks(file: SheetFile, encoding: CsvEncoding): AsyncGenerator<string> {
  // fatal: Windows-1252 text read as UTF-8 throws instead of giving replacement characters.
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  for await (const chunk of file.open()) yield decoder.decode(chunk as Buffer, { stream: true });
  yield decoder.decode();
}

/** UTF-8 (its BOM dropped) when every byte of the file is valid UTF-8, Windows-1252 otherwise. */
export async function csvEncoding(file: SheetFile): Promise<CsvEncoding> {
  try {
    for await (const _chunk of textChunks(file, 'utf-8'));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Semicolons (as French Excel writes them) unless the first line holds more commas. */
function detectSeparator(firstLine: string): string {
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (separator: string) => unquoted.split(separator).length;
  return count(',') > count(';') ? ',' : ';';
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * RFC 4180 CSV, fed a chunk at a time: quoted fields, "" for a quote, line breaks inside quotes (as
 * \n, as spreadsheets keep them). Row numbers count every record, blank ones included, as a
 * spreadsheet shows them.
 */
class CsvParser {
  private separator = -1;
  private head = '';
  private cells: string[] = [];
  private cell = '';
  /** The cell began with a quote and it is not closed yet. */
  private quoted = false;
  /** A quote was just read inside a quoted cell: an escaped quote or the closing one. */
  private quoteSeen = false;
  /** The cell has content, even empty quotes: a quote no longer opens it. */
  private started = false;
  /** A CR was just read: a LF right after it belongs to the same line break. */
  private afterCr = false;
  private row = 1;
  private rows: SheetRow[] = [];

  push(text: string): SheetRow[] {
    if (this.separator === -1) {
      // The separator comes from the first line, whole.
      this.head += text;
      const end = this.head.search(/[\r\n]/);
      if (end === -1 && this.head.length < 65_536) return [];
      this.separator = detectSeparator(end === -1 ? this.head : this.head.slice(0, end)).charCodeAt(0);
      text = this.head;
      this.head = '';
    }
    this.parse(text);
    return this.take();
  }

  end(): SheetRow[] {
    if (this.separator === -1) {
      this.separator = detectSeparator(this.head).charCodeAt(0);
      this.parse(this.head);
    }
    if (this.cell !== '' || this.cells.length > 0 || this.started) this.endRow();
    return this.take();
  }

  private take(): SheetRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private endRow(): void {
    this.cells.push(this.cell);
    this.rows.push({ row: this.row, cells: this.cells });
    this.row += 1;
    this.cells = [];
    this.cell = '';
    this.started = false;
  }

  private parse(text: string): void {
    const separator = this.separator;
    const length = text.length;
    let index = 0;
    while (index < length) {
      const char = text.charCodeAt(index);
      if (this.afterCr) {
        this.afterCr = false;
        if (char === LF) {
          index += 1;
          continue;
        }
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === QUOTE) {
            this.cell += '"';
            index += 1;
            continue;
          }
          // The closing quote: this character is read as outside quotes.
          this.quoted = false;
          continue;
        }
        const quote = text.indexOf('"', index);
        const part = text.slice(index, quote === -1 ? length : quote);
        this.cell += part.replace(/\r\n?/g, '\n');
        // A CR ending the chunk: its LF, if any, starts the next one.
        if (part.endsWith('\r')) this.afterCr = true;
        if (quote === -1) return;
        this.quoteSeen = true;
        index = quote + 1;
        continue;
      }
      if (char === QUOTE && !this.started) {
        this.quoted = true;
        this.started = true;
        index += 1;
      } else if (char === separator) {
        this.cells.push(this.cell);
        this.cell = '';
        this.started = false;
        index += 1;
      } else if (char === LF || char === CR) {
        this.endRow();
        this.afterCr = char === CR;
        index += 1;
      } else {
        let end = index + 1;
        while (end < length) {
          const next = text.charCodeAt(end);
          if (next === separator || next === LF || next === CR) break;
          end += 1;
        }
        this.cell += text.slice(index, end);
        this.started = true;
        index = end;
      }
    }
  }
}

async function* csvRows(file: SheetFile, encoding: CsvEncoding): AsyncGenerator<SheetRow> {
  const parser = new CsvParser();
  for await (const text of textChunks(file, encoding)) yield* parser.push(text);
  yield* parser.end();
}

// ---------------------------------------------------------------------------------------------
// XLSX

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

/** A zip's entry, as its central directory describes it. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

const unreadable = () => new ApiError(400, 'import.unreadable');

/** The entries of the zip's central directory (the end of the file names where it is). */
async function zipEntries(file: SheetFile): Promise<ZipEntry[]> {
  const tailLength = Math.min(file.size, 65_557);
  const tail = await file.read(file.size - tailLength, tailLength);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end === -1 || end + 22 > tail.length) throw unreadable();
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > file.size) throw unreadable();
  const directory = await file.read(directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    entries.push({
      name: directory.toString('utf8', at + 46, at + 46 + directory.readUInt16LE(at + 28)),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      headerOffset: directory.readUInt32LE(at + 42),
    });
    at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * A zip bomb is refused before exceljs opens the file: the entries' announced sizes must add up
 * to XLSX_MAX_UNCOMPRESSED_BYTES at most, and each entry is inflated (and thrown away) to check
 * that it does not give more than it announces.
 */
export async function checkArchive(file: SheetFile, maxBytes = XLSX_MAX_UNCOMPRESSED_BYTES): Promise<void> {
  const tooLarge = () => new ApiError(400, 'import.too_large_uncompressed', {}, { values: { size: maxBytes >> 20 } });
  const entries = await zipEntries(file);
  // 0xFFFFFFFF: a zip64 size, which no spreadsheet of this size needs.
  if (entries.some(({ size, compressedSize }) => size === 0xffffffff || compressedSize === 0xffffffff)) {
    throw tooLarge();
  }
  if (entries.reduce((total, { size }) => total + size, 0) > maxBytes) throw tooLarge();
  for (const entry of entries) {
    let inflated = 0;
    await readEntry(
      file,
      entry,
      () => tooLarge(),
      (chunk) => {
        inflated += chunk.length;
        return inflated <= entry.size;
      },
    );
  }
}

/**
 * Reads one entry of the zip, inflated, chunk by chunk; `onChunk` answering false stops it with
 * `refusal()`. Anything unreadable on the way is the file's "unreadable" error.
 */
async function readEntry(
  file: SheetFile,
  entry: ZipEntry,
  refusal: () => ApiError,
  onChunk: (chunk: Buffer) => boolean,
): Promise<void> {
  if (entry.compressedSize === 0) return;
  const header = await file.read(entry.headerOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw unreadable();
  const start = entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > file.size) throw unreadable();
  // Stored (0) or deflated (8): no spreadsheet uses another method.
  if (entry.method !== 0 && entry.method !== 8) throw unreadable();
  await new Promise<void>((resolve, reject) => {
    const source = file.open(start, start + entry.compressedSize - 1);
    const output = entry.method === 0 ? source : source.pipe(createInflateRaw());
    const fail = (error: unknown) => {
      source.destroy();
      output.destroy();
      reject(error instanceof ApiError ? error : unreadable());
    };
    output.on('data', (chunk: Buffer) => {
      if (!onChunk(chunk)) fail(refusal());
    });
    output.on('end', resolve);
    output.on('error', fail);
    source.on('error', fail);
  });
}

/** The workbook part (xl/workbook.xml: the tabs, their names and ids), whole, or null if the zip has none. */
async function workbookPart(file: SheetFile): Promise<Buffer | null> {
  const entry = (await zipEntries(file)).find(({ name }) => name === 'xl/workbook.xml');
  if (!entry) return null;
  const chunks: Buffer[] = [];
  await readEntry(file, entry, unreadable, (chunk) => chunks.push(chunk) > 0);
  return Buffer.concat(chunks);
}

interface StreamedWorkbook {
  model?: { sheets?: { id: number; name: string }[] };
  /** ExcelJS's own parse of the workbook part (not in its types). */
  _parseWorkbook(entry: Readable): Promise<void>;
}
interface StreamedSheet {
  id: number | string;
  name: string;
  [Symbol.asyncIterator](): AsyncGenerator<ExcelJS.Row>;
}

/** Where the tab names are read, once the workbook's first sheet shows up. */
export interface SheetNames {
  names: string[];
}

/**
 * The rows of one tab (0 being the first), in order; `names` receives every tab's name. A file whose
 * tab does not exist gives no row (names tells how many there are).
 */
async function* xlsxRows(file: SheetFile, sheet: number, names: SheetNames): AsyncGenerator<SheetRow> {
  const input = file.open();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    // Dates come from their cells' number formats.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const workbook = reader as unknown as StreamedWorkbook;
  try {
    // The streaming reader names each worksheet from the workbook part, and fails on a worksheet
    // stored before that part (some writers do, ExcelJS's own now and then): it is read first.
    const part = await workbookPart(file);
    if (part) await workbook._parseWorkbook(Readable.from([part]));
    for await (const worksheet of reader as unknown as AsyncIterable<StreamedSheet>) {
      const tabs = workbook.model?.sheets ?? [];
      names.names = tabs.map(({ name }) => name);
      const position = tabs.findIndex(({ id }) => String(id) === String(worksheet.id));
      if (position !== sheet) {
        // Read through all the same: ExcelJS deletes a worksheet's temporary copy as soon as the
        // next one is asked for, and its stream, not yet opened, then failed (ENOENT) out of reach.
        for await (const skipped of worksheet) void skipped;
        continue;
      }
      for await (const row of worksheet) {
        const cells = Array.from({ length: row.cellCount }, (_, index) => cellText(row.getCell(index + 1).value));
        yield { row: row.number, cells };
      }
      return;
    }
  } catch (error) {
    throw error instanceof ApiError ? error : unreadable();
  } finally {
    input.destroy();
  }
}

/** How to read a file: the tab of an XLSX, the encoding of a CSV. */
export interface SheetOptions {
  sheet: number;
  encoding: CsvEncoding;
  /** Filled with the XLSX file's tab names as it is read. */
  names?: SheetNames;
}

/** Every row of the file, blank ones included. */
export function sheetRows(file: SheetFile, { sheet, encoding, names = { names: [] } }: SheetOptions) {
  return file.format === 'xlsx' ? xlsxRows(file, sheet, names) : csvRows(file, encoding);
}

export const isBlankRow = ({ cells }: SheetRow) => cells.every((cell) => cell.trim() === '');
