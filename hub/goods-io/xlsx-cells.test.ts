import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv } from './csv.ts';
import { readMenuFile } from './menu-file.ts';
import { isDateFormat } from './xlsx-styles.ts';
import { writeZip } from './zip.ts';

/**
 * Issue 7, item 9 (the XLSX part): cells that text alone would get wrong are
 * flagged, the menu sheet is the one the owner sees, and files that are not
 * an .xlsx are named. Real files made by LibreOffice, Gnumeric and openpyxl
 * (fixtures/, made by fixtures/make-fixtures.sh) read exactly as their source.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';

type SheetSpec = { name: string; rows: string; state?: 'hidden' | 'veryHidden' };

/** A workbook as Excel lays one out: sheets in tab order, an active tab, optional styles. */
function book(sheets: SheetSpec[], opts: { activeTab?: number; styles?: string } = {}): Buffer {
  const files: Record<string, string> = {
    '_rels/.rels': `<Relationships ${RELS}><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook ${NS}><bookViews><workbookView activeTab="${opts.activeTab ?? 0}"/></bookViews><sheets>${sheets
      .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships ${RELS}>${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}<Relationship Id="rId99" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  };
  sheets.forEach((s, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = `<worksheet ${NS}><sheetData>${s.rows}</sheetData></worksheet>`));
  if (opts.styles) files['xl/styles.xml'] = `<styleSheet ${NS}>${opts.styles}</styleSheet>`;
  return writeZip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}

const str = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER = `<row r="1">${str('A1', 'Código')}${str('B1', 'Precio')}${str('C1', 'Precio VIP')}</row>`;

describe('cells a spreadsheet saved in a way that is not the value', () => {
  it('a formula saved without its value (no <v>, or an empty one) is flagged, not read as empty', async () => {
    const rows = `${HEADER}<row r="2">${str('A2', '101')}<c r="B2"><f>18+1.5</f></c><c r="C2"><f>B2*0.9</f><v></v></c></row><row r="3">${str('A3', '102')}<c r="B3"><f>10*2</f><v>20</v></c><c r="C3" t="str"><f>""</f><v></v></c></row>`;
    const table = await readMenuFile(book([{ name: 'Carta', rows }]));
    expect(table.rows).toEqual([
      { row: 2, cells: ['101', '', ''], flags: [undefined, 'formulaNoValue', 'formulaNoValue'] },
      // A computed value counts; a text formula whose result is "" is really empty.
      { row: 3, cells: ['102', '20', ''] },
    ]);
  });

  it('a number with a date style (built-in or custom) is flagged "date" and keeps its serial as text', async () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="&quot;S/&quot;\\ #,##0.00"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="4"/></cellXfs>';
    const rows = `${HEADER}<row r="2"><c r="A2" s="2"><v>46082</v></c><c r="B2" s="1"><v>45996</v></c><c r="C2" s="3"><v>29.5</v></c></row><row r="3"><c r="A3" s="4"><v>103</v></c><c r="B3" t="d"><v>2025-12-04T00:00:00</v></c><c r="C3" t="e"><v>#N/A</v></c></row>`;
    const table = await readMenuFile(book([{ name: 'Carta', rows }], { styles }));
    expect(table.rows).toEqual([
      { row: 2, cells: ['46082', '45996', '29.5'], flags: ['date', 'date', undefined] },
      { row: 3, cells: ['103', '2025-12-04T00:00:00', '#N/A'], flags: [undefined, 'date', 'errorValue'] },
    ]);
  });

  it.each([
    ['dd/mm/yyyy', true],
    ['[$-F800]dddd, mmmm dd, yyyy', true],
    ['h:mm AM/PM', true],
    ['[h]:mm:ss', true],
    ['yyyy"年"m"月"d"日"', true],
    ['0.00', false],
    ['#,##0.00 [$S/-280A]', false],
    ['"S/" #,##0.00;[Red]-"S/" #,##0.00', false],
    ['0.00E+00', false],
    ['General', false],
    ['@', false],
    ['0\\d', false],
  ])('number format %s is a date: %s', (code, date) => expect(isDateFormat(code)).toBe(date));

  it('the real openpyxl files: a formula without value and dates typed into price and code are flagged where they are', async () => {
    const formula = await readMenuFile(fixture('openpyxl-formula.xlsx'));
    const price = formula.header.indexOf('Precio');
    const vip = formula.header.indexOf('Precio VIP');
    const flagged = (t: typeof formula) => t.rows.flatMap((r) => (r.flags ?? []).flatMap((f, col) => (f ? [`${r.cells[0]}:${t.header[col]}:${f}`] : [])));
    expect(flagged(formula)).toEqual(['102:Precio:formulaNoValue', '201:Precio VIP:formulaNoValue']);
    expect(formula.rows.find((r) => r.cells[0] === '201')?.cells[vip]).toBe('');
    expect(price).toBeGreaterThan(0);
    const dates = await readMenuFile(fixture('openpyxl-dates.xlsx'));
    expect(flagged(dates)).toEqual(['102:Precio:date', '46083:Código:date']);
  });
});

describe('which sheet is the menu', () => {
  const menu = (price: string) => `${HEADER}<row r="2">${str('A2', '101')}<c r="B2"><v>${price}</v></c></row>`;
  const notes = `<row r="1">${str('A1', 'Notas de la semana')}</row><row r="2">${str('A2', 'subir precios')}</row>`;

  it('a hidden (or very hidden) sheet placed first is never read: the visible menu is', async () => {
    const t = await readMenuFile(book([{ name: 'Vieja', rows: menu('1'), state: 'hidden' }, { name: 'Muy vieja', rows: menu('2'), state: 'veryHidden' }, { name: 'Carta', rows: menu('32') }], { activeTab: 2 }));
    expect(t.rows).toEqual([{ row: 2, cells: ['101', '32'] }]);
  });

  it('a sheet of notes placed first is passed over for the first sheet whose header has the code column', async () => {
    expect((await readMenuFile(book([{ name: 'Notas', rows: notes }, { name: 'Carta', rows: menu('32') }]))).rows[0]?.cells).toEqual(['101', '32']);
  });

  it('when several visible sheets are menus, the tab open when the file was saved wins', async () => {
    const both = (activeTab: number) => book([{ name: 'Carta 2024', rows: menu('28') }, { name: 'Carta 2025', rows: menu('32') }], { activeTab });
    expect((await readMenuFile(both(1))).rows[0]?.cells).toEqual(['101', '32']);
    expect((await readMenuFile(both(0))).rows[0]?.cells).toEqual(['101', '28']);
  });

  it('headers in English or Chinese count too', async () => {
    const zh = `<row r="1">${str('A1', '编码')}${str('B1', '价格')}</row><row r="2">${str('A2', '101')}<c r="B2"><v>32</v></c></row>`;
    expect((await readMenuFile(book([{ name: 'Notes', rows: notes }, { name: '菜单', rows: zh }]))).header).toEqual(['编码', '价格']);
  });

  it('no visible sheet with the menu columns: noMenuSheet', async () => {
    await expect(readMenuFile(book([{ name: 'Notas', rows: notes }, { name: 'Vieja', rows: menu('1'), state: 'hidden' }]))).rejects.toMatchObject({ issue: 'noMenuSheet' });
    await expect(readMenuFile(book([{ name: 'Vacía', rows: '' }]))).rejects.toMatchObject({ issue: 'noMenuSheet' });
  });

  it('the real openpyxl files: an old price list hidden first, and a notes sheet first, read as the menu', async () => {
    const source = await readMenuFile(fixture('source-menu.csv'));
    for (const name of ['openpyxl-hidden-first.xlsx', 'openpyxl-notes-first.xlsx']) expect(sameTable(await readMenuFile(fixture(name)), source), name).toBe(true);
  });
});

/** Whether two tables hold the same cells, amounts compared as numbers ("32" in a workbook is "32.00" in the CSV). */
function sameTable(a: { header: string[]; rows: { cells: string[] }[] }, b: { header: string[]; rows: { cells: string[] }[] }): boolean {
  const cell = (s: string | undefined) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? String(Number(s)) : (s ?? ''));
  const norm = (t: typeof a) => JSON.stringify([t.header, ...t.rows.map((r) => r.cells)].map((r) => r.map(cell)));
  return norm(a) === norm(b);
}

describe('real files from other tools, and files that are not an .xlsx', () => {
  it.each(['libreoffice.xlsx', 'gnumeric.xlsx'])('%s reads exactly as the CSV it was made from', async (name) => {
    const source = await readMenuFile(fixture('source-menu.csv'));
    const table = await readMenuFile(fixture(name));
    expect(table.header).toEqual(source.header);
    expect(sameTable(table, source)).toBe(true);
    expect(table.rows.some((r) => r.flags?.some(Boolean))).toBe(false);
    expect(table.rows.map((r) => r.cells[4])).toEqual(parseCsv(decodeCsv(fixture('source-menu.csv'))).slice(1).filter((r) => r.cells.length > 1).map((r) => r.cells[4]));
  });

  it('an Excel 97-2003 .xls (LibreOffice) is named: fileXls', async () => {
    await expect(readMenuFile(fixture('libreoffice.xls'))).rejects.toMatchObject({ issue: 'fileXls' });
  });

  it('an OpenDocument .ods (LibreOffice) is named: fileOds', async () => {
    await expect(readMenuFile(fixture('libreoffice.ods'))).rejects.toMatchObject({ issue: 'fileOds' });
  });

  it('a password-protected .xlsx (OLE2 with an EncryptedPackage stream) is named as such (fileEncrypted)', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(100)]);
    await expect(readMenuFile(ole)).rejects.toMatchObject({ issue: 'fileEncrypted', detail: 'a password-protected workbook' });
  });

  it('a binary .xlsb is named as such (fileXlsb), a zip that is no workbook is unreadable', async () => {
    const xlsb = writeZip([
      { name: '_rels/.rels', data: Buffer.from(`<Relationships ${RELS}><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.bin"/></Relationships>`) },
      { name: 'xl/workbook.bin', data: Buffer.from([0x83, 0x01, 0x00]) },
    ]);
    await expect(readMenuFile(xlsb)).rejects.toMatchObject({ issue: 'fileXlsb', detail: 'a binary .xlsb workbook' });
    await expect(readMenuFile(writeZip([{ name: 'photo.jpg', data: Buffer.alloc(10) }]))).rejects.toMatchObject({ issue: 'unreadable' });
  });
});
