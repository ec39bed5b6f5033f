import { describe, expect, it } from 'vitest';
import type { Bill, State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { addLines, exec, openTable, orderAt, P, T, tableDef, uid, VIP_MINIMUM } from '../test-fixtures.ts';
import { groupMinimumCents } from './group-minimum.ts';

const A = uid(1);
const VIP2 = 't-vip2';
const VIP2_MINIMUM = 15_000;

describe('groupMinimumCents', () => {
  const table = (id: string, min: number): Table => ({ ...tableDef(id, id, min), status: TABLE_STATUS.free, orderId: null });
  const tables: Record<string, Table> = { a: table('a', 0), b: table('b', 20_000), c: table('c', 15_000) };
  it.each([
    ['one table without a minimum', 'a', [], 0],
    ['one private room', 'b', [], 20_000],
    ['a room merged into a plain table', 'a', ['b'], 20_000],
    ['two rooms merged', 'b', ['c'], 35_000],
    ['all three', 'c', ['a', 'b'], 35_000],
    ['a table listed twice counts once', 'b', ['b', 'c', 'c'], 35_000],
    ['a table no longer on the map counts nothing', 'b', ['gone'], 20_000],
    ['an id like __proto__ counts nothing', '__proto__', ['constructor', 'c'], 15_000],
  ] as const)('%s', (_name, tableId, mergedTableIds, expected) => {
    expect(groupMinimumCents(tables, { tableId, mergedTableIds: [...mergedTableIds] })).toBe(expected);
  });
});

/** `main` with 2 ceviche + 1 chicha sent, each other table with one lomo sent, all merged into `main`, settled in cash. */
function mergedBill(main: string, others: readonly string[]): Bill {
  let s: State = exec(orderAt('sent', main, A), 'table.save', tableDef(VIP2, 'VIP2', VIP2_MINIMUM, { type: 'private_free' })).state;
  others.forEach((tableId, i) => {
    const orderId = uid(50 + i);
    s = openTable(s, tableId, orderId);
    s = addLines(s, orderId, [{ lineId: uid(300 + i), productId: P.lomo.id, qty: 1 }]);
    s = exec(s, 'order.send', { orderId }).state;
  });
  if (others.length > 0) s = exec(s, 'table.merge', { tableId: main, otherTableIds: [...others] }).state;
  const events = exec(s, 'order.settleCash', { orderId: A, receivedCents: 1_000_000 }).events;
  return (events[0] as { bill: Bill }).bill;
}

describe('a merged group pays the sum of its tables\' minimums (stored bill)', () => {
  it.each([
    ['plain tables only', T.s1, [T.s2], 0],
    ['a room merged into a plain table', T.s1, [T.vip], VIP_MINIMUM],
    ['a plain table merged into a room', T.vip, [T.s2], VIP_MINIMUM],
    ['two rooms', T.vip, [VIP2], VIP_MINIMUM + VIP2_MINIMUM],
    ['two rooms and a plain table', T.s2, [T.vip, VIP2], VIP_MINIMUM + VIP2_MINIMUM],
    ['a room alone', T.vip, [], VIP_MINIMUM],
  ] as const)('%s', (_name, main, others, minimum) => {
    const bill = mergedBill(main, others);
    expect(bill.minSpendFeeCents).toBe(Math.max(0, minimum - bill.subtotalCents));
    expect(bill.totalCents).toBe(Math.max(minimum, bill.subtotalCents));
  });
});
