import { describe, expect, it } from 'vitest';
import type { CommandPayload } from '#protocol';
import { emptyState } from '../registry.ts';
import { decideOn, exec, menuState, P, product } from '../test-fixtures.ts';

describe('category.save', () => {
  it('creates a category and saving it again edits it in place', () => {
    let s = exec(emptyState(), 'category.save', { id: 'c1', names: { es: 'Postres', en: '', zh: '' }, sort: 3 }).state;
    expect(s.categories['c1']).toEqual({ id: 'c1', names: { es: 'Postres', en: '', zh: '' }, sort: 3 });
    s = exec(s, 'category.save', { id: 'c1', names: { es: 'Dulces', en: 'Sweets', zh: '' }, sort: 1 }).state;
    expect(Object.keys(s.categories)).toEqual(['c1']);
    expect(s.categories['c1']?.names.es).toBe('Dulces');
  });

  it.each([
    ['only a Chinese name', { es: '', en: '', zh: '甜点' }],
    ['only an English name', { es: '', en: 'Desserts', zh: '' }],
  ])('accepts a category with %s', (_label, names) => {
    expect(decideOn(emptyState(), 'category.save', { id: 'c1', names, sort: 0 }).ok).toBe(true);
  });

  it('refuses a category without any name: REQUIRED_FIELD names', () => {
    const d = decideOn(emptyState(), 'category.save', { id: 'c1', names: { es: '', en: '', zh: '' }, sort: 0 });
    expect(d).toEqual({ ok: false, code: 'REQUIRED_FIELD', message: 'names' });
  });
});

describe('product.save', () => {
  const base: CommandPayload<'product.save'> = product('p-new', '999', 1500);

  it('adds a product to an existing category', () => {
    const { state, events } = exec(menuState(), 'product.save', base);
    expect(events).toMatchObject([{ type: 'product.saved', product: base }]);
    expect(state.products['p-new']).toMatchObject(base);
  });

  it('saving a product under its own code again is an edit, not a duplicate', () => {
    const { state } = exec(menuState(), 'product.save', product(P.lomo.id, P.lomo.code, 4500));
    expect(state.products[P.lomo.id]?.priceCents).toBe(4500);
  });

  it.each([
    ['an empty code', { ...base, code: '' }, 'DISH_NUMBER_REQUIRED', 'code'],
    ['no name in any language', { ...base, names: { es: '', en: '', zh: '' } }, 'REQUIRED_FIELD', 'names'],
    ['an unknown category', { ...base, categoryId: 'cat-nope' }, 'NOT_FOUND', 'categoryId'],
    ['the code of another product', { ...base, code: P.ceviche.code }, 'DUPLICATE_CODE', 'code'],
  ] as const)('refuses a product with %s: %s', (_label, payload, code, message) => {
    expect(decideOn(menuState(), 'product.save', payload)).toEqual({ ok: false, code, message });
  });

  it('compares codes without regard to letter case (DUPLICATE_CODE)', () => {
    const s = exec(menuState(), 'product.save', product('p-a', 'Ab-1', 100)).state;
    expect(decideOn(s, 'product.save', product('p-b', 'aB-1', 100))).toEqual({ ok: false, code: 'DUPLICATE_CODE', message: 'code' });
  });

  it('checks the code before the names (DISH_NUMBER_REQUIRED wins over REQUIRED_FIELD)', () => {
    const d = decideOn(menuState(), 'product.save', { ...base, code: '', names: { es: '', en: '', zh: '' } });
    expect(d.ok === false && d.code).toBe('DISH_NUMBER_REQUIRED');
  });
});

describe('product.setSoldOut and product.setListed', () => {
  it.each([true, false])('product.setSoldOut %s sets soldOut and leaves the rest alone', (soldOut) => {
    const before = menuState().products[P.ceviche.id]!;
    const { state, events } = exec(menuState(), 'product.setSoldOut', { productId: P.ceviche.id, soldOut });
    expect(events).toEqual([{ type: 'product.soldOutSet', productId: P.ceviche.id, soldOut }]);
    expect(state.products[P.ceviche.id]).toMatchObject({ soldOut, listed: before.listed, priceCents: before.priceCents, names: before.names });
  });

  it.each([true, false])('product.setListed %s sets listed and leaves the rest alone', (listed) => {
    const before = menuState().products[P.lomo.id]!;
    const { state, events } = exec(menuState(), 'product.setListed', { productId: P.lomo.id, listed });
    expect(events).toEqual([{ type: 'product.listedSet', productId: P.lomo.id, listed }]);
    expect(state.products[P.lomo.id]).toMatchObject({ listed, soldOut: before.soldOut, priceCents: before.priceCents, names: before.names });
  });

  it('refuses an unknown product: NOT_FOUND productId', () => {
    expect(decideOn(menuState(), 'product.setSoldOut', { productId: 'p-ghost', soldOut: true })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'productId',
    });
    expect(decideOn(menuState(), 'product.setListed', { productId: 'p-ghost', listed: false })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'productId',
    });
  });
});
