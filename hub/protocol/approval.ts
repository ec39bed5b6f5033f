import { z } from 'zod';
import { uuidSchema } from './entities.ts';

/**
 * Manager approval on the same device (issue 9), over HTTP: the device in
 * hand asks the hub to check a manager's PIN for one command it is about to
 * send; the hub answers a short-lived token bound to that command id, which
 * the device puts in the command's envelope (`approval`). The PIN travels
 * only in this request, never in a command or an event.
 */

/** How long an approval token stays good (the device sends the command at once). */
export const APPROVAL_TTL_MS = 2 * 60_000;

/**
 * POST /api/approval: who approves (their PIN), for which new command id,
 * type and payload. The payload is what the manager was shown; the token is
 * bound to it (issue 19 item 17), so the command must carry exactly it.
 */
export const approvalRequestSchema = z.object({
  staffId: z.string().min(1).max(64),
  pin: z.string().min(1).max(12),
  commandId: uuidSchema,
  type: z.string().min(1).max(64),
  payload: z.unknown().optional(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** The hub's answer: the token for that one command, who approved, and until when. */
export type ApprovalGrant = { ok: true; token: string; approver: { id: string; name: string }; expiresAt: string };

/** Someone who may approve a command of the asked type (GET /api/approval/approvers?type=). */
export type Approver = { id: string; name: string; code: string };
/** GET /api/approval/approvers answer: active staff whose role holds the command's gate, the asker left out. */
export type ApproversPage = { ok: true; approvers: Approver[] };
