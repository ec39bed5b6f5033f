import type { Category, ImportDishChange, ImportFieldChange, ImportProduct, MenuColumn, Product, State, Station } from '#protocol';
import { MAX_LISTED_CHANGES, MENU_COLUMNS } from '#protocol';
import { getOwn } from '../records.ts';
import { writeList, writePrice, writeSpecs } from './cells.ts';
import { buildProduct, sameProduct, withStockRule } from './product.ts';

/**
 * What an import will do, dish by dish, in the words of the file: the
 * preview an owner reads before confirming, so a wrong file (a shifted
 * column, prices a hundred times too big) is caught by eye. Computed from
 * the same products the command will save, so the preview is exactly what
 * happens.
 */
export type ImportOutcome = { created: number; updated: number; unchanged: number; changes: ImportDishChange[]; moreChanges: number };

/** Columns shown in the preview, in file order; the code names the dish and the stock of an existing dish never changes by import. */
const SHOWN: readonly MenuColumn[] = MENU_COLUMNS.filter((c) => c !== 'code');

type Names = { categories: Map<string, string>; stations: Map<string, string> };

/** A product's fields as display text, one per shown column. */
function display(p: Product, names: Names): Record<MenuColumn, string> {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  return {
    code: p.code,
    category: names.categories.get(p.categoryId) ?? '',
    name_es: p.names.es,
    name_en: p.names.en,
    name_zh: p.names.zh,
    price: writePrice(p.priceCents),
    vip_price: p.vipPriceCents === null ? '' : writePrice(p.vipPriceCents),
    specs: writeSpecs(p.specs),
    uses_inventory: yes(p.usesInventory),
    stock: String(p.stock),
    low_stock: String(p.lowStock),
    station: names.stations.get(p.station) ?? '',
    listed: yes(p.listed),
    sold_out: yes(p.soldOut),
    remarks: writeList(p.remarks),
    sort: String(p.sort),
  };
}

/** What a new dish is compared with: only the fields it is given beyond these show. */
const BLANK: Partial<Record<MenuColumn, string>> = { uses_inventory: 'no', stock: '0', low_stock: '0', listed: 'yes', sold_out: 'no' };

/**
 * Counts the import's products as created, updated or unchanged, and lists
 * each created or updated dish with its changed fields (the first
 * MAX_LISTED_CHANGES; the rest counted).
 */
export function importOutcome(s: State, products: readonly ImportProduct[], newCategories: readonly Category[], newStations: readonly Station[]): ImportOutcome {
  const names: Names = { categories: new Map(), stations: new Map() };
  for (const c of [...Object.values(s.categories), ...newCategories]) names.categories.set(c.id, c.names.es || c.names.en || c.names.zh);
  for (const st of [...s.menuSettings.stations, ...newStations]) names.stations.set(st.id, st.name);

  const out: ImportOutcome = { created: 0, updated: 0, unchanged: 0, changes: [], moreChanges: 0 };
  for (const input of products) {
    const before = getOwn(s.products, input.id);
    // As the menu.import command builds it (menu-import.ts): a new dish takes the file's stock.
    let after = buildProduct(before, input, before?.modifiedAt ?? '');
    if (!before && input.stock) after = withStockRule({ ...after, stock: input.stock });
    if (before && sameProduct(before, after)) {
      out.unchanged++;
      continue;
    }
    if (before) out.updated++;
    else out.created++;
    if (out.changes.length >= MAX_LISTED_CHANGES) {
      out.moreChanges++;
      continue;
    }
    const now = display(after, names);
    const old: Partial<Record<MenuColumn, string>> = before ? display(before, names) : BLANK;
    const fields: ImportFieldChange[] = [];
    for (const column of SHOWN) {
      if (!before && column === 'sort') continue;
      const was = old[column] ?? '';
      if (was !== now[column]) fields.push({ column, before: was, after: now[column] });
    }
    out.changes.push({ code: after.code, names: after.names, kind: before ? 'updated' : 'created', fields });
  }
  return out;
}
