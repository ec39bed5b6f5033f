import type { CommandPayload, Refund, State } from '#protocol';
import { REFUND_STATUS } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import type { Handlers } from '../feature.ts';
import { getOwn } from '../records.ts';
import { mayMove, REFUND_MOVE_TO, type RefundMove } from './status-table.ts';

/** The live refund a command names and may move, or the refusal. */
export function movable(s: State, refundId: string, move: RefundMove): Refund | Decision {
  const refund = getOwn(s.refunds, refundId);
  if (!refund) return refuse('REFUND_NOT_FOUND', 'refundId');
  if (!mayMove(move, refund.status)) return refuse('REFUND_BAD_STATUS', String(refund.status));
  return refund;
}

const isRefund = (r: Refund | Decision): r is Refund => !('ok' in r);

/**
 * The moves a device may send (gate `refund`): accept, reject with the merchant's reason,
 * finish. Applying and paying out read the bill from the archive: hub-only (apply.ts, pay-out.ts).
 */
export const refundHandlers = {
  'refund.accept': (s: State, p: CommandPayload<'refund.accept'>, ctx: DecideContext): Decision => {
    const r = movable(s, p.refundId, 'refund.accept');
    if (!isRefund(r)) return r;
    const refund: Refund = { ...r, status: REFUND_MOVE_TO['refund.accept'], decidedAt: ctx.now, decidedBy: ctx.actor.staffId };
    return accept([{ type: 'refund.accepted', refund }]);
  },
  'refund.reject': (s: State, p: CommandPayload<'refund.reject'>, ctx: DecideContext): Decision => {
    const r = movable(s, p.refundId, 'refund.reject');
    if (!isRefund(r)) return r;
    const refund: Refund = { ...r, status: REFUND_STATUS.rejected, rejectReason: p.reason, decidedAt: ctx.now, decidedBy: ctx.actor.staffId };
    return accept([{ type: 'refund.filed', refund }]);
  },
  'refund.finish': (s: State, p: CommandPayload<'refund.finish'>, ctx: DecideContext): Decision => {
    const r = movable(s, p.refundId, 'refund.finish');
    if (!isRefund(r)) return r;
    const refund: Refund = { ...r, status: REFUND_STATUS.finished, finishedAt: ctx.now };
    return accept([{ type: 'refund.filed', refund }]);
  },
} satisfies Partial<Handlers>;

export { isRefund };
