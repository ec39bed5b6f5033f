import { describe, expect, it } from 'vitest';
import type { LedgerEntry, RechargeOrder } from '#protocol';
import { memberDayFigures } from './members-day.ts';
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
