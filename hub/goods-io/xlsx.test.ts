import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MenuFileError } from './menu-file-error.ts';
import { readXlsx } from './xlsx-read.ts';
import { decodeEntities } from './xml-scan.ts';
import { columnName, writeXlsx } from './xlsx-write.ts';
import { readZip, writeZip } from './zip.ts';

/** An .xlsx laid out the way Excel saves one: shared strings (one rich), styles, skipped cells, a boolean, a formula. */
function excelLike(): Buffer {
  const files: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja2" sheetId="2" r:id="rId7"/><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    'xl/sharedStrings.xml':
      '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4"><si><t>Código</t></si><si><t>Precio</t></si><si><r><rPr><b/></rPr><t>Ceviche </t></r><r><t xml:space="preserve">&amp; leche</t></r><rPh><t>X</t></rPh></si><si><t>En carta</t></si></sst>',
    'xl/worksheets/sheet2.xml':
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>3</v></c></row><row r="3" spans="1:4"><c r="A3"><v>101</v></c><c r="B3" s="2"><v>32.200000000000003</v></c><c r="C3" t="s"><v>2</v></c><c r="D3" t="b"><v>1</v></c></row><row r="4"><c r="A4" t="str"><f>A3+1</f><v>102</v></c><c r="B4"/></row></sheetData></worksheet>',
  };
  return writeZip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}

describe('XLSX', () => {
  it('reads the first sheet of an Excel-style workbook: shared and rich strings, numbers without noise, gaps, booleans, formulas', async () => {
    expect(await readXlsx(excelLike())).toEqual([
      { row: 1, cells: ['Código', 'Precio', '', 'En carta'] },
      { row: 3, cells: ['101', '32.2', 'Ceviche & leche', '1'] },
      { row: 4, cells: ['102', ''] },
    ]);
  });

  it('writes a workbook it (and the zip tool, where installed) can read back', async () => {
    const bytes = writeXlsx('Carta', ['Código', 'Nombre', 'Precio'], [
      [{ t: 's', v: '101' }, { t: 's', v: 'Ají <picante> & "dulce"' }, { t: 'money', v: 32.5 }],
      [{ t: 's', v: '102' }, { t: 's', v: '' }, { t: 'n', v: 7 }],
    ]);
    expect(await readXlsx(bytes)).toEqual([
      { row: 1, cells: ['Código', 'Nombre', 'Precio'] },
      { row: 2, cells: ['101', 'Ají <picante> & "dulce"', '32.5'] },
      { row: 3, cells: ['102', '', '7'] },
    ]);
    if (existsSync('/usr/bin/unzip')) {
      const dir = mkdtempSync(path.join(tmpdir(), 'xlsx-'));
      try {
        writeFileSync(path.join(dir, 'm.xlsx'), bytes);
        expect(execFileSync('/usr/bin/unzip', ['-t', path.join(dir, 'm.xlsx')]).toString()).toContain('No errors detected');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('refuses a zip that would unpack to more than allowed, and a damaged one', async () => {
    const big = writeZip([{ name: 'a.xml', data: Buffer.alloc(2_000_000, 0x61) }]);
    expect(big.length).toBeLessThan(10_000);
    await expect(readZip(big, 1_000_000)).rejects.toMatchObject({ kind: 'tooBig' });
    await expect(readXlsx(Buffer.from('PK\u0003\u0004 nothing else'))).rejects.toBeInstanceOf(MenuFileError);
  });

  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is called %s', (i, name) => expect(columnName(i)).toBe(name));

  it('decodes XML entities', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#241; &#x4E2D; &quot;&apos;')).toBe('a & b <c> ñ 中 "\'');
  });
});
