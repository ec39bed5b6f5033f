import type { BillCorrection, CommandPayload, Refund, State } from '#protocol';
import { correctBill } from '../bills/correct.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { correctionRequestOf } from './apply.ts';
import { isRefund, movable } from './handlers.ts';

/**
 * `refund.payOut` (internal, hub-only: the route read the bill and its document's figures).
 * The payout is the bill's correction (`bill.correct`'s rules, correct.ts): its amount, its
 * credit note on a boleta or factura, the shift's refund totals, all in this one record, and
 * the refund moves to 5 with what the correction gave. Cash needs an open shift whose drawer
 * holds the amount; a transfer needs the bank's operation number. A second payout (two tills
 * at once) finds the refund at 5 and is refused: exactly one correction.
 */
export function payOutRefund(s: State, p: CommandPayload<'refund.payOut'>, ctx: DecideContext): Decision {
  const r = movable(s, p.refundId, 'refund.payOut');
  if (!isRefund(r)) return r;
  if (typeof p.bill !== 'object' || p.bill === null || p.bill.id !== r.billId) return refuse('BILL_NOT_FOUND');
  if (p.method === 'transfer' && p.operationNo === '') return refuse('REFUND_OPERATION_REQUIRED', 'operationNo');
  if (p.method === 'cash' && !s.openShift) return refuse('NO_OPEN_SHIFT');
  const request = correctionRequestOf(r, p.method);
  const corrected = correctBill(s, { bill: p.bill, request, ...(p.original ? { original: p.original } : {}) }, ctx);
  if (!corrected.ok) return corrected;
  const made = corrected.events.find((e) => e.type === 'bill.corrected');
  const correction: BillCorrection | undefined = made?.type === 'bill.corrected' ? made.correction : undefined;
  if (!correction) return refuse('INTERNAL');
  const refund: Refund = {
    ...r,
    status: 5,
    amountCents: correction.amountCents,
    payout: { method: p.method, operationNo: p.operationNo },
    paidOutAt: ctx.now,
    paidOutBy: ctx.actor.staffId,
    correctionId: correction.id,
    creditNote: correction.creditNote ?? null,
  };
  return accept([...corrected.events, { type: 'refund.paidOut', refund }], { ...corrected.result, totalCents: correction.amountCents });
}
