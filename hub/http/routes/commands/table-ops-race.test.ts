import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandReply, CommandType, State } from '#protocol';
import { subtotalCents } from '#hub/domain/money.ts';
import { command, getState, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Two devices acting on the same table at the same moment (issue 9, table
 * operations): exactly one wins, the other is refused, and no order or line
 * is ever in two places or counted twice.
 */
let t: TestHub;
let n = 0;

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

async function ok<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`${type} refused: ${r.body.code}`);
}

/** A fresh table with an order of two dishes sent to the kitchen. */
async function servedTable(): Promise<{ tableId: string; orderId: string; lineId: string }> {
  const tableId = `t-race${++n}`;
  await ok('table.save', { id: tableId, areaId: 'area-salon', name: `R${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 500 + n });
  const orderId = randomUUID();
  const lineId = randomUUID();
  await ok('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await ok('order.addLines', { orderId, lines: [{ lineId, productId: 'p-101', qty: 2, remark: '' }], send: true });
  return { tableId, orderId, lineId };
}

async function freeTable(): Promise<string> {
  const id = `t-race${++n}`;
  await ok('table.save', { id, areaId: 'area-salon', name: `R${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 500 + n });
  return id;
}

/** Sends both at once, from two devices; returns their replies. */
async function atOnce(a: ReturnType<typeof command>, b: ReturnType<typeof command>): Promise<CommandReply[]> {
  const replies = await Promise.all([postCommand(t.url, a), postCommand(t.url, b)]);
  return replies.map((r) => r.body);
}

const money = (s: State) => Object.values(s.orders).reduce((sum, o) => sum + subtotalCents(o), 0);
const lineCount = (s: State) => Object.values(s.orders).reduce((sum, o) => sum + o.lines.length, 0);

describe('two devices, one table, the same moment', () => {
  it('merging the same table into two others: one wins, the other is refused, money counted once', async () => {
    const [a, b, c] = [await servedTable(), await servedTable(), await servedTable()];
    const before = (await getState(t.url)).state;
    const replies = await atOnce(
      command('table.merge', { tableId: a.tableId, otherTableIds: [b.tableId] }, { deviceId: 'dev-a' }),
      command('table.merge', { tableId: c.tableId, otherTableIds: [b.tableId] }, { deviceId: 'dev-c' }),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ code: 'TABLE_IN_GROUP' });
    const after = (await getState(t.url)).state;
    expect(money(after)).toBe(money(before));
    expect(lineCount(after)).toBe(lineCount(before));
  });

  it('changing the same table to two free tables: the order lands on exactly one', async () => {
    const a = await servedTable();
    const [x, y] = [await freeTable(), await freeTable()];
    const replies = await atOnce(
      command('table.change', { fromTableId: a.tableId, toTableId: x }, { deviceId: 'dev-x' }),
      command('table.change', { fromTableId: a.tableId, toTableId: y }, { deviceId: 'dev-y' }),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ code: 'TABLE_NOT_OCCUPIED' });
    const after = (await getState(t.url)).state;
    const holding = [x, y].filter((id) => after.tables[id]!.orderId === a.orderId);
    expect(holding).toHaveLength(1);
    expect(after.tables[a.tableId]!.orderId).toBeNull();
  });

  it('moving the same whole line to two tables: it moves once', async () => {
    const a = await servedTable();
    const [x, y] = [await freeTable(), await freeTable()];
    const before = (await getState(t.url)).state;
    const move = (to: string, device: string) =>
      command('order.moveLines', { fromOrderId: a.orderId, toTableId: to, orderId: randomUUID(), people: 1, lines: [{ lineId: a.lineId, qty: 2, newLineId: randomUUID() }] }, { deviceId: device });
    const replies = await atOnce(move(x, 'dev-x'), move(y, 'dev-y'));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ code: 'NOT_FOUND' });
    const after = (await getState(t.url)).state;
    expect(money(after)).toBe(money(before));
    expect(Object.values(after.orders).filter((o) => o.lines.some((l) => l.id === a.lineId))).toHaveLength(1);
  });

  it('the same command sent twice is applied once', async () => {
    const a = await servedTable();
    const x = await freeTable();
    const cmd = command('table.change', { fromTableId: a.tableId, toTableId: x });
    const [first, again] = await atOnce(cmd, cmd);
    expect(first).toEqual(again);
    expect((await getState(t.url)).state.tables[x]!.orderId).toBe(a.orderId);
  });
});
