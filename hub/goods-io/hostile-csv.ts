import type { HostileFile } from './hostile-xlsx.ts';

/**
 * Text files made to hurt the CSV reader, for the tests and the
 * `menu-hostile` benchmark (issue 7, item 8, the CSV side). Each is as big as
 * an upload may be (the route takes 10 MB) and built to make a naive reader
 * hold the hub's thread or memory: millions of cells, a quote that never
 * closes, a million lines, zeros, every encoding at once.
 */

/** Just under the route's 10 MB body limit. */
const BODY = 10 * 1024 * 1024 - 4096;
const HEADER = 'Código,Precio\n';

const text = (s: string) => async () => Buffer.from(s, 'utf8');
/** `unit` repeated to fill `size` bytes after `head`. */
const filled = (head: string, unit: string, size = BODY) => text(head + unit.repeat(Math.floor((size - Buffer.byteLength(head)) / Buffer.byteLength(unit))));

/** Windows-1252 bytes of Latin-1 text (every character here is below 0x100). */
const latin1 = (s: string) => Buffer.from(s, 'latin1');

/**
 * 10 MB of rows that mix every encoding a spreadsheet saves, one per row in
 * turn: UTF-8 (with Chinese), Windows-1252, Mac Roman, and bytes that read as
 * symbols inside words in both legacy encodings. The junk outweighs the
 * Spanish, so the legacy encoding cannot be told: every non-UTF-8 name is
 * refused ('encoding'), three rows in four, under the row limit: thousands
 * of problems, of which the report lists MAX_LISTED_PROBLEMS.
 */
export const MIXED_ENCODING_ROWS = 4000;
async function mixedEncodings(): Promise<Buffer> {
  const parts: Buffer[] = [Buffer.from('Código,Precio,Nombre (es),Categoría,Notas\n', 'utf8')];
  const note = (junk: boolean) => (junk ? latin1('a\xb1b c\xd7d e\xf7f '.repeat(150)) : Buffer.from('nota de la casa '.repeat(150), 'utf8'));
  for (let i = 0; i < MIXED_ENCODING_ROWS; i++) {
    const name = [
      Buffer.from('Ají de gallina 经典', 'utf8'),
      latin1('Aj\xed de gallina, pi\xf1a'), // Windows-1252
      latin1('Aj\x92 de gallina, pi\x96a'), // Mac Roman
      latin1('Aj\xb1 de g\xd7llina'), // junk in both
    ][i % 4]!;
    parts.push(Buffer.from(`M${i},10,"`), name, Buffer.from('",Fondos,'), note(i % 4 !== 0), Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** Every CSV attack, each with the outcome the hub must give ('read': read to the end, nothing refused as a whole). */
export const HOSTILE_CSV_FILES: readonly HostileFile[] = [
  { name: 'CSV: 10 MB of separators', make: filled(`${HEADER}1`, ','), expect: 'fileTooBig' },
  { name: 'CSV: a quote never closed, 10 MB', make: filled(`${HEADER}101,"Ceviche`, 'ceviche, lomo\n'), expect: 'fileDamaged' },
  { name: 'CSV: a quote never closed at the end', make: text(`${HEADER}101,10\n102,"Lomo saltado, 12\n`), expect: 'fileDamaged' },
  { name: 'CSV: 1,000,000 short lines', make: filled(HEADER, 'A1,1\n', HEADER.length + 5_000_000), expect: 'tooManyRows' },
  { name: 'CSV: one 10 MB line', make: filled('', 'x'), expect: 'fileTooBig' },
  { name: 'CSV: 10 MB of " characters', make: filled('', '"'), expect: 'fileDamaged' },
  { name: 'CSV: 10 MB of NUL bytes', make: async () => Buffer.alloc(BODY), expect: 'unreadable' },
  // Read to the end: five million line ends keep nothing (the import then says the file is empty).
  { name: 'CSV: 5,000,000 empty lines', make: filled('', '\r\n'), expect: 'fileTooBig' },
  { name: 'CSV: UTF-16 text of 5,000,000 tabs', make: async () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('\t'.repeat(BODY / 2 - 2), 'utf16le')]), expect: 'fileTooBig' },
  { name: 'CSV: one 10 MB Windows-1252 line', make: async () => latin1('Pi\xf1a '.repeat(Math.floor(BODY / 5))), expect: 'fileTooBig' },
  { name: 'CSV: 10 MB of mixed encodings', make: mixedEncodings, expect: 'read' },
  {
    name: 'CSV: mixed encodings, 400,000 lines',
    make: async () => Buffer.concat(Array.from({ length: 400_000 }, (_, i) => (i % 2 ? latin1(`C${i},10,Pi\xf1a\n`) : Buffer.from(`C${i},10,Piña 经典\n`, 'utf8')))),
    expect: 'tooManyRows',
  },
];
