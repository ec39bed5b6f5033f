import { z } from 'zod';
import type { CommandResult, Refund } from '#protocol';
import { calendarDaySchema, REFUND_PAYOUTS, refundRequestSchema, uuidSchema } from '#protocol';

/**
 * What the refunds routes read (hub/domain/refunds/README.md). `id` is the uuid the device
 * minted: for an application it is the refund's id and the command id (a resend asks once);
 * for a payout the command id (two tills tapping at once: one correction).
 */
export const refundApplyBodySchema = z.strictObject({ id: uuidSchema, billId: z.string().min(1).max(64), day: calendarDaySchema, request: refundRequestSchema });
export type RefundApplyBody = z.infer<typeof refundApplyBodySchema>;

export const refundPayOutBodySchema = z.strictObject({
  id: uuidSchema,
  method: z.enum(REFUND_PAYOUTS),
  /** The bank's operation number of a transfer ('' for cash). */
  operationNo: z.string().trim().max(40).regex(/^[\w -]*$/),
});
export type RefundPayOutBody = z.infer<typeof refundPayOutBodySchema>;

/** POST answer: the log seq, the result (`totalCents`: what goes back) and the refund after it. */
export type RefundReply = { ok: true; seq: number; result: CommandResult; refund: Refund | null };
