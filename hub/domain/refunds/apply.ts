import type { CommandPayload, CorrectionRequest, Refund, State } from '#protocol';
import { correctBill, isClosedBill } from '../bills/correct.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';

/** The bill correction a refund asks for (the bills page's request: one set of rules for both). */
export function correctionRequestOf(refund: Pick<Refund, 'kind' | 'lines' | 'amountCents' | 'reason'>, method: CorrectionRequest['method']): CorrectionRequest {
  if (refund.kind === 'full') return { kind: 'void', lines: [], reason: refund.reason, method };
  if (refund.kind === 'amount') return { kind: 'refund', lines: [], amountCents: refund.amountCents, reason: refund.reason, method };
  return { kind: 'refund', lines: refund.lines, reason: refund.reason, method };
}

/**
 * `refund.apply` (internal, hub-only: the refunds route read the bill from the archive and
 * checked `refund`). The amount is what the bill's correction would give back now: the request
 * is tried against `bill.correct`'s rules (correct.ts), so a refund past what is left, of a
 * line the bill lacks, of an amount on a boleta or factura, or of a voided bill is refused here
 * with the same codes, before anyone accepts it. One open refund per bill.
 */
export function applyRefund(s: State, p: CommandPayload<'refund.apply'>, ctx: DecideContext): Decision {
  const { bill, request } = p;
  if (!isClosedBill(bill) || bill.deleted === 2) return refuse('BILL_NOT_FOUND');
  // The device's uuid: the same request resent is the engine's to answer once; another with a live id is a clash.
  if (getOwn(s.refunds, p.refundId)) return refuse('REFUND_BAD_STATUS');
  if (getOwn(s.refundOfBill, bill.id)) return refuse('REFUND_OPEN');
  if (request.kind === 'amount' && request.amountCents === undefined) return refuse('REFUND_AMOUNT_REQUIRED', 'amountCents');
  if (request.kind === 'lines' && request.lines.length === 0) return refuse('REFUND_LINES_REQUIRED', 'lines');
  const kind = request.kind;
  const lines = kind === 'lines' ? request.lines.map((l) => ({ lineId: l.lineId, qty: l.qty })) : [];
  const amountAsked = kind === 'amount' ? (request.amountCents ?? 0) : 0;
  // A dry run of the correction, by transfer (no drawer yet: the payout's method is chosen later).
  const tried = correctBill(s, { bill, request: correctionRequestOf({ kind, lines, amountCents: amountAsked, reason: request.reason }, 'transfer') }, ctx);
  if (!tried.ok) return tried;
  const amountCents = tried.result.totalCents ?? 0;
  if (amountCents <= 0) return refuse('REFUND_NOTHING_LEFT');
  const no = (s.refundNo ?? 0) + 1;
  const refund: Refund = {
    id: p.refundId,
    code: `D-${String(no).padStart(4, '0')}`,
    billId: bill.id,
    billDay: p.billDay,
    billNo: bill.billNo,
    billTotalCents: bill.totalCents,
    takeoutId: bill.takeout?.id ?? null,
    takeoutCode: bill.takeout?.code ?? null,
    status: 1,
    kind,
    lines,
    amountCents,
    reason: request.reason,
    contactPhone: request.contactPhone,
    rejectReason: '',
    appliedAt: ctx.now,
    appliedBy: ctx.actor.staffId,
    decidedAt: null,
    decidedBy: null,
    payout: null,
    paidOutAt: null,
    paidOutBy: null,
    correctionId: null,
    creditNote: null,
    finishedAt: null,
  };
  return accept([{ type: 'refund.applied', refund }], { totalCents: amountCents });
}
