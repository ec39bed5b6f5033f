import type { Bill, CouponBatch, LedgerEntry, MembersFigures } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import { rechargePayMethod } from '../shift/totals.ts';

/**
 * A day's member and coupon figures (issue 22), folded from what was STORED that day: the
 * ledger entries of the day (`members-ledger/` day file, core's `member.ledgerEntered`) and the
 * day's bills (`bill.coupon`). Never from today's members: the balance outstanding is a
 * liability carried from the day before plus the day's entries, so a member edited or erased
 * later changes no past day. A recharge is not a sale: nothing here touches sales figures.
 */
/** The part of a day's MembersFigures folded from its ledger entries and bills (the rest comes from the coupon batches). */
export type MemberDayFigures = Omit<MembersFigures, 'outstandingDay' | 'couponsIssued' | 'couponsExpired'>;

export function memberDayFigures(openingOutstandingCents: number, entries: readonly LedgerEntry[], bills: readonly Bill[]): MemberDayFigures {
  const f: MemberDayFigures = { rechargeCount: 0, rechargesByMethod: {}, bonusCents: 0, spentCents: 0, refundedCents: 0, adjustCents: 0, outstandingCents: openingOutstandingCents, couponsRedeemed: 0, couponDiscountCents: 0 };
  const seen = new Set<string>();
  for (const e of entries) {
    // A day file written twice by a crash and a replay holds an entry twice: count it once.
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    f.outstandingCents += e.cents;
    if (e.kind === 'recharge' && e.recharge) {
      const m = rechargePayMethod(e.recharge.method);
      f.rechargeCount += 1;
      f.rechargesByMethod[m] = (f.rechargesByMethod[m] ?? 0) + e.recharge.amountCents;
      f.bonusCents += e.recharge.bonusCents;
    } else if (e.kind === 'spend') f.spentCents -= e.cents;
    else if (e.kind === 'refund') f.refundedCents += e.cents;
    else if (e.kind === 'adjust') f.adjustCents += e.cents;
  }
  for (const b of bills) {
    // A withdrawn order charged nothing: its coupon gave no discount.
    if (b.deleted === 2 || !b.coupon) continue;
    f.couponsRedeemed += 1;
    // The coupon IS the order discount, capped at what the order came to: the stored discount says what it gave.
    f.couponDiscountCents += Math.min(b.coupon.deductionCents, b.orderDiscountCents ?? b.coupon.deductionCents);
  }
  return f;
}

/**
 * Coupons issued on `day` (batches whose issue falls in that business day) and expired on it
 * (what a batch still had unused when its last valid day ended; a voided batch's unused ones
 * count there too: the void kept no date). Batches are a plain record of a few hundred, and
 * each keeps its redeemed count, so this reads no coupon. Only final once `day` is over: for
 * today it is what expires tonight.
 */
export function couponBatchFigures(batches: Iterable<CouponBatch>, day: string, closingHour: number): { couponsIssued: number; couponsExpired: number } {
  let couponsIssued = 0;
  let couponsExpired = 0;
  for (const b of batches) {
    if (businessDayOf(b.issuedAt, closingHour) === day) couponsIssued += b.quantity;
    if (b.expiresOn === day) couponsExpired += Math.max(0, b.quantity - b.redeemed);
  }
  return { couponsIssued, couponsExpired };
}

/**
 * Two periods' member figures added up: flows are summed; the balance outstanding is a level,
 * not a flow, so the later day's is kept (ties: `b`). Commutative and associative, like
 * mergeFigures; a side without figures (a day kept before FIGURES_FORMAT 4) adds nothing.
 */
export function mergeMembersFigures(a: MembersFigures | undefined, b: MembersFigures | undefined): MembersFigures | undefined {
  if (!a) return b;
  if (!b) return a;
  const byMethod = { ...a.rechargesByMethod };
  for (const [m, cents] of Object.entries(b.rechargesByMethod) as [keyof typeof byMethod, number][]) byMethod[m] = (byMethod[m] ?? 0) + cents;
  const later = a.outstandingDay > b.outstandingDay ? a : b;
  return {
    rechargeCount: a.rechargeCount + b.rechargeCount,
    rechargesByMethod: byMethod,
    bonusCents: a.bonusCents + b.bonusCents,
    spentCents: a.spentCents + b.spentCents,
    refundedCents: a.refundedCents + b.refundedCents,
    adjustCents: a.adjustCents + b.adjustCents,
    outstandingCents: later.outstandingCents,
    outstandingDay: later.outstandingDay,
    couponsIssued: a.couponsIssued + b.couponsIssued,
    couponsRedeemed: a.couponsRedeemed + b.couponsRedeemed,
    couponDiscountCents: a.couponDiscountCents + b.couponDiscountCents,
    couponsExpired: a.couponsExpired + b.couponsExpired,
  };
}
