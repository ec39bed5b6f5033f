import { describe, expect, it } from 'vitest';
import type { CommandPayload } from '#protocol';
import { goodsState, ORDER } from '../goods/test-goods.ts';
import { decideOn, exec, orderAt, uid } from '../test-fixtures.ts';
import { subtotalCents } from '../money.ts';

const dish = (over: Partial<CommandPayload<'order.addCustomDish'>> = {}): CommandPayload<'order.addCustomDish'> => ({
  orderId: ORDER,
  lineId: uid(800),
  name: 'Tortilla de verduras',
  priceCents: 1550,
  qty: 2,
  unit: 'plato',
  remark: 'sin sal',
  ...over,
});

describe('order.addCustomDish', () => {
  it('adds an unsent line with the typed name, price, quantity, unit and remark, and no product', () => {
    const { state, events } = exec(goodsState(), 'order.addCustomDish', dish());
    expect(events.map((e) => e.type)).toEqual(['order.linesAdded']);
    expect(state.orders[ORDER]!.lines[0]).toMatchObject({
      id: uid(800),
      productId: null,
      code: '',
      names: { es: 'Tortilla de verduras', en: 'Tortilla de verduras', zh: 'Tortilla de verduras' },
      unitPriceCents: 1550,
      qty: 2,
      unit: 'plato',
      remark: 'sin sal',
      sentBatch: null,
      stockTaken: false,
    });
    expect(subtotalCents(state.orders[ORDER]!)).toBe(3100);
  });

  it('goes to the kitchen with the next send and can be returned like any dish', () => {
    let s = exec(goodsState(), 'order.addCustomDish', dish()).state;
    s = exec(s, 'order.send', { orderId: ORDER }).state;
    s = exec(s, 'order.returnLine', { orderId: ORDER, lineId: uid(800), qty: 1, reason: 'frío', toStock: true }).state;
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ sentBatch: 1, returnedQty: 1, returnToStock: false, restockedQty: 0 });
  });

  it('a free dish (price 0) is allowed', () => {
    expect(decideOn(goodsState(), 'order.addCustomDish', dish({ priceCents: 0 })).ok).toBe(true);
  });

  it.each([
    ['no name', dish({ name: '' }), 'REQUIRED_FIELD', 'name'],
    ['a line id already on the order', dish({ lineId: uid(101) }), 'DUPLICATE_ID', 'lineId'],
    ['an unknown station', dish({ station: 'st-ghost' }), 'NOT_FOUND', 'station'],
    ['an order that is not open', dish({ orderId: uid(9) }), 'ORDER_NOT_OPEN', 'orderId'],
  ])('refuses %s: %s', (_label, payload, code, message) => {
    expect(decideOn(orderAt('ordered'), 'order.addCustomDish', payload)).toEqual({ ok: false, code, message });
  });

  it('refuses a pre-billed order: ORDER_PREBILLED', () => {
    expect(decideOn(orderAt('prebilled'), 'order.addCustomDish', dish({ orderId: uid(1) }))).toEqual({ ok: false, code: 'ORDER_PREBILLED' });
  });
});
