import { z } from 'zod';
import { bucketGet, type Buckets } from '../buckets.ts';
import { calendarDaySchema } from '../calendar-day.ts';
import { uuidSchema } from '../entities.ts';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';

/**
 * Coupons (SPEC.md section 3 "Coupon", issue 22): an owner issues a BATCH (prefix, name, deduction,
 * category, last valid day, quantity); each coupon of it has an unguessable code
 * ("VERANO-7KQ2M9XA"), may be gifted to a member, and is redeemed once on a bill of its category
 * (payments' `order.applyCoupon` / `order.settle`). Both slices are the hub's alone: devices read
 * coupons and batches through the M004 routes (/api/coupons), the till through the coupon it types.
 * Decisions: hub/domain/coupons/README.md.
 */

/** SPEC.md coupon categories: 1 a table's order (dine-in), 2 every order without a table (take-away and delivery). */
export const COUPON_CATEGORIES = { dineIn: 1, delivery: 2 } as const;
/** SPEC.md section 4 coupon states. */
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The random part of a code: 8 characters of an alphabet without 0/O/1/I/L (read aloud and typed without doubt). */
export const COUPON_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const COUPON_RANDOM_LENGTH = 8;
/** Codes a single batch may issue (SPEC quantity). */
export const MAX_BATCH_QUANTITY = 10_000;
/** The largest deduction (S/ 10,000): a typo guard far above any real coupon. */
export const MAX_COUPON_DEDUCTION_CENTS = 1_000_000;

/**
 * A code as typed: upper case, spaces and dashes ignored ("verano 7kq2 m9xa" is "VERANO7KQ2M9XA").
 * Codes are stored under this key; the dash in "VERANO-7KQ2M9XA" is only how it prints.
 */
export function couponKey(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

/** A batch prefix: 1-12 letters and digits, upper case (SPEC "code"). */
export const couponPrefixSchema = z
  .string()
  .trim()
  .transform((p) => p.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,12}$/));

/** A code as a till or a route receives it: normalised (couponKey), then letters and digits only. */
export const couponKeySchema = z
  .string()
  .max(64)
  .transform(couponKey)
  .pipe(z.string().regex(/^[A-Z0-9]{1,30}$/));

/** SPEC.md section 3 Coupon fields of a batch (what the owner fills in). */
export const couponBatchInputSchema = z.object({
  prefix: couponPrefixSchema,
  name: z.string().trim().min(1).max(60),
  deductionCents: z.int().min(1).max(MAX_COUPON_DEDUCTION_CENTS),
  category: z.union([z.literal(1), z.literal(2)]),
  /** The last Lima business day it is valid. */
  expiresOn: calendarDaySchema,
  quantity: z.int().min(1).max(MAX_BATCH_QUANTITY),
});
export type CouponBatchInput = z.infer<typeof couponBatchInputSchema>;

export type CouponBatch = {
  id: string;
  /** The prefix every code of the batch starts with ("VERANO"). */
  code: string;
  name: string;
  deductionCents: number;
  category: (typeof COUPON_CATEGORIES)[keyof typeof COUPON_CATEGORIES];
  /** Last valid Lima business day (YYYY-MM-DD). */
  expiresOn: string;
  quantity: number;
  issuedAt: string;
  issuedBy: string | null;
  /** How many of its coupons were redeemed (kept by the redeem applier: counts without a scan). */
  redeemed: number;
  /** Voided by the owner: every unused coupon of it reads expired. */
  voided: boolean;
};

export type Coupon = {
  /** The printed code, "VERANO-7KQ2M9XA"; the slice's key is couponKey(code). */
  code: string;
  batchId: string;
  /** The member it was gifted to, with their number (their phone is read from the member when shown). */
  memberId: string | null;
  recipientNo: string;
  /** '' on every coupon gifted since the phone left the coupon (kept for stores written before). */
  recipientPhone: string;
  giftedAt: string | null;
  /** The open order holding it (applied at a till, not yet settled). */
  heldBy: string | null;
  usedAt: string | null;
  usedBillId: string | null;
  usedDay: string | null;
};

export const couponCommandPayloads = {
  /** Recorded by POST /api/coupons/batches only: the codes are random, made outside the rules. */
  'coupon.issueBatch': z.object({
    batch: couponBatchInputSchema.extend({ batchId: uuidSchema }),
    codes: z.array(couponKeySchema).min(1).max(MAX_BATCH_QUANTITY),
  }),
  /** Gives an unused coupon to a member (recipient number and phone kept with it). */
  'coupon.gift': z.object({ code: couponKeySchema, memberId: idSchema }),
  /** Voids a batch: its unused coupons can no longer be redeemed. */
  'coupon.voidBatch': z.object({ batchId: idSchema }),
  /** Prints a coupon with a QR of its code on the receipt printers. */
  'coupon.print': z.object({ code: couponKeySchema }),
} as const;

/** Events of coupons (hub-only: no device receives them; hub/presenters/events.ts). */
export type CouponsEvent =
  | { type: 'coupon.batchIssued'; batch: CouponBatch; codes: string[] }
  | { type: 'coupon.gifted'; code: string; memberId: string; recipientNo: string; recipientPhone: string; at: string }
  | { type: 'coupon.batchVoided'; batchId: string; at: string; by: string | null }
  /** Emitted by payments' order.settle in the settle's record: the coupon is spent. `code` is the slice key. */
  | { type: 'coupon.redeemed'; code: string; billId: string; day: string; at: string }
  /** A print asked for (a print job's cause only). */
  | { type: 'coupon.printed'; code: string; at: string };

/**
 * The coupon slices: the hub's alone. `coupons` holds 50,000 and more, so it is BUCKETED
 * (protocol/buckets.ts): read through `couponByCode`, never by indexing the slice.
 */
export type CouponsState = {
  /** couponKey(code) → coupon. */
  coupons: Buckets<Coupon>;
  /** batch id → batch (a few hundred over years: a plain record). */
  couponBatches: Record<string, CouponBatch>;
};

/** The coupon a code names however it was typed; undefined where there is none or no slice (a device). */
export function couponByCode(state: Partial<CouponsState>, typed: string): Coupon | undefined {
  return bucketGet(state.coupons, couponKey(typed));
}

/** A coupon's state (SPEC section 4) on a Lima business day: used, else expired (past its day or voided), else unused. */
export function couponStatus(coupon: Pick<Coupon, 'usedAt'>, batch: Pick<CouponBatch, 'expiresOn' | 'voided'>, day: string): CouponStatus {
  if (coupon.usedAt !== null) return 'used';
  return batch.voided || day > batch.expiresOn ? 'expired' : 'unused';
}

export const couponsProtocol = defineProtocol<CouponsEvent, CouponsState>()({
  name: 'coupons',
  commands: couponCommandPayloads,
  aliases: {
    'coupon.issueBatch': INTERNAL,
    'coupon.gift': 'M004',
    'coupon.voidBatch': 'M004',
    'coupon.print': 'M004',
  },
  errors: {
    COUPON_NOT_FOUND: 404,
    COUPON_USED: 409,
    // Past its last day, or its batch voided.
    COUPON_EXPIRED: 409,
    // A dine-in coupon on an order without a table, or a delivery one on a table's.
    COUPON_WRONG_CATEGORY: 409,
    // Another open order (another till) holds it.
    COUPON_IN_USE: 409,
    COUPON_BATCH_NOT_FOUND: 404,
    // A code issued already (never issued twice).
    COUPON_DUPLICATE: 409,
    // Gifted already (to this or another member).
    COUPON_GIFTED: 409,
    // A receipt printer is needed to print a coupon.
    NO_RECEIPT_PRINTER: 409,
  },
});
