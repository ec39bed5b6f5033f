import { describe, expect, it } from 'vitest';
import type { Bill, DomainEvent, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { decideOn, deepFreeze, exec, P } from '../test-fixtures.ts';
import { dueOf } from './create.ts';
import { as, payAtTill, phoneDelivery, counterOrder, S, takeoutOf, takeoutRestaurant, webOrder } from './test-takeouts.ts';

const restaurant = takeoutRestaurant();
const D = phoneDelivery(1);
const C = counterOrder(2);
const W = webOrder(3);

const delivery = (): State => exec(restaurant, 'takeout.create', D, as(S.dispatch)).state;
const billOf = (events: readonly DomainEvent[]): Bill | undefined => (events.find((e) => e.type === 'order.settled') as { bill: Bill } | undefined)?.bill;

describe('a delivery from the phone to the door', () => {
  it('assigned, picked up, delivered unpaid: settled at the door in cash the rider holds, the rider’s count moves, then closed', () => {
    let s = exec(delivery(), 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    expect(takeoutOf(s, D.takeoutId)).toMatchObject({ status: 3, riderId: S.ana, riderReceivedAt: '2025-03-14T18:00:00.000Z' });
    s = exec(s, 'takeout.pickedUp', { takeoutId: D.takeoutId }, as(S.ana)).state;
    const due = takeoutOf(s, D.takeoutId).collectCents;
    const step = exec(s, 'takeout.delivered', { takeoutId: D.takeoutId, collectedCents: 10_000 }, as(S.ana, '2025-03-14T18:40:00.000Z'));
    const bill = billOf(step.events);
    expect(bill).toMatchObject({ dueCents: due, receivedCents: 10_000, changeCents: 10_000 - due, payments: [{ method: 'cash', amountCents: 10_000, heldBy: S.ana }], takeout: { code: 'T-0001', method: 0, channel: 'phone', riderId: S.ana } });
    expect(step.events.map((e) => e.type).filter((x) => x.startsWith('takeout.'))).toEqual(['takeout.paid', 'takeout.delivered']);
    s = step.state;
    expect(takeoutOf(s, D.takeoutId)).toMatchObject({ status: 7, paid: true, deliveredAt: '2025-03-14T18:40:00.000Z', serviceAt: '2025-03-14T18:40:00.000Z', collectCents: 0 });
    expect(s.riders[S.ana]).toMatchObject({ sentCount: 1 });
    s = exec(s, 'takeout.close', { takeoutId: D.takeoutId }, as(S.dispatch)).state;
    expect(s.takeouts[D.takeoutId]).toBeUndefined();
  });

  it('a paid order the guest never took: cancelled only once its whole bill is given back (a full refund voids it), then filed', () => {
    const paid = payAtTill(delivery(), D.takeoutId);
    const billId = takeoutOf(paid, D.takeoutId).billId ?? '';
    expect(decideOn(deepFreeze(paid), 'takeout.cancel', { takeoutId: D.takeoutId, reason: 'No contesta' }, as(S.dispatch))).toMatchObject({ ok: false, code: 'TAKEOUT_PAID' });
    const correction = { id: 'c-1', billId, billNo: 1, lines: [], amountCents: 3700, reason: 'No contesta', method: 'cash' as const, at: '2025-03-14T18:30:00.000Z', by: S.dispatch };
    // A partial refund (one dish) leaves the order to be delivered: still a refusal.
    const partly = applyAll(paid, [{ type: 'bill.corrected', correction: { ...correction, kind: 'refund' } }]);
    expect(decideOn(deepFreeze(partly), 'takeout.cancel', { takeoutId: D.takeoutId, reason: 'No contesta' }, as(S.dispatch))).toMatchObject({ ok: false, code: 'TAKEOUT_PAID' });
    const voided = applyAll(paid, [{ type: 'bill.corrected', correction: { ...correction, kind: 'void' } }]);
    const step = exec(voided, 'takeout.cancel', { takeoutId: D.takeoutId, reason: 'No contesta' }, as(S.dispatch));
    expect(step.events).toEqual([{ type: 'takeout.filed', takeout: expect.objectContaining({ status: 6, paid: true, billId, cancelReason: 'No contesta' }) }]);
    expect(step.state.takeouts[D.takeoutId]).toBeUndefined();
  });

  it('a web order the shop was paid for: nothing to collect at the door (never charged twice); the till settles it by transfer, then it is delivered', () => {
    const P1 = webOrder(7, { paidByChannel: true });
    let s = exec(restaurant, 'takeout.intake', P1, as(S.owner)).state;
    expect(takeoutOf(s, P1.takeoutId)).toMatchObject({ status: 1, paid: false, paidAt: '2025-03-14T18:00:00.000Z', collectCents: 0 });
    s = exec(s, 'takeout.accept', { takeoutId: P1.takeoutId }, as(S.dispatch)).state;
    s = exec(s, 'takeout.assignRider', { takeoutId: P1.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    s = exec(s, 'takeout.pickedUp', { takeoutId: P1.takeoutId }, as(S.ana)).state;
    expect(takeoutOf(s, P1.takeoutId)).toMatchObject({ status: 4, paid: false, collectCents: 0 });
    // A tip set on its order does not make the guest owe it at the door either.
    s = exec(s, 'order.setTip', { orderId: P1.orderId, tipCents: 100 }, as(S.dispatch)).state;
    expect(takeoutOf(s, P1.takeoutId).collectCents).toBe(0);
    for (const collectedCents of [undefined, 5000]) {
      const frozen = deepFreeze(s);
      expect(decideOn(frozen, 'takeout.delivered', { takeoutId: P1.takeoutId, ...(collectedCents === undefined ? {} : { collectedCents }) }, as(S.ana))).toMatchObject({ ok: false, code: 'TAKEOUT_NOT_PAID', message: 'channel' });
    }
    const due = dueOf(s, P1.orderId);
    expect(due).toBe(2 * P.chicha.priceCents + 500 + 100);
    s = exec(s, 'order.settle', { orderId: P1.orderId, payments: [{ method: 'transfer', amountCents: due, operationNo: '123456' }], document: { kind: 'note', docId: '', name: '' }, print: false }, as(S.dispatch)).state;
    const step = exec(s, 'takeout.delivered', { takeoutId: P1.takeoutId }, as(S.ana));
    expect(billOf(step.events)).toBeUndefined();
    expect(step.state.riders[S.ana]?.heldCents ?? 0).toBe(0);
  });

  it('a paid delivery is delivered without a second bill', () => {
    let s = payAtTill(delivery(), D.takeoutId);
    s = exec(s, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    s = exec(s, 'takeout.pickedUp', { takeoutId: D.takeoutId }, as(S.ana)).state;
    const step = exec(s, 'takeout.delivered', { takeoutId: D.takeoutId }, as(S.ana));
    expect(billOf(step.events)).toBeUndefined();
    expect(step.events).toHaveLength(1);
  });

  it('a factura is settled at the till before it leaves', () => {
    let s = exec(restaurant, 'takeout.create', { ...D, invoiceType: 'factura' }, as(S.dispatch)).state;
    s = exec(s, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    s = exec(s, 'takeout.pickedUp', { takeoutId: D.takeoutId }, as(S.ana)).state;
    expect(decideOn(deepFreeze(s), 'takeout.delivered', { takeoutId: D.takeoutId }, as(S.ana))).toMatchObject({ ok: false, code: 'TAKEOUT_NOT_PAID', message: 'factura' });
  });

  it('less cash than is due is refused (nothing recorded)', () => {
    let s = exec(delivery(), 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    s = deepFreeze(exec(s, 'takeout.pickedUp', { takeoutId: D.takeoutId }, as(S.ana)).state);
    expect(decideOn(s, 'takeout.delivered', { takeoutId: D.takeoutId, collectedCents: 1 }, as(S.ana)).ok).toBe(false);
  });
});

describe('riders and other refusals: the code, and the (frozen) state unchanged', () => {
  const assigned = () => exec(delivery(), 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
  const cases: [string, () => State, Parameters<typeof decideOn>[1], object, string, string, string?][] = [
    ['a rider moves another rider’s order', assigned, 'takeout.pickedUp', { takeoutId: D.takeoutId }, S.beto, 'FORBIDDEN', 'riderId'],
    ['a rider assigns someone else', delivery, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.beto }, S.ana, 'FORBIDDEN', 'riderId'],
    ['a rider takes an order another rider has', assigned, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.beto }, S.beto, 'FORBIDDEN', 'riderId'],
    ['a rider who is a waiter', delivery, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.waiter }, S.dispatch, 'NOT_A_RIDER'],
    ['an unknown rider', delivery, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: 'nobody' }, S.dispatch, 'RIDER_NOT_FOUND', 'riderId'],
    ['a rider id __proto__', delivery, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: '__proto__' }, S.dispatch, 'RIDER_NOT_FOUND', 'riderId'],
    ['a rider for a pickup order', () => exec(restaurant, 'takeout.create', C, as(S.counter)).state, 'takeout.assignRider', { takeoutId: C.takeoutId, riderId: S.ana }, S.dispatch, 'TAKEOUT_BAD_STATUS', 'method'],
    ['a takeout id __proto__', delivery, 'takeout.cancel', { takeoutId: '__proto__', reason: 'x' }, S.dispatch, 'TAKEOUT_NOT_FOUND', 'takeoutId'],
    ['a takeout id constructor', delivery, 'takeout.markReady', { takeoutId: 'constructor' }, S.dispatch, 'TAKEOUT_NOT_FOUND', 'takeoutId'],
    ['a cancel without a reason', delivery, 'takeout.cancel', { takeoutId: D.takeoutId, reason: '   ' }, S.dispatch, 'REASON_REQUIRED', 'reason'],
    ['a refusal without a reason', () => exec(restaurant, 'takeout.intake', W, as(S.owner)).state, 'takeout.refuse', { takeoutId: W.takeoutId, reason: '' }, S.dispatch, 'REASON_REQUIRED', 'reason'],
    ['cancelling a paid order', () => payAtTill(delivery(), D.takeoutId), 'takeout.cancel', { takeoutId: D.takeoutId, reason: 'x' }, S.dispatch, 'TAKEOUT_PAID'],
    ['handing over an unpaid order', () => exec(restaurant, 'takeout.create', C, as(S.counter)).state, 'takeout.handOver', { takeoutId: C.takeoutId }, S.counter, 'TAKEOUT_NOT_PAID'],
    ['handing a delivery over at the counter', () => payAtTill(delivery(), D.takeoutId), 'takeout.handOver', { takeoutId: D.takeoutId }, S.counter, 'TAKEOUT_BAD_STATUS', 'method'],
  ];
  it.each(cases)('%s', (_label, build, type, payload, by, code, message) => {
    const s = deepFreeze(build());
    const before = structuredClone(s);
    const d = decideOn(s, type, payload as never, as(by));
    expect(d).toMatchObject({ ok: false, code, ...(message === undefined ? {} : { message }) });
    expect(s).toEqual(before);
  });
});

describe('the counter and the channel', () => {
  it('a paid counter order is handed over: closed, out of the live state, service time recorded', () => {
    const s = payAtTill(exec(restaurant, 'takeout.create', C, as(S.counter)).state, C.takeoutId);
    const step = exec(s, 'takeout.handOver', { takeoutId: C.takeoutId }, as(S.counter));
    expect(step.events).toEqual([{ type: 'takeout.filed', takeout: expect.objectContaining({ status: 11, serviceAt: '2025-03-14T18:00:00.000Z', closedAt: '2025-03-14T18:00:00.000Z', paid: true }) }]);
    expect(step.state.takeouts[C.takeoutId]).toBeUndefined();
  });

  it('ready twice (kitchen display and cashier) records once', () => {
    const s = exec(exec(restaurant, 'takeout.create', C, as(S.counter)).state, 'takeout.markReady', { takeoutId: C.takeoutId }, as(S.counter)).state;
    expect(takeoutOf(s, C.takeoutId).ready).toBe(true);
    expect(exec(s, 'takeout.markReady', { takeoutId: C.takeoutId }, as(S.counter)).events).toEqual([]);
  });

  it('accepting a channel order sends its dishes to the kitchen in the same record', () => {
    const step = exec(exec(restaurant, 'takeout.intake', W, as(S.owner)).state, 'takeout.accept', { takeoutId: W.takeoutId }, as(S.dispatch));
    expect(step.events.map((e) => e.type).slice(0, 2)).toEqual(['takeout.accepted', 'order.sent']);
    expect(takeoutOf(step.state, W.takeoutId)).toMatchObject({ status: 2, merchantReceivedAt: '2025-03-14T18:00:00.000Z' });
  });

  it('refusing a channel order withdraws its order (archived as withdrawn, nothing charged) and frees the channel’s id', () => {
    const s = exec(restaurant, 'takeout.intake', W, as(S.owner)).state;
    const step = exec(s, 'takeout.refuse', { takeoutId: W.takeoutId, reason: 'Fuera de zona' }, as(S.dispatch));
    const withdrawn = step.events.find((e) => e.type === 'order.withdrawn') as { bill: Bill } | undefined;
    expect(withdrawn?.bill).toMatchObject({ deleted: 2, withdrawReason: 'Fuera de zona', totalCents: 0 });
    // The ORDER VOID ticket and the archive name the takeout, not an empty table.
    expect(withdrawn?.bill.takeout).toMatchObject({ id: W.takeoutId, channel: 'web:web-shop', method: takeoutOf(s, W.takeoutId)?.method });
    expect(step.events.at(-1)).toMatchObject({ type: 'takeout.filed', takeout: { status: 8, cancelReason: 'Fuera de zona', orderId: null } });
    expect(step.state.orders[W.orderId]).toBeUndefined();
    expect(step.state.takeoutIntakeKeys['web-shop:W-3']).toBeUndefined();
  });

  it('cancelling puts back stock and leaves no open order', () => {
    const step = exec(delivery(), 'takeout.cancel', { takeoutId: D.takeoutId, reason: 'El cliente llamó' }, as(S.dispatch));
    expect(step.state.orders[D.orderId]).toBeUndefined();
    expect(applyAll(delivery(), step.events).takeouts[D.takeoutId]).toBeUndefined();
  });
});

describe('takeout.addLines: more dishes before it leaves', () => {
  const more = { lines: [{ lineId: '00000000-0000-4000-8000-00000000bbbb', productId: 'p-agua', qty: 2, remark: '' }], send: true };
  it('adds and sends them; what the rider collects follows; ready goes back to false', () => {
    let s = exec(exec(delivery(), 'takeout.markReady', { takeoutId: D.takeoutId }, as(S.dispatch)).state, 'takeout.addLines', { takeoutId: D.takeoutId, ...more }, as(S.dispatch)).state;
    const order = s.orders[D.orderId];
    expect(order?.lines.filter((l) => l.sentBatch === 2)).toHaveLength(1);
    expect(takeoutOf(s, D.takeoutId)).toMatchObject({ ready: false, collectCents: 3200 + 500 + 2 * 400 });
    s = exec(s, 'takeout.addLines', { takeoutId: D.takeoutId, lines: [], customLines: [{ lineId: '00000000-0000-4000-8000-00000000cccc', name: 'Cubiertos', priceCents: 0, qty: 1, unit: '', remark: '' }], send: false }, as(S.dispatch)).state;
    expect(s.orders[D.orderId]?.lines).toHaveLength(4);
  });

  it('a channel order not yet accepted keeps its dishes out of the kitchen', () => {
    const s = exec(exec(restaurant, 'takeout.intake', W, as(S.owner)).state, 'takeout.addLines', { takeoutId: W.takeoutId, ...more }, as(S.dispatch)).state;
    expect(s.orders[W.orderId]?.lines.every((l) => l.sentBatch === null)).toBe(true);
  });

  it.each([
    ['paid', () => payAtTill(delivery(), D.takeoutId), 'TAKEOUT_PAID'],
    ['no dishes', delivery, 'TAKEOUT_EMPTY'],
    ['a line id already on the order', delivery, 'DUPLICATE_ID'],
  ] as const)('refused when %s (frozen state unchanged)', (label, build, code) => {
    const s = deepFreeze(build());
    const lines = label === 'no dishes' ? [] : label === 'a line id already on the order' ? [{ ...D.lines[0]!, productId: 'p-agua' }] : more.lines;
    expect(decideOn(s, 'takeout.addLines', { takeoutId: D.takeoutId, lines, send: true }, as(S.dispatch))).toMatchObject({ ok: false, code });
  });
});

describe('a table’s commands on a takeout’s order', () => {
  it.each([
    ['withdrawn as a table’s order', 'order.withdraw', { orderId: D.orderId, reason: 'x' }],
    ['hung up', 'order.hangUp', { orderId: D.orderId, parkedId: 'p-1', label: '', lines: [] }],
  ] as const)('refused when %s: the takeout would be left without its order (frozen state unchanged)', (_label, type, payload) => {
    const s = deepFreeze(type === 'order.hangUp' ? exec(restaurant, 'takeout.create', { ...D, send: false }, as(S.dispatch)).state : delivery());
    expect(decideOn(s, type, payload as never, as(S.owner))).toMatchObject({ ok: false, code: 'TAKEOUT_ORDER' });
  });
});
