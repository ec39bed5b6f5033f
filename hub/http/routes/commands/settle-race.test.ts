import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType } from '#protocol';
import { command, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Settling through the real hub (issue 9, payment): two tills settling the
 * same table at once, and one till's settle sent twice, each give one bill;
 * a refused settle changes nothing.
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

/** A fresh table with two portions of dish 101 sent to the kitchen. */
async function servedOrder(): Promise<string> {
  const tableId = `t-pay${++n}`;
  await ok('table.save', { id: tableId, areaId: 'area-salon', name: `P${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 700 + n });
  const orderId = randomUUID();
  await ok('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await ok('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }], send: true });
  return orderId;
}

/** Bills numbered so far: each settlement takes the next number, so a bill recorded twice would show. */
const billsSoFar = (): number => t.hub.engine.state.counters.billNo;

const settlement = (orderId: string): CommandPayload<'order.settle'> => ({
  orderId,
  payments: [
    { method: 'visa', amountCents: 1000 },
    { method: 'yape', amountCents: 1000, operationNo: '99887766' },
    { method: 'cash', amountCents: 100_000 },
  ],
  document: { kind: 'boleta', docId: '45781236', name: 'Ana Ruiz' },
  print: true,
});

describe('settling on the real hub', () => {
  it('two tills settle the same table at once: one bill, the other is told the order is closed', async () => {
    const orderId = await servedOrder();
    const before = billsSoFar();
    const replies = await Promise.all([
      postCommand(t.url, command('order.settle', settlement(orderId), { deviceId: 'till-a' })),
      postCommand(t.url, command('order.settle', settlement(orderId), { deviceId: 'till-b' })),
    ]);
    const bodies = replies.map((r) => r.body);
    expect(bodies.filter((b) => b.ok)).toHaveLength(1);
    expect(bodies.find((b) => !b.ok)).toMatchObject({ ok: false, code: 'ORDER_NOT_OPEN' });
    expect(billsSoFar()).toBe(before + 1);
  });

  it('the same settle sent twice (a till that lost the answer) is applied once and answered the same', async () => {
    const orderId = await servedOrder();
    const before = billsSoFar();
    const once = command('order.settle', settlement(orderId), { deviceId: 'till-a' });
    const first = await postCommand(t.url, once);
    const again = await postCommand(t.url, once);
    expect(first.body).toMatchObject({ ok: true });
    expect(again.body).toMatchObject({ ...first.body, duplicate: true });
    expect(billsSoFar()).toBe(before + 1);
  });

  it('a refused settle (balance with no member attached) changes nothing: the order stays open and can then be paid', async () => {
    const orderId = await servedOrder();
    const refused = await postCommand(t.url, command('order.settle', { ...settlement(orderId), payments: [{ method: 'balance', amountCents: 1 }, { method: 'cash', amountCents: 100_000 }] }));
    expect(refused.body).toMatchObject({ ok: false, code: 'MEMBER_REQUIRED' });
    expect(refused.status).toBe(400);
    expect(t.hub.engine.state.orders[orderId]).toBeDefined();
    expect((await postCommand(t.url, command('order.settle', settlement(orderId)))).body).toMatchObject({ ok: true });
  });
});
