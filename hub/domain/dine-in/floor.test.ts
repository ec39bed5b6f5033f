import { describe, expect, it } from 'vitest';
import { TABLE_STATUS } from '#protocol';
import { emptyState } from '../registry.ts';
import { decideOn, exec, menuState, orderAt, tableDef, T, uid, type OrderStage } from '../test-fixtures.ts';

describe('area.save', () => {
  it('creates an area', () => {
    const { state, events } = exec(emptyState(), 'area.save', { id: 'a1', name: 'Terraza', sort: 1 });
    expect(events).toEqual([{ type: 'area.saved', area: { id: 'a1', name: 'Terraza', sort: 1 } }]);
    expect(state.areas['a1']?.name).toBe('Terraza');
  });

  it('refuses an area without a name: REQUIRED_FIELD name', () => {
    expect(decideOn(emptyState(), 'area.save', { id: 'a1', name: '', sort: 0 })).toEqual({ ok: false, code: 'REQUIRED_FIELD', message: 'name' });
  });
});

describe('table.save', () => {
  it('a new table starts free with no order', () => {
    const { state } = exec(menuState(), 'table.save', tableDef('t-new', 'S9'));
    expect(state.tables['t-new']).toEqual({ ...tableDef('t-new', 'S9'), status: TABLE_STATUS.free, orderId: null });
  });

  it('refuses a table in an unknown area: NOT_FOUND areaId', () => {
    expect(decideOn(menuState(), 'table.save', tableDef('t-new', 'S9', 0, { areaId: 'area-nope' }))).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'areaId',
    });
  });

  it.each(['S1', 's1'])('refuses a second table named %j (names are unique, any case): TABLE_NAME_TAKEN', (name) => {
    expect(decideOn(menuState(), 'table.save', tableDef('t-new', name))).toEqual({ ok: false, code: 'TABLE_NAME_TAKEN', message: name });
  });

  it('renaming a table under its own name is allowed', () => {
    expect(decideOn(menuState(), 'table.save', tableDef(T.s1, 'S1', 0, { seats: 8 })).ok).toBe(true);
  });

  it('editing a table keeps the guests and order on it', () => {
    const before = orderAt('sent');
    const { state } = exec(before, 'table.save', tableDef(T.s1, 'Ventana', 5000));
    expect(state.tables[T.s1]).toMatchObject({ name: 'Ventana', minConsumptionCents: 5000, status: TABLE_STATUS.dining, orderId: uid(1) });
    expect(state.orders[uid(1)]).toBe(before.orders[uid(1)]);
  });
});

describe('table.clear', () => {
  it('frees a table waiting to be cleared after payment (5 -> 1)', () => {
    let s = orderAt('prebilled');
    s = exec(s, 'order.settleCash', { orderId: uid(1), receivedCents: 10000 }).state;
    expect(s.tables[T.s1]?.status).toBe(TABLE_STATUS.toClear);
    const { state, events } = exec(s, 'table.clear', { tableId: T.s1 });
    expect(events).toEqual([{ type: 'table.cleared', tableId: T.s1 }]);
    expect(state.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
  });

  it('frees a table opened by mistake, with nothing ordered, and drops its empty order', () => {
    const s = orderAt('open');
    expect(s.tables[T.s1]?.status).toBe(TABLE_STATUS.pending);
    const { state } = exec(s, 'table.clear', { tableId: T.s1 });
    expect(state.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(state.orders[uid(1)]).toBeUndefined();
    // The order number stays used: the next order gets a new one.
    expect(state.counters.orderNo).toBe(1);
  });

  it('frees a table whose only lines were removed before sending', () => {
    let s = orderAt('ordered');
    s = exec(s, 'order.removeLine', { orderId: uid(1), lineId: uid(101) }).state;
    s = exec(s, 'order.removeLine', { orderId: uid(1), lineId: uid(102) }).state;
    expect(exec(s, 'table.clear', { tableId: T.s1 }).state.tables[T.s1]?.status).toBe(TABLE_STATUS.free);
  });

  it.each<[string, () => ReturnType<typeof menuState>]>([
    ['free (1)', () => menuState()],
    ...(['ordered', 'sent', 'prebilled'] as OrderStage[]).map((stage): [string, () => ReturnType<typeof menuState>] => [
      `with an order ${stage}`,
      () => orderAt(stage),
    ]),
  ])('refuses to clear a table that is %s: TABLE_NOT_CLEARABLE', (_label, build) => {
    expect(decideOn(build(), 'table.clear', { tableId: T.s1 })).toEqual({ ok: false, code: 'TABLE_NOT_CLEARABLE' });
  });

  it('refuses an unknown table: NOT_FOUND tableId', () => {
    expect(decideOn(menuState(), 'table.clear', { tableId: 't-ghost' })).toEqual({ ok: false, code: 'NOT_FOUND', message: 'tableId' });
  });
});
