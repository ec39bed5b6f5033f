import type { CellFlag, MenuRow } from '#hub/domain/goods/import-plan.ts';
import type { Slicer } from './cooperative.ts';
import { MenuFileError } from './menu-file-error.ts';
import { MAX_CELL_CHARS, MAX_CELLS_PER_ROW, MAX_COLUMNS, MAX_ROW_NUMBER, MAX_SHEET_CHARS } from './xlsx-limits.ts';
import { StringItem } from './xlsx-strings.ts';
import { XmlScanner } from './xml-scan.ts';

/**
 * The rows of one worksheet, as text cells with what else is known about
 * them (a date, a formula saved without its value, an error value), read in
 * one linear pass that gives way to the event loop as it goes.
 *
 * Only rows with something in them are kept (a sheet may hold a million
 * empty formatted rows). The first such row is the header: `acceptHeader`
 * decides whether this is the sheet wanted at all, before anything else is
 * kept. Past `maxRows` rows under the header the file is refused
 * ('tooManyRows') without reading further.
 */

export type SheetContext = {
  shared: readonly string[];
  /** By cell style index: whether the style shows numbers as dates. */
  dateStyles: readonly boolean[];
  slicer: Slicer;
  part: string;
};

export type SheetOptions = {
  acceptHeader: (cells: readonly string[]) => boolean;
  maxRows: number;
};

/** A cell being read: what its tags said so far. */
type Cell = { col: number; type: string; style: number; value: string | null; formula: boolean; inline: StringItem | null };

/** A number cell's text without binary noise (Excel keeps 15 significant digits). */
export function numberText(v: string): string {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? String(Number(n.toPrecision(15))) : v;
}

/** 0-based column of a reference like "C7"; MAX_COLUMNS or more for anything past the limit. */
function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 0x61 || c > 0x7a) break;
    if (i >= 3) return MAX_COLUMNS; // four letters or more: past XFD, past any limit
    col = col * 26 + (c - 0x60);
  }
  if (i === 0 || !/^\d*$/.test(ref.slice(i))) throw new MenuFileError('fileDamaged', `cell reference ${ref.slice(0, 20)}`);
  return col - 1;
}

/** The text and flag of a finished cell, from its type (ECMA-376 18.18.11) and style. */
function cellValue(c: Cell, ctx: SheetContext): { text: string; flag?: CellFlag } {
  // A formula whose result was never computed (openpyxl writes <v/> or no <v>): not empty, unknown.
  if (c.formula && (c.value === null || (c.value === '' && c.type !== 'str'))) return { text: '', flag: 'formulaNoValue' };
  const v = c.value ?? '';
  switch (c.type) {
    case 's': {
      if (v === '') return { text: '' };
      const i = Number(v);
      const s = Number.isInteger(i) && i >= 0 ? ctx.shared[i] : undefined;
      if (s === undefined) throw new MenuFileError('fileDamaged', `shared string ${v.slice(0, 20)} in ${ctx.part}`);
      return { text: s };
    }
    case 'inlineStr':
      return { text: c.inline?.text ?? v };
    case 'e':
      return { text: v, flag: 'errorValue' };
    case 'd':
      return { text: v, flag: v === '' ? undefined : 'date' };
    case 'n':
      if (v === '') return { text: '' };
      // A date is a number with a date style: keep the serial as the text so a report shows something.
      return ctx.dateStyles[c.style] ? { text: numberText(v), flag: 'date' } : { text: numberText(v) };
    default: // str (a formula's text), b (1/0)
      return { text: v };
  }
}

/** Reads a worksheet part; null when `acceptHeader` turned its header down (or it has no rows). */
export async function readSheetRows(xml: Buffer, ctx: SheetContext, opts: SheetOptions): Promise<MenuRow[] | null> {
  const sc = new XmlScanner(xml, ctx.part);
  const rows: MenuRow[] = [];
  let row: MenuRow | null = null;
  let rowNo = 0;
  let cellsInRow = 0;
  let cursor = 0;
  let cell: Cell | null = null;
  let inValue = false;
  let chars = 0;

  const endCell = (c: Cell) => {
    const { text, flag } = cellValue(c, ctx);
    cursor = c.col + 1;
    if (c.col >= MAX_COLUMNS) {
      if (text.trim() !== '' || flag) throw new MenuFileError('fileTooBig', `a value past column ${MAX_COLUMNS} in ${ctx.part}`);
      return;
    }
    const r = row!;
    while (r.cells.length < c.col) r.cells.push('');
    r.cells[c.col] = text;
    // Shared strings are counted once where they are read; a cell only points at one.
    if (c.type !== 's') chars += text.length;
    if (chars > MAX_SHEET_CHARS) throw new MenuFileError('fileTooBig', `text in ${ctx.part}`);
    if (flag) (r.flags ??= [])[c.col] = flag;
    else if (r.flags) r.flags[c.col] = undefined;
  };

  /** Keeps a finished row if it has anything in it; false when the sheet is turned down. */
  const endRow = (r: MenuRow): boolean => {
    if (!r.cells.some((t) => t.trim() !== '') && !r.flags?.some(Boolean)) return true;
    if (rows.length === 0 && !opts.acceptHeader(r.cells)) return false;
    if (rows.length > opts.maxRows) throw new MenuFileError('tooManyRows', `more than ${opts.maxRows} rows in ${ctx.part}`);
    rows.push(r);
    return true;
  };

  for (let tok = sc.next(); tok !== 'end'; tok = sc.next()) {
    if (ctx.slicer.due()) await ctx.slicer.pause();
    if (cell?.inline && tok !== 'open' && !(tok === 'close' && (sc.name === 'is' || sc.name === 'c'))) {
      cell.inline.take(sc, tok);
      continue;
    }
    if (tok === 'text') {
      if (inValue && cell) cell.value = (cell.value ?? '') + sc.text(MAX_CELL_CHARS);
      if (cell?.value && cell.value.length > MAX_CELL_CHARS) throw new MenuFileError('fileTooBig', `a cell in ${ctx.part}`);
      continue;
    }
    const name = sc.name;
    if (tok === 'open') {
      if (name === 'row') {
        if (row) throw new MenuFileError('fileDamaged', `a row inside a row in ${ctx.part}`);
        const r = sc.attr('r', 16);
        if (r !== undefined && !/^\d{1,7}$/.test(r)) throw new MenuFileError('fileDamaged', `row number ${r} in ${ctx.part}`);
        rowNo = r === undefined ? rowNo + 1 : Number(r);
        if (rowNo < 1 || rowNo > MAX_ROW_NUMBER) throw new MenuFileError('fileDamaged', `row number ${rowNo} in ${ctx.part}`);
        // An empty <row/> (a sheet may hold a million) makes nothing.
        if (!sc.selfClosing) row = { row: rowNo, cells: [] };
        cellsInRow = 0;
        cursor = 0;
      } else if (name === 'c') {
        if (!row || cell) throw new MenuFileError('fileDamaged', `a cell out of place in ${ctx.part}`);
        if (++cellsInRow > MAX_CELLS_PER_ROW) throw new MenuFileError('fileTooBig', `cells in one row of ${ctx.part}`);
        const ref = sc.attr('r', 16);
        const style = Number(sc.attr('s', 16) ?? 0);
        cell = { col: ref === undefined ? cursor : columnOf(ref), type: sc.attr('t', 16) ?? 'n', style, value: null, formula: false, inline: null };
        if (sc.selfClosing) {
          endCell(cell);
          cell = null;
        }
      } else if (cell && name === 'v') {
        cell.value ??= '';
        inValue = !sc.selfClosing;
      } else if (cell && name === 'f') cell.formula = true;
      else if (cell && name === 'is' && !sc.selfClosing) cell.inline = new StringItem();
      else if (cell?.inline) cell.inline.take(sc, tok);
    } else if (name === 'v') inValue = false;
    else if (name === 'is' && cell?.inline) {
      cell.value = cell.inline.text;
      cell.inline = null;
    } else if (name === 'c') {
      if (!cell) throw new MenuFileError('fileDamaged', `end of a cell never begun in ${ctx.part}`);
      endCell(cell);
      cell = null;
      inValue = false;
    } else if (name === 'row') {
      if (!row || cell) throw new MenuFileError('fileDamaged', `end of a row out of place in ${ctx.part}`);
      const keep = endRow(row);
      row = null;
      if (!keep) return null;
    } else if (name === 'sheetData') break;
  }
  if (row || cell) throw new MenuFileError('fileDamaged', `${ctx.part} ends inside a row`);
  return rows.length ? rows : opts.acceptHeader([]) ? [] : null;
}
