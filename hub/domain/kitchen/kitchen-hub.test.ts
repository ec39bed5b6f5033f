import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#protocol';
import { addLines, command, getState, openTable, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Two devices acting on the same line at once, through the real hub: the
 * engine decides one after the other, so the second is decided on what the
 * first left and can never take the line below zero.
 */

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(() => t.close());

/** A table with one sent line of 2 portions (demo dish p-101). */
async function sentLine(tableId: string): Promise<{ orderId: string; lineId: string }> {
  const open = openTable(tableId);
  expect((await postCommand(t.url, open)).body.ok).toBe(true);
  const add = addLines(open.payload.orderId, ['p-101']);
  add.payload.lines[0]!.qty = 2;
  add.payload.send = true;
  expect((await postCommand(t.url, add)).body.ok).toBe(true);
  return { orderId: open.payload.orderId, lineId: add.payload.lines[0]!.lineId };
}

async function lineNow(orderId: string, lineId: string) {
  const order = (await getState(t.url)).state.orders[orderId] as Order;
  return order.lines.find((l) => l.id === lineId)!;
}

describe('two devices on the same line', () => {
  it('gifting all portions twice at once: one is applied, the other refused', async () => {
    const { orderId, lineId } = await sentLine('t-s1');
    const gift = (device: string) => postCommand(t.url, command('order.giftLine', { orderId, lineId, qty: 2, reason: 'Cliente frecuente' }, { deviceId: device }));
    const replies = await Promise.all([gift('till-1'), gift('phone-2')]);
    expect(replies.map((r) => (r.body.ok ? 'ok' : r.body.code)).sort()).toEqual(['LINE_CLOSED', 'ok']);
    expect(await lineNow(orderId, lineId)).toMatchObject({ giftedQty: 2 });
  });

  it('cancelling one portion each at once: both apply to what remains, never past zero', async () => {
    const { orderId, lineId } = await sentLine('t-s2');
    const cancel = (qty: number) => postCommand(t.url, command('order.cancelLine', { orderId, lineId, qty, reason: 'Se equivocó' }));
    const replies = await Promise.all([cancel(1), cancel(1), cancel(1)]);
    expect(replies.map((r) => (r.body.ok ? 'ok' : r.body.code)).sort()).toEqual(['LINE_CLOSED', 'ok', 'ok']);
    expect(await lineNow(orderId, lineId)).toMatchObject({ cancelledQty: 2 });
  });

  it('the same command sent twice is applied once', async () => {
    const { orderId, lineId } = await sentLine('t-s3');
    const once = command('order.rush', { orderId, lineIds: [lineId] });
    await postCommand(t.url, once);
    await postCommand(t.url, once);
    expect((await lineNow(orderId, lineId)).rushCount).toBe(1);
  });

  it('withdrawing the order frees the table and takes the order out of the live state', async () => {
    const { orderId } = await sentLine('t-s4');
    const reply = await postCommand(t.url, command('order.withdraw', { orderId, reason: 'El cliente se fue' }));
    expect(reply.body.ok).toBe(true);
    const { state } = await getState(t.url);
    expect(state.orders[orderId]).toBeUndefined();
    expect(state.tables['t-s4']).toMatchObject({ status: 1, orderId: null });
  });
});
