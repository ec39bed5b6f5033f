import { describe, expect, it } from 'vitest';
import { MAX_AREAS, MAX_TABLES, TABLE_STATUS, type CommandPayload, type CommandType, type ErrorCode, type State } from '#protocol';
import { emptyState } from '../registry.ts';
import { decideOn, deepFreeze, exec, menuState, orderAt, tableDef, T } from '../test-fixtures.ts';

/** The owner's floor setup (issue 18 item 1): areas and tables created, renamed, reordered, moved and removed. */

/** Decides on a frozen state and checks the refusal left it as it was. */
function refused<K extends CommandType>(state: State, type: K, payload: CommandPayload<K>): { code: ErrorCode; message?: string } {
  const before = JSON.stringify(state);
  const d = decideOn(deepFreeze(state), type, payload);
  expect(JSON.stringify(state)).toBe(before);
  if (d.ok) throw new Error(`${type} was accepted`);
  return { code: d.code, ...(d.message === undefined ? {} : { message: d.message }) };
}

/** A restaurant with one empty area (Terraza) beside the test restaurant's Salón. */
function withTerrace(): State {
  return exec(menuState(), 'area.save', { id: 'area-terraza', name: 'Terraza', sort: 1 }).state;
}

describe('areas', () => {
  it('renames an area under its own name, in another case too', () => {
    const s = withTerrace();
    expect(exec(s, 'area.save', { id: 'area-terraza', name: 'TERRAZA', sort: 1 }).state.areas['area-terraza']?.name).toBe('TERRAZA');
  });

  it('removes an empty area', () => {
    const { state, events } = exec(withTerrace(), 'area.remove', { areaId: 'area-terraza' });
    expect(events).toEqual([{ type: 'area.removed', areaId: 'area-terraza' }]);
    expect(state.areas['area-terraza']).toBeUndefined();
  });

  it('reorders: the areas named take positions 0, 1...; only moved ones are recorded', () => {
    const s = withTerrace();
    const { state, events } = exec(s, 'area.reorder', { ids: ['area-terraza', 'area-salon'] });
    // Salón was at 0 and Terraza at 1: both move.
    expect(events).toEqual([
      { type: 'area.saved', area: { id: 'area-terraza', name: 'Terraza', sort: 0 } },
      { type: 'area.saved', area: { ...s.areas['area-salon'], sort: 1 } },
    ]);
    expect(exec(state, 'area.reorder', { ids: ['area-terraza', 'area-salon'] }).events).toEqual([]);
    expect([state.areas['area-terraza']?.sort, state.areas['area-salon']?.sort]).toEqual([0, 1]);
  });

  it.each<[string, () => State, CommandType, unknown, ErrorCode, string | undefined]>([
    ['an area without a name', emptyState, 'area.save', { id: 'a1', name: '', sort: 0 }, 'REQUIRED_FIELD', 'name'],
    ['a second area named like another (any case)', withTerrace, 'area.save', { id: 'a2', name: 'terraza', sort: 2 }, 'AREA_NAME_TAKEN', 'name'],
    ['removing an area that still has tables', menuState, 'area.remove', { areaId: 'area-salon' }, 'AREA_NOT_EMPTY', 'areaId'],
    ['removing an unknown area', menuState, 'area.remove', { areaId: 'area-nope' }, 'NOT_FOUND', 'areaId'],
    ['removing an area by a prototype name', menuState, 'area.remove', { areaId: '__proto__' }, 'NOT_FOUND', 'areaId'],
    ['reordering with an area twice', withTerrace, 'area.reorder', { ids: ['area-salon', 'area-salon'] }, 'DUPLICATE_ID', 'ids'],
    ['reordering an unknown area', withTerrace, 'area.reorder', { ids: ['area-salon', 'constructor'] }, 'NOT_FOUND', 'ids'],
  ])('refuses %s', (_label, build, type, payload, code, message) => {
    expect(refused(build(), type, payload as CommandPayload<typeof type>)).toEqual({ code, ...(message ? { message } : {}) });
  });

  it(`refuses area number ${MAX_AREAS + 1}: FLOOR_FULL, while renaming one still works`, () => {
    let s = emptyState();
    for (let i = 0; i < MAX_AREAS; i++) s = exec(s, 'area.save', { id: `a${i}`, name: `Área ${i}`, sort: i }).state;
    expect(refused(s, 'area.save', { id: 'a-more', name: 'Otra', sort: 99 })).toEqual({ code: 'FLOOR_FULL', message: 'areas' });
    expect(decideOn(s, 'area.save', { id: 'a0', name: 'Patio', sort: 0 }).ok).toBe(true);
  });
});

describe('tables', () => {
  it('"add 10 tables" M1..M10: one decision, ten tables, all free', () => {
    const tables = Array.from({ length: 10 }, (_, i) => tableDef(`t-m${i + 1}`, `M${i + 1}`, 0, { areaId: 'area-terraza', sort: i }));
    const { state, events } = exec(withTerrace(), 'table.addMany', { tables });
    expect(events).toHaveLength(10);
    expect(Object.values(state.tables).filter((t) => t.areaId === 'area-terraza').map((t) => [t.name, t.status])).toEqual(
      tables.map((t) => [t.name, TABLE_STATUS.free]),
    );
  });

  it('moves a table to another area, keeping its guests and order', () => {
    const before = exec(orderAt('sent'), 'area.save', { id: 'area-terraza', name: 'Terraza', sort: 1 }).state;
    const moved = { ...tableDef(T.s1, 'S1'), areaId: 'area-terraza' };
    const { state } = exec(before, 'table.save', moved);
    expect(state.tables[T.s1]).toMatchObject({ areaId: 'area-terraza', status: TABLE_STATUS.dining, orderId: before.tables[T.s1]?.orderId });
  });

  it('removes a free table; the area can go once empty', () => {
    let s = withTerrace();
    s = exec(s, 'table.save', tableDef('t-x', 'X1', 0, { areaId: 'area-terraza' })).state;
    const { state, events } = exec(s, 'table.remove', { tableId: 't-x' });
    expect(events).toEqual([{ type: 'table.removed', tableId: 't-x' }]);
    expect(state.tables['t-x']).toBeUndefined();
    expect(exec(state, 'area.remove', { areaId: 'area-terraza' }).state.areas['area-terraza']).toBeUndefined();
  });

  it.each<[string, () => State, CommandType, unknown, ErrorCode, string | undefined]>([
    ['a table named like another (any case)', menuState, 'table.save', tableDef('t-new', 's2'), 'TABLE_NAME_TAKEN', 's2'],
    ['a table in an unknown area', menuState, 'table.save', tableDef('t-new', 'Z1', 0, { areaId: 'area-nope' }), 'NOT_FOUND', 'areaId'],
    ['a table in a prototype area', menuState, 'table.save', tableDef('t-new', 'Z1', 0, { areaId: '__proto__' }), 'NOT_FOUND', 'areaId'],
    ['adding tables whose names repeat among themselves', menuState, 'table.addMany', { tables: [tableDef('t-a', 'M1'), tableDef('t-b', 'm1')] }, 'TABLE_NAME_TAKEN', 'm1'],
    ['adding a table named like one on the floor', menuState, 'table.addMany', { tables: [tableDef('t-a', 'M1'), tableDef('t-b', 'S1')] }, 'TABLE_NAME_TAKEN', 'S1'],
    ['adding over an existing table (an edit in disguise)', menuState, 'table.addMany', { tables: [tableDef(T.s1, 'Nueva')] }, 'DUPLICATE_ID', T.s1],
    ['adding one id twice', menuState, 'table.addMany', { tables: [tableDef('t-a', 'M1'), tableDef('t-a', 'M2')] }, 'DUPLICATE_ID', 'tables'],
    ['removing a table with guests', () => orderAt('sent'), 'table.remove', { tableId: T.s1 }, 'TABLE_IN_USE', 'S1'],
    ['removing a table opened with nothing ordered', () => orderAt('open'), 'table.remove', { tableId: T.s1 }, 'TABLE_IN_USE', 'S1'],
    ['removing a pre-billed table', () => orderAt('prebilled'), 'table.remove', { tableId: T.s1 }, 'TABLE_IN_USE', 'S1'],
    ['removing an unknown table', menuState, 'table.remove', { tableId: 't-ghost' }, 'NOT_FOUND', 'tableId'],
    ['removing a table by a prototype name', menuState, 'table.remove', { tableId: '__proto__' }, 'NOT_FOUND', 'tableId'],
  ])('refuses %s', (_label, build, type, payload, code, message) => {
    expect(refused(build(), type, payload as CommandPayload<typeof type>)).toEqual({ code, ...(message ? { message } : {}) });
  });

  it.each<[string, number]>([
    ['reserved', TABLE_STATUS.reserved],
    ['waiting to be cleared', TABLE_STATUS.toClear],
  ])('refuses removing a table %s: TABLE_IN_USE', (_label, status) => {
    const s = menuState();
    const table = s.tables[T.s2];
    if (!table) throw new Error('no S2');
    const marked: State = { ...s, tables: { ...s.tables, [T.s2]: { ...table, status: status as typeof table.status } } };
    expect(refused(marked, 'table.remove', { tableId: T.s2 })).toEqual({ code: 'TABLE_IN_USE', message: 'S2' });
  });

  it(`refuses tables past ${MAX_TABLES}: FLOOR_FULL, all or none`, () => {
    let s = menuState();
    const have = Object.keys(s.tables).length;
    for (let start = 0; start < MAX_TABLES - have; start += 50) {
      const n = Math.min(50, MAX_TABLES - have - start);
      s = exec(s, 'table.addMany', { tables: Array.from({ length: n }, (_, i) => tableDef(`t-f${start + i}`, `F${start + i}`)) }).state;
    }
    expect(Object.keys(s.tables)).toHaveLength(MAX_TABLES);
    expect(refused(s, 'table.addMany', { tables: [tableDef('t-one-more', 'Extra')] })).toEqual({ code: 'FLOOR_FULL', message: 'tables' });
    expect(decideOn(s, 'table.save', tableDef('t-f0', 'F0 ventana')).ok).toBe(true);
  });
});
