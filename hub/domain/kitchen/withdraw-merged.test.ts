import { describe, expect, it } from 'vitest';
import type { DomainEvent, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { applyAll } from '../apply.ts';
import { stuckTables } from '../stuck-tables.ts';
import { addLines, decideOn, exec, menuState, openTable, orderAt, P, T, uid, type OrderStage } from '../test-fixtures.ts';

/**
 * Issue 19 item 1: withdrawing a merged order frees every table of its
 * group, whatever stage each order was at, and replaying the log (a restart)
 * leaves no table stranded.
 */

const A = uid(1);
const B = uid(2);
const C = uid(3);

/** S1's order at `stage`, S2's at `other`, S2 (and VIP with `three`) merged into S1. */
function mergedGroup(stage: OrderStage, other: 'open' | 'ordered' | 'sent', three = false): { state: State; events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  let s = orderAt(stage === 'prebilled' ? 'sent' : stage, T.s1, A);
  s = openTable(s, T.s2, B);
  if (other !== 'open') s = addLines(s, B, [{ lineId: uid(201), productId: P.lomo.id, qty: 1 }]);
  if (other === 'sent') s = exec(s, 'order.send', { orderId: B }).state;
  if (three) s = openTable(s, T.vip, C);
  const merge = exec(s, 'table.merge', { tableId: T.s1, otherTableIds: three ? [T.s2, T.vip] : [T.s2] });
  events.push(...merge.events);
  // A pre-billed order takes no merge: the group is pre-billed after it.
  if (stage !== 'prebilled') return { state: merge.state, events };
  const prebill = exec(merge.state, 'order.prebill', { orderId: A });
  return { state: prebill.state, events: [...events, ...prebill.events] };
}

describe('order.withdraw of a merged order', () => {
  it.each<[OrderStage, 'open' | 'ordered' | 'sent', boolean]>([
    ['open', 'ordered', false],
    ['ordered', 'open', false],
    ['sent', 'sent', false],
    ['sent', 'ordered', true],
    ['prebilled', 'sent', false],
  ])('S1 %s, S2 %s (three tables: %s): every table of the group is free and usable', (stage, other, three) => {
    let s = mergedGroup(stage, other, three).state;
    if (stage === 'prebilled') expect(s.orders[A]!.status).toBe('prebilled');
    s = exec(s, 'order.withdraw', { orderId: A, reason: 'Se fueron' }).state;
    const group = three ? [T.s1, T.s2, T.vip] : [T.s1, T.s2];
    for (const id of group) expect(s.tables[id]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(s.orders[A]).toBeUndefined();
    expect(stuckTables(s)).toEqual([]);
    // S2 opens again, and so can be merged, changed and cleared like any table.
    const again = openTable(s, T.s2, uid(50));
    expect(again.tables[T.s2]).toMatchObject({ orderId: uid(50) });
    expect(decideOn(again, 'table.clear', { tableId: T.s2 })).toMatchObject({ ok: true });
    expect(decideOn(again, 'table.change', { fromTableId: T.s2, toTableId: T.s1 })).toMatchObject({ ok: true });
  });

  it('a table of another order is left alone', () => {
    let s = mergedGroup('sent', 'sent').state;
    s = openTable(s, T.vip, C);
    s = exec(s, 'order.withdraw', { orderId: A, reason: 'Se fueron' }).state;
    expect(s.tables[T.vip]).toMatchObject({ orderId: C });
    expect(stuckTables(s)).toEqual([]);
  });

  it('replayed from the log (a restart), S2 is free and opens again', () => {
    let s = mergedGroup('sent', 'sent').state;
    const w = exec(s, 'order.withdraw', { orderId: A, reason: 'Se fueron' });
    s = w.state;
    // Rebuild the state as a restart does: every event of the day folded from an empty menu state.
    const log: DomainEvent[] = [];
    let r = orderAt('sent', T.s1, A);
    r = openTable(r, T.s2, B);
    r = addLines(r, B, [{ lineId: uid(201), productId: P.lomo.id, qty: 1 }]);
    const send = exec(r, 'order.send', { orderId: B });
    const merge = exec(send.state, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] });
    log.push(...merge.events, ...w.events);
    const replayed = applyAll(send.state, log);
    expect(replayed.tables).toEqual(s.tables);
    expect(replayed.tables[T.s2]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(stuckTables(replayed)).toEqual([]);
    expect(openTable(replayed, T.s2, uid(60)).tables[T.s2]).toMatchObject({ orderId: uid(60) });
  });
});

describe('stuckTables', () => {
  it.each<[string, (s: State) => State, string]>([
    ['a dining table whose order is gone', (s) => ({ ...s, tables: { ...s.tables, [T.s2]: { ...s.tables[T.s2]!, status: TABLE_STATUS.dining, orderId: 'gone' } } }), 'order-gone'],
    ['a pending table without an order', (s) => ({ ...s, tables: { ...s.tables, [T.s2]: { ...s.tables[T.s2]!, status: TABLE_STATUS.pending, orderId: null } } }), 'no-order'],
    ['a free table naming an order', (s) => ({ ...s, tables: { ...s.tables, [T.s2]: { ...s.tables[T.s2]!, orderId: A } } }), 'order-on-idle-table'],
    ['a dining table naming another table\'s order', (s) => ({ ...s, tables: { ...s.tables, [T.s2]: { ...s.tables[T.s2]!, status: TABLE_STATUS.dining, orderId: A } } }), 'order-elsewhere'],
  ])('finds %s', (_name, break_, why) => {
    const s = break_(orderAt('sent', T.s1, A));
    expect(stuckTables(s)).toContainEqual({ tableId: T.s2, why });
  });

  it('a fresh floor and a live merged group are fine', () => {
    expect(stuckTables(menuState())).toEqual([]);
    expect(stuckTables(mergedGroup('sent', 'sent', true).state)).toEqual([]);
  });
});
