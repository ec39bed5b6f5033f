import type {
  Category,
  CommandPayload,
  ImportIssue,
  ImportProblem,
  ImportProduct,
  MenuColumn,
  Names,
  Spec,
  State,
  Station,
} from '../../protocol/index.ts';
import { MENU_COLUMN_LABELS, MENU_COLUMNS } from '../../protocol/index.ts';
import { foldKey, readList, readPrice, readSpecs, readWhole, readYesNo } from './cells.ts';
import { buildProduct, sameProduct } from './product.ts';

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
 * - stock is taken for new products only.
 */

/**
 * What a reader knows about a cell beyond its text: a date, a formula saved
 * without its value, an error value (#N/A). The plan refuses such a cell in
 * any column that needs a value, so a spreadsheet's quirk never turns into a
 * wrong price or an emptied field.
 */
export type CellFlag = 'date' | 'formulaNoValue' | 'errorValue';

/** One row of a file: its spreadsheet row number, its cells as text, and flags by column index where a reader knows more. */
export type MenuRow = { row: number; cells: string[]; flags?: (CellFlag | undefined)[] };

/** The cells of a file: the header row and the rows under it. */
export type MenuTable = { header: string[]; rows: MenuRow[] };

export type ImportPlan = {
  problems: ImportProblem[];
  /** The command payload; null when there are problems (then nothing is imported). */
  payload: CommandPayload<'menu.import'> | null;
  created: number;
  updated: number;
  unchanged: number;
  newCategories: string[];
  newStations: string[];
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
  if (!seen.has('code')) problems.push({ row: 1, column: 'code', issue: 'missingColumn', value: '' });
  return { columns, problems };
}

const LIMITS: Partial<Record<MenuColumn, number>> = { code: 32, name_es: 140, name_en: 140, name_zh: 140, category: 140, station: 40 };

export function planImport(s: State, table: MenuTable, newId: () => string): ImportPlan {
  const head = readHeader(table.header);
  const problems = [...head.problems];
  const rows = table.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) problems.push({ row: 2, column: '', issue: 'empty', value: '' });
  if (rows.length > MAX_IMPORT_ROWS) problems.push({ row: MAX_IMPORT_ROWS + 2, column: '', issue: 'tooManyRows', value: String(rows.length) });
  const empty: ImportPlan = { problems, payload: null, created: 0, updated: 0, unchanged: 0, newCategories: [], newStations: [] };
  if (problems.length) return empty;

  const byCode = new Map(Object.values(s.products).map((p) => [p.code.toLowerCase(), p]));
  const categories = new Map<string, string>();
  for (const c of Object.values(s.categories).sort((a, b) => a.sort - b.sort)) {
    for (const n of [c.names.es, c.names.en, c.names.zh]) if (n && !categories.has(foldKey(n))) categories.set(foldKey(n), c.id);
  }
  const stations = new Map(s.menuSettings.stations.map((st) => [foldKey(st.name), st.id]));
  const newCategories: Category[] = [];
  const newStations: Station[] = [];
  let nextSort = Math.max(-1, ...Object.values(s.categories).map((c) => c.sort)) + 1;
  const codes = new Set<string>();
  const products: ImportProduct[] = [];

  for (const { row, cells } of rows) {
    const has = (col: MenuColumn) => head.columns.includes(col);
    const cell = (col: MenuColumn) => (cells[head.columns.indexOf(col)] ?? '').trim();
    const problem = (column: MenuColumn, issue: ImportIssue) => problems.push({ row, column, issue, value: cell(column) });
    const before = problems.length;
    for (const [col, max] of Object.entries(LIMITS) as [MenuColumn, number][]) if (has(col) && cell(col).length > max) problem(col, 'tooLong');

    const code = cell('code');
    if (!code) problem('code', 'required');
    else if (codes.has(code.toLowerCase())) problem('code', 'duplicateCode');
    codes.add(code.toLowerCase());
    const existing = byCode.get(code.toLowerCase());

    const names: Names = {
      es: has('name_es') ? cell('name_es') : (existing?.names.es ?? ''),
      en: has('name_en') ? cell('name_en') : (existing?.names.en ?? ''),
      zh: has('name_zh') ? cell('name_zh') : (existing?.names.zh ?? ''),
    };
    if (!names.es && !names.en && !names.zh) problem(has('name_es') || !has('name_en') ? 'name_es' : 'name_en', 'required');

    let categoryId = existing?.categoryId ?? '';
    if (has('category') || !existing) {
      const name = cell('category');
      if (!name) problem('category', 'required');
      else {
        categoryId = categories.get(foldKey(name)) ?? '';
        if (!categoryId) {
          categoryId = newId();
          categories.set(foldKey(name), categoryId);
          newCategories.push({ id: categoryId, names: { es: name, en: '', zh: '' }, sort: nextSort++ });
        }
      }
    }

    let priceCents = existing?.priceCents ?? 0;
    if (has('price') || !existing) {
      const v = readPrice(cell('price'));
      if (!cell('price')) problem('price', 'required');
      else if (v === null) problem('price', 'price');
      else priceCents = v;
    }

    const input: ImportProduct = { id: existing?.id ?? newId(), code, names, categoryId, priceCents, sort: existing?.sort ?? row };
    if (has('vip_price')) {
      const v = cell('vip_price') ? readPrice(cell('vip_price')) : null;
      if (cell('vip_price') && v === null) problem('vip_price', 'price');
      input.vipPriceCents = v;
    }
    if (has('specs')) {
      const specs = readSpecs(cell('specs'));
      if (specs === null || specs.length > 20) problem('specs', 'specs');
      else {
        const used = new Set<string>();
        input.specs = specs.map((sp): Spec => {
          const match = matchSpec(existing?.specs ?? [], sp.names);
          const id = match && !used.has(match) ? match : newId();
          used.add(id);
          return { ...sp, id, soldOut: false };
        });
      }
    }
    if (has('remarks')) {
      const remarks = readList(cell('remarks'));
      if (remarks.length > 20 || remarks.some((r) => r.length > 40)) problem('remarks', 'tooLong');
      else input.remarks = remarks;
    }
    for (const [col, key, dflt] of [
      ['uses_inventory', 'usesInventory', false],
      ['listed', 'listed', true],
      ['sold_out', 'soldOut', false],
    ] as const) {
      if (!has(col)) continue;
      const v = readYesNo(cell(col), dflt);
      if (v === null) problem(col, 'yesNo');
      else input[key] = v;
    }
    for (const [col, key] of [
      ['low_stock', 'lowStock'],
      ['stock', 'stock'],
      ['sort', 'sort'],
    ] as const) {
      if (!has(col) || (col === 'sort' && !cell(col))) continue;
      const v = cell(col) ? readWhole(cell(col)) : 0;
      if (v === null) problem(col, 'number');
      else input[key] = v;
    }
    if (has('station')) {
      const name = cell('station');
      let id = name ? stations.get(foldKey(name)) : '';
      if (id === undefined) {
        id = newId();
        stations.set(foldKey(name), id);
        newStations.push({ id, name });
      }
      input.station = id;
    }
    if (problems.length === before) products.push(input);
  }
  if (problems.length) return { ...empty, problems };

  let created = 0;
  let updated = 0;
  for (const p of products) {
    const before = s.products[p.id];
    if (!before) created++;
    else if (!sameProduct(before, buildProduct(before, p, before.modifiedAt))) updated++;
  }
  return {
    problems,
    payload: { categories: newCategories, stations: newStations, products },
    created,
    updated,
    unchanged: products.length - created - updated,
    newCategories: newCategories.map((c) => c.names.es),
    newStations: newStations.map((x) => x.name),
  };
}

/** The id of the existing size with one of these names, so a re-import keeps sizes (and their sold-out switch). */
function matchSpec(specs: readonly Spec[], names: Names): string | null {
  const wanted = [names.es, names.en, names.zh].filter(Boolean).map(foldKey);
  return specs.find((sp) => [sp.names.es, sp.names.en, sp.names.zh].some((n) => n && wanted.includes(foldKey(n))))?.id ?? null;
}
