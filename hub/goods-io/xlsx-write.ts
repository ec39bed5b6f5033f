import { writeZip } from './zip.ts';

/**
 * A minimal XLSX workbook: one sheet or several, text as inline strings, numbers as
 * numbers (money with two decimals), a bold frozen header row. Opens in
 * Excel, LibreOffice and Google Sheets.
 */

/** A cell to write: text, a plain number, or money shown with two decimals. */
export type XlsxCell = { t: 's'; v: string } | { t: 'n'; v: number } | { t: 'money'; v: number };

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters are not allowed in XML 1.0.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** "A", "B", ... "Z", "AA": the spreadsheet name of a 0-based column. */
export function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function sheetXml(header: readonly string[], rows: readonly (readonly XlsxCell[])[]): string {
  const cell = (c: XlsxCell, ref: string, header = false): string => {
    if (c.t === 's') return c.v === '' ? '' : `<c r="${ref}" t="inlineStr"${header ? ' s="1"' : ''}><is><t xml:space="preserve">${esc(c.v)}</t></is></c>`;
    return `<c r="${ref}"${c.t === 'money' ? ' s="2"' : ''}><v>${c.v}</v></c>`;
  };
  const lines = [header.map((h): XlsxCell => ({ t: 's', v: h })), ...rows].map(
    (r, i) => `<row r="${i + 1}">${r.map((c, j) => cell(c, `${columnName(j)}${i + 1}`, i === 0)).join('')}</row>`,
  );
  const widths = header.map((_, j) => `<col min="${j + 1}" max="${j + 1}" width="${j < 5 ? 22 : 14}" customWidth="1"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${widths}</cols><sheetData>${lines.join('')}</sheetData></worksheet>`
  );
}

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  // The built-in "Normal" style: readers (openpyxl, Excel) expect it and warn without it.
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** One sheet of a workbook: its tab name, header row and rows. */
export type XlsxSheet = { name: string; header: readonly string[]; rows: readonly (readonly XlsxCell[])[] };

/** The bytes of an .xlsx file with one sheet called `sheetName`. */
export function writeXlsx(sheetName: string, header: readonly string[], rows: readonly (readonly XlsxCell[])[]): Buffer {
  return writeXlsxSheets([{ name: sheetName, header, rows }]);
}

/** A tab name Excel accepts: no \ / ? * [ ] :, at most 31 characters, unique in the book (Excel refuses a repeated one). */
function sheetNames(sheets: readonly XlsxSheet[]): string[] {
  const seen = new Set<string>();
  return sheets.map((s, i) => {
    let name = s.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || `Sheet${i + 1}`;
    if (seen.has(name.toLowerCase())) name = `${name.slice(0, 27)} (${i + 1})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** The bytes of an .xlsx file with the sheets in the order given (at least one). */
export function writeXlsxSheets(sheets: readonly XlsxSheet[]): Buffer {
  if (sheets.length === 0) throw new RangeError('a workbook needs a sheet');
  const names = sheetNames(sheets);
  const n = sheets.map((_, i) => i + 1);
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        n.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        `<sheets>${n.map((i) => `<sheet name="${esc(names[i - 1] ?? '')}" sheetId="${i}" r:id="rId${i}"/>`).join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        n.map((i) => `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
    ...sheets.map((s, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(s.header, s.rows)]),
  ];
  return writeZip(files.map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}
