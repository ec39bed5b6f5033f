import type { Coupon, CouponBatch, CouponStatus, ErrorCode, Order, State } from '#protocol';
import { bucketGet, bucketWith, couponKey, couponStatus } from '#protocol';
import { businessDayOf, closingHourOf } from '../business-day.ts';
import { getOwn } from '../records.ts';

/**
 * What the rules of other features (payments' order.applyCoupon and order.settle) read and
 * write of a coupon. Pure: the day comes from `ctx.now` and the restaurant's closing hour.
 */

/** What a bill keeps of the coupon it was discounted by (payments' BillCoupon has this shape). */
export type CouponOnBill = { code: string; batchId: string; name: string; deductionCents: number; category: 1 | 2 };
export type Usable = { ok: true; coupon: CouponOnBill } | { ok: false; code: ErrorCode };

/** The Lima business day of `now` for this restaurant (a coupon valid "until the 30th" still counts at 01:30 of the 1st before closing). */
export function couponDay(s: Pick<State, 'settings'>, now: string): string {
  return businessDayOf(now, closingHourOf(s.settings));
}

/** The coupon a code names (any typing) and its batch, on the hub; undefined on a device or for an unknown code. */
export function couponAndBatch(s: State, typed: string): { coupon: Coupon; batch: CouponBatch } | undefined {
  const coupon = bucketGet(s.coupons, couponKey(typed));
  const batch = coupon && s.couponBatches ? getOwn(s.couponBatches, coupon.batchId) : undefined;
  return coupon && batch ? { coupon, batch } : undefined;
}

/** SPEC section 4 state of a coupon now. */
export function statusNow(s: State, coupon: Coupon, batch: CouponBatch, now: string): CouponStatus {
  return couponStatus(coupon, batch, couponDay(s, now));
}

/**
 * Whether `typed` may discount `order` now, and what its bill keeps of it. Refusals in this
 * order: COUPON_NOT_FOUND, COUPON_USED, COUPON_EXPIRED (past its day or voided),
 * COUPON_WRONG_CATEGORY (1 = a table's order, 2 = an order without a table), COUPON_IN_USE
 * (held by another order still open; a hold naming an order no longer open is stale and
 * ignored; this very order's hold is fine).
 */
export function couponUsable(s: State, typed: string, order: Pick<Order, 'id' | 'tableId'>, ctx: { now: string }): Usable {
  const found = couponAndBatch(s, typed);
  if (!found) return { ok: false, code: 'COUPON_NOT_FOUND' };
  const { coupon, batch } = found;
  const status = statusNow(s, coupon, batch, ctx.now);
  if (status === 'used') return { ok: false, code: 'COUPON_USED' };
  if (status === 'expired') return { ok: false, code: 'COUPON_EXPIRED' };
  if (batch.category !== (order.tableId === '' ? 2 : 1)) return { ok: false, code: 'COUPON_WRONG_CATEGORY' };
  if (coupon.heldBy !== null && coupon.heldBy !== order.id && getOwn(s.orders, coupon.heldBy)) return { ok: false, code: 'COUPON_IN_USE' };
  return { ok: true, coupon: { code: coupon.code, batchId: batch.id, name: batch.name, deductionCents: batch.deductionCents, category: batch.category } };
}

/**
 * The state with the coupon held by `orderId` (hold) or released (only this order's own hold),
 * for payments' appliers of order.couponApplied / order.couponReleased. A device's state (no
 * coupons slice) and an unknown code come back as they are. One bucket copied, never the slice.
 */
export function withCouponHold(s: State, typed: string, orderId: string, hold: boolean): State {
  if (s.coupons === undefined) return s;
  const key = couponKey(typed);
  const coupon = bucketGet(s.coupons, key);
  if (!coupon || (!hold && coupon.heldBy !== orderId)) return s;
  return { ...s, coupons: bucketWith(s.coupons, key, { ...coupon, heldBy: hold ? orderId : null }) };
}
