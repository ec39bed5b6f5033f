import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '#protocol';
import { command, getJson, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

let t: TestHub;
let dataDir = '';
const orderId = randomUUID();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-activity-names-'));
  t = await startTestHub({ dataDir });
  const send = async (c: Parameters<typeof postCommand>[1]) => expect((await postCommand(t.url, c)).body).toMatchObject({ ok: true });
  await send(command('table.open', { tableId: 't-s4', orderId, people: 2, customer: NO_CUSTOMER }));
  await send(command('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }] }));
  await send(command('order.send', { orderId }));
  await send(command('order.settleCash', { orderId, receivedCents: 100_000 }));
  // The table is renamed after the bill closed: the entries keep the name it had.
  const s4 = t.hub.engine.state.tables['t-s4']!;
  await send(command('table.save', { id: s4.id, areaId: s4.areaId, name: 'Ventana', type: s4.type, minConsumptionCents: s4.minConsumptionCents, seats: s4.seats, sort: s4.sort }));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const entries = async () => (await getJson<ActivityPage>(t.url, '/api/activity')).body.entries;

describe('the activity keeps the table and the dishes once the bill closed (issue 9)', () => {
  it('from memory, rebuilt from the log after a restart, and from the day file after a snapshot', async () => {
    const check = async () => {
      const byType = new Map((await entries()).map((e) => [e.type, e.detail]));
      expect(byType.get('order.addLines')).toMatchObject({ tableName: 'S4', dishes: expect.stringMatching(/^2× /) });
      expect(byType.get('order.send')).toMatchObject({ tableName: 'S4', dishes: expect.stringMatching(/^2× /) });
    };
    expect(t.hub.engine.state.orders[orderId]).toBeUndefined();
    await check();
    // A restart before any snapshot rebuilds the entries from the log, each from the state before its record.
    await t.close();
    t = await startTestHub({ dataDir });
    await check();
    await t.hub.engine.snapshot();
    await check();
  });
});
