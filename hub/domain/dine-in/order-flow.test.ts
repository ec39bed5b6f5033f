import { describe, expect, it } from 'vitest';
import { cashPayment, SALE_NOTE, TABLE_STATUS, type Bill, type State } from '#protocol';
import {
  addLines,
  ctxAt,
  decideOn,
  exec,
  LATER,
  menuState,
  NO_CUSTOMER,
  NOW,
  openTable,
  orderAt,
  P,
  product,
  T,
  uid,
  VIP_MINIMUM,
  type OrderStage,
} from '../test-fixtures.ts';

const ORDER = uid(1);
/** orderAt(): 2 x ceviche (3200) + 1 x chicha (600). */
const ORDER_TOTAL = 2 * 3200 + 600;

describe('table status follows the order through its life (SPEC section 4)', () => {
  it('1 free -> 2 pending -> 3 dining -> 4 prebilled -> 3 -> 4 -> 5 to clear -> 1 free', () => {
    const steps: [string, (s: State) => State, number][] = [
      ['open', (s) => openTable(s, T.s1, ORDER), TABLE_STATUS.pending],
      ['add lines', (s) => addLines(s, ORDER, [{ lineId: uid(101), productId: P.lomo.id, qty: 1 }]), TABLE_STATUS.pending],
      ['send', (s) => exec(s, 'order.send', { orderId: ORDER }).state, TABLE_STATUS.dining],
      ['pre-bill', (s) => exec(s, 'order.prebill', { orderId: ORDER }).state, TABLE_STATUS.prebilled],
      ['cancel pre-bill', (s) => exec(s, 'order.cancelPrebill', { orderId: ORDER }).state, TABLE_STATUS.dining],
      ['add more', (s) => addLines(s, ORDER, [{ lineId: uid(102), productId: P.agua.id, qty: 1 }]), TABLE_STATUS.dining],
      ['send more', (s) => exec(s, 'order.send', { orderId: ORDER }).state, TABLE_STATUS.dining],
      ['pre-bill again', (s) => exec(s, 'order.prebill', { orderId: ORDER }).state, TABLE_STATUS.prebilled],
      ['settle', (s) => exec(s, 'order.settleCash', { orderId: ORDER, receivedCents: 5000 }).state, TABLE_STATUS.toClear],
      ['clear', (s) => exec(s, 'table.clear', { tableId: T.s1 }).state, TABLE_STATUS.free],
    ];
    let s = menuState();
    expect(s.tables[T.s1]?.status).toBe(TABLE_STATUS.free);
    const seen: number[] = [];
    for (const [, step] of steps) {
      s = step(s);
      seen.push(s.tables[T.s1]!.status);
    }
    expect(seen).toEqual(steps.map(([, , status]) => status));
    // The other tables never moved.
    expect(s.tables[T.s2]?.status).toBe(TABLE_STATUS.free);
  });
});

describe('order.send', () => {
  it('sends every unsent line as kitchen batch 1', () => {
    const { state, events } = exec(orderAt('ordered'), 'order.send', { orderId: ORDER });
    expect(events.filter((e) => e.type !== 'job.created')).toEqual([{ type: 'order.sent', orderId: ORDER, batch: 1, lineIds: [uid(101), uid(102)], sentBy: 'staff-1' }]);
    expect(state.orders[ORDER]?.lines.map((l) => l.sentBatch)).toEqual([1, 1]);
    expect(state.orders[ORDER]?.batches).toBe(1);
  });

  it('a later send carries only the new lines, as batch 2', () => {
    const s = addLines(orderAt('sent'), ORDER, [{ lineId: uid(103), productId: P.agua.id, qty: 2 }]);
    const { state, events } = exec(s, 'order.send', { orderId: ORDER });
    expect(events.filter((e) => e.type !== 'job.created')).toEqual([{ type: 'order.sent', orderId: ORDER, batch: 2, lineIds: [uid(103)], sentBy: 'staff-1' }]);
    expect(state.orders[ORDER]?.lines.map((l) => l.sentBatch)).toEqual([1, 1, 2]);
  });

  it.each<[string, OrderStage, object]>([
    ['all lines already sent', 'sent', { ok: false, code: 'NOTHING_TO_SEND' }],
    ['no lines at all', 'open', { ok: false, code: 'NOTHING_TO_SEND' }],
    ['a pre-billed order', 'prebilled', { ok: false, code: 'ORDER_PREBILLED' }],
  ])('refuses to send with %s', (_label, stage, refusal) => {
    expect(decideOn(orderAt(stage), 'order.send', { orderId: ORDER })).toEqual(refusal);
  });

  it('refuses an order that is not open: ORDER_NOT_OPEN', () => {
    expect(decideOn(menuState(), 'order.send', { orderId: ORDER })).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
  });
});

describe('order.prebill and order.cancelPrebill', () => {
  it('pre-bills a sent order at hub time', () => {
    const { state, events } = exec(orderAt('sent'), 'order.prebill', { orderId: ORDER }, ctxAt(LATER));
    expect(events.filter((e) => e.type !== 'job.created')).toEqual([{ type: 'order.prebilled', orderId: ORDER, at: LATER }]);
    expect(state.orders[ORDER]).toMatchObject({ status: 'prebilled', prebilledAt: LATER });
  });

  it.each<[string, OrderStage, object]>([
    ['an empty order', 'open', { ok: false, code: 'CART_EMPTY' }],
    ['lines not yet sent', 'ordered', { ok: false, code: 'UNSENT_LINES' }],
    ['an order already pre-billed', 'prebilled', { ok: false, code: 'ORDER_PREBILLED' }],
  ])('refuses to pre-bill %s', (_label, stage, refusal) => {
    expect(decideOn(orderAt(stage), 'order.prebill', { orderId: ORDER })).toEqual(refusal);
  });

  it('refuses to pre-bill an order that is not open: ORDER_NOT_OPEN', () => {
    expect(decideOn(menuState(), 'order.prebill', { orderId: ORDER })).toMatchObject({ code: 'ORDER_NOT_OPEN' });
  });

  it('cancelling a pre-bill reopens the order for more lines', () => {
    const { state, events } = exec(orderAt('prebilled'), 'order.cancelPrebill', { orderId: ORDER });
    expect(events).toEqual([{ type: 'order.prebillCancelled', orderId: ORDER }]);
    expect(state.orders[ORDER]).toMatchObject({ status: 'open', prebilledAt: null });
    expect(decideOn(state, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(103), productId: P.agua.id, qty: 1, remark: '' }] }).ok).toBe(true);
  });

  it.each<[string, OrderStage]>([
    ['dining', 'sent'],
    ['pending', 'ordered'],
  ])('refuses to cancel the pre-bill of an order %s: ORDER_NOT_PREBILLED', (_label, stage) => {
    expect(decideOn(orderAt(stage), 'order.cancelPrebill', { orderId: ORDER })).toEqual({ ok: false, code: 'ORDER_NOT_PREBILLED' });
  });

  it('refuses to cancel the pre-bill of an unknown order: ORDER_NOT_OPEN', () => {
    expect(decideOn(menuState(), 'order.cancelPrebill', { orderId: ORDER })).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
  });
});

describe('order.settleCash', () => {
  const settle = (s: State, receivedCents: number, now = LATER) =>
    exec(s, 'order.settleCash', { orderId: ORDER, receivedCents }, ctxAt(now, 'cajera-2'));

  it('writes the bill, frees the order from the live state and sets the table to be cleared', () => {
    const before = orderAt('prebilled');
    const { state, events, result } = settle(before, 10000);
    const bill: Bill = {
      id: ORDER,
      billNo: 1,
      orderNo: 1,
      tableId: T.s1,
      tableName: 'S1',
      people: 2,
      customer: NO_CUSTOMER,
      lines: before.orders[ORDER]!.lines,
      subtotalCents: ORDER_TOTAL,
      minSpendFeeCents: 0,
      totalCents: ORDER_TOTAL,
      receivedCents: 10000,
      changeCents: 10000 - ORDER_TOTAL,
      payMethod: 'cash',
      openedAt: NOW,
      paidAt: LATER,
      operator: 'cajera-2',
      goodsCents: ORDER_TOTAL,
      giftCents: 0,
      lineDiscountCents: 0,
      orderDiscount: null,
      orderDiscountCents: 0,
      lunchBox: null,
      lunchBoxCents: 0,
      tipCents: 0,
      depositCents: 0,
      dueCents: ORDER_TOTAL,
      payments: [cashPayment(10000)],
      isAccount: 0,
      document: SALE_NOTE,
      printRequested: false,
    };
    expect(events).toEqual([{ type: 'order.settled', bill }]);
    expect(result).toEqual({ orderId: ORDER, billNo: 1, totalCents: ORDER_TOTAL, changeCents: 3000 });
    expect(state.orders[ORDER]).toBeUndefined();
    expect(state.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.toClear, orderId: null });
    expect(state.counters.billNo).toBe(1);
  });

  it('settles straight from dining (3) without a pre-bill', () => {
    expect(settle(orderAt('sent'), ORDER_TOTAL).state.tables[T.s1]?.status).toBe(TABLE_STATUS.toClear);
  });

  it.each([
    [ORDER_TOTAL, 0],
    [ORDER_TOTAL + 1, 1],
    [10000, 3000],
    [100_000_000, 100_000_000 - ORDER_TOTAL],
  ])('received %i céntimos -> change exactly %i', (received, change) => {
    expect(settle(orderAt('prebilled'), received).result.changeCents).toBe(change);
  });

  it('refuses one céntimo short: AMOUNT_TOO_LOW receivedCents', () => {
    expect(decideOn(orderAt('prebilled'), 'order.settleCash', { orderId: ORDER, receivedCents: ORDER_TOTAL - 1 })).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_LOW',
      message: 'receivedCents',
    });
  });

  it('returned portions are not billed', () => {
    let s = exec(orderAt('sent'), 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' }).state;
    expect(settle(s, 5000).result.totalCents).toBe(3200 + 600);
    s = exec(s, 'order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' }).state;
    s = exec(s, 'order.returnLine', { orderId: ORDER, lineId: uid(102), qty: 1, reason: 'frío' }).state;
    const all = settle(s, 0);
    expect(all.result).toMatchObject({ totalCents: 0, changeCents: 0 });
  });

  it('a private room below its minimum consumption pays the minimum spend fee', () => {
    const bill = (settle(orderAt('sent', T.vip), VIP_MINIMUM).events[0] as { bill: Bill }).bill;
    expect(bill).toMatchObject({ subtotalCents: ORDER_TOTAL, minSpendFeeCents: VIP_MINIMUM - ORDER_TOTAL, totalCents: VIP_MINIMUM, changeCents: 0 });
    expect(decideOn(orderAt('sent', T.vip), 'order.settleCash', { orderId: ORDER, receivedCents: VIP_MINIMUM - 1 })).toMatchObject({
      code: 'AMOUNT_TOO_LOW',
    });
  });

  it('above the minimum consumption there is no fee', () => {
    let s = openTable(menuState(), T.vip, ORDER);
    s = addLines(s, ORDER, [{ lineId: uid(101), productId: P.lomo.id, qty: 6 }]);
    s = exec(s, 'order.send', { orderId: ORDER }).state;
    const bill = (settle(s, 30000).events[0] as { bill: Bill }).bill;
    expect(bill).toMatchObject({ subtotalCents: 6 * 3800, minSpendFeeCents: 0, totalCents: 6 * 3800, changeCents: 30000 - 6 * 3800 });
  });

  it('bills are charged at the price each line was ordered at', () => {
    let s = orderAt('sent');
    s = exec(s, 'product.save', product(P.ceviche.id, P.ceviche.code, 9900)).state;
    expect(settle(s, ORDER_TOTAL).result.totalCents).toBe(ORDER_TOTAL);
  });

  it('bill numbers come from the hub and increase across tables', () => {
    let s = menuState();
    const billNos: number[] = [];
    for (const [i, table] of [T.s1, T.s2, T.vip, T.s1].entries()) {
      const orderId = uid(50 + i);
      if (table === T.s1 && i > 0) s = exec(s, 'table.clear', { tableId: T.s1 }).state;
      s = openTable(s, table, orderId);
      s = addLines(s, orderId, [{ lineId: uid(500 + i), productId: P.agua.id, qty: 1 }]);
      s = exec(s, 'order.send', { orderId }).state;
      const step = exec(s, 'order.settleCash', { orderId, receivedCents: VIP_MINIMUM });
      billNos.push(step.result.billNo!);
      s = step.state;
    }
    expect(billNos).toEqual([1, 2, 3, 4]);
    expect(s.counters).toEqual({ orderNo: 4, billNo: 4 });
  });

  it.each<[string, OrderStage, string]>([
    ['an empty order', 'open', 'CART_EMPTY'],
    ['lines not yet sent', 'ordered', 'UNSENT_LINES'],
  ])('refuses to settle %s', (_label, stage, code) => {
    expect(decideOn(orderAt(stage), 'order.settleCash', { orderId: ORDER, receivedCents: 100000 })).toEqual({ ok: false, code });
  });

  it('refuses to settle twice: ORDER_NOT_OPEN', () => {
    const s = settle(orderAt('prebilled'), 10000).state;
    expect(decideOn(s, 'order.settleCash', { orderId: ORDER, receivedCents: 10000 })).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
  });
});
