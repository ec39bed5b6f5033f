import { describe, expect, it } from 'vitest';
import { TABLE_STATUS, UNADJUSTED_ORDER, type DomainEvent, type State } from '#protocol';
import { applyAll } from '../apply.ts';
import {
  addLines,
  ctxAt,
  decideOn,
  exec,
  menuState,
  NO_CUSTOMER,
  NOW,
  orderAt,
  P,
  product,
  T,
  uid,
  type OrderStage,
} from '../test-fixtures.ts';

const ORDER = uid(1);

describe('table.open', () => {
  it('seats guests at a free table: status 1 -> 2 with a new open order', () => {
    const customer = { name: 'Rosa', gender: 2, phone: '+51987654321', reason: 'family', remarks: 'cumpleaños' } as const;
    const { state, result, events } = exec(menuState(), 'table.open', { tableId: T.s1, orderId: ORDER, people: 4, customer }, ctxAt(NOW, 'mozo-7'));
    expect(events).toHaveLength(1);
    expect(result).toEqual({ orderId: ORDER, orderNo: 1 });
    expect(state.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.pending, orderId: ORDER });
    expect(state.orders[ORDER]).toEqual({
      id: ORDER,
      no: 1,
      tableId: T.s1,
      people: 4,
      customer,
      openedAt: NOW,
      openedBy: 'mozo-7',
      lines: [],
      status: 'open',
      prebilledAt: null,
      batches: 0,
      depositCents: 0,
      reservationId: null,
      ...UNADJUSTED_ORDER,
      mergedTableIds: [],
    });
  });

  it('order numbers come from the hub and increase, whatever the device sends', () => {
    let s = menuState();
    const numbers: number[] = [];
    for (const [i, table] of [T.s1, T.s2, T.vip].entries()) {
      const step = exec(s, 'table.open', { tableId: table, orderId: uid(10 + i), people: 2, customer: NO_CUSTOMER });
      numbers.push(step.result.orderNo!);
      s = step.state;
    }
    expect(numbers).toEqual([1, 2, 3]);
    expect(s.counters.orderNo).toBe(3);
  });

  it('a reserved table (0) may be opened', () => {
    const s = menuState();
    const reserved: State = { ...s, tables: { ...s.tables, [T.s1]: { ...s.tables[T.s1]!, status: TABLE_STATUS.reserved } } };
    expect(decideOn(reserved, 'table.open', { tableId: T.s1, orderId: ORDER, people: 2, customer: NO_CUSTOMER }).ok).toBe(true);
  });

  it.each<OrderStage>(['open', 'ordered', 'sent', 'prebilled'])('refuses a table with an order %s: TABLE_NOT_FREE', (stage) => {
    expect(decideOn(orderAt(stage), 'table.open', { tableId: T.s1, orderId: uid(2), people: 2, customer: NO_CUSTOMER })).toEqual({
      ok: false,
      code: 'TABLE_NOT_FREE',
    });
  });

  it('refuses a table waiting to be cleared (5): TABLE_NOT_FREE', () => {
    const s = exec(orderAt('sent'), 'order.settleCash', { orderId: ORDER, receivedCents: 100000 }).state;
    expect(decideOn(s, 'table.open', { tableId: T.s1, orderId: uid(2), people: 2, customer: NO_CUSTOMER })).toMatchObject({ code: 'TABLE_NOT_FREE' });
  });

  it('refuses an order id already open at another table: DUPLICATE_ID', () => {
    expect(decideOn(orderAt('open', T.s1), 'table.open', { tableId: T.s2, orderId: ORDER, people: 2, customer: NO_CUSTOMER })).toEqual({
      ok: false,
      code: 'DUPLICATE_ID',
      message: 'orderId',
    });
  });

  it('refuses an unknown table: NOT_FOUND tableId', () => {
    expect(decideOn(menuState(), 'table.open', { tableId: 't-ghost', orderId: ORDER, people: 2, customer: NO_CUSTOMER })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'tableId',
    });
  });
});

describe('order.addLines', () => {
  it('adds unsent lines with the product code, names and price of that moment', () => {
    const s = addLines(orderAt('open'), ORDER, [{ lineId: uid(201), productId: P.lomo.id, qty: 3, remark: 'sin cebolla' }]);
    expect(s.orders[ORDER]?.lines).toHaveLength(1);
    expect(s.orders[ORDER]?.lines).toMatchObject([
      {
        id: uid(201),
        productId: P.lomo.id,
        code: P.lomo.code,
        names: menuState().products[P.lomo.id]!.names,
        unitPriceCents: P.lomo.priceCents,
        qty: 3,
        remark: 'sin cebolla',
        sentBatch: null,
        returnedQty: 0,
        returnReason: '',
      },
    ]);
    expect(s.tables[T.s1]?.status).toBe(TABLE_STATUS.pending);
  });

  it('a line keeps the name and price it was ordered at after the product changes', () => {
    let s = addLines(orderAt('open'), ORDER, [{ lineId: uid(201), productId: P.lomo.id, qty: 1 }]);
    const renamed = product(P.lomo.id, P.lomo.code, 5500, { names: { es: 'Lomo fino', en: 'Fine tenderloin', zh: '牛柳' } });
    s = exec(s, 'product.save', renamed).state;
    s = addLines(s, ORDER, [{ lineId: uid(202), productId: P.lomo.id, qty: 1 }]);
    const [first, second] = s.orders[ORDER]!.lines;
    expect(first).toMatchObject({ unitPriceCents: 3800, names: { es: 'Plato 201' } });
    expect(second).toMatchObject({ unitPriceCents: 5500, names: { es: 'Lomo fino' } });
  });

  it('lines can be added after a kitchen batch went out (status stays 3)', () => {
    const s = addLines(orderAt('sent'), ORDER, [{ lineId: uid(201), productId: P.agua.id, qty: 1 }]);
    expect(s.orders[ORDER]?.lines).toHaveLength(3);
    expect(s.tables[T.s1]?.status).toBe(TABLE_STATUS.dining);
  });

  const line = (lineId: string, productId: string) => ({ lineId, productId, qty: 1, remark: '' });
  const soldOut = (s: State) => exec(s, 'product.setSoldOut', { productId: P.ceviche.id, soldOut: true }).state;
  const delisted = (s: State) => exec(s, 'product.setListed', { productId: P.ceviche.id, listed: false }).state;

  it.each<[string, (s: State) => State, string, string, string | undefined]>([
    ['a sold-out product', soldOut, P.ceviche.id, 'PRODUCT_UNAVAILABLE', P.ceviche.code],
    ['a delisted product', delisted, P.ceviche.id, 'PRODUCT_UNAVAILABLE', P.ceviche.code],
    ['an unknown product', (s) => s, 'p-ghost', 'NOT_FOUND', 'productId'],
  ])('refuses %s: %s', (_label, prepare, productId, code, message) => {
    const s = prepare(orderAt('open'));
    expect(decideOn(s, 'order.addLines', { orderId: ORDER, lines: [line(uid(201), productId)] })).toEqual({ ok: false, code, message });
  });

  it('one unavailable product refuses the whole batch, nothing is added', () => {
    const s = exec(orderAt('open'), 'product.setSoldOut', { productId: P.ceviche.id, soldOut: true }).state;
    const d = decideOn(s, 'order.addLines', { orderId: ORDER, lines: [line(uid(201), P.lomo.id), line(uid(202), P.ceviche.id)] });
    expect(d).toEqual({ ok: false, code: 'PRODUCT_UNAVAILABLE', message: P.ceviche.code });
  });

  it('a product back in stock may be ordered again', () => {
    let s = exec(orderAt('open'), 'product.setSoldOut', { productId: P.ceviche.id, soldOut: true }).state;
    s = exec(s, 'product.setSoldOut', { productId: P.ceviche.id, soldOut: false }).state;
    expect(decideOn(s, 'order.addLines', { orderId: ORDER, lines: [line(uid(201), P.ceviche.id)] }).ok).toBe(true);
  });

  it.each([
    ['a line id already on the order', [line(uid(101), P.lomo.id)]],
    ['the same line id twice in one batch', [line(uid(201), P.lomo.id), line(uid(201), P.agua.id)]],
  ])('refuses %s: DUPLICATE_ID lineId', (_label, lines) => {
    expect(decideOn(orderAt('ordered'), 'order.addLines', { orderId: ORDER, lines })).toEqual({ ok: false, code: 'DUPLICATE_ID', message: 'lineId' });
  });

  it('refuses lines for an order that is not open: ORDER_NOT_OPEN', () => {
    expect(decideOn(menuState(), 'order.addLines', { orderId: ORDER, lines: [line(uid(201), P.lomo.id)] })).toEqual({
      ok: false,
      code: 'ORDER_NOT_OPEN',
      message: 'orderId',
    });
  });

  it('refuses lines on a pre-billed order: ORDER_PREBILLED', () => {
    expect(decideOn(orderAt('prebilled'), 'order.addLines', { orderId: ORDER, lines: [line(uid(201), P.lomo.id)] })).toEqual({
      ok: false,
      code: 'ORDER_PREBILLED',
    });
  });
});

describe('order.removeLine', () => {
  it('removes a line the kitchen has not seen', () => {
    const { state, events } = exec(orderAt('ordered'), 'order.removeLine', { orderId: ORDER, lineId: uid(101) });
    expect(events).toEqual([{ type: 'order.lineRemoved', orderId: ORDER, lineId: uid(101) }]);
    expect(state.orders[ORDER]?.lines.map((l) => l.id)).toEqual([uid(102)]);
  });

  it.each<[string, OrderStage, string, object]>([
    ['a line already sent to the kitchen', 'sent', uid(101), { ok: false, code: 'LINE_ALREADY_SENT' }],
    ['an unknown line', 'ordered', uid(999), { ok: false, code: 'NOT_FOUND', message: 'lineId' }],
    ['a line of a pre-billed order', 'prebilled', uid(101), { ok: false, code: 'ORDER_PREBILLED' }],
  ])('refuses %s', (_label, stage, lineId, refusal) => {
    expect(decideOn(orderAt(stage), 'order.removeLine', { orderId: ORDER, lineId })).toEqual(refusal);
  });

  it('refuses a line of an order that is not open: ORDER_NOT_OPEN', () => {
    expect(decideOn(menuState(), 'order.removeLine', { orderId: ORDER, lineId: uid(101) })).toMatchObject({ code: 'ORDER_NOT_OPEN' });
  });
});

describe('order.returnLine', () => {
  it('returns part of a sent line with its reason, and the rest stays billable', () => {
    const { state, events } = exec(orderAt('sent'), 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' });
    expect(events.filter((e) => e.type !== 'job.created')).toEqual([{ type: 'order.lineReturned', orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' }]);
    expect(state.orders[ORDER]?.lines[0]).toMatchObject({ qty: 2, returnedQty: 1, returnReason: 'frío' });
  });

  it('returns accumulate up to the whole quantity, and no further (INCORRECT_INPUT qty)', () => {
    let s = exec(orderAt('sent'), 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' }).state;
    s = exec(s, 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'salado' }).state;
    expect(s.orders[ORDER]?.lines[0]).toMatchObject({ returnedQty: 2, returnReason: 'salado' });
    expect(decideOn(s, 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'x' })).toEqual({
      ok: false,
      code: 'INCORRECT_INPUT',
      message: 'qty',
    });
  });

  it.each<[string, OrderStage, { lineId: string; qty: number; reason: string }, object]>([
    ['more than was ordered', 'sent', { lineId: uid(101), qty: 3, reason: 'frío' }, { ok: false, code: 'INCORRECT_INPUT', message: 'qty' }],
    ['without a reason', 'sent', { lineId: uid(101), qty: 1, reason: '' }, { ok: false, code: 'REASON_REQUIRED', message: 'reason' }],
    ['a line not yet sent', 'ordered', { lineId: uid(101), qty: 1, reason: 'frío' }, { ok: false, code: 'LINE_NOT_SENT' }],
    ['an unknown line', 'sent', { lineId: uid(999), qty: 1, reason: 'frío' }, { ok: false, code: 'NOT_FOUND', message: 'lineId' }],
    ['on a pre-billed order', 'prebilled', { lineId: uid(101), qty: 1, reason: 'frío' }, { ok: false, code: 'ORDER_PREBILLED' }],
  ])('refuses a return %s', (_label, stage, p, refusal) => {
    expect(decideOn(orderAt(stage), 'order.returnLine', { orderId: ORDER, ...p })).toEqual(refusal);
  });

  it('refuses a return on an order that is not open: ORDER_NOT_OPEN', () => {
    expect(decideOn(menuState(), 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'x' })).toMatchObject({
      code: 'ORDER_NOT_OPEN',
    });
  });
});

describe('appliers ignore events about things that are gone', () => {
  it.each<DomainEvent>([
    { type: 'order.linesAdded', orderId: 'nope', lines: [] },
    { type: 'order.sent', orderId: 'nope', batch: 1, lineIds: [] },
    { type: 'order.prebilled', orderId: 'nope', at: NOW },
    { type: 'product.soldOutSet', productId: 'nope', soldOut: true },
    { type: 'product.listedSet', productId: 'nope', listed: false },
    { type: 'table.cleared', tableId: 'nope' },
  ])('$type on a missing target leaves the state as it was', (event) => {
    const s = menuState();
    expect(applyAll(s, [event])).toEqual(s);
  });
});
