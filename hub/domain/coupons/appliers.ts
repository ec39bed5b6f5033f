import type { Coupon, EventOf, State } from '#protocol';
import { bucketGet, bucketOf, bucketWith, couponKey } from '#protocol';
import { getOwn, setOwn, withOwn } from '../records.ts';

/**
 * The coupon events folded into the hub's state. Both slices are the hub's alone: in a state
 * without them (a device's) every applier returns the state unchanged.
 */

/** A fresh unused coupon of a batch. */
function newCoupon(code: string, batchId: string): Coupon {
  return { code, batchId, memberId: null, recipientNo: '', recipientPhone: '', giftedAt: null, heldBy: null, usedAt: null, usedBillId: null, usedDay: null };
}

/** The coupon under `code` changed by `change`, one bucket copied (never the whole slice). */
function withCoupon(s: State, code: string, change: (c: Coupon) => Coupon): State {
  if (s.coupons === undefined) return s;
  const key = couponKey(code);
  const coupon = bucketGet(s.coupons, key);
  return coupon ? { ...s, coupons: bucketWith(s.coupons, key, change(coupon)) } : s;
}

export const couponAppliers = {
  /**
   * A batch of up to 10,000 codes: the bucket table and each bucket it touches are copied ONCE
   * (not once per code), then the codes are set in those fresh copies.
   */
  'coupon.batchIssued': (s: State, e: EventOf<'coupon.batchIssued'>): State => {
    if (s.coupons === undefined || s.couponBatches === undefined) return s;
    const table: State['coupons'] = { ...s.coupons };
    const copied = new Set<string>();
    for (const code of e.codes) {
      const key = couponKey(code);
      const name = bucketOf(key);
      if (!copied.has(name)) {
        setOwn(table, name, { ...(getOwn(table, name) ?? {}) });
        copied.add(name);
      }
      setOwn(getOwn(table, name)!, key, newCoupon(code, e.batch.id));
    }
    return { ...s, coupons: table, couponBatches: withOwn(s.couponBatches, e.batch.id, e.batch) };
  },
  'coupon.gifted': (s: State, e: EventOf<'coupon.gifted'>): State =>
    // The phone is not kept on the coupon: it is the member's, read from the member by key when shown, so
    // erasing the member's personal data on request leaves no copy in 50,000 coupons to hunt for.
    withCoupon(s, e.code, (c) => ({ ...c, memberId: e.memberId, recipientNo: e.recipientNo, recipientPhone: '', giftedAt: e.at })),
  'coupon.batchVoided': (s: State, e: EventOf<'coupon.batchVoided'>): State => {
    const batch = s.couponBatches === undefined ? undefined : getOwn(s.couponBatches, e.batchId);
    return batch ? { ...s, couponBatches: withOwn(s.couponBatches, batch.id, { ...batch, voided: true }) } : s;
  },
  /** Spent by a settled bill: no longer held, and its batch counts one more redeemed. */
  'coupon.redeemed': (s: State, e: EventOf<'coupon.redeemed'>): State => {
    const after = withCoupon(s, e.code, (c) => ({ ...c, heldBy: null, usedAt: e.at, usedBillId: e.billId, usedDay: e.day }));
    if (after === s) return s;
    const coupon = bucketGet(after.coupons, couponKey(e.code));
    const batch = coupon ? getOwn(after.couponBatches, coupon.batchId) : undefined;
    return batch ? { ...after, couponBatches: withOwn(after.couponBatches, batch.id, { ...batch, redeemed: batch.redeemed + 1 }) } : after;
  },
  /** A print job's cause only (hub/domain/coupons/print.ts). */
  'coupon.printed': (s: State): State => s,
};
