import { describe, expect, it } from 'vitest';
import type { CouponBatch, LedgerEntry, MembersFigures, RechargeOrder } from '#protocol';
import { couponBatchFigures, memberDayFigures, mergeMembersFigures } from './members-day.ts';
import { paidBill, pay } from '../shift/test-shift.ts';

let seq = 0;
function entry(kind: LedgerEntry['kind'], cents: number, recharge: Partial<RechargeOrder> | null = null, id = `e-${++seq}`): LedgerEntry {
  const r: RechargeOrder | null = recharge && { no: seq, method: 2, amountCents: cents, bonusCents: 0, operationNo: '', bank: '', cardNo: '', certificate: '', accountName: '', arrivedAt: null, shiftId: 'sh-1', ...recharge };
  return { id, memberId: 'm-1', memberNo: '000001', seq, kind, cents, balanceAfterCents: 0, day: '2026-11-28', at: '2026-11-28T20:00:00.000Z', by: 'staff-1', approver: null, reason: '', billId: null, billDay: null, recharge: r };
}
const coupon = (deductionCents: number) => ({ code: 'VERANO-7KQ2M9XA', batchId: 'b-1', name: 'Verano', deductionCents, category: 2 as const });

describe('memberDayFigures', () => {
  it.each([
    ['a quiet day carries the balance', 5_000, [], [], { outstandingCents: 5_000, rechargeCount: 0, rechargesByMethod: {} }],
    ['a recharge by each method', 0, [entry('recharge', 1_000, {}), entry('recharge', 2_000, { method: 3 }), entry('recharge', 3_000, { method: 4 })], [], { rechargeCount: 3, rechargesByMethod: { cash: 1_000, yape: 2_000, transfer: 3_000 }, outstandingCents: 6_000 }],
    ['a bonus is liability, not money', 0, [entry('recharge', 5_500, { amountCents: 5_000, bonusCents: 500 })], [], { rechargesByMethod: { cash: 5_000 }, bonusCents: 500, outstandingCents: 5_500 }],
    ['spent, refunded and adjusted', 10_000, [entry('spend', -4_000), entry('refund', 1_000), entry('adjust', -500), entry('adjust', 200)], [], { spentCents: 4_000, refundedCents: 1_000, adjustCents: -300, outstandingCents: 6_700 }],
    ['an entry written twice counts once', 0, [entry('recharge', 1_000, {}, 'dup'), entry('recharge', 1_000, {}, 'dup')], [], { rechargeCount: 1, outstandingCents: 1_000 }],
  ] as const)('%s', (_label, opening, entries, bills, expected) => {
    expect(memberDayFigures(opening, entries, bills)).toMatchObject(expected);
  });

  it('counts coupons from the stored bills: the discount they gave (capped), withdrawn orders not', () => {
    const bills = [
      paidBill(1, 3_000, [pay('cash', 3_000)], 0, { coupon: coupon(1_000), orderDiscountCents: 1_000 }),
      paidBill(2, 0, [], 0, { coupon: coupon(1_000), orderDiscountCents: 600 }),
      paidBill(3, 2_000, [pay('cash', 2_000)], 0, { coupon: coupon(1_000), orderDiscountCents: 1_000, deleted: 2 }),
      paidBill(4, 2_000, [pay('cash', 2_000)]),
    ];
    expect(memberDayFigures(0, [], bills)).toMatchObject({ couponsRedeemed: 2, couponDiscountCents: 1_600 });
  });
});

const batch = (over: Partial<CouponBatch>): CouponBatch => ({
  id: 'b', code: 'VERANO', name: 'Verano', deductionCents: 1_000, category: 1, expiresOn: '2026-12-31', quantity: 10,
  issuedAt: '2026-11-28T15:00:00.000Z', issuedBy: null, redeemed: 0, voided: false, ...over,
});

describe('couponBatchFigures', () => {
  it.each([
    ['issued on its business day', [batch({ quantity: 50 })], '2026-11-28', { couponsIssued: 50, couponsExpired: 0 }],
    // 01:30 Lima on the 29th is still the 28th's business day with a 4 a.m. closing hour.
    ['issued after midnight before the closing hour: the evening before', [batch({ issuedAt: '2026-11-29T06:30:00.000Z' })], '2026-11-28', { couponsIssued: 10, couponsExpired: 0 }],
    ['another day issues nothing', [batch({})], '2026-11-27', { couponsIssued: 0, couponsExpired: 0 }],
    ['expired: what was left unused on its last day', [batch({ expiresOn: '2026-11-28', issuedAt: '2026-11-01T15:00:00.000Z', redeemed: 7 })], '2026-11-28', { couponsIssued: 0, couponsExpired: 3 }],
    ['a voided batch expires its unused ones on its last day too', [batch({ expiresOn: '2026-11-30', voided: true, redeemed: 2 })], '2026-11-30', { couponsIssued: 0, couponsExpired: 8 }],
    ['a redeemed count above the quantity never goes negative', [batch({ expiresOn: '2026-11-28', redeemed: 12 })], '2026-11-28', { couponsIssued: 10, couponsExpired: 0 }],
  ] as const)('%s', (_label, batches, day, expected) => {
    expect(couponBatchFigures(batches, day, 4)).toEqual(expected);
  });
});

const figures = (over: Partial<MembersFigures>): MembersFigures => ({
  rechargeCount: 1, rechargesByMethod: { cash: 1_000 }, bonusCents: 0, spentCents: 0, refundedCents: 0, adjustCents: 0,
  outstandingCents: 1_000, outstandingDay: '2026-11-27', couponsIssued: 0, couponsRedeemed: 0, couponDiscountCents: 0, couponsExpired: 0, ...over,
});

describe('mergeMembersFigures', () => {
  const a = figures({});
  const b = figures({ outstandingDay: '2026-11-28', outstandingCents: 700, rechargesByMethod: { cash: 500, yape: 2_000 }, spentCents: 300, couponsRedeemed: 2 });
  const c = figures({ outstandingDay: '2026-11-29', outstandingCents: 0, adjustCents: -700, couponsExpired: 4 });
  it.each([
    ['flows add up, the outstanding is the later day\'s', a, b, { rechargeCount: 2, rechargesByMethod: { cash: 1_500, yape: 2_000 }, spentCents: 300, outstandingCents: 700, outstandingDay: '2026-11-28', couponsRedeemed: 2 }],
    ['in either order', b, a, { rechargeCount: 2, outstandingCents: 700, outstandingDay: '2026-11-28' }],
    ['a day without members figures adds nothing', a, undefined, a],
    ['nor before', undefined, a, a],
  ] as const)('%s', (_label, x, y, expected) => {
    expect(mergeMembersFigures(x, y)).toMatchObject(expected);
  });
  it('is associative (a year from its months is the year from its days)', () => {
    expect(mergeMembersFigures(mergeMembersFigures(a, b), c)).toEqual(mergeMembersFigures(a, mergeMembersFigures(b, c)));
    expect(mergeMembersFigures(undefined, undefined)).toBeUndefined();
  });
});
