import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { parseCommand } from '#protocol';
import { applyAll } from '../apply.ts';
import { getOwn } from '../records.ts';
import { ctxAt, decideOn, deepFreeze, exec, LATER, T, uid } from '../test-fixtures.ts';
import { COUPON, couponIn, DELIVERY_COUPON, ORDER, vipOrder, withCoupons } from './test-members.ts';

const NOTE = { kind: 'note', docId: '', name: '' } as const;
const apply = (s: State, code = COUPON, orderId = ORDER) => decideOn(s, 'order.applyCoupon', { orderId, code }, ctxAt(LATER));
const OTHER = uid(2);
/** Two tables' orders: S1's (ORDER) and S2's (OTHER), both sent, and the coupons. */
function twoOrders(over?: Parameters<typeof withCoupons>[1]): State {
  let s = withCoupons(vipOrder(), over);
  s = exec(s, 'table.open', { tableId: T.s2, orderId: OTHER, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }).state;
  return s;
}

describe('order.applyCoupon: refusals change nothing', () => {
  const cases: { name: string; state: () => State; code?: string; want: string; field?: string }[] = [
    { name: 'a code nobody issued', state: () => twoOrders(), code: 'NOPE-12345678', want: 'COUPON_NOT_FOUND', field: 'code' },
    { name: 'a code like __proto__', state: () => twoOrders(), code: '__PROTO__', want: 'INCORRECT_INPUT' },
    { name: 'a used coupon', state: () => twoOrders({ coupon: { used: true } }), want: 'COUPON_USED', field: 'code' },
    { name: 'a coupon past its last day', state: () => twoOrders({ batch: { expiresOn: '2025-03-13' } }), want: 'COUPON_EXPIRED', field: 'code' },
    { name: 'a coupon of a voided batch', state: () => twoOrders({ batch: { voided: true } }), want: 'COUPON_EXPIRED', field: 'code' },
    { name: 'a delivery coupon on a table', state: () => twoOrders(), code: DELIVERY_COUPON, want: 'COUPON_WRONG_CATEGORY', field: 'code' },
    { name: 'a coupon another open order holds', state: () => twoOrders({ coupon: { heldBy: OTHER } }), want: 'COUPON_IN_USE', field: 'code' },
    { name: 'on top of a manual discount', state: () => exec(twoOrders(), 'order.setDiscount', { orderId: ORDER, discount: { kind: 'percent', percent: 5 } }).state, want: 'COUPON_WITH_DISCOUNT', field: 'code' },
    { name: 'a pre-billed order', state: () => exec(twoOrders(), 'order.prebill', { orderId: ORDER }).state, want: 'ORDER_PREBILLED' },
  ];
  it.each(cases)('$name → $want', ({ state, code, want, field }) => {
    const before = deepFreeze(state());
    const parsed = parseCommand({ id: uid(5), type: 'order.applyCoupon', deviceId: 'd', at: LATER, payload: { orderId: ORDER, code: code ?? COUPON } });
    if (!parsed.ok) {
      expect(want).toBe('INCORRECT_INPUT');
      return;
    }
    const d = apply(before, code ?? COUPON);
    expect(d).toEqual(field ? { ok: false, code: want, message: field } : { ok: false, code: want });
  });

  it('a second coupon on the same order is refused (one discount per bill)', () => {
    const s = exec(twoOrders(), 'order.applyCoupon', { orderId: ORDER, code: COUPON }, ctxAt(LATER)).state;
    expect(decideOn(deepFreeze(s), 'order.setDiscount', { orderId: ORDER, discount: { kind: 'amount', cents: 100 } })).toEqual({ ok: false, code: 'COUPON_WITH_DISCOUNT', message: 'discount' });
    expect(apply(s, COUPON)).toEqual({ ok: false, code: 'COUPON_WITH_DISCOUNT', message: 'code' });
  });
});

describe('order.applyCoupon / removeCoupon / settle', () => {
  it('normalises a typed code: any case, the spaces and dashes a guest reads out', () => {
    const parsed = parseCommand({ id: uid(5), type: 'order.applyCoupon', deviceId: 'd', at: LATER, payload: { orderId: ORDER, code: ' verano-7kq2 m9xa ' } });
    expect(parsed.ok && parsed.command.payload).toEqual({ orderId: ORDER, code: 'VERANO7KQ2M9XA' });
  });

  it('holds the coupon, makes its deduction the order discount, and the bill uses it', () => {
    const s = exec(twoOrders(), 'order.applyCoupon', { orderId: ORDER, code: COUPON }, ctxAt(LATER)).state;
    const o = getOwn(s.orders, ORDER)!;
    expect(o.coupon).toEqual({ code: COUPON, batchId: 'b-verano', name: 'Verano 15', deductionCents: 1500, category: 1 });
    expect(o.orderDiscount).toEqual({ kind: 'amount', cents: 1500 });
    expect(couponIn(s, COUPON)?.heldBy).toBe(ORDER);
    // Another table's order hears it is in use.
    expect(apply(deepFreeze(s), COUPON, OTHER)).toEqual({ ok: false, code: 'COUPON_IN_USE', message: 'code' });
    const d = decideOn(s, 'order.settle', { orderId: ORDER, payments: [{ method: 'cash', amountCents: 9300 }], document: NOTE, print: false }, ctxAt(LATER));
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
    expect(d.events[0].bill).toMatchObject({ coupon: o.coupon, orderDiscountCents: 1500, totalCents: 10_800 - 1500 });
    // Used in the same record: the coupon is spent by this bill, and nobody else can apply it.
    expect(d.events.find((e) => e.type === 'coupon.redeemed')).toEqual({ type: 'coupon.redeemed', code: 'VERANO7KQ2M9XA', billId: ORDER, day: '2025-03-14', at: LATER });
    const after = applyAll(s, d.events);
    expect(couponIn(after, COUPON)).toMatchObject({ heldBy: null, usedBillId: ORDER, usedDay: '2025-03-14' });
    expect(apply(after, COUPON, OTHER)).toEqual({ ok: false, code: 'COUPON_USED', message: 'code' });
  });

  it('a deduction larger than the order is capped at what it comes to', () => {
    const s = exec(twoOrders({ batch: { deductionCents: 50_000 } }), 'order.applyCoupon', { orderId: ORDER, code: COUPON }, ctxAt(LATER)).state;
    const d = decideOn(s, 'order.settle', { orderId: ORDER, payments: [], document: NOTE, print: false }, ctxAt(LATER));
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
    expect(d.events[0].bill).toMatchObject({ orderDiscountCents: 10_800, totalCents: 0 });
  });

  it('removing it lets it go: the discount goes and another order may take it', () => {
    let s = exec(twoOrders(), 'order.applyCoupon', { orderId: ORDER, code: COUPON }, ctxAt(LATER)).state;
    s = exec(s, 'order.removeCoupon', { orderId: ORDER }).state;
    const o = getOwn(s.orders, ORDER)!;
    expect([o.coupon, o.orderDiscount]).toEqual([undefined, null]);
    expect(couponIn(s, COUPON)?.heldBy).toBeNull();
    expect(apply(s, COUPON, OTHER).ok).toBe(true);
  });

  it('withdrawing the order lets its coupon go in the same record', () => {
    const s = exec(twoOrders(), 'order.applyCoupon', { orderId: ORDER, code: COUPON }, ctxAt(LATER)).state;
    const w = exec(s, 'order.withdraw', { orderId: ORDER, reason: 'Se fueron' });
    expect(w.events[0]).toEqual({ type: 'order.couponReleased', orderId: ORDER, code: COUPON });
    expect(couponIn(w.state, COUPON)?.heldBy).toBeNull();
    expect(apply(w.state, COUPON, OTHER).ok).toBe(true);
  });

  it('a hold by an order no longer open does not block another', () => {
    const s = twoOrders({ coupon: { heldBy: uid(404) } });
    expect(apply(s, COUPON, OTHER).ok).toBe(true);
  });

  it('a coupon whose batch was voided after it was applied stops the settlement (nothing changes)', () => {
    let s = exec(twoOrders(), 'order.applyCoupon', { orderId: ORDER, code: COUPON }, ctxAt(LATER)).state;
    s = applyAll(s, [{ type: 'coupon.batchVoided', batchId: 'b-verano', at: LATER, by: null }]);
    const before = deepFreeze(s);
    expect(decideOn(before, 'order.settle', { orderId: ORDER, payments: [{ method: 'cash', amountCents: 9300 }], document: NOTE, print: false }, ctxAt(LATER))).toEqual({ ok: false, code: 'COUPON_EXPIRED', message: 'coupon' });
  });

  it('removeCoupon on an order without one is refused', () => {
    expect(decideOn(deepFreeze(twoOrders()), 'order.removeCoupon', { orderId: ORDER })).toEqual({ ok: false, code: 'COUPON_NOT_FOUND', message: 'orderId' });
  });
});
