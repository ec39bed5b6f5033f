import type { Bill, BillCorrection, BillCorrections, CorrectionRequest } from '#protocol';
import type { OutboxReply } from '#hub/http/routes/einvoice/outbox.ts';
import type { DocumentsReply } from '#hub/http/routes/einvoice/schema.ts';
import { api, type ApiResult } from '../../../auth/api.ts';

/** GET /api/einvoice/documents?…: the documents of a range of Lima days, newest first. */
export function fetchDocuments(query: string): Promise<ApiResult<DocumentsReply>> {
  return api('GET', `/api/einvoice/documents?${query}`);
}

/** GET /api/einvoice/outbox: what waits, deadlines, and what is missing to send (the banner). */
export function fetchOutbox(): Promise<ApiResult<OutboxReply>> {
  return api('GET', '/api/einvoice/outbox');
}

/** GET /api/bills/:billId?day=: a closed bill from its day's archive, and what was corrected so far. */
export function fetchBill(billId: string, day: string): Promise<ApiResult<{ bill: Bill; corrections: BillCorrections }>> {
  return api('GET', `/api/bills/${encodeURIComponent(billId)}?day=${encodeURIComponent(day)}`);
}

/**
 * POST /api/bills/:billId/corrections: a void or refund. `id` is minted once
 * per dialog, so a resend after a dropped answer is applied once.
 */
export function postCorrection(billId: string, body: { id: string; day: string; request: CorrectionRequest }): Promise<ApiResult<{ correction?: BillCorrection }>> {
  return api('POST', `/api/bills/${encodeURIComponent(billId)}/corrections`, body);
}
