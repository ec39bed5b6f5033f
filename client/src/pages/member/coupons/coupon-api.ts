import type { CouponBatch, CouponStatus } from '#protocol';
import { api, type ApiResult } from '../../../auth/api.ts';

/** A batch as GET /api/coupons/batches lists it: its counts are the coupons room's, never recounted here. */
export type BatchRow = CouponBatch & { used: number; unused: number; expired: number };
/** One coupon as the coupons room's routes answer it (member fields only for M004 holders). */
export type CouponRow = {
  code: string; batchId: string; name: string; deductionCents: number; category: 1 | 2; expiresOn: string;
  status: CouponStatus; memberId: string | null; recipientNo: string; recipientPhone: string; giftedAt: string | null;
  heldBy: string | null; usedAt: string | null; usedBillId: string | null; usedDay: string | null;
};
export type CouponQuery = { q?: string; status?: CouponStatus | ''; batchId?: string; memberId?: string; offset?: number };

export const COUPON_PAGE_SIZE = 30;

/** Coupons are not in the device state: every read is a route, refetched after a command's ack. */
export function fetchBatches(): Promise<ApiResult<{ ok: true; batches: BatchRow[] }>> {
  return api('GET', '/api/coupons/batches');
}

export function fetchCoupons(query: CouponQuery): Promise<ApiResult<{ ok: true; coupons: CouponRow[]; more: boolean }>> {
  const params = new URLSearchParams({ limit: String(COUPON_PAGE_SIZE), offset: String(query.offset ?? 0) });
  for (const key of ['q', 'status', 'batchId', 'memberId'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return api('GET', `/api/coupons?${params.toString()}`);
}

export function fetchCoupon(code: string): Promise<ApiResult<{ ok: true; coupon: CouponRow }>> {
  return api('GET', `/api/coupons/${encodeURIComponent(code)}`);
}

export type BatchDraftBody = { batchId: string; prefix: string; name: string; deductionCents: number; category: 1 | 2; expiresOn: string; quantity: number };

/** The batchId makes a retried POST answer the batch it already made (the route is idempotent on it). */
export function issueBatch(body: BatchDraftBody): Promise<ApiResult<{ ok: true; batch: BatchRow }>> {
  return api('POST', '/api/coupons/batches', body);
}

/** What a till may see of a member (the directory room's `GET /api/members/lookup?q=`: phone or number, exact). */
export type MemberHit = { id: string; no: string; name: string; balanceCents: number; phoneHint: string };

export function lookupMembers(q: string): Promise<ApiResult<{ ok: true; members: MemberHit[] }>> {
  return api('GET', `/api/members/lookup?q=${encodeURIComponent(q)}`);
}
