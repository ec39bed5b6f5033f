import { describe, expect, it } from 'vitest';
import type { DomainEvent, State } from '#protocol';
import { decide } from '#domain';
import { addLines, command, ctxAt, menuState, openTable, P, T, uid } from '#hub/domain/test-fixtures.ts';
import { activityOf } from './activity.ts';
import type { LogRecord } from './log-record.ts';

const ORDER = uid(1);
const L1 = uid(11);
const L2 = uid(12);

/** The record of one accepted command decided on `before`, as the engine logs it. */
function recordOf(before: State, type: Parameters<typeof command>[0], payload: Parameters<typeof command>[1]): LogRecord {
  const d = decide(before, command(type, payload as never), ctxAt());
  if (!d.ok) throw new Error(d.code);
  return { seq: 7, commandId: uid(99), type, deviceId: 'dev-1', staffId: 'staff-1', at: ctxAt().now, deviceAt: ctxAt().now, events: d.events as DomainEvent[], result: d.result } as LogRecord;
}

describe('activity entries keep the table and dishes as they were', () => {
  const opened = openTable(menuState(), T.s1, ORDER);
  const withLines = addLines(opened, ORDER, [
    { lineId: L1, productId: P.ceviche.id, qty: 2 },
    { lineId: L2, productId: P.chicha.id, qty: 1 },
  ]);

  it('"added dishes" lists them, in every language, with the table', () => {
    const r = recordOf(opened, 'order.addLines', { orderId: ORDER, lines: [{ lineId: L1, productId: P.ceviche.id, qty: 2, remark: '' }, { lineId: L2, productId: P.chicha.id, qty: 1, remark: '' }] });
    expect(activityOf(r, opened).detail).toMatchObject({ tableName: 'S1', dishes: '2× Plato 101, 1× Plato 401', 'dishes.en': '2× Dish 101, 1× Dish 401', 'dishes.zh': '2× 菜 101, 1× 菜 401' });
  });

  it('a kitchen send names its table and dishes from the state it was decided on: the entry outlives the order', () => {
    const entry = activityOf(recordOf(withLines, 'order.send', { orderId: ORDER }), withLines);
    // Read later, after the bill closed: nothing of it needs the live state.
    expect(entry.detail).toMatchObject({ orderId: ORDER, tableName: 'S1', dishes: '2× Plato 101, 1× Plato 401' });
  });

  it('adding and sending in one command lists each dish once', () => {
    const r = recordOf(opened, 'order.addLines', { orderId: ORDER, send: true, lines: [{ lineId: L1, productId: P.ceviche.id, qty: 2, remark: '' }] });
    expect(activityOf(r, opened).detail.dishes).toBe('2× Plato 101');
  });

  it('without the state (an entry made before this change) it still reads, without names', () => {
    const entry = activityOf(recordOf(withLines, 'order.send', { orderId: ORDER }));
    expect(entry.detail).not.toHaveProperty('tableName');
    expect(entry.detail).toMatchObject({ orderId: ORDER });
  });
});
