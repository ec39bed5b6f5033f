import { describe, expect, it } from 'vitest';
import { TABLE_STATUS, type DomainEvent, type State } from '#protocol';
import { decideOn, exec, orderAt, P, product, T, uid } from '../test-fixtures.ts';

const ORDER = uid(1);
const line = (n: number, productId: string, qty = 1) => ({ lineId: uid(n), productId, qty, remark: '' });
const soldOut = (s: State, productId: string) => exec(s, 'product.setSoldOut', { productId, soldOut: true }).state;
/** Lomo counted in stock, `stock` portions left. */
const counted = (s: State, stock: number) => {
  const lomo = exec(s, 'product.save', product(P.lomo.id, P.lomo.code, P.lomo.priceCents, { usesInventory: true })).state;
  return exec(lomo, 'product.adjustStock', { productId: P.lomo.id, op: 'set', qty: stock, reason: 'conteo' }).state;
};

describe('order.addLines with send: one gesture, one command', () => {
  it('adds the lines and sends them as batch 1 in the same decision: the table turns "dining"', () => {
    const { state, events } = exec(orderAt('open'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.lomo.id, 2)], send: true });
    // Besides the kitchen tickets the send prints (job.created, hub/domain/printing).
    expect(events.filter((e) => e.type !== 'job.created').map((e) => e.type)).toEqual(['order.linesAdded', 'order.sent']);
    expect(state.orders[ORDER]?.lines.map((l) => [l.id, l.sentBatch])).toEqual([[uid(201), 1]]);
    expect(state.orders[ORDER]?.batches).toBe(1);
    expect(state.tables[T.s1]?.status).toBe(TABLE_STATUS.dining);
  });

  it('takes along what was added earlier and not sent (as order.send would)', () => {
    const { state } = exec(orderAt('ordered'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.agua.id)], send: true });
    expect(state.orders[ORDER]?.lines.map((l) => l.sentBatch)).toEqual([1, 1, 1]);
  });

  it('a second gesture is batch 2 and leaves batch 1 alone', () => {
    const { state } = exec(orderAt('sent'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.agua.id)], send: true });
    expect(state.orders[ORDER]?.lines.map((l) => l.sentBatch)).toEqual([1, 1, 2]);
  });

  it('is the same end state as addLines then send, with one command instead of two', () => {
    const oneStep = exec(orderAt('ordered'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.lomo.id)], send: true });
    const added = exec(orderAt('ordered'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.lomo.id)] });
    const twoStep = exec(added.state, 'order.send', { orderId: ORDER });
    expect(oneStep.state).toEqual(twoStep.state);
    // The kitchen tickets (jobs: the hub's job table, not the state) are the same but their ids derive from the command ids (one command vs two).
    const tickets = (events: readonly DomainEvent[]) => events.flatMap((e) => (e.type === 'job.created' ? [{ ...e.job, id: '' }] : []));
    expect(tickets(oneStep.events).length).toBeGreaterThan(0);
    expect(tickets(oneStep.events)).toEqual(tickets([...added.events, ...twoStep.events]));
  });

  it('without send, lines wait unsent as before', () => {
    const { state, events } = exec(orderAt('open'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.lomo.id)] });
    expect(events.map((e) => e.type)).toEqual(['order.linesAdded']);
    expect(state.orders[ORDER]?.lines[0]?.sentBatch).toBeNull();
  });

  // Attacks: the dish sold out between the tap and the hub. Nothing is added and nothing is sent.
  it.each<[string, (s: State) => State, string, string]>([
    ['sold out on the till a moment before', (s) => soldOut(s, P.lomo.id), 'PRODUCT_UNAVAILABLE', P.lomo.code],
    ['counted in stock with 1 left, 2 asked', (s) => counted(s, 1), 'INSUFFICIENT_STOCK', P.lomo.code],
  ])('refuses the whole gesture when a dish is %s: code names the dish', (_label, prepare, code, message) => {
    const before = prepare(orderAt('ordered'));
    const d = decideOn(before, 'order.addLines', { orderId: ORDER, lines: [line(201, P.agua.id), line(202, P.lomo.id, 2)], send: true });
    expect(d).toEqual({ ok: false, code, message });
    // The earlier unsent lines stay unsent: a refused gesture sends nothing either.
    expect(before.orders[ORDER]?.lines.map((l) => l.sentBatch)).toEqual([null, null]);
  });

  it('refuses a pre-billed order: nothing is added to a bill already printed', () => {
    expect(decideOn(orderAt('prebilled'), 'order.addLines', { orderId: ORDER, lines: [line(201, P.agua.id)], send: true })).toEqual({
      ok: false,
      code: 'ORDER_PREBILLED',
    });
  });
});
