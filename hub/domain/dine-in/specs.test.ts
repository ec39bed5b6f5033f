import { describe, expect, it } from 'vitest';
import { CEV, goodsState, ORDER, POLLO, sell, SIZES } from '../goods/test-goods.ts';
import { decideOn, exec, product, uid } from '../test-fixtures.ts';

const line = (specId?: string | null) => ({ lineId: uid(700), productId: CEV.id, qty: 2, remark: '', ...(specId !== undefined ? { specId } : {}) });

describe('ordering a dish in sizes', () => {
  it.each([
    ['personal', 2500, 2200, 'Personal'],
    ['fuente', 4500, null, 'Fuente'],
  ])('size %s is charged at its own price %i (VIP %s) and named on the line', (specId, price, vip, name) => {
    const s = sell(goodsState(), CEV.id, 2, 700, specId);
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ specId, unitPriceCents: price, vipUnitPriceCents: vip, specNames: { es: name } });
  });

  it('a dish without sizes keeps its own price and VIP price', () => {
    const s = sell(goodsState(), POLLO.id, 1);
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ specId: null, specNames: null, unitPriceCents: 2400, vipUnitPriceCents: 2000 });
  });

  it.each([
    ['no size for a dish that has sizes', line(), 'SPEC_REQUIRED', CEV.code],
    ['a null size', line(null), 'SPEC_REQUIRED', CEV.code],
    ['an unknown size', line('mega'), 'NOT_FOUND', 'specId'],
  ])('refuses %s: %s', (_label, l, code, message) => {
    expect(decideOn(goodsState(), 'order.addLines', { orderId: ORDER, lines: [l] })).toEqual({ ok: false, code, message });
  });

  it('a sold-out size is refused; the other sizes can still be ordered', () => {
    const s = exec(goodsState(), 'product.setSpecSoldOut', { productId: CEV.id, specId: 'fuente', soldOut: true }).state;
    expect(decideOn(s, 'order.addLines', { orderId: ORDER, lines: [line('fuente')] })).toEqual({ ok: false, code: 'PRODUCT_UNAVAILABLE', message: CEV.code });
    expect(decideOn(s, 'order.addLines', { orderId: ORDER, lines: [line('personal')] }).ok).toBe(true);
    expect(s.products[CEV.id]!.soldOut).toBe(false);
  });

  it('a line keeps the size name and price it was ordered at after the menu changes', () => {
    let s = sell(goodsState(), CEV.id, 1, 700, 'fuente');
    const renamed = SIZES.map((x) => (x.id === 'fuente' ? { ...x, names: { es: 'Familiar', en: 'Family', zh: '家庭' }, priceCents: 5000 } : x));
    s = exec(s, 'product.save', product(CEV.id, CEV.code, 3000, { specs: renamed })).state;
    s = sell(s, CEV.id, 1, 701, 'fuente');
    const [first, second] = s.orders[ORDER]!.lines;
    expect(first).toMatchObject({ unitPriceCents: 4500, specNames: { es: 'Fuente' } });
    expect(second).toMatchObject({ unitPriceCents: 5000, specNames: { es: 'Familiar' } });
  });

  it('saving the product keeps a size sold out (only setSpecSoldOut changes it)', () => {
    let s = exec(goodsState(), 'product.setSpecSoldOut', { productId: CEV.id, specId: 'fuente', soldOut: true }).state;
    s = exec(s, 'product.save', product(CEV.id, CEV.code, 3100, { specs: SIZES })).state;
    expect(s.products[CEV.id]!.specs.find((x) => x.id === 'fuente')?.soldOut).toBe(true);
  });

  it.each([
    ['an unknown size', { productId: CEV.id, specId: 'mega', soldOut: true }, 'specId'],
    ['an unknown product', { productId: 'p-ghost', specId: 'fuente', soldOut: true }, 'productId'],
  ])('setSpecSoldOut refuses %s: NOT_FOUND', (_label, payload, message) => {
    expect(decideOn(goodsState(), 'product.setSpecSoldOut', payload)).toEqual({ ok: false, code: 'NOT_FOUND', message });
  });

  it.each([
    ['a size without a name', [{ ...SIZES[0]!, names: { es: '', en: '', zh: '' } }], 'REQUIRED_FIELD'],
    ['two sizes with one id', [SIZES[0]!, SIZES[0]!], 'DUPLICATE_ID'],
  ])('product.save refuses %s', (_label, specs, code) => {
    expect(decideOn(goodsState(), 'product.save', product(CEV.id, CEV.code, 3000, { specs }))).toEqual({ ok: false, code, message: 'specs' });
  });
});
