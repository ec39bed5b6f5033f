import { describe, expect, it } from 'vitest';
import type { Spec, State } from '#protocol';
import { MAX_LISTED_CHANGES } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import { command, ctxAt, exec, menuState, P, product } from '../test-fixtures.ts';
import { menuTable, type ExportCell } from './export-table.ts';
import { planImport, type MenuTable } from './import-plan.ts';
import { matchSpecs } from './spec-match.ts';

/** The preview of an import (old value -> new value per dish), and sizes kept across re-imports. */

function ids(): () => string {
  let n = 0;
  return () => `new-${++n}`;
}

const table = (rows: string[][], header: string[]): MenuTable => ({ header, rows: rows.map((cells, i) => ({ row: i + 2, cells })) });

function importInto(s: State, t: MenuTable): State {
  const plan = planImport(s, t, ids());
  if (!plan.payload) throw new Error(JSON.stringify(plan.problems));
  const d = decide(s, command('menu.import', plan.payload), ctxAt());
  if (!d.ok) throw new Error(`${d.code} ${d.message}`);
  return applyAll(s, d.events);
}

/** The export as the text cells a file holds. */
function exported(s: State, lang: 'es' | 'en' | 'zh'): MenuTable {
  const t = menuTable(s, lang);
  const text = (c: ExportCell) => (c.t === 's' ? c.v : c.t === 'n' ? String(c.v) : (c.cents / 100).toString());
  return table(t.rows.map((r) => r.map(text)), t.header);
}

/** Two sizes that share their Chinese and English names ("份", "Portion"): only Spanish tells them apart. */
const TWINS: Spec[] = [
  { id: 'sz-media', names: { es: 'Media', en: 'Portion', zh: '份' }, priceCents: 2000, vipPriceCents: null, soldOut: false },
  { id: 'sz-entera', names: { es: 'Entera', en: 'Portion', zh: '份' }, priceCents: 3600, vipPriceCents: null, soldOut: false },
];

describe('sizes are matched by their names, however many they share', () => {
  it.each(['es', 'en', 'zh'] as const)('export in %s, import back: unchanged, size ids and the sold-out switch kept', (lang) => {
    let s = exec(menuState(), 'product.save', product(P.lomo.id, P.lomo.code, 2000, { specs: TWINS })).state;
    s = exec(s, 'product.setSpecSoldOut', { productId: P.lomo.id, specId: 'sz-entera', soldOut: true }).state;
    const plan = planImport(s, exported(s, lang), ids());
    expect(plan.problems).toEqual([]);
    expect([plan.created, plan.updated, plan.changes]).toEqual([0, 0, []]);
    const again = importInto(s, exported(s, lang));
    expect(again).toEqual(s);
    expect(again.products[P.lomo.id]!.specs.map((x) => [x.id, x.soldOut])).toEqual([
      ['sz-media', false],
      ['sz-entera', true],
    ]);
  });

  it('pairs are taken best first: the size agreeing in more languages wins, then the one in the same place', () => {
    expect(matchSpecs(TWINS, [TWINS[1]!.names, TWINS[0]!.names])).toEqual(['sz-entera', 'sz-media']);
    expect(matchSpecs(TWINS, [{ es: '', en: 'Portion', zh: '' }, { es: '', en: 'Portion', zh: '' }])).toEqual(['sz-media', 'sz-entera']);
    expect(matchSpecs(TWINS, [{ es: 'Entera', en: '', zh: '' }, { es: 'Nueva', en: '', zh: '' }])).toEqual(['sz-entera', null]);
  });
});

describe('the preview: what changes, dish by dish', () => {
  it('an updated dish lists each changed field with its value before and after, as display text', () => {
    const s = exec(menuState(), 'product.save', product(P.lomo.id, P.lomo.code, 3800, { vipPriceCents: 3500 })).state;
    const header = ['code', 'price', 'vip_price', 'listed', 'remarks', 'name_zh'];
    const plan = planImport(s, table([[P.lomo.code, '39.90', '', 'no', 'jugoso; sin ají', '菜 201']], header), ids());
    expect(plan.changes).toEqual([
      {
        code: P.lomo.code,
        names: { es: 'Plato 201', en: 'Dish 201', zh: '菜 201' },
        kind: 'updated',
        fields: [
          { column: 'price', before: '38.00', after: '39.90' },
          { column: 'vip_price', before: '35.00', after: '' },
          { column: 'listed', before: 'yes', after: 'no' },
          { column: 'remarks', before: '', after: 'jugoso; sin ají' },
        ],
      },
    ]);
    expect([plan.created, plan.updated, plan.moreChanges]).toEqual([0, 1, 0]);
  });

  it('a new dish lists what it is given; a new category and station by name', () => {
    const header = ['code', 'category', 'name_es', 'price', 'uses_inventory', 'stock', 'station'];
    const plan = planImport(menuState(), table([['900', 'Parrillas', 'Bife', '50', 'sí', '6', 'Parrilla']], header), ids());
    expect(plan.changes).toEqual([
      {
        code: '900',
        names: { es: 'Bife', en: '', zh: '' },
        kind: 'created',
        fields: [
          { column: 'category', before: '', after: 'Parrillas' },
          { column: 'name_es', before: '', after: 'Bife' },
          { column: 'price', before: '', after: '50.00' },
          { column: 'uses_inventory', before: 'no', after: 'yes' },
          { column: 'stock', before: '0', after: '6' },
          { column: 'station', before: '', after: 'Parrilla' },
        ],
      },
    ]);
  });

  it(`lists at most ${MAX_LISTED_CHANGES} dishes and counts the rest`, () => {
    const rows = Array.from({ length: MAX_LISTED_CHANGES + 20 }, (_, i) => [`N${i}`, 'Food', `Sopa ${i}`, '10']);
    const plan = planImport(menuState(), table(rows, ['code', 'category', 'name_es', 'price']), ids());
    expect(plan.created).toBe(MAX_LISTED_CHANGES + 20);
    expect(plan.changes).toHaveLength(MAX_LISTED_CHANGES);
    expect(plan.moreChanges).toBe(20);
  });

  it('a file with problems lists no changes', () => {
    const plan = planImport(menuState(), table([['900', 'Food', 'Sopa', 'diez']], ['code', 'category', 'name_es', 'price']), ids());
    expect([plan.changes, plan.moreChanges]).toEqual([[], 0]);
  });
});
