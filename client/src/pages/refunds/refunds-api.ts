import type { CommandPayload, CommandReply, CommandType, ErrorCode, RefundPage, RefundPayout, RefundRequest } from '#protocol';
import type { RefundReply } from '#hub/http/routes/refunds/schema.ts';
import { api, type ApiResult } from '../../auth/api.ts';
import { enqueue } from '../../sync/outbox.ts';

/** POST /api/refunds: a guest's application on a closed bill; `id` minted once per form, so a resend asks once. */
export function postRefund(body: { id: string; billId: string; day: string; request: RefundRequest }): Promise<ApiResult<RefundReply>> {
  return api('POST', '/api/refunds', body);
}

/** POST /api/refunds/:id/payout: the money goes back (the bill's correction); `id` minted once per press. */
export function postPayout(refundId: string, body: { id: string; method: RefundPayout; operationNo: string }): Promise<ApiResult<RefundReply>> {
  return api('POST', `/api/refunds/${encodeURIComponent(refundId)}/payout`, body);
}

/** GET /api/refunds?day=: the open refunds, or those that ended that Lima day. */
export function fetchRefunds(day?: string): Promise<ApiResult<RefundPage>> {
  return api('GET', day ? `/api/refunds?day=${encodeURIComponent(day)}` : '/api/refunds');
}

/** A move's fate after a short wait: done, refused with the hub's code, or queued (offline: the outbox sends it later). */
export type Moved = { kind: 'ok' } | { kind: 'refused'; code: ErrorCode } | { kind: 'queued' };

/** Accept, reject or finish through the outbox, waiting briefly for the hub's answer so a refusal shows at once. */
export async function sendMove<K extends CommandType>(type: K, payload: CommandPayload<K>, waitMs = 3000): Promise<Moved> {
  const reply: CommandReply | null = await Promise.race([enqueue(type, payload), new Promise<null>((r) => setTimeout(() => r(null), waitMs))]);
  if (reply === null) return { kind: 'queued' };
  return reply.ok ? { kind: 'ok' } : { kind: 'refused', code: reply.code };
}
