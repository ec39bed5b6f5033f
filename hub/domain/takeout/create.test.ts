import { describe, expect, it } from 'vitest';
import type { Bill, State } from '#protocol';
import { decideOn, deepFreeze, exec, P } from '../test-fixtures.ts';
import { as, counterOrder, NOW, payAtTill, phoneDelivery, S, takeoutOf, takeoutRestaurant, webOrder } from './test-takeouts.ts';

const restaurant = takeoutRestaurant();

describe('takeout.create: a take-away at the counter', () => {
  it('makes an order without a table, sends it to the kitchen, numbers it', () => {
    const step = exec(restaurant, 'takeout.create', counterOrder(1), as(S.counter));
    const t = takeoutOf(step.state, counterOrder(1).takeoutId);
    expect(t).toMatchObject({ status: 2, paid: false, channel: 'counter', method: 1, code: 'T-0001', pickupCode: '001', businessDay: '2025-03-14', merchantReceivedAt: NOW, collectCents: 2 * P.lomo.priceCents });
    const order = step.state.orders[t.orderId ?? ''];
    expect(order).toMatchObject({ tableId: '', takeoutId: t.id, batches: 1 });
    expect(order?.lines.every((l) => l.sentBatch === 1)).toBe(true);
    const types = step.events.map((e) => e.type);
    expect(types[0]).toBe('takeout.created');
    expect(types.indexOf('order.linesAdded')).toBeLessThan(types.indexOf('order.sent'));
    expect(step.result).toMatchObject({ takeoutCode: 'T-0001', pickupCode: '001' });
  });

  it('pay later: born to be paid (12); paying makes it received (2) and the bill keeps the takeout', () => {
    let s = exec(restaurant, 'takeout.create', counterOrder(1, { payLater: true }), as(S.counter)).state;
    expect(takeoutOf(s, counterOrder(1).takeoutId).status).toBe(12);
    const orderId = counterOrder(1).orderId;
    const d = decideOn(s, 'order.settle', { orderId, payments: [{ method: 'yape', amountCents: 7600, operationNo: '123456' }], document: { kind: 'note', docId: '', name: '' }, print: false }, as(S.counter));
    if (!d.ok) throw new Error(d.code);
    const settled = d.events.find((e) => e.type === 'order.settled') as { bill: Bill } | undefined;
    expect(settled?.bill.takeout).toEqual({ id: counterOrder(1).takeoutId, code: 'T-0001', pickupCode: '001', channel: 'counter', method: 1, riderId: null });
    const paid = d.events.find((e) => e.type === 'takeout.paid');
    expect(paid).toMatchObject({ billId: orderId, day: '2025-03-14', at: NOW });
    s = payAtTill(exec(restaurant, 'takeout.create', counterOrder(1, { payLater: true }), as(S.counter)).state, counterOrder(1).takeoutId);
    expect(takeoutOf(s, counterOrder(1).takeoutId)).toMatchObject({ status: 2, paid: true, orderId: null, billId: orderId, collectCents: 0 });
    expect(s.orders[orderId]).toBeUndefined();
  });

  it('pickup codes count per business day and restart the next; order codes never restart', () => {
    let s = restaurant;
    for (let n = 1; n <= 3; n++) s = exec(s, 'takeout.create', counterOrder(n), as(S.counter)).state;
    expect(takeoutOf(s, counterOrder(3).takeoutId)).toMatchObject({ pickupCode: '003', code: 'T-0003' });
    // The next day (after the 03:00 closing hour in Lima: 08:00 UTC).
    s = exec(s, 'takeout.create', counterOrder(4), as(S.counter, '2025-03-15T18:00:00.000Z')).state;
    expect(takeoutOf(s, counterOrder(4).takeoutId)).toMatchObject({ pickupCode: '001', code: 'T-0004', businessDay: '2025-03-15' });
  });

  it('a pickup code wraps from 999 to 001 the same day', () => {
    const s: State = { ...restaurant, takeoutCounters: { day: '2025-03-14', pickupNo: 999, codeNo: 1998 } };
    const after = exec(s, 'takeout.create', counterOrder(1), as(S.counter)).state;
    expect(takeoutOf(after, counterOrder(1).takeoutId)).toMatchObject({ pickupCode: '001', code: 'T-1999' });
  });

  it('a phone delivery carries the fee as a line with no station, in the total the rider collects', () => {
    const s = exec(restaurant, 'takeout.create', phoneDelivery(1), as(S.dispatch)).state;
    const t = takeoutOf(s, phoneDelivery(1).takeoutId);
    const order = s.orders[phoneDelivery(1).orderId];
    const fee = order?.lines.find((l) => l.productId === null);
    expect(fee).toMatchObject({ unitPriceCents: 500, station: '', qty: 1, sentBatch: 1 });
    expect(t).toMatchObject({ method: 0, channel: 'phone', collectCents: P.ceviche.priceCents + 500, delivery: { address: 'Av. Larco 123, Miraflores' } });
  });

  it('the order every device holds (a waiter’s too) carries no phone: it stays on the takeout', () => {
    const s = exec(restaurant, 'takeout.create', phoneDelivery(1), as(S.dispatch)).state;
    expect(takeoutOf(s, phoneDelivery(1).takeoutId).customer.phone).not.toBe('');
    expect(s.orders[phoneDelivery(1).orderId]?.customer).toMatchObject({ name: takeoutOf(s, phoneDelivery(1).takeoutId).customer.name, phone: '' });
    expect(JSON.stringify(s.orders)).not.toContain(takeoutOf(s, phoneDelivery(1).takeoutId).customer.phone);
  });

  it('custom dishes, a lunch box and a tip go on the order', () => {
    const p = counterOrder(1, { customLines: [{ lineId: '00000000-0000-4000-8000-000000009001', name: 'Papa extra', priceCents: 300, qty: 1, unit: 'porción', remark: '' }], lunchBox: { mode: 'perOrder', priceCents: 100 }, tipCents: 200 });
    const s = exec(restaurant, 'takeout.create', p, as(S.counter)).state;
    const order = s.orders[p.orderId];
    expect(order).toMatchObject({ lunchBox: { mode: 'perOrder', priceCents: 100 }, tipCents: 200 });
    expect(takeoutOf(s, p.takeoutId).collectCents).toBe(2 * P.lomo.priceCents + 300 + 100 + 200);
  });

  it('without send, nothing goes to the kitchen', () => {
    const s = exec(restaurant, 'takeout.create', counterOrder(1, { send: false }), as(S.counter)).state;
    expect(s.orders[counterOrder(1).orderId]?.lines.every((l) => l.sentBatch === null)).toBe(true);
  });
});

describe('takeout.create and takeout.intake refusals: the code, and nothing changes', () => {
  const cases: [string, () => ReturnType<typeof decideOn>, string, string?][] = [
    ['a delivery by a counter cashier (no M005)', () => decideOn(restaurant, 'takeout.create', phoneDelivery(1), as(S.counter)), 'FORBIDDEN', 'M005'],
    ['a phone order by a counter cashier', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { channel: 'phone' }), as(S.counter)), 'FORBIDDEN', 'M005'],
    ['a landline for the customer', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { customer: { name: 'x', phone: '014451234' } }), as(S.counter)), 'PHONE_INVALID', 'customer.phone'],
    ['eight digits', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { customer: { name: 'x', phone: '98765432' } }), as(S.counter)), 'PHONE_INVALID', 'customer.phone'],
    ['a foreign prefix', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { customer: { name: 'x', phone: '+34987654321' } }), as(S.counter)), 'PHONE_INVALID', 'customer.phone'],
    ['a bad receiver phone', () => decideOn(restaurant, 'takeout.create', phoneDelivery(1, { delivery: { ...phoneDelivery(1).delivery!, receiverPhone: '12' } }), as(S.dispatch)), 'PHONE_INVALID', 'receiverPhone'],
    ['a delivery without address', () => decideOn(restaurant, 'takeout.create', phoneDelivery(1, { delivery: { ...phoneDelivery(1).delivery!, address: '  ' } }), as(S.dispatch)), 'DELIVERY_ADDRESS_REQUIRED', 'address'],
    ['a delivery without details', () => decideOn(restaurant, 'takeout.create', phoneDelivery(1, { delivery: undefined }), as(S.dispatch)), 'DELIVERY_ADDRESS_REQUIRED', 'address'],
    ['a delivery with no phone at all', () => decideOn(restaurant, 'takeout.create', phoneDelivery(1, { customer: { name: 'x', phone: '' }, delivery: { ...phoneDelivery(1).delivery!, receiverPhone: '' } }), as(S.dispatch)), 'PHONE_INVALID', 'receiverPhone'],
    ['a reservation without a time', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { type: 'reservation' }), as(S.counter)), 'TAKEOUT_TIME_REQUIRED', 'expectedAt'],
    ['no dishes', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { lines: [] }), as(S.counter)), 'TAKEOUT_EMPTY'],
    ['an unknown dish', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { lines: [{ lineId: counterOrder(1).lines[0]!.lineId, productId: 'p-nope', qty: 1, remark: '' }] }), as(S.counter)), 'NOT_FOUND', 'productId'],
    ['a dish id __proto__', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { lines: [{ lineId: counterOrder(1).lines[0]!.lineId, productId: '__proto__', qty: 1, remark: '' }] }), as(S.counter)), 'NOT_FOUND', 'productId'],
    ['the same line id twice', () => decideOn(restaurant, 'takeout.create', counterOrder(1, { lines: [counterOrder(1).lines[0]!, counterOrder(1).lines[0]!] }), as(S.counter)), 'DUPLICATE_ID', 'lineId'],
    ['an order id already open', () => decideOn(exec(restaurant, 'takeout.create', counterOrder(1), as(S.counter)).state, 'takeout.create', counterOrder(2, { orderId: counterOrder(1).orderId }), as(S.counter)), 'DUPLICATE_ID', 'orderId'],
    ['a takeout id already live', () => decideOn(exec(restaurant, 'takeout.create', counterOrder(1), as(S.counter)).state, 'takeout.create', counterOrder(2, { takeoutId: counterOrder(1).takeoutId }), as(S.counter)), 'DUPLICATE_ID', 'takeoutId'],
    ['a channel order sent twice', () => decideOn(exec(restaurant, 'takeout.intake', webOrder(1), as(S.owner)).state, 'takeout.intake', webOrder(2, { externalId: 'W-1' }), as(S.owner)), 'INTAKE_DUPLICATE', webOrder(1).takeoutId],
  ];
  it.each(cases)('%s', (_label, run, code, message) => {
    const d = run();
    expect(d).toMatchObject({ ok: false, code, ...(message === undefined ? {} : { message }) });
  });

  it('a refusal leaves the (frozen) state as it was', () => {
    const s = deepFreeze(structuredClone(restaurant));
    const d = decideOn(s, 'takeout.create', counterOrder(1, { customer: { name: 'x', phone: '1' } }), as(S.counter));
    expect(d.ok).toBe(false);
    expect(s).toEqual(restaurant);
  });
});

describe('takeout.intake: a channel order waits to be accepted', () => {
  it('is submitted (0), or paid (1) when the channel took the money; not in the kitchen', () => {
    const s = exec(restaurant, 'takeout.intake', webOrder(1), as(S.owner)).state;
    expect(takeoutOf(s, webOrder(1).takeoutId)).toMatchObject({ status: 0, channel: 'web:web-shop', externalId: 'W-1', merchantReceivedAt: null });
    expect(s.orders[webOrder(1).orderId]?.lines.every((l) => l.sentBatch === null)).toBe(true);
    expect(s.takeoutIntakeKeys['web-shop:W-1']).toBe(webOrder(1).takeoutId);
    const paid = exec(restaurant, 'takeout.intake', webOrder(1, { paidByChannel: true }), as(S.owner)).state;
    expect(takeoutOf(paid, webOrder(1).takeoutId).status).toBe(1);
  });

  it('an external id like __proto__ is just a key', () => {
    const s = exec(restaurant, 'takeout.intake', webOrder(1, { externalId: '__proto__' }), as(S.owner)).state;
    expect(Object.getPrototypeOf(s.takeoutIntakeKeys)).toBe(Object.prototype);
    expect(decideOn(s, 'takeout.intake', webOrder(2, { externalId: '__proto__' }), as(S.owner))).toMatchObject({ ok: false, code: 'INTAKE_DUPLICATE' });
    expect(decideOn(s, 'takeout.intake', webOrder(3, { externalId: 'constructor' }), as(S.owner)).ok).toBe(true);
  });
});
