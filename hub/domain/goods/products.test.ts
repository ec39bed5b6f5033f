import { describe, expect, it } from 'vitest';
import { DEFAULT_REMARKS } from '../goods/defaults.ts';
import { emptyState } from '../registry.ts';
import { ctxAt, decideOn, exec, LATER, menuState, NOW, P, product } from '../test-fixtures.ts';

describe('product.save: the goods fields', () => {
  it('a new product is stamped with hub time; an edit keeps createdAt and moves modifiedAt', () => {
    let s = exec(menuState(), 'product.save', product('p-new', '900', 1000), ctxAt(NOW)).state;
    expect(s.products['p-new']).toMatchObject({ createdAt: NOW, modifiedAt: NOW, stock: 0, vipPriceCents: null, specs: [], station: '' });
    s = exec(s, 'product.save', product('p-new', '900', 1200, { vipPriceCents: 1000, remarks: ['sin hielo'], lowStock: 3 }), ctxAt(LATER)).state;
    expect(s.products['p-new']).toMatchObject({ createdAt: NOW, modifiedAt: LATER, priceCents: 1200, vipPriceCents: 1000, remarks: ['sin hielo'], lowStock: 3 });
  });

  it('fields left out of the payload keep their value (older callers, partial edits)', () => {
    let s = exec(menuState(), 'product.save', product('p-new', '900', 1000, { vipPriceCents: 800, remarks: ['x'], soldOut: true })).state;
    const { vipPriceCents: _v, remarks: _r, soldOut: _s, listed: _l, ...bare } = product('p-new', '900', 1100);
    s = exec(s, 'product.save', bare).state;
    expect(s.products['p-new']).toMatchObject({ priceCents: 1100, vipPriceCents: 800, remarks: ['x'], soldOut: true, listed: true });
  });

  it.each([
    // uses inventory, stock, sold out, automatic
    ['switching inventory on with no stock turns it sold out by itself', true, true, true],
    ['switching it off again lifts that sold-out', false, false, false],
  ])('%s', (_label, usesInventory, soldOut, autoSoldOut) => {
    let s = exec(menuState(), 'product.save', product(P.lomo.id, P.lomo.code, 3800, { usesInventory: true })).state;
    s = exec(s, 'product.save', product(P.lomo.id, P.lomo.code, 3800, { usesInventory })).state;
    expect(s.products[P.lomo.id]).toMatchObject({ soldOut, autoSoldOut });
  });

  it('refuses a station that does not exist: NOT_FOUND station', () => {
    expect(decideOn(menuState(), 'product.save', product('p-new', '900', 1, { station: 'st-x' }))).toEqual({ ok: false, code: 'NOT_FOUND', message: 'station' });
  });

  it('accepts a station from the restaurant list', () => {
    const s = exec(menuState(), 'menu.saveStations', { stations: [{ id: 'st-bar', name: 'Bar' }] }).state;
    expect(exec(s, 'product.save', product('p-new', '900', 1, { station: 'st-bar' })).state.products['p-new']?.station).toBe('st-bar');
  });
});

describe('product.setMany (bulk from the goods list)', () => {
  it.each([
    ['sold out', { soldOut: true }, { soldOut: true }],
    ['available', { soldOut: false }, { soldOut: false }],
    ['delisted', { listed: false }, { listed: false }],
    ['relisted and available at once', { listed: true, soldOut: false }, { listed: true, soldOut: false }],
  ])('marks several products %s in one event', (_label, flags, expected) => {
    const ids = [P.ceviche.id, P.agua.id];
    const { state, events } = exec(menuState(), 'product.setMany', { productIds: ids, ...flags });
    expect(events).toEqual([{ type: 'product.manySet', productIds: ids, ...flags }]);
    for (const id of ids) expect(state.products[id]).toMatchObject(expected);
    expect(state.products[P.lomo.id]).toEqual(menuState().products[P.lomo.id]);
  });

  it('refuses when one product is unknown, and changes nothing', () => {
    expect(decideOn(menuState(), 'product.setMany', { productIds: [P.ceviche.id, 'p-ghost'], soldOut: true })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'productIds',
    });
  });
});

describe('categories, stations and remark presets', () => {
  it('category.reorder numbers the categories in the order given', () => {
    const { state, events } = exec(menuState(), 'category.reorder', { ids: ['cat-drinks', 'cat-food'] });
    expect(events).toHaveLength(2);
    expect([state.categories['cat-drinks']?.sort, state.categories['cat-food']?.sort]).toEqual([0, 1]);
  });

  it.each([
    [['cat-food', 'cat-ghost'], 'NOT_FOUND'],
    [['cat-food', 'cat-food'], 'DUPLICATE_ID'],
  ])('category.reorder refuses %j: %s', (ids, code) => {
    expect(decideOn(menuState(), 'category.reorder', { ids })).toMatchObject({ ok: false, code });
  });

  it('a station named by a dish cannot be removed (IN_USE with the dish code); an unused one can', () => {
    let s = exec(menuState(), 'menu.saveStations', { stations: [{ id: 'st-k', name: 'Cocina' }, { id: 'st-b', name: 'Bar' }] }).state;
    s = exec(s, 'product.save', product(P.chicha.id, P.chicha.code, 600, { station: 'st-b' })).state;
    expect(decideOn(s, 'menu.saveStations', { stations: [{ id: 'st-k', name: 'Cocina' }] })).toEqual({ ok: false, code: 'IN_USE', message: P.chicha.code });
    expect(exec(s, 'menu.saveStations', { stations: [{ id: 'st-b', name: 'Barra' }] }).state.menuSettings.stations).toEqual([{ id: 'st-b', name: 'Barra' }]);
  });

  it('two stations may not share a name', () => {
    expect(decideOn(menuState(), 'menu.saveStations', { stations: [{ id: 'a', name: 'Bar' }, { id: 'b', name: 'bar' }] })).toEqual({
      ok: false,
      code: 'DUPLICATE_CODE',
      message: 'stations',
    });
  });

  it('a new hub offers the remark presets of SPEC.md section 9; the restaurant can replace them', () => {
    expect(emptyState().menuSettings.remarks.map((r) => r.names.es)).toEqual(DEFAULT_REMARKS.map((r) => r.names.es));
    const remarks = [...DEFAULT_REMARKS, { id: 'hielo', names: { es: 'Sin hielo', en: 'No ice', zh: '去冰' } }];
    expect(exec(menuState(), 'menu.saveRemarks', { remarks }).state.menuSettings.remarks).toHaveLength(7);
    expect(decideOn(menuState(), 'menu.saveRemarks', { remarks: [{ id: 'x', names: { es: '', en: '', zh: '' } }] })).toEqual({
      ok: false,
      code: 'REQUIRED_FIELD',
      message: 'remarks',
    });
  });
});
