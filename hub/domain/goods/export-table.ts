import type { MenuColumn, Product, State } from '#protocol';
import { MENU_COLUMN_LABELS, MENU_COLUMNS } from '#protocol';
import { writeList, writeSpecs, writeYesNo } from './cells.ts';
import { getOwn } from '../records.ts';

/** A cell of the exported menu: text, a whole number, or money (céntimos, written as soles). */
export type ExportCell = { t: 's'; v: string } | { t: 'n'; v: number } | { t: 'money'; cents: number };

export type ExportTable = { header: string[]; rows: ExportCell[][] };

const s = (v: string): ExportCell => ({ t: 's', v });
const n = (v: number): ExportCell => ({ t: 'n', v });

/**
 * The whole menu as one table, headers and yes/no words in the given
 * language, sorted as the menu shows it (category order, then product
 * order). Reading it back with planImport changes nothing.
 */
export function menuTable(state: State, lang: 'es' | 'en' | 'zh'): ExportTable {
  const catName = (id: string) => {
    const c = getOwn(state.categories, id);
    return c ? c.names[lang] || c.names.es || c.names.en || c.names.zh : '';
  };
  const catSort = (id: string) => getOwn(state.categories, id)?.sort ?? Number.MAX_SAFE_INTEGER;
  const stationName = (id: string) => state.menuSettings.stations.find((st) => st.id === id)?.name ?? '';
  const products = Object.values(state.products).sort(
    (a, b) => catSort(a.categoryId) - catSort(b.categoryId) || a.sort - b.sort || a.code.localeCompare(b.code),
  );
  const cell: Record<MenuColumn, (p: Product) => ExportCell> = {
    code: (p) => s(p.code),
    category: (p) => s(catName(p.categoryId)),
    name_es: (p) => s(p.names.es),
    name_en: (p) => s(p.names.en),
    name_zh: (p) => s(p.names.zh),
    price: (p) => ({ t: 'money', cents: p.priceCents }),
    vip_price: (p) => (p.vipPriceCents === null ? s('') : { t: 'money', cents: p.vipPriceCents }),
    specs: (p) => s(writeSpecs(p.specs)),
    uses_inventory: (p) => s(writeYesNo(p.usesInventory, lang)),
    stock: (p) => n(p.stock),
    low_stock: (p) => n(p.lowStock),
    station: (p) => s(stationName(p.station)),
    listed: (p) => s(writeYesNo(p.listed, lang)),
    sold_out: (p) => s(writeYesNo(p.soldOut, lang)),
    remarks: (p) => s(writeList(p.remarks)),
    sort: (p) => n(p.sort),
  };
  return {
    header: MENU_COLUMNS.map((c) => MENU_COLUMN_LABELS[c][lang]),
    rows: products.map((p) => MENU_COLUMNS.map((c) => cell[c](p))),
  };
}
