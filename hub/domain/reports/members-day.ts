import type { Bill, LedgerEntry, PayMethod } from '#protocol';
import { rechargePayMethod } from '../shift/totals.ts';

/**
 * A day's member and coupon figures (issue 22), folded from what was STORED that day: the
 * ledger entries of the day (`members-ledger/` day file, core's `member.ledgerEntered`) and the
 * day's bills (`bill.coupon`). Never from today's members: the balance outstanding is a
 * liability carried from the day before plus the day's entries, so a member edited or erased
 * later changes no past day. A recharge is not a sale: nothing here touches sales figures.
 */
export type MemberDayFigures = {
  rechargeCount: number;
  /** Money paid in, per method it was counted under (cash, yape for a scan, transfer for a remittance). */
  rechargesByMethod: Partial<Record<PayMethod, number>>;
  /** Promotions' extra credited with recharges: liability without money. */
  bonusCents: number;
  /** Balance spent on bills (positive). */
  spentCents: number;
  /** Balance given back by refunds of bills paid by balance. */
  refundedCents: number;
  /** Manual adjustments, signed (net). */
  adjustCents: number;
  /** What members could still spend at the day's end: the previous day's figure + every entry of the day. */
  outstandingCents: number;
  /** Bills whose order discount was a coupon, and what the coupons took off. */
  couponsRedeemed: number;
  couponDiscountCents: number;
};

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
