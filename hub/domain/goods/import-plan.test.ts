import { describe, expect, it } from 'vitest';
import type { DomainEvent, ImportIssue, MenuColumn, State } from '#protocol';
import { stockMovesOf } from '../archived.ts';
import { MENU_COLUMN_LABELS, MENU_COLUMNS } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import { command, ctxAt, exec, menuState, P, product } from '../test-fixtures.ts';
import { menuTable, type ExportCell } from './export-table.ts';
import { planImport, type MenuTable } from './import-plan.ts';
import { CEV, goodsState, POLLO } from './test-goods.ts';

function ids(): () => string {
  let n = 0;
  return () => `new-${++n}`;
}

const HEADER = ['code', 'category', 'name_es', 'price'];
const table = (rows: string[][], header = HEADER): MenuTable => ({ header, rows: rows.map((cells, i) => ({ row: i + 2, cells })) });

/** Decides and applies the planned import, as the hub does. */
function importEvents(s: State, t: MenuTable): DomainEvent[] {
  const plan = planImport(s, t, ids());
  if (!plan.payload) throw new Error(JSON.stringify(plan.problems));
  const d = decide(s, command('menu.import', plan.payload), ctxAt());
  if (!d.ok) throw new Error(`${d.code} ${d.message}`);
  return d.events;
}

function importInto(s: State, t: MenuTable): State {
  return applyAll(s, importEvents(s, t));
}

describe('planImport: what is wrong, row by row', () => {
  it.each<[string, string[], string[], MenuColumn | '', ImportIssue]>([
    ['no code', HEADER, ['', 'Comida', 'Sopa', '10'], 'code', 'required'],
    ['no name in any language', HEADER, ['900', 'Comida', '', '10'], 'name_es', 'required'],
    ['no category for a new dish', HEADER, ['900', '', 'Sopa', '10'], 'category', 'required'],
    ['no price for a new dish', HEADER, ['900', 'Comida', 'Sopa', ''], 'price', 'required'],
    ['a negative price', HEADER, ['900', 'Comida', 'Sopa', '-1'], 'price', 'price'],
    ['a price with 3 decimals', HEADER, ['900', 'Comida', 'Sopa', '1.005'], 'price', 'price'],
    ['a price that is text', HEADER, ['900', 'Comida', 'Sopa', 'diez'], 'price', 'price'],
    ['a VIP price that is not money', [...HEADER, 'vip_price'], ['900', 'Comida', 'Sopa', '10', 'x'], 'vip_price', 'price'],
    ['stock that is not a whole number', [...HEADER, 'stock'], ['900', 'Comida', 'Sopa', '10', '2.5'], 'stock', 'number'],
    ['a low-stock alert below zero', [...HEADER, 'low_stock'], ['900', 'Comida', 'Sopa', '10', '-2'], 'low_stock', 'number'],
    ['a yes/no that is neither', [...HEADER, 'listed'], ['900', 'Comida', 'Sopa', '10', 'quizás'], 'listed', 'yesNo'],
    ['sizes without a price', [...HEADER, 'specs'], ['900', 'Comida', 'Sopa', '10', 'Grande'], 'specs', 'specs'],
    ['sizes with a bad price', [...HEADER, 'specs'], ['900', 'Comida', 'Sopa', '10', 'Grande=abc'], 'specs', 'specs'],
    ['a code longer than 32', HEADER, ['x'.repeat(33), 'Comida', 'Sopa', '10'], 'code', 'tooLong'],
    ['a remark longer than 40', [...HEADER, 'remarks'], ['900', 'Comida', 'Sopa', '10', 'y'.repeat(41)], 'remarks', 'tooLong'],
  ])('%s', (_label, header, cells, column, issue) => {
    const plan = planImport(menuState(), table([cells], header), ids());
    expect(plan.payload).toBeNull();
    expect(plan.problems).toEqual([{ row: 2, column, issue, value: column ? cells[header.indexOf(column)] : '' }]);
  });

  it('reports every bad row with its spreadsheet row number, and imports nothing', () => {
    const plan = planImport(menuState(), table([['900', 'Comida', 'Sopa', '10'], ['', 'Comida', 'Caldo', '8'], ['902', 'Comida', 'Té', '-3']]), ids());
    expect(plan.payload).toBeNull();
    expect(plan.problems.map((p) => [p.row, p.column, p.issue])).toEqual([
      [3, 'code', 'required'],
      [4, 'price', 'price'],
    ]);
  });

  it('the same code twice in the file is reported on the second row', () => {
    const plan = planImport(menuState(), table([['900', 'Comida', 'Sopa', '10'], ['900', 'Comida', 'Caldo', '8']]), ids());
    expect(plan.problems).toEqual([{ row: 3, column: 'code', issue: 'duplicateCode', value: '900' }]);
  });

  it.each([
    ['no code column', ['name', 'price'], 'missingColumn'],
    ['a column twice', ['code', 'Precio', 'price'], 'duplicateColumn'],
  ])('a header with %s is reported on row 1', (_label, header, issue) => {
    expect(planImport(menuState(), table([['1', '2', '3']], header), ids()).problems[0]).toMatchObject({ row: 1, issue });
  });

  it('an empty file is reported', () => {
    expect(planImport(menuState(), table([['', '', '', '']]), ids()).problems).toEqual([{ row: 2, column: '', issue: 'empty', value: '' }]);
  });
});

describe('planImport: what an import does', () => {
  it('reads headers in Spanish, English or Chinese, and ignores columns it does not know', () => {
    const header = ['Código', 'Categoría', 'Name (en)', '价格', 'Mis notas'];
    const plan = planImport(menuState(), table([['900', 'Food', 'Soup', '12,50', 'llamar al proveedor']], header), ids());
    expect(plan.problems).toEqual([]);
    expect(plan.payload?.products[0]).toMatchObject({ code: '900', categoryId: 'cat-food', names: { en: 'Soup' }, priceCents: 1250 });
  });

  it('creates unknown categories and stations, once each', () => {
    const header = [...HEADER, 'station'];
    const plan = planImport(menuState(), table([['900', 'Parrillas', 'Bife', '50', 'Parrilla'], ['901', 'parrillas', 'Chorizo', '20', 'parrilla']], header), ids());
    expect(plan.newCategories).toEqual(['Parrillas']);
    expect(plan.newStations).toEqual(['Parrilla']);
    const s = importInto(menuState(), table([['900', 'Parrillas', 'Bife', '50', 'Parrilla'], ['901', 'parrillas', 'Chorizo', '20', 'parrilla']], header));
    const [bife, chorizo] = ['900', '901'].map((c) => Object.values(s.products).find((p) => p.code === c)!);
    expect(bife!.categoryId).toBe(chorizo!.categoryId);
    expect(s.categories[bife!.categoryId]?.names.es).toBe('Parrillas');
    expect(s.menuSettings.stations.find((x) => x.id === bife!.station)?.name).toBe('Parrilla');
  });

  it('matches rows to products by code (any letter case) and changes only the columns in the file', () => {
    const s = importInto(menuState(), table([[P.lomo.code, '42']], ['CODE', 'price']));
    expect(s.products[P.lomo.id]).toMatchObject({ priceCents: 4200, names: menuState().products[P.lomo.id]!.names, categoryId: 'cat-food' });
  });

  it('an empty VIP price, sizes or remarks cell clears them; a missing column keeps them', () => {
    let s = exec(goodsState(), 'product.save', product(POLLO.id, POLLO.code, 2400, { usesInventory: true, vipPriceCents: 2000, remarks: ['pierna'] })).state;
    s = importInto(s, table([[POLLO.code, '2400']], ['code', 'price']));
    expect(s.products[POLLO.id]).toMatchObject({ vipPriceCents: 2000, remarks: ['pierna'] });
    s = importInto(s, table([[POLLO.code, '', '']], ['code', 'vip_price', 'remarks']));
    expect(s.products[POLLO.id]).toMatchObject({ vipPriceCents: null, remarks: [] });
  });

  it('stock in the file counts for new dishes only: an old file never undoes sales', () => {
    const header = [...HEADER, 'uses_inventory', 'stock'];
    const file = table([[POLLO.code, 'Comida', 'Pollo', '24', 'sí', '40'], ['900', 'Comida', 'Cuy', '45', 'yes', '6']], header);
    const s = importInto(goodsState(3), file);
    expect(s.products[POLLO.id]?.stock).toBe(3);
    const cuy = Object.values(s.products).find((p) => p.code === '900')!;
    expect(cuy).toMatchObject({ usesInventory: true, stock: 6, soldOut: false });
    // The move goes to the stock history (the engine files what stockMovesOf names).
    expect(importEvents(goodsState(3), file).flatMap(stockMovesOf).at(-1)).toMatchObject({ productId: cuy.id, delta: 6, stock: 6, reason: 'import' });
  });

  it('a new dish that uses inventory with no stock arrives sold out by itself', () => {
    const s = importInto(menuState(), table([['900', 'Comida', 'Cuy', '45', '1']], [...HEADER, 'uses_inventory']));
    expect(Object.values(s.products).find((p) => p.code === '900')).toMatchObject({ soldOut: true, autoSoldOut: true });
  });

  it('sizes are matched by name, so a re-import keeps their ids and their sold-out switch', () => {
    let s = exec(goodsState(), 'product.setSpecSoldOut', { productId: CEV.id, specId: 'fuente', soldOut: true }).state;
    s = importInto(s, table([[CEV.code, 'Personal|Single=26/23; Fuente=46']], ['code', 'specs']));
    expect(s.products[CEV.id]?.specs).toEqual([
      { id: 'personal', names: { es: 'Personal', en: 'Single', zh: '' }, priceCents: 2600, vipPriceCents: 2300, soldOut: false },
      { id: 'fuente', names: { es: 'Fuente', en: '', zh: '' }, priceCents: 4600, vipPriceCents: null, soldOut: true },
    ]);
  });

  it.each(['es', 'en', 'zh'] as const)('exporting in %s and importing the file back changes nothing', (lang) => {
    let s = goodsState(3);
    s = exec(s, 'menu.saveStations', { stations: [{ id: 'st-k', name: 'Cocina' }] }).state;
    s = exec(s, 'product.save', product(P.agua.id, P.agua.code, 400, { station: 'st-k', remarks: ['helada', 'sin gas'], lowStock: 4, listed: false })).state;
    const exported = menuTable(s, lang);
    const text = (c: ExportCell) => (c.t === 's' ? c.v : c.t === 'n' ? String(c.v) : (c.cents / 100).toString());
    const t = table(exported.rows.map((r) => r.map(text)), exported.header);
    const plan = planImport(s, t, ids());
    expect(plan.problems).toEqual([]);
    expect([plan.created, plan.updated, plan.unchanged]).toEqual([0, 0, Object.keys(s.products).length]);
    expect(importInto(s, t)).toEqual(s);
  });

  it('headers of the export are the labels of its language', () => {
    expect(menuTable(menuState(), 'zh').header).toEqual(MENU_COLUMNS.map((c) => MENU_COLUMN_LABELS[c].zh));
  });
});
