import { describe, expect, it } from 'vitest';
import { decodeCsv, guessSeparator, parseCsv, readCsvMenu, writeCsv } from './csv.ts';
import { decodeLegacy } from './legacy-encoding.ts';

describe('CSV', () => {
  it.each([
    ['a,b;c', ','],
    ['a;b;c,d', ';'],
    ['a\tb\tc', '\t'],
    ['"a;b",c', ','],
    ['single', ','],
  ])('guesses the separator of %j as %j', (text, sep) => expect(guessSeparator(text)).toBe(sep));

  it('reads quoted cells with separators, quotes and line breaks, and CRLF lines', () => {
    const rows = parseCsv('code,name\r\n101,"Ceviche, clásico"\r\n102,"Dice ""hola""\nen dos líneas"\r\n103,\r\n');
    expect(rows).toEqual([
      { line: 1, cells: ['code', 'name'] },
      { line: 2, cells: ['101', 'Ceviche, clásico'] },
      { line: 3, cells: ['102', 'Dice "hola"\nen dos líneas'] },
      { line: 5, cells: ['103', ''] },
    ]);
  });

  it('reads UTF-8 with or without a BOM, and Windows-1252 as Excel on Windows saves it', () => {
    expect(decodeCsv(Buffer.from('\uFEFFAjí,Piña', 'utf8'))).toBe('Ají,Piña');
    expect(decodeCsv(Buffer.from([0x41, 0x6a, 0xed, 0x2c, 0x50, 0x69, 0xf1, 0x61]))).toBe('Ají,Piña');
  });

  it('writes what it reads back, and keeps formulas from running in a spreadsheet', () => {
    const rows = [['code', 'name'], ['101', 'Ceviche, "clásico"'], ['=1+2', ' espacio '], ['-5', 'x']];
    const bytes = writeCsv(rows);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(decodeCsv(bytes)).map((r) => r.cells)).toEqual([['code', 'name'], ['101', 'Ceviche, "clásico"'], ["'=1+2", ' espacio '], ['-5', 'x']]);
  });

  it('reads UTF-16 "Unicode text" as Excel saves it (LE with BOM), BE with BOM, and without a BOM', () => {
    const text = 'Código\tNombre (zh)\r\n101\t经典酸橘汁腌鱼\r\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe(text);
    expect(decodeCsv(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
    expect(decodeCsv(le)).toBe(text);
    expect(decodeCsv(be)).toBe(text);
  });

  it('decodes line by line: one Windows-1252 line does not turn a UTF-8 file into mojibake', () => {
    const bytes = Buffer.concat([Buffer.from('code,name\n101,Ceviche clásico 经典\n', 'utf8'), Buffer.from([...Buffer.from('506,Turr'), 0xf3, ...Buffer.from('n de Do'), 0xf1, 0x61, 0x0a])]);
    expect(decodeCsv(bytes)).toBe('code,name\n101,Ceviche clásico 经典\n506,Turrón de Doña\n');
  });

  it.each([
    ['Ají de gallina, sí, Piña, Tallarín, ¿Qué?', 'macintosh'],
    ['Ají de gallina, sí, Piña, Tallarín, ¿Qué?', 'windows-1252'],
    ['Año nuevo; Jalea de mariscos; Crème brûlée', 'macintosh'],
    ['Año nuevo; Jalea de mariscos; Crème brûlée', 'windows-1252'],
  ] as const)('tells Mac Roman from Windows-1252 by which reads as Spanish: %j in %s', (text, encoding) => {
    const table = encoding === 'windows-1252' ? 'windows-1252' : 'macintosh';
    const bytes = Uint8Array.from([...text].map((c) => macOr1252Byte(c, table)));
    expect(decodeCsv(bytes)).toBe(text);
  });

  it('when the encoding cannot be told, marks the unsure characters instead of guessing', () => {
    // One byte, 0x96: "–" in Windows-1252, "ñ" in Mac Roman; alone between spaces, either is plausible.
    expect(decodeCsv(Uint8Array.from([...Buffer.from('Lomo '), 0x96, ...Buffer.from(' grande')]))).toBe('Lomo \uFFFD grande');
  });

  it('has the Mac Roman table the WHATWG decoder has, where Node has one', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    let icu: string | null = null;
    try {
      icu = new TextDecoder('macintosh').decode(all);
    } catch {
      // A Node without full ICU has no 'macintosh': the table is the only reader then.
    }
    if (icu !== null) expect(decodeLegacy(all, 'macintosh')).toBe(icu);
    expect(decodeLegacy(Uint8Array.from([0x41, 0x6a, 0x92]), 'macintosh')).toBe('Ají');
  });

  it('marks rows with more cells than the header (an unquoted comma), not rows padded with empty cells or short ones; empty rows are left out', async () => {
    const table = await readCsvMenu(Buffer.from('code,name,price,,\n101,Sopa,10\n102,Caldo,33,50\n103,Té\n\n104,Pan,2,,,\n\n', 'utf8'));
    expect(table.header).toEqual(['code', 'name', 'price', '', '']);
    expect(table.rows.map((r) => [r.row, r.cellCountDiffers ?? false])).toEqual([
      [2, false],
      [3, true],
      [4, false],
      [6, false],
    ]);
  });
});

/** The byte of a character in Windows-1252 or Mac Roman (the test's own encoder, from the decoder's tables). */
function macOr1252Byte(c: string, encoding: 'windows-1252' | 'macintosh'): number {
  if (c.charCodeAt(0) < 0x80) return c.charCodeAt(0);
  for (let b = 0x80; b <= 0xff; b++) if (decodeLegacy(Uint8Array.from([b]), encoding) === c) return b;
  throw new Error(`${c} has no byte in ${encoding}`);
}
