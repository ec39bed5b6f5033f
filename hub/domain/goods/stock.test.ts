import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { stockMovesOf } from '../archived.ts';
import { goodsState, ORDER, POLLO, sell } from './test-goods.ts';
import { ctxAt, decideOn, exec, P, uid } from '../test-fixtures.ts';

const pollo = (s: State) => s.products[POLLO.id]!;

describe('selling a dish that uses inventory', () => {
  it.each([
    // stock, sold, stock after, sold out after
    [3, 1, 2, false],
    [3, 2, 1, false],
    [3, 3, 0, true],
    [1, 1, 0, true],
  ])('stock %i, selling %i leaves %i (sold out: %s)', (stock, qty, after, soldOut) => {
    const s = sell(goodsState(stock), POLLO.id, qty);
    expect(pollo(s)).toMatchObject({ stock: after, soldOut, autoSoldOut: soldOut });
  });

  it('records the line, the new stock and the automatic sold-out in one decision', () => {
    const d = decideOn(goodsState(2), 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(500), productId: POLLO.id, qty: 2, remark: '' }] });
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['order.linesAdded', 'product.stockChanged', 'product.soldOutSet']);
    expect(d.ok && d.events.slice(1)).toEqual([
      { type: 'product.stockChanged', productId: POLLO.id, delta: -2, stock: 0 },
      { type: 'product.soldOutSet', productId: POLLO.id, soldOut: true, auto: true },
    ]);
  });

  it.each([
    ['one line for more than the stock', [3], 2],
    ['two lines that together exceed it', [1, 2], 2],
  ])('refuses %s: INSUFFICIENT_STOCK with the dish code', (_label, qtys, stock) => {
    const lines = qtys.map((qty, i) => ({ lineId: uid(600 + i), productId: POLLO.id, qty, remark: '' }));
    expect(decideOn(goodsState(stock), 'order.addLines', { orderId: ORDER, lines })).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', message: POLLO.code });
  });

  it('a dish sold out by stock is refused as unavailable, even from a device with a stale menu', () => {
    const s = sell(goodsState(1), POLLO.id, 1);
    expect(decideOn(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(501), productId: POLLO.id, qty: 1, remark: '' }] })).toEqual({
      ok: false,
      code: 'PRODUCT_UNAVAILABLE',
      message: POLLO.code,
    });
  });

  it('dishes without inventory never count stock', () => {
    const s = exec(goodsState(), 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(502), productId: P.lomo.id, qty: 50, remark: '' }] });
    expect(s.events.map((e) => e.type)).toEqual(['order.linesAdded']);
    expect(s.state.orders[ORDER]!.lines[0]).toMatchObject({ stockTaken: false });
  });
});

describe('portions going back to stock', () => {
  const sent = (stock: number, qty: number) => exec(sell(goodsState(stock), POLLO.id, qty), 'order.send', { orderId: ORDER }).state;

  it.each([
    // what happens, stock before sale, sold, stock after, sold out after
    ['an unsent line is removed', (s: State) => exec(sell(s, POLLO.id, 2), 'order.removeLine', { orderId: ORDER, lineId: uid(500) }).state, 3, 3, false],
    ['the last portions are removed unsent', (s: State) => exec(sell(s, POLLO.id, 3), 'order.removeLine', { orderId: ORDER, lineId: uid(500) }).state, 3, 3, false],
  ])('%s: stock goes back and an automatic sold-out lifts', (_label, act, stock, after, soldOut) => {
    expect(pollo(act(goodsState(stock)))).toMatchObject({ stock: after, soldOut, autoSoldOut: false });
  });

  it.each([
    // returned, to stock, stock after, sold out, restocked on the line
    [1, true, 1, false, 1],
    [2, true, 2, false, 2],
    [1, false, 0, true, 0],
  ])('returning %i with "return to inventory" %s leaves stock %i (sold out: %s)', (qty, toStock, after, soldOut, restocked) => {
    const s = exec(sent(2, 2), 'order.returnLine', { orderId: ORDER, lineId: uid(500), qty, reason: 'cambio', toStock }).state;
    expect(pollo(s)).toMatchObject({ stock: after, soldOut });
    expect(s.orders[ORDER]!.lines[0]).toMatchObject({ returnedQty: qty, returnToStock: toStock, restockedQty: restocked });
  });

  it('a sold-out set by a person stays when portions come back', () => {
    let s = sent(3, 1);
    s = exec(s, 'product.setSoldOut', { productId: POLLO.id, soldOut: true }).state;
    s = exec(s, 'order.returnLine', { orderId: ORDER, lineId: uid(500), qty: 1, reason: 'frío', toStock: true }).state;
    expect(pollo(s)).toMatchObject({ stock: 3, soldOut: true, autoSoldOut: false });
  });

  it('a line of a dish that did not use inventory when ordered puts nothing back', () => {
    let s = exec(goodsState(), 'product.save', { ...productOf(goodsState(), P.lomo.id), usesInventory: false }).state;
    s = exec(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(503), productId: P.lomo.id, qty: 1, remark: '' }] }).state;
    s = exec(s, 'product.save', { ...productOf(s, P.lomo.id), usesInventory: true }).state;
    s = exec(s, 'product.adjustStock', { productId: P.lomo.id, op: 'set', qty: 5, reason: 'conteo' }).state;
    const d = decideOn(s, 'order.removeLine', { orderId: ORDER, lineId: uid(503) });
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['order.lineRemoved']);
  });
});

function productOf(s: State, id: string) {
  const { stock: _stock, autoSoldOut: _auto, createdAt: _c, modifiedAt: _m, ...input } = s.products[id]!;
  return input;
}

describe('product.adjustStock', () => {
  it.each([
    // op, qty, stock before, stock after, delta, sold out after
    ['add', 5, 3, 8, 5, false],
    ['remove', 2, 3, 1, -2, false],
    ['remove', 3, 3, 0, -3, true],
    ['set', 10, 3, 10, 7, false],
    ['set', 0, 3, 0, -3, true],
    ['set', 3, 3, 3, 0, false],
  ] as const)('%s %i on stock %i gives %i (delta %i, sold out: %s)', (op, qty, before, after, delta, soldOut) => {
    const { state, events } = exec(goodsState(before), 'product.adjustStock', { productId: POLLO.id, op, qty, reason: 'compra' }, ctxAt(undefined, 'ana'));
    expect(pollo(state)).toMatchObject({ stock: after, soldOut });
    expect(events.flatMap(stockMovesOf)).toEqual([{ productId: POLLO.id, delta, stock: after, reason: 'compra', at: ctxAt().now, staffId: 'ana' }]);
  });

  it('a restock lifts a sold-out the stock rule set, not one a person set', () => {
    const auto = sell(goodsState(1), POLLO.id, 1);
    expect(pollo(exec(auto, 'product.adjustStock', { productId: POLLO.id, op: 'add', qty: 4, reason: 'compra' }).state)).toMatchObject({ stock: 4, soldOut: false });
    const manual = exec(goodsState(1), 'product.setSoldOut', { productId: POLLO.id, soldOut: true }).state;
    expect(pollo(exec(manual, 'product.adjustStock', { productId: POLLO.id, op: 'add', qty: 4, reason: 'compra' }).state)).toMatchObject({ stock: 5, soldOut: true });
  });

  it.each([
    ['no reason', { productId: POLLO.id, op: 'add', qty: 1, reason: '' }, 'REASON_REQUIRED', 'reason'],
    ['removing more than there is', { productId: POLLO.id, op: 'remove', qty: 4, reason: 'merma' }, 'INSUFFICIENT_STOCK', POLLO.code],
    ['adding nothing', { productId: POLLO.id, op: 'add', qty: 0, reason: 'x' }, 'INCORRECT_INPUT', 'qty'],
    ['a dish without inventory', { productId: P.lomo.id, op: 'add', qty: 1, reason: 'x' }, 'INCORRECT_INPUT', 'usesInventory'],
    ['an unknown dish', { productId: 'p-ghost', op: 'add', qty: 1, reason: 'x' }, 'NOT_FOUND', 'productId'],
  ] as const)('refuses %s: %s', (_label, payload, code, message) => {
    expect(decideOn(goodsState(3), 'product.adjustStock', payload)).toEqual({ ok: false, code, message });
  });

  it('keeps no history in the live state, however many moves', () => {
    let s = goodsState(0);
    const size = JSON.stringify(s).length;
    for (let i = 0; i < 50; i++) s = exec(s, 'product.adjustStock', { productId: POLLO.id, op: 'add', qty: 1, reason: `r${i}` }).state;
    expect(pollo(s).stock).toBe(50);
    expect(JSON.stringify(s).length).toBeLessThan(size + 10);
  });

  it('a dish cannot be switched back to available with no stock (restock it instead)', () => {
    const s = sell(goodsState(1), POLLO.id, 1);
    expect(decideOn(s, 'product.setSoldOut', { productId: POLLO.id, soldOut: false })).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', message: POLLO.code });
    expect(decideOn(s, 'product.setMany', { productIds: [P.lomo.id, POLLO.id], soldOut: false })).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', message: POLLO.code });
  });
});
