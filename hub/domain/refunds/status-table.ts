import type { RefundStatus } from '#protocol';
import { REFUND_STATUS } from '#protocol';

/** The commands that move a live refund, each with the statuses it may start from (README.md here). */
export const REFUND_MOVES = {
  'refund.accept': [REFUND_STATUS.applied],
  // Rejected before or after accepting, as long as no money went back.
  'refund.reject': [REFUND_STATUS.applied, REFUND_STATUS.accepted],
  'refund.payOut': [REFUND_STATUS.accepted],
  'refund.finish': [REFUND_STATUS.paidOut],
} as const satisfies Record<string, readonly RefundStatus[]>;

export type RefundMove = keyof typeof REFUND_MOVES;

/** Where each move ends. */
export const REFUND_MOVE_TO: Record<RefundMove, RefundStatus> = {
  'refund.accept': REFUND_STATUS.accepted,
  'refund.reject': REFUND_STATUS.rejected,
  'refund.payOut': REFUND_STATUS.paidOut,
  'refund.finish': REFUND_STATUS.finished,
};

/** Whether `move` may start from `status`. */
export function mayMove(move: RefundMove, status: RefundStatus): boolean {
  return (REFUND_MOVES[move] as readonly RefundStatus[]).includes(status);
}

/** A rejected or finished refund has ended: it leaves the live state. */
export function hasEnded(status: RefundStatus): boolean {
  return status === REFUND_STATUS.rejected || status === REFUND_STATUS.finished;
}
