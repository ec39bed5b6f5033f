import type { CommandPayload, Coupon, CouponBatch, State } from '#protocol';
import { bucketGet, memberById } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { receiptTargets } from '../printing/routing.ts';
import { getOwn } from '../records.ts';
import { couponAndBatch, couponDay, statusNow } from './usable.ts';

/**
 * The coupon commands' rules. Codes are made by the route (POST /api/coupons/batches, with
 * node:crypto), never here: `coupon.issueBatch` only checks and records them.
 */

/** The code as it prints: the batch prefix, a dash, the random part ("VERANO-7KQ2M9XA"). */
export function printedCode(prefix: string, key: string): string {
  return `${prefix}-${key.slice(prefix.length)}`;
}

/**
 * Records a batch and its codes. Every code must start with the prefix, appear once, and be new
 * to the hub (one keyed read per code: the batch's own size, never the 50,000 issued before).
 */
export function issueBatch(s: State, p: CommandPayload<'coupon.issueBatch'>, ctx: DecideContext): Decision {
  const { batchId, prefix, name, deductionCents, category, expiresOn, quantity } = p.batch;
  if (getOwn(s.couponBatches, batchId)) return refuse('DUPLICATE_ID', 'batchId');
  if (p.codes.length !== quantity) return refuse('INCORRECT_INPUT', 'codes');
  if (expiresOn < couponDay(s, ctx.now)) return refuse('COUPON_EXPIRED', 'expiresOn');
  const seen = new Set<string>();
  for (const key of p.codes) {
    if (!key.startsWith(prefix) || key.length <= prefix.length) return refuse('INCORRECT_INPUT', 'codes');
    if (seen.has(key) || bucketGet(s.coupons, key)) return refuse('COUPON_DUPLICATE', key);
    seen.add(key);
  }
  const batch: CouponBatch = { id: batchId, code: prefix, name, deductionCents, category, expiresOn, quantity, issuedAt: ctx.now, issuedBy: ctx.actor.staffId, redeemed: 0, voided: false };
  return accept([{ type: 'coupon.batchIssued', batch, codes: p.codes.map((key) => printedCode(prefix, key)) }]);
}

/** Why an unused coupon is required: the refusal for a used or expired one, else null. */
function unusedRefusal(s: State, coupon: Coupon, batch: CouponBatch, now: string): Decision | null {
  const status = statusNow(s, coupon, batch, now);
  if (status === 'used') return refuse('COUPON_USED');
  if (status === 'expired') return refuse('COUPON_EXPIRED');
  return null;
}

/** Gives an unused, not yet gifted coupon to a live member; their number and phone are kept with it. */
export function gift(s: State, p: CommandPayload<'coupon.gift'>, ctx: DecideContext): Decision {
  const found = couponAndBatch(s, p.code);
  if (!found) return refuse('COUPON_NOT_FOUND');
  const notUnused = unusedRefusal(s, found.coupon, found.batch, ctx.now);
  if (notUnused) return notUnused;
  if (found.coupon.memberId !== null) return refuse('COUPON_GIFTED');
  const member = memberById(s, p.memberId);
  if (!member) return refuse('MEMBER_NOT_FOUND');
  if (member.erasedAt !== null) return refuse('MEMBER_ERASED');
  return accept([{ type: 'coupon.gifted', code: p.code, memberId: member.id, recipientNo: member.no, recipientPhone: member.phone, at: ctx.now }]);
}

/** Voids a batch: its unused coupons read expired from now on (used ones stay used). */
export function voidBatch(s: State, p: CommandPayload<'coupon.voidBatch'>, ctx: DecideContext): Decision {
  const batch = getOwn(s.couponBatches, p.batchId);
  if (!batch) return refuse('COUPON_BATCH_NOT_FOUND');
  if (batch.voided) return refuse('COUPON_EXPIRED', 'voided');
  return accept([{ type: 'coupon.batchVoided', batchId: batch.id, at: ctx.now, by: ctx.actor.staffId }]);
}

/** Prints an unused coupon with its QR on every receipt printer (a job each: hub/domain/coupons/print.ts). */
export function printCoupon(s: State, p: CommandPayload<'coupon.print'>, ctx: DecideContext): Decision {
  const found = couponAndBatch(s, p.code);
  if (!found) return refuse('COUPON_NOT_FOUND');
  const notUnused = unusedRefusal(s, found.coupon, found.batch, ctx.now);
  if (notUnused) return notUnused;
  if (receiptTargets(s).length === 0) return refuse('NO_RECEIPT_PRINTER');
  return accept([{ type: 'coupon.printed', code: p.code, at: ctx.now }]);
}

export const couponHandlers = {
  'coupon.issueBatch': issueBatch,
  'coupon.gift': gift,
  'coupon.voidBatch': voidBatch,
  'coupon.print': printCoupon,
};
