import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { CEV, goodsState, POLLO, sell } from '#hub/domain/goods/test-goods.ts';
import { exec, P } from '#hub/domain/test-fixtures.ts';
import { filterProducts, NO_FILTER, type GoodsFilter } from './goods-filter.ts';
import { formFromProduct, initialStockOf, inputFromForm, newForm, validateForm } from './product-form.ts';

function shop(): State {
  let s = sell(goodsState(2), POLLO.id, 1); // pollo: 1 left, alert at 2
  s = exec(s, 'product.setSoldOut', { productId: P.ceviche.id, soldOut: true }).state;
  s = exec(s, 'product.setListed', { productId: P.agua.id, listed: false }).state;
  return s;
}

describe('filterProducts', () => {
  it.each<[Partial<GoodsFilter>, string[]]>([
    [{}, ['101', '110', '201', '206', '401', '406']],
    [{ status: 'onSale' }, ['110', '201', '206', '401']],
    [{ status: 'soldOut' }, ['101']],
    [{ status: 'delisted' }, ['406']],
    [{ status: 'listed' }, ['101', '110', '201', '206', '401']],
    [{ status: 'low' }, ['206']],
    [{ category: 'cat-food', status: 'onSale' }, ['110', '201', '206']],
    [{ query: 'dish 4' }, ['401', '406']],
    [{ query: '20' }, ['201', '206']],
    [{ query: '菜 1' }, ['101', '110']],
  ])('%j shows %j', (f, codes) => {
    const s = exec(shop(), 'product.save', { ...inputOf(shop(), P.chicha.id), categoryId: 'cat-drinks' }).state;
    const agua = exec(s, 'product.save', { ...inputOf(s, P.agua.id), categoryId: 'cat-drinks' }).state;
    expect(filterProducts(agua, { ...NO_FILTER, ...f }).map((p) => p.code)).toEqual(codes);
  });
});

function inputOf(s: State, id: string) {
  const { stock: _s, autoSoldOut: _a, createdAt: _c, modifiedAt: _m, ...input } = s.products[id]!;
  return input;
}

describe('the product form', () => {
  const s = goodsState();

  it('a product turned into a form and back is the same product input (the switches are not the form\'s)', () => {
    const { soldOut: _s, listed: _l, ...input } = inputOf(s, POLLO.id);
    expect(inputFromForm(formFromProduct(s.products[POLLO.id]!), s.products[POLLO.id])).toEqual(input);
  });

  it('a dish with sizes is priced by them: its own price is the lowest size price', () => {
    const { soldOut: _s, listed: _l, ...input } = inputOf(s, CEV.id);
    expect(inputFromForm(formFromProduct(s.products[CEV.id]!), s.products[CEV.id])).toEqual({ ...input, priceCents: 2500, vipPriceCents: null });
    expect(validateForm({ ...formFromProduct(s.products[CEV.id]!), price: '' }, s)).toEqual({});
  });

  it.each([
    ['nothing filled', {}, { code: 'required', names: 'name', price: 'required' }],
    ['a code another product has (any case)', { code: '2O1'.replace('O', '0'), es: 'x', price: '1' }, { code: 'duplicateCode' }],
    ['a price with 3 decimals', { code: 'n1', es: 'x', price: '1.234' }, { price: 'price' }],
    ['a negative price', { code: 'n1', es: 'x', price: '-1' }, { price: 'price' }],
    ['a VIP price in words', { code: 'n1', es: 'x', price: '1', vip: 'diez' }, { vip: 'price' }],
    ['stock in halves', { code: 'n1', es: 'x', price: '1', usesInventory: true, initialStock: '2.5' }, { initialStock: 'whole' }],
    ['a size without price', { code: 'n1', es: 'x', price: '1', specs: [{ id: 's', es: 'Grande', en: '', zh: '', price: '', vip: '' }] }, { 'specs.0.price': 'required' }],
    ['all fine, price with a comma', { code: 'n1', zh: '汤', price: '12,5' }, {}],
  ])('with %s the errors are %j', (_label, over, errors) => {
    expect(validateForm({ ...newForm(s, 'p-n', 'cat-food'), ...over }, s)).toEqual(errors);
  });

  it('a new product goes after the last one of its category, with its initial stock', () => {
    const f = { ...newForm(s, 'p-n', 'cat-food'), usesInventory: true, initialStock: '12' };
    expect(Number(f.sort)).toBe(Math.max(...Object.values(s.products).filter((p) => p.categoryId === 'cat-food').map((p) => p.sort)) + 1);
    expect(initialStockOf(f)).toBe(12);
    expect(initialStockOf({ ...f, usesInventory: false })).toBe(0);
  });
});
