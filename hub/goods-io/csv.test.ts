import { describe, expect, it } from 'vitest';
import { decodeCsv, guessSeparator, parseCsv, writeCsv } from './csv.ts';

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
});
