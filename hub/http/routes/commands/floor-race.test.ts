import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDef } from '#protocol';
import { command, getState, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Two owners setting up the floor at the same moment (issue 18 item 1),
 * through the real hub: "add N tables" batches whose names overlap, and a
 * table removed while a waiter opens it. Exactly one wins each time; the
 * floor never holds two tables of one name, nor an open order on a removed table.
 */
let t: TestHub;

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

const batch = (names: string[]): TableDef[] =>
  names.map((name, i) => ({ id: randomUUID(), areaId: 'area-salon', name, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 900 + i }));

describe('floor setup under concurrency', () => {
  it('two overlapping "add N tables" at once: one batch whole, the other refused whole', async () => {
    const replies = await Promise.all([
      postCommand(t.url, command('table.addMany', { tables: batch(['Z1', 'Z2', 'Z3', 'Z4']) })),
      postCommand(t.url, command('table.addMany', { tables: batch(['Z3', 'Z4', 'Z5', 'Z6']) })),
    ]);
    const bodies = replies.map((r) => r.body);
    expect(bodies.filter((b) => b.ok)).toHaveLength(1);
    expect(bodies.find((b) => !b.ok)).toMatchObject({ ok: false, code: 'TABLE_NAME_TAKEN' });
    const names = Object.values((await getState(t.url)).state.tables).map((tb) => tb.name);
    expect(names.filter((n) => n.startsWith('Z'))).toHaveLength(4);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('removing a table while a waiter opens it: never an order on a table that is gone', async () => {
    const [table] = batch(['Carrera']);
    await postCommand(t.url, command('table.save', table!));
    const [removed, opened] = await Promise.all([
      postCommand(t.url, command('table.remove', { tableId: table!.id })),
      postCommand(t.url, command('table.open', { tableId: table!.id, orderId: randomUUID(), people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } })),
    ]);
    expect([removed.body.ok, opened.body.ok].filter(Boolean)).toHaveLength(1);
    const state = (await getState(t.url)).state;
    const orphans = Object.values(state.orders).filter((o) => !Object.hasOwn(state.tables, o.tableId));
    expect(orphans).toEqual([]);
  });
});
