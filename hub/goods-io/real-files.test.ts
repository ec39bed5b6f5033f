import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ImportProblem, MenuColumn } from '#protocol';
import { planImport, type ImportPlan } from '#hub/domain/goods/import-plan.ts';
import { demoState } from './fixtures/demo-state.ts';
import { MenuFileError } from './menu-file-error.ts';
import { readMenuFile } from './menu-file.ts';

/**
 * Menu files made by the tools owners use (LibreOffice, Gnumeric, openpyxl;
 * remade by fixtures/make-fixtures.sh, read here as kept in the repo), each
 * read and planned against the demo restaurant they were made from. Every
 * one must either import exactly the source menu or be refused, row by row.
 * The source (fixtures/source-menu.csv) is 12 demo dishes with two changes:
 * dish 102 costs 19.50 (was 18.00), dish 201's VIP price is 33.50 (was 35.00).
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function plan(name: string): Promise<ImportPlan> {
  let n = 0;
  return planImport(demoState(), await readMenuFile(fixture(name)), () => `new-${++n}`);
}

/** The two changes of the source menu, as the preview shows them; the other ten dishes unchanged. */
const SOURCE_CHANGES = [
  { code: '102', kind: 'updated', fields: [{ column: 'price', before: '18.00', after: '19.50' }] },
  { code: '201', kind: 'updated', fields: [{ column: 'vip_price', before: '35.00', after: '33.50' }] },
];

describe('files that must import exactly the source menu', () => {
  it.each([
    ['libreoffice.xlsx', 'LibreOffice Calc, Excel 2007-365'],
    ['gnumeric.xlsx', 'Gnumeric (ssconvert)'],
    ['libreoffice-utf8.csv', 'LibreOffice, CSV in UTF-8'],
    ['libreoffice-semicolon.csv', 'LibreOffice, CSV with ";"'],
    ['libreoffice-utf16.txt', 'LibreOffice, "Unicode text" (UTF-16LE with BOM, tabs)'],
    ['libreoffice-1252-latin.csv', 'LibreOffice, Windows-1252 without the Chinese columns'],
    ['libreoffice-macroman-latin.csv', 'LibreOffice, Mac Roman without the Chinese columns'],
    ['openpyxl-hidden-first.xlsx', 'openpyxl, a hidden old sheet (all prices 1.00) placed first'],
    ['openpyxl-notes-first.xlsx', 'openpyxl, a visible sheet of notes placed first'],
  ])('%s (%s): 2 updated, 10 unchanged, and the preview shows exactly the two changes', async (name) => {
    const p = await plan(name);
    expect(p.problems).toEqual([]);
    expect([p.created, p.updated, p.unchanged]).toEqual([0, 2, 10]);
    expect(p.changes).toMatchObject(SOURCE_CHANGES);
    expect(p.changes.map((c) => c.fields.length)).toEqual([1, 1]);
    expect(p.moreChanges).toBe(0);
  });

  it('Mac Roman is read as Spanish, not as Windows-1252 ("Ají de gallina", not "Aj’ de gallina")', async () => {
    const table = await readMenuFile(fixture('libreoffice-macroman-latin.csv'));
    expect(table.header.slice(0, 2)).toEqual(['Código', 'Categoría']);
    expect(table.rows.map((r) => r.cells[2])).toContain('Ají de gallina');
    expect(table.rows.map((r) => r.cells[2])).toContain('Helado de lúcuma');
  });

  it('a UTF-8 file with one line added in a Windows-1252 editor: that line reads right, the others stay UTF-8', async () => {
    const p = await plan('utf8-one-1252-line.csv');
    expect(p.problems).toEqual([]);
    expect([p.created, p.updated, p.unchanged]).toEqual([1, 2, 10]);
    const added = p.payload!.products.find((x) => x.code === '506')!;
    expect(added.names).toEqual({ es: 'Turrón de Doña Pepa', en: 'Doña Pepa nougat', zh: '' });
    expect(p.payload!.products.find((x) => x.code === '101')!.names.zh).toBe('经典酸橘汁腌鱼');
    expect(p.changes[2]).toEqual({
      code: '506',
      names: added.names,
      kind: 'created',
      fields: [
        { column: 'category', before: '', after: 'Postres' },
        { column: 'name_es', before: '', after: 'Turrón de Doña Pepa' },
        { column: 'name_en', before: '', after: 'Doña Pepa nougat' },
        { column: 'price', before: '', after: '14.50' },
        { column: 'station', before: '', after: 'Cocina' },
      ],
    });
  });
});

/** The rows of the source menu under the header (row 2 is dish 101), for the expected refusals. */
const ROW: Record<string, number> = { '101': 2, '102': 3, '103': 4, '105': 5, '201': 6, '202': 7, '206': 8, '301': 9, '302': 10, '404': 11, '405': 12, '505': 13 };

const problem = (code: string, column: MenuColumn | '', issue: ImportProblem['issue'], value: unknown) => ({ row: ROW[code], column, issue, value });

describe('files that must be refused, saying where and why', () => {
  it.each(['libreoffice-1252.csv', 'libreoffice-macroman.csv'])(
    '%s: every Chinese name saved as "???" is refused (encoding), never written over the real name',
    async (name) => {
      const p = await plan(name);
      expect(p.payload).toBeNull();
      const zh = p.problems.filter((x) => x.column === 'name_zh');
      expect(zh).toHaveLength(12);
      expect(zh.every((x) => x.issue === 'encoding' && /^[?()（）\s]+$/.test(x.value))).toBe(true);
      // Sizes of 301 carry Chinese names too.
      expect(p.problems.filter((x) => x.column !== 'name_zh')).toEqual([problem('301', 'specs', 'encoding', 'Personal|Single|???=22.00; Familiar|Family size|???=38.00/35.00')]);
    },
  );

  it('an unquoted decimal comma in a comma CSV ("33,50") refuses the row, naming the run of numbers', async () => {
    const p = await plan('decimal-comma.csv');
    expect(p.payload).toBeNull();
    expect(p.problems).toEqual([problem('201', 'price', 'ambiguousDecimal', '38,33,50')]);
  });

  it('openpyxl formulas saved without a value: refused in the price and the VIP price, never read as empty', async () => {
    const p = await plan('openpyxl-formula.xlsx');
    expect(p.payload).toBeNull();
    expect(p.problems).toEqual([problem('102', 'price', 'formulaNoValue', expect.any(String)), problem('201', 'vip_price', 'formulaNoValue', expect.any(String))]);
  });

  it('openpyxl dates typed into a price and a code: refused as dates, never S/ 45,995.00 or dish "46083"', async () => {
    const p = await plan('openpyxl-dates.xlsx');
    expect(p.payload).toBeNull();
    expect(p.problems).toEqual([problem('102', 'price', 'date', expect.any(String)), problem('202', 'code', 'date', expect.any(String))]);
  });

  it.each([
    ['libreoffice.xls', 'fileXls'],
    ['libreoffice.ods', 'fileOds'],
  ])('%s is named as what it is (%s), not read as garbage', async (name, issue) => {
    const err = await readMenuFile(fixture(name)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MenuFileError);
    expect((err as MenuFileError).issue).toBe(issue);
  });
});
