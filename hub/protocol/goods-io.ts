/**
 * The menu file (CSV or XLSX) as the hub reads and writes it, and the report
 * an import answers with. Column keys are stable; each device shows their
 * labels in its language, and an import accepts headers in any of the three.
 */

import type { Names } from './entities.ts';

/** The columns of a menu file, in the order the export writes them. */
export const MENU_COLUMNS = [
  'code',
  'category',
  'name_es',
  'name_en',
  'name_zh',
  'price',
  'vip_price',
  'specs',
  'uses_inventory',
  'stock',
  'low_stock',
  'station',
  'listed',
  'sold_out',
  'remarks',
  'sort',
] as const;
export type MenuColumn = (typeof MENU_COLUMNS)[number];

/** Header labels per language; an import matches any of them (and the key itself). */
export const MENU_COLUMN_LABELS: Record<MenuColumn, { es: string; en: string; zh: string }> = {
  code: { es: 'Código', en: 'Code', zh: '编码' },
  category: { es: 'Categoría', en: 'Category', zh: '分类' },
  name_es: { es: 'Nombre (es)', en: 'Name (es)', zh: '名称（西语）' },
  name_en: { es: 'Nombre (en)', en: 'Name (en)', zh: '名称（英语）' },
  name_zh: { es: 'Nombre (zh)', en: 'Name (zh)', zh: '名称（中文）' },
  price: { es: 'Precio', en: 'Price', zh: '价格' },
  vip_price: { es: 'Precio VIP', en: 'VIP price', zh: '会员价' },
  specs: { es: 'Tamaños', en: 'Sizes', zh: '规格' },
  uses_inventory: { es: 'Controla stock', en: 'Uses inventory', zh: '管理库存' },
  stock: { es: 'Stock', en: 'Stock', zh: '库存' },
  low_stock: { es: 'Alerta de stock', en: 'Low-stock alert', zh: '库存预警' },
  station: { es: 'Estación', en: 'Station', zh: '出品档口' },
  listed: { es: 'En carta', en: 'Listed', zh: '上架' },
  sold_out: { es: 'Agotado', en: 'Sold out', zh: '售罄' },
  remarks: { es: 'Notas rápidas', en: 'Quick remarks', zh: '快捷备注' },
  sort: { es: 'Orden', en: 'Order', zh: '排序' },
};

/** What can be wrong with a row (or the header) of an imported file; the client translates each. */
export const IMPORT_ISSUES = [
  'empty', // no rows at all
  'tooManyRows',
  'unreadable', // not a CSV or XLSX the hub can read
  'missingColumn', // the header lacks the code column
  'duplicateColumn',
  'required', // an empty cell that must be filled
  'price', // not an amount >= 0 with at most 2 decimals
  'number', // not a whole number >= 0
  'yesNo', // not yes/no (sí/no, 是/否, 1/0)
  'specs', // the sizes cell does not follow "name=price/vip; ..."
  'duplicateCode', // the same code twice in the file
  'tooLong',
  // The file as a whole (row 0): what it is, so the owner knows what to do.
  'fileXls', // an old Excel 97-2003 .xls: save it as .xlsx or CSV
  'fileOds', // an OpenDocument .ods: save it as .xlsx or CSV
  'fileXlsb', // a binary Excel workbook (.xlsb): save it as .xlsx or CSV
  'fileEncrypted', // a workbook saved with a password: save it again without one
  'fileTooBig', // more cells, columns or unpacked bytes than a menu can have
  'fileDamaged', // a zip or XML that cannot be read to the end
  'encoding', // text whose characters cannot be told for sure (mixed or unknown encoding)
  'noMenuSheet', // no visible sheet has the menu's columns
  // A cell the spreadsheet saved in a way that cannot be a menu value.
  'date', // a date where a price, number or code belongs
  'formulaNoValue', // a formula saved without its computed value: open and save it in the spreadsheet again
  'errorValue', // #N/A, #VALUE! and the like
  'ambiguousDecimal', // "33,50" in a comma-separated file: the decimal comma splits the cell
  'cellCount', // a text file's row with more cells than its header (an unquoted comma): its cells would land under the wrong columns
] as const;
export type ImportIssue = (typeof IMPORT_ISSUES)[number];

/** One thing wrong: spreadsheet row number (the header is row 1), column, what, and the cell as read. */
export type ImportProblem = { row: number; column: MenuColumn | ''; issue: ImportIssue; value: string };

/** One field of a dish an import changes, as the owner reads it: display text before and after ('' = none). */
export type ImportFieldChange = { column: MenuColumn; before: string; after: string };

/**
 * What an import does to one dish, for the preview the owner checks before
 * confirming. Values are display text: prices as "19.50", yes/no columns as
 * "yes"/"no" (each device words them in its language), sizes and remarks as
 * their cells are written. A new dish lists the fields it is given.
 */
export type ImportDishChange = { code: string; names: Names; kind: 'created' | 'updated'; fields: ImportFieldChange[] };

/** Most dish changes a report lists; the rest are counted in `moreChanges`. */
export const MAX_LISTED_CHANGES = 500;

/** Most problems a report lists (a file with thousands tells enough in its first ones); the rest are counted in `moreProblems`. */
export const MAX_LISTED_PROBLEMS = 500;

/** The hub's answer to an import: nothing is imported unless `problems` is empty. */
export type ImportReport = {
  /** True when the file was imported (it had no problems and this was not a check only). */
  imported: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  newCategories: string[];
  newStations: string[];
  /** What is wrong, in file order (the first MAX_LISTED_PROBLEMS). */
  problems: ImportProblem[];
  /** Problems left out of `problems`. */
  moreProblems: number;
  /** Dish by dish, what the import changes (the first MAX_LISTED_CHANGES); empty when there are problems. */
  changes: ImportDishChange[];
  /** Changed dishes left out of `changes`. */
  moreChanges: number;
  /** The log seq of the import, when imported. */
  seq?: number;
};
