import type { BillListReply, BillReply, ReprintReply } from '#hub/http/routes/bills/schema.ts';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/bills?…: a page of closed bills, newest first, and the next page's cursor. */
export function fetchBills(query: string): Promise<ApiResult<BillListReply>> {
  return api('GET', `/api/bills?${query}`);
}

/** GET /api/bills/:billId?day=: the closed bill, its corrections and its e-invoice's status. */
export function fetchBillDetail(billId: string, day: string): Promise<ApiResult<BillReply>> {
  return api('GET', `/api/bills/${encodeURIComponent(billId)}?day=${encodeURIComponent(day)}`);
}

/** POST /api/bills/:billId/reprint: its receipt again, marked REPRINT; `id` minted once per press so a resend prints once. */
export function postReprint(billId: string, body: { id: string; day: string }): Promise<ApiResult<ReprintReply>> {
  return api('POST', `/api/bills/${encodeURIComponent(billId)}/reprint`, body);
}
