import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bufferFile, sheetRows, type SheetRow } from './sheet-reader';

/** A zip of these parts, stored (not deflated), in this order. */
function storedZip(parts: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of parts) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const sheet = (text: string) =>
  `${xml}<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row></sheetData></worksheet>`;

describe('reading an XLSX tab', () => {
  it('finds the tab asked for even when the zip stores the workbook part after the worksheets', async () => {
    const file = storedZip([
      [
        '[Content_Types].xml',
        `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
      ],
      [
        '_rels/.rels',
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relations}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relations}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${relations}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
      ['xl/sharedStrings.xml', `${xml}<sst xmlns="${main}" count="0" uniqueCount="0"/>`],
      ['xl/worksheets/sheet1.xml', sheet('Premier onglet')],
      ['xl/worksheets/sheet2.xml', sheet('Second onglet')],
      [
        'xl/workbook.xml',
        `${xml}<workbook xmlns="${main}" xmlns:r="${relations}"><sheets><sheet name="Structures" sheetId="1" r:id="rId1"/><sheet name="Individus" sheetId="2" r:id="rId2"/></sheets></workbook>`,
      ],
    ]);
    const names = { names: [] as string[] };
    const rows: SheetRow[] = [];
    for await (const row of sheetRows(bufferFile(file), { sheet: 1, encoding: 'utf-8', names })) rows.push(row);
    expect(rows).toEqual([{ row: 1, cells: ['Second onglet'] }]);
    expect(names.names).toEqual(['Structures', 'Individus']);
  });
});
