import type { MenuRow, MenuTable } from '#hub/domain/goods/import-plan.ts';
import { MAX_IMPORT_ROWS } from '#hub/domain/goods/import-plan.ts';
import { Slicer } from './cooperative.ts';
import { csvText } from './csv-decode.ts';
import { CsvParser, type CsvRowSink } from './csv-parse.ts';
import { MenuFileError } from './menu-file-error.ts';
import { MAX_SHEET_CHARS } from './xlsx-limits.ts';

/**
 * CSV as spreadsheets write it: reading an upload (decoded by csv-decode.ts,
 * split by csv-parse.ts, in slices that give way to the rest of the hub) and
 * writing the menu. The separator is guessed from the header line, since
 * Excel in many Spanish locales saves with ";"; the text encoding by
 * csv-decode.ts, since Excel on Windows saves "CSV" in Windows-1252, a Mac
 * in Mac Roman, and "Unicode text" in UTF-16.
 */

export { decodeCsv } from './csv-decode.ts';

/** Characters of the file's start read to guess the separator (a header line is far shorter). */
const SEPARATOR_LOOKAHEAD = 64 * 1024;

/** The separator the header line uses most, outside quotes: ",", ";" or tab. */
export function guessSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ',';
}

/** Parses CSV text into rows of cells (empty ones too), each row with its line number in the file (1-based). */
export function parseCsv(text: string, sep = guessSeparator(text.slice(0, SEPARATOR_LOOKAHEAD))): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  const parser = new CsvParser(sep, (line, cells) => rows.push({ line, cells }));
  parser.feed(text);
  parser.finish();
  return rows;
}

/** A cell a spreadsheet was told to keep as text ('=...) comes back without the quote mark. */
const unguard = (cell: string) => (cell.length > 1 && cell[0] === "'" && '=+-@'.includes(cell[1]!) ? cell.slice(1) : cell);

/** How many cells a row really has: up to its last non-empty one (spreadsheets may pad rows with separators). */
const width = (cells: readonly string[]) => cells.findLastIndex((c) => c.trim() !== '') + 1;

/**
 * Gathers the menu from parsed rows: the header (the first row with
 * anything in it), then the rows with anything in them, the formula guard
 * taken off, each marked when it has more cells than the header. An unquoted
 * comma (a decimal comma, a comma in a name) makes a row longer and moves
 * its cells under the wrong columns. A shorter row is not marked:
 * hand-written files leave trailing cells out, and the cells it has are
 * under their headers. Past MAX_IMPORT_ROWS rows the file is refused
 * ('tooManyRows') and read no further; past MAX_SHEET_CHARS kept, 'fileTooBig'.
 */
function menuCollector(): { take: CsvRowSink; table: () => MenuTable } {
  let header: string[] | null = null;
  let columns = 0;
  let chars = 0;
  const rows: MenuRow[] = [];
  const take: CsvRowSink = (line, raw) => {
    if (width(raw) === 0) return;
    const cells = raw.map(unguard);
    for (const c of cells) chars += c.length;
    if (chars > MAX_SHEET_CHARS) throw new MenuFileError('fileTooBig', `more than ${MAX_SHEET_CHARS} characters of text`);
    if (!header) {
      header = cells.map((c) => c.trim());
      columns = width(cells);
      return;
    }
    if (rows.length >= MAX_IMPORT_ROWS) throw new MenuFileError('tooManyRows', `more than ${MAX_IMPORT_ROWS} rows, at line ${line}`);
    rows.push(width(cells) > columns ? { row: line, cells, cellCountDiffers: true } : { row: line, cells });
  };
  return { take, table: () => ({ header: header ?? [], rows }) };
}

/** Every step of reading a CSV menu into `take`; each `yield` is a point where the reader may give way. */
function* readSteps(bytes: Uint8Array, take: CsvRowSink): Generator<undefined> {
  let parser: CsvParser | null = null;
  let head = '';
  for (const text of csvText(bytes)) {
    if (parser) parser.feed(text);
    else {
      head += text;
      if (head.length >= SEPARATOR_LOOKAHEAD) {
        parser = new CsvParser(guessSeparator(head), take);
        parser.feed(head);
        head = '';
      }
    }
    yield;
  }
  parser ??= new CsvParser(guessSeparator(head), take);
  parser.feed(head);
  parser.finish();
}

/**
 * The header and rows of an uploaded CSV file. Read in slices of about 5 ms
 * that give way to every other request (cooperative.ts), bounded like a
 * workbook (xlsx-limits.ts), so no upload can hold the hub up or fill its
 * memory. A file refused as a whole throws MenuFileError.
 */
export async function readCsvMenu(bytes: Uint8Array): Promise<MenuTable> {
  const menu = menuCollector();
  const slicer = new Slicer();
  for (const _ of readSteps(bytes, menu.take)) if (slicer.dueNow()) await slicer.pause();
  return menu.table();
}

function quote(cell: string): string {
  // A leading = + - @ would make a spreadsheet run the cell as a formula; codes and names never need one.
  const safe = /^[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
  return /[",;\r\n\t]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV bytes with a UTF-8 BOM (so Excel shows ñ, tildes and Chinese) and CRLF line ends. */
export function writeCsv(rows: readonly (readonly string[])[]): Buffer {
  const text = rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
