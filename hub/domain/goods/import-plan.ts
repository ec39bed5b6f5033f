import type { CommandPayload, ImportDishChange, ImportProblem, ImportProduct, MenuColumn, State } from '#protocol';
import { MAX_LISTED_PROBLEMS, MENU_COLUMN_LABELS, MENU_COLUMNS } from '#protocol';
import { foldKey } from './cells.ts';
import { importOutcome } from './import-changes.ts';
import { rowReader } from './import-row.ts';
import { looksLossy } from './lossy-text.ts';

/**
 * Turns the rows of a menu file into the one `menu.import` command, or into
 * the list of what is wrong, row by row. Pure: the hub's reader gives it the
 * cells as text and a way to mint ids.
 *
 * Rules an owner can rely on (hub/domain/GOODS.md has the full list):
 * - a row is matched to a product by its code (letter case ignored);
 * - a column missing from the file changes nothing; a column that is there
 *   is applied as written (an empty VIP price means "none");
 * - unknown categories and stations are created;
 * - stock is taken for new products only;
 * - a cell that cannot be a menu value (a date, a formula without its value,
 *   lost characters, a row that does not line up) is refused, never guessed.
 */

/**
 * What a reader knows about a cell beyond its text: a date, a formula saved
 * without its value, an error value (#N/A). The plan refuses such a cell in
 * any column that needs a value, so a spreadsheet's quirk never turns into a
 * wrong price or an emptied field.
 */
export type CellFlag = 'date' | 'formulaNoValue' | 'errorValue';

/**
 * One row of a file: its spreadsheet row number, its cells as text, and
 * flags by column index where a reader knows more. A text (CSV) reader sets
 * `cellCountDiffers` when the row has more cells than its header: an
 * unquoted comma (a decimal comma, a comma in a name) moved its cells under
 * other columns, so the row is refused whole.
 */
export type MenuRow = { row: number; cells: string[]; flags?: (CellFlag | undefined)[]; cellCountDiffers?: boolean };

/** The cells of a file: the header row and the rows under it. */
export type MenuTable = { header: string[]; rows: MenuRow[] };

export type ImportPlan = {
  /** What is wrong, in file order: the first MAX_LISTED_PROBLEMS. */
  problems: ImportProblem[];
  /** Problems left out of `problems` (a file with thousands builds no huge report). */
  moreProblems: number;
  /** The command payload; null when there are problems (then nothing is imported). */
  payload: CommandPayload<'menu.import'> | null;
  created: number;
  updated: number;
  unchanged: number;
  newCategories: string[];
  newStations: string[];
  /** Dish by dish, what the import changes (the preview); at most MAX_LISTED_CHANGES. */
  changes: ImportDishChange[];
  /** Changed dishes not listed in `changes`. */
  moreChanges: number;
};

/** Most rows one import takes (a menu, not a warehouse). */
export const MAX_IMPORT_ROWS = 5000;

const ALIASES: Record<string, MenuColumn> = { nombre: 'name_es', name: 'name_en', 名称: 'name_zh', sku: 'code', 菜品编码: 'code' };

/** Which column each header cell is; null for columns the import ignores (an owner's own notes). */
export function readHeader(header: readonly string[]): { columns: (MenuColumn | null)[]; problems: ImportProblem[] } {
  const known = new Map<string, MenuColumn>(Object.entries(ALIASES).map(([k, v]) => [foldKey(k), v]));
  for (const col of MENU_COLUMNS) {
    known.set(foldKey(col), col);
    for (const label of Object.values(MENU_COLUMN_LABELS[col])) known.set(foldKey(label), col);
  }
  const problems: ImportProblem[] = [];
  const seen = new Set<MenuColumn>();
  const columns = header.map((h) => {
    const col = known.get(foldKey(h)) ?? null;
    if (col && seen.has(col)) problems.push({ row: 1, column: col, issue: 'duplicateColumn', value: h });
    if (col) seen.add(col);
    return col;
  });
  if (!seen.has('code')) {
    problems.push({ row: 1, column: 'code', issue: 'missingColumn', value: '' });
    // A header in Chinese saved as Windows-1252 CSV reads "??,??": say why no column was found.
    const lost = header.find((h) => looksLossy(h));
    if (lost !== undefined) problems.push({ row: 1, column: '', issue: 'encoding', value: lost });
  }
  return { columns, problems };
}

/** Plans the import of a file against the state: the command, or every problem with its row and column. */
export function planImport(s: State, table: MenuTable, newId: () => string): ImportPlan {
  const head = readHeader(table.header);
  const problems = [...head.problems];
  const rows = table.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) problems.push({ row: 2, column: '', issue: 'empty', value: '' });
  if (rows.length > MAX_IMPORT_ROWS) problems.push({ row: MAX_IMPORT_ROWS + 2, column: '', issue: 'tooManyRows', value: String(rows.length) });
  const empty: ImportPlan = { problems, moreProblems: 0, payload: null, created: 0, updated: 0, unchanged: 0, newCategories: [], newStations: [], changes: [], moreChanges: 0 };
  if (problems.length) return empty;

  const reader = rowReader(s, head.columns, newId);
  const products: ImportProduct[] = [];
  let moreProblems = 0;
  for (const row of rows) {
    const read = reader.read(row);
    for (const p of read.problems) {
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push(p);
      else moreProblems++;
    }
    if (read.product) products.push(read.product);
  }
  if (problems.length) return { ...empty, problems, moreProblems };

  const { newCategories, newStations } = reader;
  return {
    problems,
    moreProblems: 0,
    payload: { categories: newCategories, stations: newStations, products },
    ...importOutcome(s, products, newCategories, newStations),
    newCategories: newCategories.map((c) => c.names.es),
    newStations: newStations.map((x) => x.name),
  };
}
