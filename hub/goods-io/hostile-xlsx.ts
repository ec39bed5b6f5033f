import { createDeflateRaw, crc32 } from 'node:zlib';
import { writePackedZip, type PackedEntry } from './zip.ts';

/**
 * Workbooks made to hurt a reader, for the tests and the `menu-hostile`
 * benchmark: each is small as a file and huge, deep or malformed inside (the
 * attacks of issue 7, item 8, and a few more). They are packed as a stream,
 * so making one never holds its unpacked size in memory either.
 */

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A piece of a part's text: a string, or a string repeated many times. */
type Piece = string | { repeat: string; times: number };

/** Deflates the pieces as one stream, never building the whole text. */
async function packStream(name: string, pieces: readonly Piece[]): Promise<PackedEntry> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (chunk: Buffer) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      await write(Buffer.from(piece, 'utf8'));
      continue;
    }
    // Repeat in blocks of about 1 MB.
    const per = Math.max(1, Math.floor((1 << 20) / Math.max(1, Buffer.byteLength(piece.repeat))));
    const block = Buffer.from(piece.repeat.repeat(Math.min(per, piece.times)), 'utf8');
    let left = piece.times;
    while (left >= per) {
      await write(block);
      left -= per;
    }
    if (left > 0) await write(Buffer.from(piece.repeat.repeat(left), 'utf8'));
  }
  deflate.end();
  await done;
  return { name, packed: Buffer.concat(out), crc, size };
}

/**
 * A whole workbook with one sheet whose XML is `sheet`, and optionally shared
 * strings. `lie` makes the zip claim the sheet unpacks to 1 KB.
 */
export async function workbookOf(sheet: readonly Piece[], sharedStrings?: readonly Piece[], lie = false): Promise<Buffer> {
  const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`;
  const entries: PackedEntry[] = [
    await packStream('_rels/.rels', [`${rels}<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`]),
    await packStream('xl/workbook.xml', [`<?xml version="1.0"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Carta" sheetId="1" r:id="rId1"/></sheets></workbook>`]),
    await packStream('xl/_rels/workbook.xml.rels', [
      `${rels}<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ]),
    { ...(await packStream('xl/worksheets/sheet1.xml', sheet)), ...(lie ? { size: 1024 } : {}) },
  ];
  if (sharedStrings) entries.push(await packStream('xl/sharedStrings.xml', sharedStrings));
  return writePackedZip(entries, new Date(2025, 0, 1));
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
const TAIL = '</sheetData></worksheet>';
/** A header row the menu import takes (the code and price columns). */
export const MENU_HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>Código</t></is></c><c r="B1" t="inlineStr"><is><t>Precio</t></is></c></row>';

/** One hostile file: what it is, how to make it, and what the hub must answer. */
export type HostileFile = { name: string; make: () => Promise<Buffer>; expect: 'fileTooBig' | 'fileDamaged' | 'tooManyRows' | 'unreadable' | 'read' };

/** Every attack, each with the outcome the hub must give ('read': it is read to the end, nothing refused as a whole). */
export const HOSTILE_FILES: readonly HostileFile[] = [
  {
    // Issue 7: 0.2 MB, 40,000 rows reaching column XFD: heap out of memory.
    name: '40,000 rows reaching column XFD',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, ...rowsTo(40_000)], undefined),
    expect: 'fileTooBig',
  },
  {
    // Issue 7: 6 KB, one cell at column ZZZZZZ: 2.6 GB.
    name: 'one cell at column ZZZZZZ',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, '<row r="2"><c r="ZZZZZZ2"><v>1</v></c></row>', TAIL]),
    expect: 'fileTooBig',
  },
  {
    // Issue 7: 15 KB, 400,000 unclosed <c> elements: 5 minutes blocked (the regex was quadratic).
    name: '400,000 unclosed <c> elements',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, '<row r="2">', { repeat: '<c r="A2"><v>1</v>', times: 400_000 }, '</row>', TAIL]),
    expect: 'fileDamaged',
  },
  {
    // Issue 7: 0.15 MB holding 60 MB of shared strings: 1.3 GB and 8 s blocked.
    name: '60 MB of shared strings',
    make: () =>
      workbookOf([HEAD, MENU_HEADER_ROW, TAIL], [`<?xml version="1.0"?><sst ${NS}>`, { repeat: '<si><t>Ceviche clásico de la casa</t></si>', times: 1_500_000 }, '</sst>']),
    expect: 'fileTooBig',
  },
  {
    name: 'zip bomb: a sheet unpacking to 64 MB',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, { repeat: ' ', times: 64 * 1024 * 1024 }, TAIL]),
    expect: 'fileTooBig',
  },
  {
    name: 'zip bomb claiming 1 KB, unpacking to 64 MB',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, { repeat: ' ', times: 64 * 1024 * 1024 }, TAIL], undefined, true),
    // Unpacking stops right past the 1 KB it claims: the zip lies, so it is damaged.
    expect: 'fileDamaged',
  },
  {
    // Unknown elements nested a million deep before the rows: no stack, no recursion, read to the end.
    name: 'elements nested 1,000,000 deep',
    make: () => workbookOf([HEAD, { repeat: '<x>', times: 1_000_000 }, { repeat: '</x>', times: 1_000_000 }, MENU_HEADER_ROW, '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c></row>', TAIL]),
    expect: 'read',
  },
  {
    name: 'a 20 MB attribute on a cell reference',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, '<row r="2"><c r="', { repeat: 'A', times: 20 * 1024 * 1024 }, '2"><v>1</v></c></row>', TAIL]),
    expect: 'fileTooBig',
  },
  {
    name: 'a shared string of 3,000,000 entities',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, '<row r="2"><c r="A2" t="s"><v>0</v></c></row>', TAIL], [`<?xml version="1.0"?><sst ${NS}><si><t>`, { repeat: '&amp;', times: 3_000_000 }, '</t></si></sst>']),
    expect: 'fileTooBig',
  },
  {
    name: 'a DOCTYPE with nested entities ("billion laughs")',
    make: () =>
      workbookOf([
        `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><worksheet ${NS}><sheetData>`,
        MENU_HEADER_ROW,
        '<row r="2"><c r="A2" t="inlineStr"><is><t>&c;&c;&c;&c;</t></is></c></row>',
        TAIL,
      ]),
    expect: 'fileDamaged',
  },
  {
    // Read to the end: a million empty rows cost a linear scan and keep nothing.
    name: '1,000,000 empty <row/>s',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, { repeat: '<row/>', times: 1_000_000 }, '<row r="1000003"><c r="A1000003"><v>7</v></c><c r="B1000003"><v>2</v></c></row>', TAIL]),
    expect: 'read',
  },
  {
    name: '100,000 dish rows',
    make: () => workbookOf([HEAD, MENU_HEADER_ROW, { repeat: '<row><c t="inlineStr"><is><t>X1</t></is></c><c><v>12.5</v></c></row>', times: 100_000 }, TAIL]),
    expect: 'tooManyRows',
  },
];

/** Rows 2.. each with one value at column XFD, then the end of the sheet. */
function rowsTo(count: number): Piece[] {
  const out: string[] = [];
  for (let r = 2; r < count + 2; r++) out.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="XFD${r}"><v>1</v></c></row>`);
  return [out.join(''), TAIL];
}
