import { z } from 'zod';
import { COUPON_STATUSES, couponBatchInputSchema, idSchema, uuidSchema } from '#protocol';

/** POST /api/coupons/batches: SPEC's coupon fields, under an id the device mints (a retry answers the same batch). */
export const issueBatchBodySchema = couponBatchInputSchema.extend({ batchId: uuidSchema });
export type IssueBatchBody = z.infer<typeof issueBatchBodySchema>;

/** Most rows a page of coupons answers. */
export const MAX_COUPON_PAGE = 200;

/** GET /api/coupons: the search. `q` is read as a code (couponKey), any part of it. */
export const couponQuerySchema = z.object({
  q: z.string().max(64).optional(),
  status: z.enum(COUPON_STATUSES).optional(),
  batchId: idSchema.optional(),
  memberId: idSchema.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_COUPON_PAGE).optional(),
});
export type CouponQuery = z.infer<typeof couponQuerySchema>;
