import type { Bill, BillCorrection, CommandPayload, CorrectionRequest, DomainEvent, FiscalDocument, OrderLine, PayMethod, State } from '#protocol';
import { isSafeId } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { correctedPart, creditNoteOf, refundedPortions, refundValue, type Portions } from '../einvoice/credit-note.ts';
import { MAX_DOCUMENT_NUMBER } from '../einvoice/numbering.ts';
import { summaryQueued } from '../einvoice/summary-queue.ts';
import { chargedQty } from '../money.ts';
import { balanceRefund } from '../payment/balance-refund.ts';
import { fiscalNumbersOf } from '../payment/split-parts.ts';
import { getOwn } from '../records.ts';
import { expectedByMethod } from '../shift/totals.ts';

/** The portions a refund asks for, added to those earlier refunds gave back; a refusal when one is not there to give. */
function refundedAfter(bill: Bill, before: Portions, request: CorrectionRequest): Map<string, number> | 'REFUND_LINES_REQUIRED' | 'REFUND_TOO_LARGE' {
  if (request.lines.length === 0) return 'REFUND_LINES_REQUIRED';
  const after = new Map(before);
  for (const asked of request.lines) {
    // Only the bill's own lines (an array, searched by value: `__proto__` names none of them).
    const line = bill.lines.find((l) => l.id === asked.lineId);
    if (!line) return 'REFUND_TOO_LARGE';
    const total = (after.get(line.id) ?? 0) + asked.qty;
    // Gifted portions were never paid for: only charged ones can be given back.
    if (total > chargedQty(line)) return 'REFUND_TOO_LARGE';
    after.set(line.id, total);
  }
  return after;
}

/**
 * `bill.correct` (internal: the route read the closed bill from the archive
 * and checked the sender holds `refund`). A void gives back what remains of
 * the bill; a refund, some portions of some lines with their share of the
 * bill's discounts (credit-note.ts has the arithmetic). When the bill is a
 * numbered boleta or factura, a credit note is numbered in its note series
 * in the same log record, and one on a boleta joins its day's summary. A sale
 * note's correction is recorded with no document. README.md here.
 * Hub-only: `decide` takes it from ../hub-rules.ts (the shared registry's
 * entry refuses), so no device bundles the credit-note arithmetic.
 */
export function correctBill(s: State, p: CommandPayload<'bill.correct'>, ctx: DecideContext): Decision {
  const { bill, request } = p;
  // The hub read the bill from its archive; still, what is not a closed bill's shape (or is a withdrawn
  // order, which charged nothing) is no bill to correct.
  if (!isClosedBill(bill) || bill.deleted === 2) return refuse('BILL_NOT_FOUND');
  // Parts numbered each on their own would need a credit note per part: not done yet, so refused rather than voided without any.
  if (!bill.fiscal && fiscalNumbersOf(bill).length > 0) return refuse('SPLIT_PARTS_NOT_CORRECTABLE');
  const past = getOwn(s.billCorrections, bill.id) ?? { voided: false, corrections: [] };
  if (past.voided) return refuse('BILL_ALREADY_VOIDED');
  const before = refundedPortions(past.corrections);
  const earlier = past.corrections.reduce((n, c) => n + c.amountCents, 0);
  let after: Map<string, number> | 'void' = 'void';
  const byAmount = request.kind === 'refund' && request.amountCents !== undefined;
  if (byAmount) {
    // A credit note lists the items it gives back: an amount alone is for a sale note (issue 21's refunds).
    if (bill.fiscal) return refuse('REFUND_AMOUNT_NEEDS_LINES');
    after = before;
  } else if (request.kind === 'refund') {
    const asked = refundedAfter(bill, before, request);
    if (typeof asked === 'string') return refuse(asked, 'lines');
    after = asked;
  }
  const amountCents = after === 'void' ? bill.totalCents - earlier : byAmount ? (request.amountCents ?? 0) : refundValue(bill, after).value - refundValue(bill, before).value;
  // Never past the bill's total, whatever mix of amounts and portions came before.
  if (amountCents > bill.totalCents - earlier) return refuse('REFUND_TOO_LARGE', 'amountCents');
  const drawer = cashShort(s, request.method, amountCents);
  if (drawer !== null) return refuse('REFUND_EXCEEDS_DRAWER', String(drawer));
  // Back to a member's balance (issue 22): the ledger's refund rides in this same record.
  const toBalance = request.method === 'balance' ? balanceRefund(s, bill, past.corrections, amountCents, request.reason, ctx) : { ok: true as const, events: [] };
  if (!toBalance.ok) return refuse(toBalance.code, toBalance.field);
  const correction: BillCorrection = {
    // Derived, never random: deciding again gives the same id (the rules do not see the command id).
    id: `${bill.id}-${past.corrections.length + 1}`,
    billId: bill.id,
    billNo: bill.billNo,
    kind: request.kind,
    lines: after === 'void' ? remainingPortions(bill, before) : byAmount ? [] : request.lines.map((l) => ({ lineId: l.lineId, qty: l.qty })),
    amountCents,
    reason: request.reason,
    method: request.method,
    at: ctx.now,
    by: ctx.actor.staffId,
  };
  // Nothing to credit (a void after every portion was refunded, a refund of a line discounted to zero): no note.
  if (!bill.fiscal || amountCents <= 0) return accept([{ type: 'bill.corrected', correction }, ...toBalance.events], { billNo: bill.billNo, totalCents: amountCents });

  const settings = s.fiscal;
  if (!settings) return refuse('FISCAL_SETTINGS_REQUIRED');
  const series = bill.fiscal.type === '01' ? settings.series.facturaNote : settings.series.boletaNote;
  const number = (getOwn(s.fiscalNumbers, series) ?? 0) + 1;
  if (number > MAX_DOCUMENT_NUMBER) return refuse('FISCAL_SERIES_FULL', 'series');
  const part = correctedPart(bill, before, after);
  // The original as SUNAT received it, when the hub found it on file: its rates, and for a note undoing it whole, its amounts.
  const original = p.original ? { figures: p.original, whole: after === 'void' && past.corrections.length === 0 } : undefined;
  const made = creditNoteOf(part, settings, { series, number, of: bill.fiscal }, request.kind, request.reason, ctx.now, original);
  if (!made.ok) return refuse(made.code === 'NOT_NUMBERED' ? 'INTERNAL' : made.code);
  const document: FiscalDocument = made.document;
  const noted: BillCorrection = { ...correction, creditNote: { type: '07', series, number, of: { ...bill.fiscal } } };
  const queued = summaryQueued(document);
  const events: DomainEvent[] = [
    { type: 'bill.corrected', correction: noted, document },
    { type: 'fiscal.numbered', series, number, billId: bill.id },
    ...(queued ? [queued] : []),
    ...toBalance.events,
  ];
  return accept(events, { billNo: bill.billNo, totalCents: amountCents });
}

/**
 * What the open shift's drawer holds when cash going back would take more than that (the bills
 * page could once give back more cash than the drawer had: issue 21 closes it for every correction),
 * else null. With no shift open no drawer is being counted, and a correction belongs to no shift (as
 * before); the refunds feature asks for an open shift before any cash payout.
 */
export function cashShort(s: State, method: PayMethod, amountCents: number): number | null {
  if (method !== 'cash' || !s.openShift) return null;
  const holds = expectedByMethod(s.openShift).cash ?? 0;
  return amountCents > holds ? holds : null;
}

/** The parts of a bill the rules read, each of its type, under an id that may key a record. */
export function isClosedBill(bill: Bill | null): boolean {
  if (typeof bill !== 'object' || bill === null) return false;
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  const money = [bill.totalCents, bill.subtotalCents, bill.orderDiscountCents, bill.tipCents, bill.lunchBoxCents, bill.minSpendFeeCents];
  const lineOk = (l: OrderLine | null) =>
    typeof l === 'object' && l !== null && typeof l.id === 'string' && [l.qty, l.returnedQty, l.cancelledQty, l.giftedQty, l.unitPriceCents, l.discountCents].every(count);
  const f = bill.fiscal;
  const fiscalOk = f === undefined || (typeof f === 'object' && f !== null && (f.type === '01' || f.type === '03') && typeof f.series === 'string' && count(f.number));
  const documentOk = typeof bill.document === 'object' && bill.document !== null && typeof bill.document.docId === 'string' && typeof bill.document.name === 'string';
  return typeof bill.id === 'string' && isSafeId(bill.id) && typeof bill.paidAt === 'string' && money.every(count) && Array.isArray(bill.lines) && bill.lines.every(lineOk) && fiscalOk && documentOk;
}

/** What a void gives back: every charged portion not refunded before. */
function remainingPortions(bill: Bill, before: Portions): { lineId: string; qty: number }[] {
  return bill.lines.flatMap((l) => {
    const qty = chargedQty(l) - (before.get(l.id) ?? 0);
    return qty > 0 ? [{ lineId: l.id, qty }] : [];
  });
}
