import { describe, expect, it } from 'vitest';
import type { ImportIssue, MenuColumn } from '#protocol';
import { MENU_COLUMNS } from '#protocol';
import { exec, menuState, P, product } from '../test-fixtures.ts';
import { planImport, type CellFlag, type MenuRow, type MenuTable } from './import-plan.ts';
import { looksLossy } from './lossy-text.ts';

/**
 * The import's refusals of cells a spreadsheet damaged: flagged cells (a
 * date, a formula without its value, an error value), characters lost to a
 * Windows-1252 save, rows an unquoted comma shifted. Each test is the attack
 * a real file makes, and asserts nothing is planned.
 */

function ids(): () => string {
  let n = 0;
  return () => `new-${++n}`;
}

/** A state whose dish 201 (p-lomo) has a Chinese name, a VIP price, remarks and a station: fields a bad cell could clear. */
function richState() {
  let s = exec(menuState(), 'menu.saveStations', { stations: [{ id: 'st-k', name: 'Cocina' }] }).state;
  s = exec(
    s,
    'product.save',
    product(P.lomo.id, P.lomo.code, 3800, {
      names: { es: 'Lomo saltado', en: 'Beef stir-fry', zh: '秘鲁炒牛柳' },
      vipPriceCents: 3500,
      remarks: ['jugoso'],
      station: 'st-k',
      lowStock: 2,
    }),
  ).state;
  return s;
}

/** Every column, with a good value for dish 201 in each. */
const GOOD: Record<MenuColumn, string> = {
  code: '201',
  category: 'Food',
  name_es: 'Lomo saltado',
  name_en: 'Beef stir-fry',
  name_zh: '秘鲁炒牛柳',
  price: '38',
  vip_price: '35',
  specs: '',
  uses_inventory: 'no',
  stock: '0',
  low_stock: '2',
  station: 'Cocina',
  listed: 'sí',
  sold_out: 'no',
  remarks: 'jugoso',
  sort: '0',
};

const fullTable = (row: Partial<MenuRow> & { cells?: string[] }): MenuTable => ({
  header: [...MENU_COLUMNS],
  rows: [{ row: 2, cells: MENU_COLUMNS.map((c) => GOOD[c]), ...row }],
});

describe('cells a spreadsheet reader flagged are refused in every column the import reads', () => {
  const cases = MENU_COLUMNS.flatMap((col) => (['date', 'formulaNoValue', 'errorValue'] as const).map((flag) => [col, flag] as const));
  it.each(cases)('%s flagged %s: refused with that issue, nothing planned', (col, flag) => {
    // A formula without a value reads as ''; a date as its serial number; an error as its text.
    const text = { date: '45995', formulaNoValue: '', errorValue: '#N/A' }[flag];
    const cells = MENU_COLUMNS.map((c) => (c === col ? text : GOOD[c]));
    const flags: (CellFlag | undefined)[] = MENU_COLUMNS.map((c) => (c === col ? flag : undefined));
    const plan = planImport(richState(), fullTable({ cells, flags }), ids());
    expect(plan.payload).toBeNull();
    expect(plan.problems).toEqual([{ row: 2, column: col, issue: flag, value: text }]);
  });

  it('the same file without the flag imports and changes nothing (so the flag alone made the refusal)', () => {
    const plan = planImport(richState(), fullTable({}), ids());
    expect(plan.problems).toEqual([]);
    expect([plan.created, plan.updated, plan.unchanged]).toEqual([0, 0, 1]);
  });

  it('a flag in a column the import ignores (an owner\'s notes) is no problem', () => {
    const table: MenuTable = { header: ['code', 'price', 'Notas'], rows: [{ row: 2, cells: ['201', '38', ''], flags: [undefined, undefined, 'formulaNoValue'] }] };
    expect(planImport(richState(), table, ids()).problems).toEqual([]);
  });
});

describe('characters lost on the way (Excel\'s Windows-1252 "CSV")', () => {
  it.each([
    ['???????', ''],
    ['?? (?)', ''],
    ['Pisco ?????', ''],
    ['Café ?', 'Café 咖'],
    ['Lomo \uFFFD', ''],
  ])('%j over %j looks lossy', (cell, current) => expect(looksLossy(cell, current)).toBe(true));

  it.each([
    ['¿Qué tal?', ''],
    ['Ceviche', '经典'],
    ['¿Picante?', '¿Picante?'],
    ['', '经典'],
  ])('%j over %j is text', (cell, current) => expect(looksLossy(cell, current)).toBe(false));

  it('a Chinese name saved as "?????" is refused, not written over the real name', () => {
    const plan = planImport(richState(), { header: ['code', 'name_zh', 'price'], rows: [{ row: 2, cells: ['201', '?????', '39'] }] }, ids());
    expect(plan.payload).toBeNull();
    expect(plan.problems).toEqual([{ row: 2, column: 'name_zh', issue: 'encoding', value: '?????' }]);
  });

  it('lost characters in a category, a size or a remark are refused too (they would create "???" records)', () => {
    const table: MenuTable = {
      header: ['code', 'category', 'specs', 'remarks'],
      rows: [{ row: 2, cells: ['201', '??', 'Personal|Single|???=22', '?? ?'] }],
    };
    expect(planImport(richState(), table, ids()).problems.map((p) => [p.column, p.issue])).toEqual([
      ['category', 'encoding'],
      ['specs', 'encoding'],
      ['remarks', 'encoding'],
    ]);
  });

  it('a header saved as "??" is named: no code column, and why', () => {
    const plan = planImport(richState(), { header: ['??', '??', '??'], rows: [{ row: 2, cells: ['201', 'x', '1'] }] }, ids());
    expect(plan.problems).toEqual([
      { row: 1, column: 'code', issue: 'missingColumn', value: '' },
      { row: 1, column: '', issue: 'encoding', value: '??' },
    ]);
  });
});

describe('rows an unquoted comma shifted', () => {
  const HEADER = ['code', 'category', 'name_es', 'price', 'vip_price', 'listed'];
  const shifted = (cells: string[]): MenuTable => ({ header: HEADER, rows: [{ row: 2, cells, cellCountDiffers: true }] });

  it.each<[string, string[], MenuColumn | '', ImportIssue, string]>([
    ['a decimal comma in the VIP price', ['201', 'Food', 'Lomo', '38', '33', '50', 'sí'], 'price', 'ambiguousDecimal', '38,33,50'],
    ['a decimal comma in the price', ['201', 'Food', 'Lomo', '38', '50', '35', 'sí'], 'price', 'ambiguousDecimal', '38,50,35'],
    ['a decimal comma after a price with a point', ['201', 'Food', 'Lomo', '38.5', '33', '50', 'sí'], 'vip_price', 'ambiguousDecimal', '33,50'],
    ['a comma in a name', ['201', 'Food', 'Lomo', 'saltado', '38', '', 'sí'], '', 'cellCount', '201,Food,Lomo,saltado,38,,sí'],
  ])('%s: the row is refused whole, with one problem naming it', (_label, cells, column, issue, value) => {
    const plan = planImport(richState(), shifted(cells), ids());
    expect(plan.payload).toBeNull();
    expect(plan.problems).toEqual([{ row: 2, column, issue, value }]);
  });
});
