import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { couponByCode, memberById } from '#protocol';
import { applyAll } from '../apply.ts';
import { ANA, ANA_FIELDS, cashRecharge } from '../members/test-members.ts';
import { orderTotals } from '../money.ts';
import { getOwn } from '../records.ts';
import { as, counterOrder, phoneDelivery, S, takeoutOf, takeoutRestaurant } from '../takeout/test-takeouts.ts';
import { decideOn, deepFreeze, exec, P, product } from '../test-fixtures.ts';
import { COUPON, DELIVERY_COUPON, withCoupons } from './test-members.ts';

/**
 * A take-away or delivery order is an order (issue 22): a member is attached on the takeout's
 * orderId, its lines take the VIP prices, a delivery coupon (category 2) is its discount, and the
 * balance pays part of it in the same order.settle as a table's bill.
 */
const NOTE = { kind: 'note', docId: '', name: '' } as const;
const delivery = phoneDelivery(1);
const ORDER = delivery.orderId;

/** The takeout restaurant with the ceviche's VIP price S/ 28 (list S/ 32), Ana with S/ 10, the coupons, and a phone delivery of a ceviche. */
function deliveryWithAna(): State {
  let s = takeoutRestaurant();
  s = exec(s, 'product.save', product(P.ceviche.id, P.ceviche.code, P.ceviche.priceCents, { vipPriceCents: 2800 }), as(S.owner)).state;
  s = exec(s, 'member.register', { memberId: ANA, ...ANA_FIELDS }, as(S.owner)).state;
  s = exec(s, 'member.recharge', cashRecharge(ANA, 1000, 1), as(S.owner)).state;
  s = withCoupons(s, { batch: { expiresOn: '2099-12-31' } });
  return exec(s, 'takeout.create', delivery, as(S.dispatch)).state;
}

describe('members and coupons on a delivery order', () => {
  it('attach, VIP prices, a delivery coupon, settled partly from the balance: one record spends both', () => {
    let s = exec(deliveryWithAna(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }, as(S.dispatch)).state;
    const lines = getOwn(s.orders, ORDER)!.lines;
    expect(lines.map((l) => [l.unitPriceCents, l.listUnitPriceCents])).toEqual([[2800, 3200], [500, undefined]]); // the ceviche, and the delivery fee's line (no VIP price)
    s = exec(s, 'order.applyCoupon', { orderId: ORDER, code: DELIVERY_COUPON }, as(S.dispatch)).state;
    const due = orderTotals(getOwn(s.orders, ORDER)!, 0).dueCents;
    const d = decideOn(s, 'order.settle', { orderId: ORDER, payments: [{ method: 'balance', amountCents: 1000 }, { method: 'cash', amountCents: due - 1000 + 2000 }], document: NOTE, print: false }, as(S.dispatch));
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
    const bill = d.events[0].bill;
    expect(bill).toMatchObject({ member: { id: ANA, name: 'Ana P.' }, coupon: { code: DELIVERY_COUPON, category: 2 }, orderDiscountCents: 2000 });
    expect(bill.takeout?.id).toBe(delivery.takeoutId);
    expect(d.events.map((e) => e.type)).toEqual(expect.arrayContaining(['order.settled', 'member.ledgerEntered', 'coupon.redeemed', 'takeout.paid']));
    const after = applyAll(s, d.events);
    expect(memberById(after, ANA)!.balanceCents).toBe(0);
    expect(couponByCode(after, DELIVERY_COUPON)?.usedBillId).toBe(ORDER);
    expect(takeoutOf(after, delivery.takeoutId).paid).toBe(true);
  });

  it('a dine-in coupon on a delivery is refused, nothing changes', () => {
    const before = deepFreeze(deliveryWithAna());
    expect(decideOn(before, 'order.applyCoupon', { orderId: ORDER, code: COUPON }, as(S.dispatch))).toEqual({ ok: false, code: 'COUPON_WRONG_CATEGORY', message: 'code' });
  });
});

describe('the balance on a take-away at the counter', () => {
  const takeaway = counterOrder(2);
  /** Ana with S/ 10 and a counter take-away of two lomo (S/ 76), her number on it. */
  function takeawayWithAna(): State {
    let s = takeoutRestaurant();
    s = exec(s, 'member.register', { memberId: ANA, ...ANA_FIELDS }, as(S.owner)).state;
    s = exec(s, 'member.recharge', cashRecharge(ANA, 1000, 1), as(S.owner)).state;
    s = exec(s, 'takeout.create', takeaway, as(S.counter)).state;
    return exec(s, 'order.attachMember', { orderId: takeaway.orderId, memberId: ANA, verify: '4321' }, as(S.counter)).state;
  }

  it('pays part from the balance and the rest in cash: one bill with the member, the balance at 0', () => {
    const s = takeawayWithAna();
    const due = orderTotals(getOwn(s.orders, takeaway.orderId)!, 0).dueCents;
    const d = decideOn(s, 'order.settle', { orderId: takeaway.orderId, payments: [{ method: 'balance', amountCents: 1000 }, { method: 'cash', amountCents: due - 1000 }], document: NOTE, print: false }, as(S.counter));
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
    expect(d.events[0].bill).toMatchObject({ member: { id: ANA, name: 'Ana P.' }, takeout: { id: takeaway.takeoutId } });
    const after = applyAll(s, d.events);
    expect(memberById(after, ANA)!.balanceCents).toBe(0);
    expect(takeoutOf(after, takeaway.takeoutId).paid).toBe(true);
  });

  it('one céntimo past the balance is INSUFFICIENT_BALANCE and nothing changes', () => {
    const before = deepFreeze(takeawayWithAna());
    const due = orderTotals(getOwn(before.orders, takeaway.orderId)!, 0).dueCents;
    const d = decideOn(before, 'order.settle', { orderId: takeaway.orderId, payments: [{ method: 'balance', amountCents: 1001 }, { method: 'cash', amountCents: due - 1001 }], document: NOTE, print: false }, as(S.counter));
    expect(d).toMatchObject({ ok: false, code: 'INSUFFICIENT_BALANCE' });
    expect(memberById(before, ANA)!.balanceCents).toBe(1000);
    expect(takeoutOf(before, takeaway.takeoutId).paid).toBe(false);
  });
});
