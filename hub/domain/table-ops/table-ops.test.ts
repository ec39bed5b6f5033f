import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { subtotalCents } from '../money.ts';
import { addLines, decideOn, exec, menuState, openTable, orderAt, P, T, uid, type OrderStage } from '../test-fixtures.ts';

const A = uid(1);
const B = uid(2);

/** The money on every open order together: what no table operation may change. */
const money = (s: State) => Object.values(s.orders).reduce((n, o) => n + subtotalCents(o), 0);

/** S1 at `stage` (2 ceviche + 1 chicha unless open) and S2 with one lomo sent. */
function twoTables(stage: OrderStage = 'sent'): State {
  let s = orderAt(stage, T.s1, A);
  s = openTable(s, T.s2, B);
  s = addLines(s, B, [{ lineId: uid(201), productId: P.lomo.id, qty: 1 }]);
  return exec(s, 'order.send', { orderId: B }).state;
}

/** A refusal: the code, and the state left exactly as it was. */
function expectRefused<K extends CommandType>(s: State, type: K, payload: CommandPayload<K>, code: string) {
  const d = decideOn(s, type, payload);
  expect(d).toMatchObject({ ok: false, code });
}

describe('table.change', () => {
  it.each<OrderStage>(['open', 'ordered', 'sent', 'prebilled'])('moves an order %s to a free table, money and status unchanged', (stage) => {
    const s = orderAt(stage, T.s1, A);
    const status = s.tables[T.s1]!.status;
    const after = exec(s, 'table.change', { fromTableId: T.s1, toTableId: T.vip }).state;
    expect(after.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(after.tables[T.vip]).toMatchObject({ status, orderId: A });
    expect(after.orders[A]!.tableId).toBe(T.vip);
    expect(money(after)).toBe(money(s));
  });

  it.each([
    ['an occupied target', twoTables(), { fromTableId: T.s1, toTableId: T.s2 }, 'TABLE_NOT_FREE'],
    ['the same table', twoTables(), { fromTableId: T.s1, toTableId: T.s1 }, 'SAME_TABLE'],
    ['a free source', menuState(), { fromTableId: T.s1, toTableId: T.s2 }, 'TABLE_NOT_OCCUPIED'],
    ['an unknown target', twoTables(), { fromTableId: T.s1, toTableId: 'nope' }, 'NOT_FOUND'],
  ] as const)('refuses %s', (_name, s, payload, code) => expectRefused(s, 'table.change', payload, code));

  it('a table waiting to be cleared is not free', () => {
    let s = orderAt('sent', T.s1, A);
    s = exec(s, 'order.settleCash', { orderId: A, receivedCents: 100_000 }).state;
    s = openTable(s, T.s2, B);
    expectRefused(s, 'table.change', { fromTableId: T.s2, toTableId: T.s1 }, 'TABLE_NOT_FREE');
  });
});

describe('table.merge', () => {
  it('folds the other order into one, lines noted with their table, money exact, both tables one status', () => {
    const s = twoTables();
    const after = exec(s, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    const order = after.orders[A]!;
    expect(after.orders[B]).toBeUndefined();
    expect(order.lines).toHaveLength(3);
    expect(order.lines.find((l) => l.id === uid(201))!.originTableId).toBe(T.s2);
    expect(order.people).toBe(4);
    expect(order.mergedTableIds).toEqual([T.s2]);
    expect(after.tables[T.s2]).toMatchObject({ orderId: A, status: after.tables[T.s1]!.status });
    expect(money(after)).toBe(money(s));
  });

  it('settling the merged order sends every table of the group to be cleared', () => {
    let s = exec(twoTables(), 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    s = exec(s, 'order.settleCash', { orderId: A, receivedCents: 100_000 }).state;
    expect(s.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.toClear, orderId: null });
    expect(s.tables[T.s2]).toMatchObject({ status: TABLE_STATUS.toClear, orderId: null });
  });

  it('changing one table of a group moves only its place', () => {
    let s = exec(twoTables(), 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    s = exec(s, 'table.change', { fromTableId: T.s2, toTableId: T.vip }).state;
    expect(s.orders[A]!.mergedTableIds).toEqual([T.vip]);
    expect(s.orders[A]!.lines.find((l) => l.id === uid(201))!.originTableId).toBe(T.vip);
    expect(s.tables[T.s2]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(s.tables[T.vip]!.orderId).toBe(A);
  });

  it.each([
    ['a free other table', orderAt('sent', T.s1, A), { tableId: T.s1, otherTableIds: [T.s2] }, 'TABLE_NOT_OCCUPIED'],
    ['a free main table', twoTables(), { tableId: T.vip, otherTableIds: [T.s2] }, 'TABLE_NOT_OCCUPIED'],
    ['itself', twoTables(), { tableId: T.s1, otherTableIds: [T.s1] }, 'SAME_TABLE'],
    ['a table named twice', twoTables(), { tableId: T.s1, otherTableIds: [T.s2, T.s2] }, 'SAME_TABLE'],
    ['a pre-billed main order', twoTables('prebilled'), { tableId: T.s1, otherTableIds: [T.s2] }, 'ORDER_PREBILLED'],
    ['an unknown table', twoTables(), { tableId: T.s1, otherTableIds: ['__proto__'] }, 'NOT_FOUND'],
  ] as const)('refuses %s', (_name, s, payload, code) => expectRefused(s, 'table.merge', { ...payload, otherTableIds: [...payload.otherTableIds] }, code));

  it('refuses a pre-billed other order', () => {
    const s = exec(twoTables(), 'order.prebill', { orderId: B }).state;
    expectRefused(s, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }, 'ORDER_PREBILLED');
  });

  it('refuses a table already merged into another group, but takes a group by its main table', () => {
    let s = openTable(twoTables(), T.vip, uid(3));
    s = exec(s, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    expectRefused(s, 'table.merge', { tableId: T.vip, otherTableIds: [T.s2] }, 'TABLE_IN_GROUP');
    const all = exec(s, 'table.merge', { tableId: T.vip, otherTableIds: [T.s1] }).state;
    expect(all.orders[uid(3)]!.mergedTableIds.sort()).toEqual([T.s1, T.s2].sort());
    expect(money(all)).toBe(money(s));
  });

  it('a merged group cannot be cleared table by table', () => {
    let s = openTable(openTable(menuState(), T.s1, A), T.s2, B);
    s = exec(s, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    expectRefused(s, 'table.clear', { tableId: T.s2 }, 'TABLE_NOT_CLEARABLE');
  });
});

describe('order.moveLines (share/split)', () => {
  it('moves a whole line to a free table, which opens', () => {
    const s = orderAt('sent', T.s1, A);
    const after = exec(s, 'order.moveLines', { fromOrderId: A, toTableId: T.s2, orderId: B, people: 1, lines: [{ lineId: uid(102), qty: 1, newLineId: uid(900) }] }).state;
    expect(after.orders[A]!.lines.map((l) => l.id)).toEqual([uid(101)]);
    expect(after.orders[B]!.lines.map((l) => l.id)).toEqual([uid(102)]);
    expect(after.tables[T.s2]).toMatchObject({ status: TABLE_STATUS.dining, orderId: B });
    expect(money(after)).toBe(money(s));
  });

  it('splits one portion of two off to an occupied table', () => {
    const s = twoTables();
    const after = exec(s, 'order.moveLines', { fromOrderId: A, toTableId: T.s2, orderId: uid(3), people: 1, lines: [{ lineId: uid(101), qty: 1, newLineId: uid(900) }] }).state;
    expect(after.orders[A]!.lines.find((l) => l.id === uid(101))!.qty).toBe(1);
    expect(after.orders[B]!.lines.find((l) => l.id === uid(900))).toMatchObject({ qty: 1, productId: P.ceviche.id, sentBatch: 1 });
    expect(after.orders[uid(3)]).toBeUndefined();
    expect(money(after)).toBe(money(s));
  });

  it.each([
    ['more than the line has', { lineId: uid(101), qty: 3, newLineId: uid(900) }, 'INCORRECT_INPUT'],
    ['an unknown line', { lineId: uid(999), qty: 1, newLineId: uid(900) }, 'NOT_FOUND'],
    ['a new id the target already has', { lineId: uid(101), qty: 1, newLineId: uid(201) }, 'DUPLICATE_ID'],
  ] as const)('refuses %s', (_name, line, code) => {
    expectRefused(twoTables(), 'order.moveLines', { fromOrderId: A, toTableId: T.s2, orderId: uid(3), people: 1, lines: [line] }, code);
  });

  it('splits off only charged portions; the whole line moves with its returns; money exact either way', () => {
    const base = { fromOrderId: A, toTableId: T.s2, orderId: uid(3), people: 1 };
    const one = [{ lineId: uid(101), qty: 1, newLineId: uid(900) }];
    let s = exec(twoTables(), 'order.returnLine', { orderId: A, lineId: uid(101), qty: 1, reason: 'frío' }).state;
    expect(money(exec(s, 'order.moveLines', { ...base, lines: one }).state)).toBe(money(s));
    s = exec(s, 'order.returnLine', { orderId: A, lineId: uid(101), qty: 1, reason: 'frío' }).state;
    expectRefused(s, 'order.moveLines', { ...base, lines: one }, 'LINE_NOT_SPLITTABLE');
    const whole = exec(s, 'order.moveLines', { ...base, lines: [{ ...one[0]!, qty: 2 }] }).state;
    expect(whole.orders[B]!.lines.find((l) => l.id === uid(101))!.returnedQty).toBe(2);
    expect(money(whole)).toBe(money(s));
  });

  it('refuses a pre-billed source or target, the same table, and a table to be cleared', () => {
    const line = [{ lineId: uid(101), qty: 1, newLineId: uid(900) }];
    expectRefused(twoTables('prebilled'), 'order.moveLines', { fromOrderId: A, toTableId: T.s2, orderId: uid(3), people: 1, lines: line }, 'ORDER_PREBILLED');
    const pre = exec(twoTables(), 'order.prebill', { orderId: B }).state;
    expectRefused(pre, 'order.moveLines', { fromOrderId: A, toTableId: T.s2, orderId: uid(3), people: 1, lines: line }, 'ORDER_PREBILLED');
    expectRefused(twoTables(), 'order.moveLines', { fromOrderId: A, toTableId: T.s1, orderId: uid(3), people: 1, lines: line }, 'SAME_TABLE');
  });
});

describe('order.copyTo', () => {
  it('orders the same dishes again at a free table, unsent', () => {
    const s = orderAt('sent', T.s1, A);
    const after = exec(s, 'order.copyTo', { fromOrderId: A, toTableId: T.s2, orderId: B, people: 2, lines: [{ fromLineId: uid(101), lineId: uid(900) }, { fromLineId: uid(102), lineId: uid(901) }] }).state;
    expect(after.orders[B]!.lines.map((l) => [l.productId, l.qty, l.sentBatch])).toEqual([
      [P.ceviche.id, 2, null],
      [P.chicha.id, 1, null],
    ]);
    expect(subtotalCents(after.orders[B]!)).toBe(subtotalCents(s.orders[A]!));
    expect(after.tables[T.s2]!.status).toBe(TABLE_STATUS.pending);
  });

  it('refuses an occupied target, and line ids given twice', () => {
    expectRefused(twoTables(), 'order.copyTo', { fromOrderId: A, toTableId: T.s2, orderId: uid(3), people: 2, lines: [{ fromLineId: uid(101), lineId: uid(900) }] }, 'TABLE_NOT_FREE');
    const twice = [{ fromLineId: uid(101), lineId: uid(900) }, { fromLineId: uid(102), lineId: uid(900) }];
    expectRefused(orderAt('sent', T.s1, A), 'order.copyTo', { fromOrderId: A, toTableId: T.s2, orderId: B, people: 2, lines: twice }, 'DUPLICATE_ID');
  });
});

describe('table.openMany', () => {
  it('opens every table with its own order and number', () => {
    const after = exec(menuState(), 'table.openMany', { tables: [{ tableId: T.s1, orderId: A, people: 2 }, { tableId: T.s2, orderId: B, people: 5 }] }).state;
    expect([after.orders[A]!.no, after.orders[B]!.no]).toEqual([1, 2]);
    expect(after.orders[B]!.people).toBe(5);
    expect(after.tables[T.s2]!.status).toBe(TABLE_STATUS.pending);
  });

  it.each([
    ['an occupied table (all or none)', [{ tableId: T.s2, orderId: uid(3), people: 2 }, { tableId: T.s1, orderId: uid(4), people: 2 }], 'TABLE_NOT_FREE'],
    ['a table twice', [{ tableId: T.s2, orderId: uid(3), people: 2 }, { tableId: T.s2, orderId: uid(4), people: 2 }], 'DUPLICATE_ID'],
    ['an order id twice', [{ tableId: T.s2, orderId: uid(3), people: 2 }, { tableId: T.vip, orderId: uid(3), people: 2 }], 'DUPLICATE_ID'],
  ] as const)('refuses %s', (_name, tables, code) => expectRefused(orderAt('open', T.s1, A), 'table.openMany', { tables: [...tables] }, code));
});

describe('drawer.open', () => {
  it('records who opened it and from which device, changing nothing live', () => {
    const s = menuState();
    const step = exec(s, 'drawer.open', {});
    expect(step.events).toEqual([{ type: 'drawer.opened', at: expect.any(String), by: 'staff-1', deviceId: 'dev-1', reason: '' }]);
    expect(step.state).toEqual(s);
  });
});
