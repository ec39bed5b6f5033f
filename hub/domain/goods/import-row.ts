import type { Category, ImportIssue, ImportProblem, ImportProduct, MenuColumn, Names, Product, Spec, State, Station } from '#protocol';
import { foldKey, readList, readPrice, readSpecs, readWhole, readYesNo } from './cells.ts';
import type { MenuRow } from './import-plan.ts';
import { looksLossy, UNSURE_CHAR } from './lossy-text.ts';
import { matchSpecs } from './spec-match.ts';

/**
 * Reading one row of a menu file into a product input, or into what is
 * wrong with it. The rules (hub/domain/GOODS.md):
 * - a column missing from the file changes nothing; a column present is
 *   applied as written (an empty VIP price means "none");
 * - a cell the reader flagged (a date, a formula without its value, an
 *   error value) or whose characters were lost is refused in any column
 *   the import reads, never taken as text or as empty;
 * - a text row whose cells do not line up with the header is refused whole.
 */

const LIMITS: Partial<Record<MenuColumn, number>> = { code: 32, name_es: 140, name_en: 140, name_zh: 140, category: 140, station: 40 };

/** Money columns: where an unquoted decimal comma splits a cell in two. */
const MONEY: readonly MenuColumn[] = ['price', 'vip_price'];

/** The reader of one file's rows: the state it is matched against, and what earlier rows created. */
export type RowReader = {
  read(row: MenuRow): { product: ImportProduct | null; problems: ImportProblem[] };
  newCategories: Category[];
  newStations: Station[];
};

/** A reader for rows under this header (`columns`: what each header cell is). */
export function rowReader(s: State, columns: readonly (MenuColumn | null)[], newId: () => string): RowReader {
  // The whole menu once per import (what an import works on), never per row nor on a sale.
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
  const has = (col: MenuColumn) => columns.includes(col);
  const at = (col: MenuColumn) => columns.indexOf(col);

  function read({ row, cells, flags, cellCountDiffers }: MenuRow): { product: ImportProduct | null; problems: ImportProblem[] } {
    const problems: ImportProblem[] = [];
    if (cellCountDiffers) return { product: null, problems: [misaligned(row, cells, columns)] };
    const cell = (col: MenuColumn) => (cells[at(col)] ?? '').trim();
    // One problem per cell: a flagged or garbled cell is not also "not a price".
    const blocked = new Set<MenuColumn>();
    const problem = (column: MenuColumn, issue: ImportIssue) => {
      if (blocked.has(column)) return;
      blocked.add(column);
      problems.push({ row, column, issue, value: cell(column) });
    };
    const existing = byCode.get(cell('code').toLowerCase());
    columns.forEach((col, i) => {
      if (!col) return;
      const flag = flags?.[i];
      if (flag) problem(col, flag);
      else if (cell(col).includes(UNSURE_CHAR) || (TEXT_COLUMNS.has(col) && looksLossy(cell(col), current(existing, col)))) problem(col, 'encoding');
    });
    for (const [col, max] of Object.entries(LIMITS) as [MenuColumn, number][]) if (has(col) && cell(col).length > max) problem(col, 'tooLong');

    const code = cell('code');
    if (!code) problem('code', 'required');
    else if (codes.has(code.toLowerCase())) problem('code', 'duplicateCode');
    codes.add(code.toLowerCase());

    const names: Names = {
      es: has('name_es') ? cell('name_es') : (existing?.names.es ?? ''),
      en: has('name_en') ? cell('name_en') : (existing?.names.en ?? ''),
      zh: has('name_zh') ? cell('name_zh') : (existing?.names.zh ?? ''),
    };
    if (!names.es && !names.en && !names.zh) problem(has('name_es') || !has('name_en') ? 'name_es' : 'name_en', 'required');

    let categoryId = existing?.categoryId ?? '';
    if ((has('category') || !existing) && !blocked.has('category')) {
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
    if (has('specs') && !blocked.has('specs')) {
      const specs = readSpecs(cell('specs'));
      if (specs === null || specs.length > 20) problem('specs', 'specs');
      else {
        const ids = matchSpecs(existing?.specs ?? [], specs.map((sp) => sp.names));
        input.specs = specs.map((sp, i): Spec => ({ ...sp, id: ids[i] ?? newId(), soldOut: false }));
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
    if (has('station') && !blocked.has('station')) {
      const name = cell('station');
      let id = name ? stations.get(foldKey(name)) : '';
      if (id === undefined) {
        id = newId();
        stations.set(foldKey(name), id);
        newStations.push({ id, name });
      }
      input.station = id;
    }
    return { product: problems.length ? null : input, problems };
  }

  return { read, newCategories, newStations };
}

/** Columns of free text, where a spreadsheet's lost characters show as `?`. */
const TEXT_COLUMNS: ReadonlySet<MenuColumn> = new Set(['code', 'category', 'name_es', 'name_en', 'name_zh', 'specs', 'remarks', 'station']);

/** The value a name cell would replace (for telling "Café ?" from a real question mark). */
function current(p: Product | undefined, col: MenuColumn): string {
  if (!p) return '';
  if (col === 'name_es' || col === 'name_en' || col === 'name_zh') return p.names[col.slice(5) as keyof Names];
  return '';
}

/**
 * The one problem of a text row whose cells do not line up with its header.
 * An unquoted decimal comma ("38,33,50" where "38" and "33,50" were meant)
 * is named as such, at the first money column where whole numbers run on;
 * any other (an unquoted comma in a name) as 'cellCount',
 * with the row as read.
 */
function misaligned(row: number, cells: readonly string[], columns: readonly (MenuColumn | null)[]): ImportProblem {
  for (const col of MONEY) {
    const i = columns.indexOf(col);
    if (i === -1 || !/^\s*(S\/\.?\s*)?\d+\s*$/i.test(cells[i] ?? '') || !/^\s*\d{1,2}\s*$/.test(cells[i + 1] ?? '')) continue;
    let end = i + 2;
    while (end < cells.length && /^\s*\d+\s*$/.test(cells[end]!)) end++;
    return { row, column: col, issue: 'ambiguousDecimal', value: cells.slice(i, end).join(',') };
  }
  const text = cells.join(',');
  return { row, column: '', issue: 'cellCount', value: text.length > 120 ? `${text.slice(0, 119)}…` : text };
}
