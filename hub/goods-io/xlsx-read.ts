import { readZip } from './zip.ts';

/**
 * Reads the first sheet of an .xlsx file as rows of text cells, the way the
 * menu import needs them: shared strings, inline strings, numbers (written
 * back without float noise: 12.5, not 12.499999999999998), booleans as 1/0.
 * Formulas count by their cached value. Enough for files saved by Excel,
 * LibreOffice, Google Sheets and this hub; no styles, no dates needed.
 */

/** Most an .xlsx may unpack to; a menu of thousands of dishes is a few MB. */
const MAX_UNPACKED = 64 * 1024 * 1024;

/** A file that is not an .xlsx workbook this reader can use. */
export class XlsxError extends Error {
  override name = 'XlsxError';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its entities decoded. */
export function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e] ?? whole;
  });
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = unescapeXml(m[2] ?? m[3] ?? '');
  return out;
}

/** Elements named `name` (with or without a namespace prefix): their attributes and inner XML. */
function* elements(xml: string, name: string): Generator<{ attrs: Record<string, string>; inner: string }> {
  const re = new RegExp(`<(?:\\w+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${name}>)`, 'g');
  for (const m of xml.matchAll(re)) yield { attrs: attrs(m[1] ?? ''), inner: m[2] ?? '' };
}

/** The text of a rich or plain string item: every <t>, phonetic guides left out. */
function textOf(inner: string): string {
  const plain = inner.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let out = '';
  for (const t of elements(plain, 't')) out += unescapeXml(t.inner);
  return out;
}

/** 0-based column of a reference like "C7" or "AA12"; null when it has none. */
function columnOf(ref: string | undefined): number | null {
  const m = /^([A-Z]+)\d*$/i.exec(ref ?? '');
  if (!m) return null;
  let n = 0;
  for (const ch of m[1]!.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A number cell's text without binary noise (Excel keeps 15 significant digits). */
function numberText(v: string): string {
  const n = Number(v);
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : v;
}

/** Resolves a relationship target against the folder of the part that names it. */
function resolve(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

function relsOf(files: Map<string, Buffer>, part: string): Map<string, { type: string; target: string }> {
  const dir = part.split('/').slice(0, -1).join('/');
  const file = `${dir ? `${dir}/` : ''}_rels/${part.split('/').at(-1)}.rels`;
  const xml = files.get(file)?.toString('utf8') ?? '';
  const out = new Map<string, { type: string; target: string }>();
  for (const r of elements(xml, 'Relationship')) out.set(r.attrs.Id ?? '', { type: r.attrs.Type ?? '', target: resolve(part, r.attrs.Target ?? '') });
  return out;
}

/** The first sheet's rows, each with its spreadsheet row number; cells by column position. */
export function readXlsx(buf: Buffer): { row: number; cells: string[] }[] {
  let files: Map<string, Buffer>;
  try {
    files = readZip(buf, MAX_UNPACKED);
  } catch (err) {
    throw new XlsxError((err as Error).message);
  }
  const root = [...relsOf(files, '').values()].find((r) => r.type.endsWith('/officeDocument'));
  const workbookPath = root?.target ?? 'xl/workbook.xml';
  const workbook = files.get(workbookPath)?.toString('utf8');
  if (!workbook) throw new XlsxError('no workbook');
  const rels = relsOf(files, workbookPath);
  const first = elements(workbook, 'sheet').next().value;
  const sheetPath = (first && rels.get(first.attrs['r:id'] ?? '')?.target) ?? 'xl/worksheets/sheet1.xml';
  const sheet = files.get(sheetPath)?.toString('utf8');
  if (!sheet) throw new XlsxError('no sheet');
  const sstPath = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  const shared = [...elements(files.get(sstPath)?.toString('utf8') ?? '', 'si')].map((si) => textOf(si.inner));

  const rows: { row: number; cells: string[] }[] = [];
  let rowNo = 0;
  for (const r of elements(sheet, 'row')) {
    rowNo = Number(r.attrs.r) || rowNo + 1;
    const cells: string[] = [];
    let col = 0;
    for (const c of elements(r.inner, 'c')) {
      col = columnOf(c.attrs.r) ?? col;
      const v = unescapeXml(elements(c.inner, 'v').next().value?.inner ?? '');
      const type = c.attrs.t ?? 'n';
      let text: string;
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = textOf(elements(c.inner, 'is').next().value?.inner ?? '');
      else if (type === 'n') text = v === '' ? '' : numberText(v);
      else text = v; // str (formula text), b (1/0), e (#N/A), d (ISO date)
      while (cells.length < col) cells.push('');
      cells[col] = text;
      col++;
    }
    rows.push({ row: rowNo, cells });
  }
  return rows;
}
